package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/urispec/urispec/internal/scaling"
)

// The command's paths on one line of the repeated shapes that stress them, at 1 KiB,
// 64 KiB and 1 MiB (the longest line it reads): each must take time linear in the line.
// go test ./cmd/urispec -run '^$' -bench ScalingCommands -count 5; docs/performance.md
// has the table. diff, specs, version and help read no input. TestCommandPathsAllocs
// counts the bytes each allocates.

// commandPath is a command line and the shapes its input is measured on; the input is
// the last argument, or standard input where stdin is set.
type commandPath struct {
	args   []string
	stdin  bool
	shapes []scaling.Shape
}

var (
	cmdSegments = scaling.Shape{Name: "segments", Prefix: "http://h/", Unit: "a/"}
	cmdAtSigns  = scaling.Shape{Name: "at-signs", Prefix: "http://", Unit: "a@", End: "h/"}
	cmdGeo      = scaling.Shape{Name: "geo-parameters", Prefix: "geo:1,2", Unit: ";a=b"}
	cmdLabels   = scaling.Shape{Name: "idn-labels", Prefix: "http://", Unit: "bücher.", End: "de/"}
	cmdTemplate = scaling.Shape{Name: "expressions", Prefix: "/", Unit: "{a}{+b}"}
)

var commandPaths = []commandPath{
	{[]string{"check", "--"}, false, []scaling.Shape{cmdSegments, cmdAtSigns}},
	{[]string{"check", "-json", "--"}, false, []scaling.Shape{cmdSegments, cmdGeo}},
	{[]string{"check", "-with", "deployed", "--"}, false, []scaling.Shape{cmdSegments, cmdAtSigns, cmdLabels}},
	{[]string{"check", "-spec", "all", "-json", "--"}, false, []scaling.Shape{cmdSegments}},
	{[]string{"lint"}, true, []scaling.Shape{cmdSegments, cmdAtSigns, cmdLabels}},
	{[]string{"guard", "--"}, false, []scaling.Shape{cmdSegments, cmdAtSigns}},
	{[]string{"explain", "--"}, false, []scaling.Shape{cmdSegments, cmdAtSigns}},
	{[]string{"matrix"}, true, []scaling.Shape{cmdSegments, cmdAtSigns}},
	{[]string{"matrix", "-html"}, true, []scaling.Shape{cmdSegments}},
	{[]string{"compare"}, true, []scaling.Shape{cmdSegments, cmdAtSigns}},
	{[]string{"compare", "-with", "whatwg"}, true, []scaling.Shape{cmdSegments, cmdLabels}},
	{[]string{"normalize", "--"}, false, []scaling.Shape{cmdSegments}},
	{[]string{"resolve", "http://h/b/c", "--"}, false, []scaling.Shape{{Name: "dot-segments", Prefix: "", Unit: "a/../"}}},
	{[]string{"equal", "http://h/", "--"}, false, []scaling.Shape{cmdSegments}},
	{[]string{"template", "-vars", `{"a":"x y","b":"/z"}`, "--"}, false, []scaling.Shape{cmdTemplate}},
}

// runPath runs a command path on one input, its output discarded.
func runPath(p commandPath, in string) {
	args := p.args
	stdin := strings.NewReader("")
	if p.stdin {
		stdin = strings.NewReader(in + "\n")
	} else {
		args = append(args[:len(args):len(args)], in)
	}
	run(args, stdin, io.Discard, io.Discard)
}

func BenchmarkScalingCommands(b *testing.B) {
	for _, p := range commandPaths {
		for _, sh := range p.shapes {
			b.Run(strings.Join(p.args, "_")+"/"+sh.Name, func(b *testing.B) {
				scaling.BenchShape(b, sh, func(in string) { runPath(p, in) })
			})
		}
	}
	// Baselines, measured the same way: work that is linear by construction, reading
	// the input and storing perByte/8 words a byte, either appended to a slice that
	// append grows (by a quarter at a time once it is large, as a parser's token tree
	// grows) or to one made at its final size first. What the machine and the runtime
	// add from 64 KiB to 1 MiB (caches, fresh memory, collections) shows in their x16.
	for _, perByte := range []int{16, 128} {
		for _, sized := range []bool{false, true} {
			name := fmt.Sprintf("baseline/append-%d-bytes-a-byte", perByte)
			if sized {
				name = fmt.Sprintf("baseline/sized-%d-bytes-a-byte", perByte)
			}
			b.Run(name, func(b *testing.B) {
				scaling.BenchShape(b, cmdSegments, func(in string) { baselineSink = appendWords(in, perByte/8, sized) })
			})
		}
	}
	// merge reads summaries: that of matrix -summary-json on the shape's line.
	for _, sh := range []scaling.Shape{cmdSegments, cmdAtSigns} {
		b.Run("merge/"+sh.Name, func(b *testing.B) {
			sums := make([]string, len(scaling.Sizes))
			bytesOf := make([]int, len(scaling.Sizes))
			for i, n := range scaling.Sizes {
				var out bytes.Buffer
				run([]string{"matrix", "-summary-json"}, strings.NewReader(sh.At(n)+"\n"), &out, io.Discard)
				sums[i], bytesOf[i] = out.String(), out.Len()
			}
			scaling.Bench(b, bytesOf, func(i int) {
				run([]string{"merge"}, strings.NewReader(sums[i]), io.Discard, io.Discard)
			})
		})
	}
}

// baselineSink keeps the baseline's result alive, so that its work is not optimized away.
var baselineSink []uint64

// appendWords appends k words for each byte of in to a slice grown by append, or made
// at its final size first when sized is set.
func appendWords(in string, k int, sized bool) []uint64 {
	var out []uint64
	if sized {
		out = make([]uint64, 0, k*len(in))
	}
	for i := 0; i < len(in); i++ {
		for j := range k {
			out = append(out, uint64(in[i])+uint64(j))
		}
	}
	return out
}

// TestCommandPathsRun: every path measured runs on its shapes with exit status 0 or 1,
// so that the benchmark measures the work and not a usage error.
func TestCommandPathsRun(t *testing.T) {
	for _, p := range commandPaths {
		for _, sh := range p.shapes {
			t.Run(strings.Join(p.args, " ")+"/"+sh.Name, func(t *testing.T) {
				args := p.args
				stdin := strings.NewReader("")
				in := sh.At(1 << 10)
				if p.stdin {
					stdin = strings.NewReader(in + "\n")
				} else {
					args = append(args[:len(args):len(args)], in)
				}
				var stderr bytes.Buffer
				if status := run(args, stdin, io.Discard, &stderr); status > exitInvalid {
					t.Errorf("%q on %s: exit %d: %s", p.args, sh.Name, status, stderr.String())
				}
			})
		}
	}
}

// TestCommandPathsAllocs: no command path allocates, per byte of its input, more at 1 MiB
// than at 64 KiB (within scaling.CheckAllocs's slack: 3 times and 8 bytes, where a copy
// of what has been read for each unit would be thousands of times), nor more than 1,500
// bytes a byte (explain, which compares every pair of versions, takes about 900 on a@).
// Counted, not timed: -v lists the bytes a byte of each path at both sizes.
func TestCommandPathsAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command path at 1 MiB")
	}
	for _, p := range commandPaths {
		for _, sh := range p.shapes {
			scaling.CheckAllocs(t, strings.Join(p.args, " "), sh, 1500, func(in string) { runPath(p, in) })
		}
	}
}
