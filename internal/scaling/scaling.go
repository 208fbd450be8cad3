// Package scaling measures how an operation's cost grows with its input, for the tests
// and benchmarks of the packages that must take time and memory linear in their input
// (internal/whatwgurl, uri, the command): inputs made by repeating a unit (a shape) at
// 1 KiB, 64 KiB and 1 MiB, the time of each size timed in turn, and the bytes allocated.
package scaling

import (
	"flag"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// ballastMiB is the size of Bench's ballast.
var ballastMiB = flag.Int("scaling.ballast", 1024,
	"Bench: MiB of heap held while timing, so that the runtime's heap goal is a live process's (0: none)")

// Sizes are the input sizes measured: 1 KiB (where the fixed cost of a call shows),
// 64 KiB and 1 MiB (the longest line the command reads).
var Sizes = []int{1 << 10, 64 << 10, 1 << 20}

// A Shape is an input made by repeating Unit between Prefix and End: the input that
// would make an operation quadratic if it re-read or copied what it has read for each
// unit.
type Shape struct {
	Name              string
	Prefix, Unit, End string
	// Make, when set, makes the input of about n bytes instead: for shapes whose units
	// differ (distinct names, numbered keys).
	Make func(n int) string
}

// At returns the shape's input at about n bytes (at least one unit).
func (sh Shape) At(n int) string {
	if sh.Make != nil {
		return sh.Make(n)
	}
	k := max(1, (n-len(sh.Prefix)-len(sh.End))/len(sh.Unit))
	return sh.Prefix + strings.Repeat(sh.Unit, k) + sh.End
}

// Numbered is prefix, then format filled with 0, 1, 2, ... (each unit distinct), then
// end, about n bytes long.
func Numbered(prefix, format, end string, n int) string {
	var b strings.Builder
	b.WriteString(prefix)
	for i := 0; b.Len()+len(end) < n; i++ {
		fmt.Fprintf(&b, format, i)
	}
	b.WriteString(end)
	return b.String()
}

// Bench times op(i), the operation on the input of Sizes[i], for each size in turn
// within each iteration (1024, 16 and 1 calls: a mebibyte each), so that the sizes see
// the same load of the machine. bytes[i] is the size the ns/byte of the i-th input is
// counted on. It reports ns/byte at each size, the same at each for a linear operation,
// and x16, the time of one call at 1 MiB over one at 64 KiB (16 for a linear operation).
// It reports cpu-x16 too, the same ratio of the CPU time the process used (every
// thread's, the collector's included) where it can be read: on a loaded machine a call
// waits for a core for a while that has nothing to do with its input, and one call at
// 1 MiB is a single sample of that wait where sixteen at 64 KiB average it, so x16
// spreads from run to run and cpu-x16 much less.
//
// Bench holds a ballast while it times (-scaling.ballast, 1 GiB unless set): a heap
// object of that size that nothing reads or writes, so that the runtime's heap goal is
// that of a process with a large live heap, not that of a benchmark binary whose live
// heap is a few inputs. With the minimum goal of 4 MiB, the sixteen calls at 64 KiB fit
// in the goal and every call at 1 MiB goes past it: the runtime collects, returns the
// freed pages to the kernel and takes them back on the next call, a cost of the
// process's heap and not of the operation's reading of its input, and most of the time
// at 1 MiB (docs/performance.md gives the figures). The goal must also hold what a call
// allocates at 1 MiB, up to a few hundred mebibytes for the command's heaviest paths:
// hence a gibibyte. faults/MiB at each size is the minor page faults the process took per
// mebibyte of calls while timed, to show where that still happens. Each size also runs
// once before the timing starts, so that the heap has grown to the largest call's needs.
func Bench(b *testing.B, bytes []int, op func(i int)) {
	ballast := make([]byte, *ballastMiB<<20) // never touched: address space, not memory
	defer runtime.KeepAlive(ballast)
	for i := range Sizes {
		op(i)
	}
	times := make([]time.Duration, len(Sizes))
	cpu := make([]time.Duration, len(Sizes))
	faults := make([]int64, len(Sizes))
	usageOK := true
	for b.Loop() {
		for i, n := range Sizes {
			c0, f0, ok0 := usage()
			start := time.Now()
			for range (1 << 20) / n {
				op(i)
			}
			times[i] += time.Since(start)
			c1, f1, ok1 := usage()
			cpu[i] += c1 - c0
			faults[i] += f1 - f0
			usageOK = usageOK && ok0 && ok1
		}
	}
	perCall := make([]float64, len(Sizes))
	for i, n := range Sizes {
		perCall[i] = float64(times[i].Nanoseconds()) / float64(b.N*((1<<20)/n))
		b.ReportMetric(perCall[i]/float64(bytes[i]), "ns/byte@"+SizeName(n))
	}
	b.ReportMetric(perCall[2]/perCall[1], "x16")
	if usageOK && cpu[1] > 0 {
		// Both sizes ran a mebibyte of calls: 16 times the one at 64 KiB.
		b.ReportMetric(16*float64(cpu[2])/float64(cpu[1]), "cpu-x16")
		for i := 1; i < len(Sizes); i++ {
			b.ReportMetric(float64(faults[i])/float64(b.N), "faults/MiB@"+SizeName(Sizes[i]))
		}
	}
}

// BenchShape is Bench of op on the shape's inputs, counted on their length.
func BenchShape(b *testing.B, sh Shape, op func(string)) {
	inputs := make([]string, len(Sizes))
	bytes := make([]int, len(Sizes))
	for i, n := range Sizes {
		inputs[i] = sh.At(n)
		bytes[i] = len(inputs[i])
	}
	Bench(b, bytes, func(i int) { op(inputs[i]) })
}

// Baselines are the least that a linear operation does, timed as the operations are
// (BenchBaselines), so that an operation's x16 can be read against what the machine
// gives work that is linear by construction: scan reads every byte (a table lookup, no
// allocation); copy allocates a buffer of the input's length and writes the input into
// it a byte at a time, as a parser that writes what it reads does; clone allocates it
// and copies the input in one move (memmove), as a relative reference copies its base's
// path. Where an operation's x16 is above 20 and a baseline's is too, the growth is the
// machine's (caches, the allocator, the collector), not the operation's.
var Baselines = []struct {
	Name string
	Op   func(string)
}{
	{"scan", func(s string) {
		var plain [256]bool
		plain['a'] = true
		n := 0
		for i := 0; i < len(s); i++ {
			if plain[s[i]] {
				n++
			}
		}
		runtime.KeepAlive(n)
	}},
	{"copy", func(s string) {
		out := make([]byte, 0, len(s))
		for i := 0; i < len(s); i++ {
			out = append(out, s[i])
		}
		runtime.KeepAlive(out)
	}},
	{"clone", func(s string) {
		out := make([]byte, len(s))
		copy(out, s)
		runtime.KeepAlive(out)
	}},
}

// BenchBaselines runs each baseline as a sub-benchmark named baseline-<name>, on a
// path of segments ("http://h/a/a/...").
func BenchBaselines(b *testing.B) {
	sh := Shape{Name: "segments", Prefix: "http://h/", Unit: "a/"}
	for _, bl := range Baselines {
		b.Run("baseline-"+bl.Name, func(b *testing.B) { BenchShape(b, sh, bl.Op) })
	}
}

// AllocPerByte returns the bytes that one call of op on in allocates (runtime.MemStats's
// TotalAlloc around it), per byte of n.
func AllocPerByte(op func(string), in string, n int) float64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	op(in)
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc-before.TotalAlloc) / float64(n)
}

// CheckAllocs fails t when op allocates, per byte of the shape's input, more at 1 MiB
// than 3 times what it allocates at 64 KiB plus 8 bytes, or more than limit bytes per
// byte. Slices that double as they grow allocate between one and two times what they
// end up holding, and several such slices can each fall at either end; buffers that an
// operation keeps for reuse (a sync.Pool of parsers) are counted at one size and not at
// the other, depending on which processor's pool the call finds them in and on whether
// a collection emptied it (0.00 bytes a byte at 64 KiB and 2.01 or 4.02 at 1 MiB, in
// about one run in three of go test ./uri -run TestScalingAllocs, before the 8 bytes).
// A quadratic cost is 16 times as much a byte at 1 MiB, and thousands of bytes a byte:
// copying what has been read for each unit of a 64 KiB input allocates about 64 KiB
// over twice the unit's length per byte.
func CheckAllocs(t *testing.T, name string, sh Shape, limit float64, op func(string)) {
	t.Helper()
	small, large := sh.At(64<<10), sh.At(1<<20)
	// Once each first, then the least of two calls at each size: pooled buffers are
	// then as large as the input needs, wherever the call finds them. A collection that
	// empties a pool between calls only adds to a call's count, so when the sizes disagree
	// the least of eight more calls at each is what decides (under a loaded machine a
	// collection falls between two calls far more often).
	op(large)
	op(small)
	least := func(in string, calls int) float64 {
		m := AllocPerByte(op, in, len(in))
		for range calls - 1 {
			m = min(m, AllocPerByte(op, in, len(in)))
		}
		return m
	}
	s, l := least(small, 2), least(large, 2)
	if l > 3*s+8 {
		s, l = min(s, least(small, 8)), min(l, least(large, 8))
	}
	if l > 3*s+8 {
		t.Errorf("%s %s: %.2f bytes allocated a byte at 64 KiB, %.2f at 1 MiB", name, sh.Name, s, l)
	}
	if l > limit {
		t.Errorf("%s %s: %.1f bytes allocated a byte, more than %g", name, sh.Name, l, limit)
	}
	t.Logf("%-24s %-20s %6.2f bytes allocated a byte at 64 KiB, %6.2f at 1 MiB", name, sh.Name, s, l)
}

// SizeName is 1KiB, 64KiB or 1MiB.
func SizeName(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%dMiB", n>>20)
	}
	return fmt.Sprintf("%dKiB", n>>10)
}
