package template

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDistinct compares distinct with one set of every name (distinctInSet) on lists
// with repeats, below and above partNames names, with the hash of maphash and with
// hashes that collide (one for every name; the length), which take the set of
// collided names.
func TestDistinct(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	hashes := map[string]func(string) uint64{
		"one-value": func(string) uint64 { return 1 << 63 },
		"length":    func(s string) uint64 { return uint64(len(s)) << 58 },
	}
	for _, n := range []int{0, 1, 2, partNames - 1, partNames, partNames + 1, 3 * partNames, 20000} {
		for _, kinds := range []int{1, 7, n/3 + 1, 4 * n} {
			names := make([]string, n)
			for i := range names {
				names[i] = fmt.Sprintf("v%d", r.IntN(kinds+1))
			}
			want := distinctInSet(names)
			t.Run(fmt.Sprintf("%d-of-%d", n, kinds), func(t *testing.T) {
				if got := distinct(names); !slices.Equal(got, want) {
					t.Errorf("distinct: %d names, want %d", len(got), len(want))
				}
				if n < partNames {
					return
				}
				for name, h := range hashes {
					if got := distinctByHash(names, h); !slices.Equal(got, want) {
						t.Errorf("distinctByHash with %s: %d names, want %d", name, len(got), len(want))
					}
				}
			})
		}
	}
}
