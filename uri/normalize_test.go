package uri

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urispec/urispec/internal/testcorpus"
)

func TestNormalizeTable(t *testing.T) {
	for _, row := range readTSV(t, testcorpus.Path(t, "testdata/normalize/normalize.tsv"), true) {
		t.Run("line"+strconv.Itoa(row.Line), func(t *testing.T) {
			n, fs := row.Line, row.Fields
			spec, level, in, want := specByID(t, fs[0]), fs[1], fs[2], fs[3]
			l, err := ParseLevel(level)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Normalize(spec, in, l)
			if err != nil {
				t.Errorf("line %d: Normalize(%v, %q, %v): %v", n, spec, in, l, err)
				return
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("line %d: Normalize(%v, %q, %v) (-want +got):\n%s", n, spec, in, l, diff)
			}
		})
	}
}

// specByID finds a spec by ID whether or not it has a parser.
func specByID(t *testing.T, id string) Spec {
	for s := Spec(1); s < numSpecs; s++ {
		if s.String() == id {
			return s
		}
	}
	t.Fatalf("no spec %q", id)
	return 0
}

// TestEqualSeedExample is the example pair of 2396bis-01 section 6.2.2 (and RFC 3986
// 6.2.2): equal under syntax-based normalization, different as strings.
func TestEqualSeedExample(t *testing.T) {
	for _, spec := range []Spec{RFC2396bis01, RFC3986} {
		t.Run(spec.String(), func(t *testing.T) {
			for l, want := range map[Level]bool{LevelSimple: false, LevelSyntax: true, LevelScheme: true} {
				got, err := Equal(spec, "example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a", l)
				if err != nil || got != want {
					t.Errorf("%v: Equal(..., %v) = %v, %v; want %v", spec, l, got, err, want)
				}
			}
		})
	}
}

// TestNormalizeProperty: normalizing a valid reference gives a valid reference, and
// normalizing again changes nothing.
func TestNormalizeProperty(t *testing.T) {
	pieces := []string{"HTTP:", "http:", "ftp:", "x:", "//", "A", "b", "/", ".", "..", "?", "#", ":", "@", "%41", "%7e", "%2F", "%2e", "%c3", ":80", ":", "[::A]", "~", "!", ";"}
	for _, spec := range Specs() {
		t.Run(spec.String(), func(t *testing.T) {
			// A source of its own, so that -run 'TestX/spec' draws what the whole run does.
			rng := rand.New(rand.NewSource(2<<8 | int64(spec)))
			checked := 0
			for i := 0; i < 20000; i++ {
				var sb strings.Builder
				for k := rng.Intn(7); k >= 0; k-- {
					sb.WriteString(pieces[rng.Intn(len(pieces))])
				}
				s := sb.String()
				if Validate(spec, s) != nil {
					continue
				}
				checked++
				for l := LevelSimple; l <= LevelScheme; l++ {
					n1, err := Normalize(spec, s, l)
					if err != nil {
						t.Fatalf("%v: Normalize(%q, %v): %v", spec, s, l, err)
					}
					if err := Validate(spec, n1); err != nil {
						t.Errorf("%v: Normalize(%q, %v) = %q, invalid: %v", spec, s, l, n1, err)
					}
					if n2, _ := Normalize(spec, n1, l); n2 != n1 {
						t.Errorf("%v: not idempotent at %v: %q -> %q -> %q", spec, l, s, n1, n2)
					}
				}
			}
			t.Logf("%v: %d valid references normalized", spec, checked)
		})
	}
}
