package uri_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urispec/urispec/uri"
)

// dotSegmentSizes are the input sizes of BenchmarkDotSegments, 1 KiB to 1 MiB (the
// command reads lines of up to 1 MiB).
var dotSegmentSizes = []int{1 << 10, 16 << 10, 256 << 10, 1 << 20}

// dotPath is "a/" n times then "../" n times, about size bytes: every ".." cancels a
// segment, the shape that costs quadratic time when each removal rebuilds the path.
func dotPath(size int) string {
	n := size / 5
	return strings.Repeat("a/", n) + strings.Repeat("../", n)
}

// BenchmarkDotSegments normalizes (LevelSyntax) and resolves a reference made of
// dot-segments under every spec at 1 KiB to 1 MiB, and reports ns/byte: a flat ns/byte
// across sizes is time linear in the input. Resolution is measured for every spec that
// has an algorithm (rfc1738 has none of its own).
func BenchmarkDotSegments(b *testing.B) {
	for _, spec := range uri.Specs() {
		for _, size := range dotSegmentSizes {
			path := dotPath(size)
			abs := "http://h/" + path
			b.Run(fmt.Sprintf("normalize/%s/%dKiB", spec, size>>10), func(b *testing.B) {
				if _, err := uri.Normalize(spec, abs, uri.LevelSyntax); err != nil {
					b.Skipf("%s: %v", spec, err)
				}
				for range b.N {
					uri.Normalize(spec, abs, uri.LevelSyntax)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(abs)), "ns/byte")
			})
			b.Run(fmt.Sprintf("resolve/%s/%dKiB", spec, size>>10), func(b *testing.B) {
				if _, err := uri.Resolve(spec, "http://h/b/c", path); err != nil {
					b.Skipf("%s: %v", spec, err)
				}
				for range b.N {
					uri.Resolve(spec, "http://h/b/c", path)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(path)), "ns/byte")
			})
		}
	}
}
