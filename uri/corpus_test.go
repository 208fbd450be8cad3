package uri_test

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/testcorpus"
	"github.com/urispec/urispec/uri"
)

// productionValid says whether in matches the production named in a validity.tsv note.
func productionValid(spec uri.Spec, production, in string) (bool, error) {
	switch production {
	case "URI-reference":
		return grammarParser(nil, spec).Validate(in) == nil, nil
	case "URI", "absolute-URI", "relative-ref", "URI-reference, server-based authority":
		r, err := grammarParser(nil, spec).Parse(in)
		if err != nil {
			return false, nil
		}
		switch production {
		case "URI":
			return r.IsAbsolute(), nil
		case "absolute-URI":
			return r.IsAbsolute() && !r.Has(uri.Fragment), nil
		case "relative-ref":
			return !r.IsAbsolute(), nil
		}
		// RFC 2396 3.2: a server-based authority is [userinfo@]host[:port].
		return !r.Has(uri.Authority) || r.Has(uri.Host), nil
	case "IPv4address":
		r, err := grammarParser(nil, spec).Parse("//" + in)
		return err == nil && r.HostKind() == uri.IPv4, nil
	case "IPv6address":
		r, err := grammarParser(nil, spec).Parse("//[" + in + "]")
		return err == nil && r.HostKind() == uri.IPv6, nil
	}
	return false, fmt.Errorf("unknown production %q", production)
}

// rawControls undoes the corpora's escaping of control characters: %00-%1F and %7F
// stand for the raw bytes in the rows whose note says so (corpora README).
func rawControls(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil && (v < 0x20 || v == 0x7f) {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// knownDisagreements reads a testdata/corpus file: spec, line, then the reason.
func knownDisagreements(t *testing.T, file string) map[string]string {
	known := map[string]string{}
	for _, row := range uri.ReadTSV(t, testcorpus.Path(t, "testdata/corpus/"+file), true) {
		if len(row.Fields) < 4 || row.Fields[len(row.Fields)-1] == "" {
			t.Fatalf("%s line %d: want spec, line, ..., reason", file, row.Line)
		}
		known[row.Fields[0]+":"+row.Fields[1]] = row.Fields[len(row.Fields)-1]
	}
	return known
}

// checkDisagreements requires the disagreements found to be exactly those listed.
func checkDisagreements(t *testing.T, file string, found map[string]string, checked map[uri.Spec]bool) {
	known := knownDisagreements(t, file)
	var missing []string
	for key, row := range found {
		if _, ok := known[key]; !ok {
			missing = append(missing, row)
		}
	}
	sort.Strings(missing)
	for _, row := range missing {
		t.Errorf("%s: unlisted disagreement (add it with the reason the source differs, or fix the grammar):\n%s\t<reason>", file, row)
	}
	for key := range known {
		spec, _ := uri.ParseSpec(strings.Split(key, ":")[0])
		if _, ok := found[key]; !ok && checked[spec] {
			t.Errorf("%s: %s is listed but agrees now: remove it", file, key)
		}
	}
}

func TestCorpusValidity(t *testing.T) {
	found, checked, n := map[string]string{}, map[uri.Spec]bool{}, 0
	rows, ran := uri.ReadTSV(t, testcorpus.Path(t, "testdata/corpora/validity.tsv"), true), 0
	for _, row := range rows {
		t.Run("line"+strconv.Itoa(row.Line), func(t *testing.T) {
			ran++
			for _, spec := range uri.CorpusSpecs(row.Fields[1]) {
				n++
				checked[spec] = true
				if got, err := rowValid(spec, row); err != nil {
					t.Fatalf("line %d: %v", row.Line, err)
				} else if got != (row.Fields[3] == "valid") {
					found[spec.String()+":"+strconv.Itoa(row.Line)] = strings.Join([]string{spec.String(), strconv.Itoa(row.Line), row.Fields[2], row.Fields[3], row.Fields[0]}, "\t")
				}
			}
		})
	}
	if ran < len(rows) {
		return // -run chose some rows: the list of disagreements is of them all
	}
	if n == 0 {
		t.Fatal("no corpus row checked")
	}
	t.Logf("%d rows checked, %d disagree (all listed with reasons)", n, len(found))
	checkDisagreements(t, "validity-disagreements.tsv", found, checked)
}

// rowValid is a validity.tsv row's verdict under spec, for the production its note names.
func rowValid(spec uri.Spec, row uri.TSVRow) (bool, error) {
	in, note := row.Fields[2], row.Fields[4]
	if strings.HasSuffix(note, "(control characters in this row are written as %XX)") {
		in = rawControls(in)
	}
	return productionValid(spec, note[1:strings.Index(note, "]")], in)
}

func TestCorpusComponents(t *testing.T) {
	cols := []uri.Component{uri.Scheme, uri.Authority, uri.Userinfo, uri.Host, uri.Port, uri.Path, uri.Query, uri.Fragment}
	found, checked, n := map[string]string{}, map[uri.Spec]bool{}, 0
	for _, row := range uri.ReadTSV(t, testcorpus.Path(t, "testdata/corpora/components.tsv"), true) {
		for _, spec := range uri.CorpusSpecs(row.Fields[1]) {
			checked[spec] = true
			n++
			if d := componentsDiff(t, spec, row, cols); d != "" {
				found[spec.String()+":"+strconv.Itoa(row.Line)] = strings.Join([]string{spec.String(), strconv.Itoa(row.Line), row.Fields[2], d, row.Fields[0]}, "\t")
			}
		}
	}
	if n == 0 {
		t.Fatal("no corpus row checked")
	}
	t.Logf("%d rows checked, %d disagree (all listed with reasons)", n, len(found))
	checkDisagreements(t, "components-disagreements.tsv", found, checked)
}

// componentsDiff compares a components.tsv row with the parse under spec: "" when they
// agree, "(invalid)" when spec rejects the input, else the differing components.
func componentsDiff(t *testing.T, spec uri.Spec, row uri.TSVRow, cols []uri.Component) string {
	r, err := grammarParser(t, spec).Parse(row.Fields[2])
	if err != nil {
		return "(invalid)"
	}
	checkParsed(t, r)
	var diffs []string
	for i, c := range cols {
		want := row.Fields[3+i]
		got, ok := r.Get(c)
		if want == "?" || (want == "-" && !ok) || (want != "-" && ok && got == want) {
			continue
		}
		if !ok {
			got = "-"
		}
		diffs = append(diffs, fmt.Sprintf("%s=%q want %q", c, got, want))
	}
	return strings.Join(diffs, "; ")
}
