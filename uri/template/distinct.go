package template

import (
	"hash/maphash"
	"math/bits"
)

// partNames is about how many names distinct puts in one part: a set of that many
// strings fits in a core's cache.
const partNames = 1024

// distinct returns names without their repeats, in the order of their first appearance.
//
// One set of every name would be a hash table of tens of bytes a name, and past some tens
// of thousands of names it no longer fits in the processor's caches: every insertion
// then misses them, and the time a name grows with the count (with one set, a template of
// 144,961 distinct names, 1 MiB, took 1.4 to 2 times as long a byte as one of 10,949 in
// three runs, BenchmarkScalingOps's shape). So the names
// are first sorted by a hash into parts of about partNames names (a counting sort:
// linear), and the repeats of each part are found with one small set, emptied between
// parts. Equal names have equal hashes and so share a part, where the first of them in
// the list comes first.
func distinct(names []string) []string {
	if len(names) <= partNames {
		return distinctInSet(names)
	}
	seed := maphash.MakeSeed()
	return distinctByHash(names, func(s string) uint64 { return maphash.String(seed, s) })
}

// distinctByHash is distinct with the hash given (tests give one whose values collide).
func distinctByHash(names []string, hash func(string) uint64) []string {
	shift := 64 - bits.Len(uint(len(names)/partNames)) // 2^(64-shift) parts, at least 2
	nparts := 1 << (64 - shift)
	hashes := make([]uint64, len(names))
	end := make([]int32, nparts) // where each part ends in sorted, once filled
	for i, s := range names {
		h := hash(s)
		hashes[i] = h
		end[h>>shift]++
	}
	for p := 1; p < nparts; p++ {
		end[p] += end[p-1]
	}
	// sorted holds each name's hash and index, part by part, in the list's order within
	// a part: filled from the back, so that end[p] ends where part p begins.
	sorted := make([]hashed, len(names))
	for i := len(names) - 1; i >= 0; i-- {
		p := hashes[i] >> shift
		end[p]--
		sorted[end[p]] = hashed{hashes[i], int32(i)}
	}
	repeat := make([]bool, len(names))
	first := make(map[uint64]int32, 2*partNames) // a hash's first name in the part
	var collided map[string]struct{}             // names whose hash an other name had first
	for p := range nparts {
		hi := len(names)
		if p+1 < nparts {
			hi = int(end[p+1])
		}
		clear(first)
		clear(collided)
		for _, x := range sorted[end[p]:hi] {
			f, ok := first[x.h]
			switch {
			case !ok:
				first[x.h] = x.i
			case names[f] == names[x.i]:
				repeat[x.i] = true
			default: // equal hashes of different names: rare, and read in a set of strings
				if collided == nil {
					collided = map[string]struct{}{}
				}
				if _, ok := collided[names[x.i]]; ok {
					repeat[x.i] = true
				} else {
					collided[names[x.i]] = struct{}{}
				}
			}
		}
	}
	out := make([]string, 0, len(names))
	for i, s := range names {
		if !repeat[i] {
			out = append(out, s)
		}
	}
	return out
}

// hashed is a name's hash and its index in distinct's list.
type hashed struct {
	h uint64
	i int32
}

// distinctInSet is distinct of a short list, with one set.
func distinctInSet(names []string) []string {
	out := make([]string, 0, len(names))
	seen := make(map[string]struct{}, len(names))
	for _, s := range names {
		if _, ok := seen[s]; !ok {
			seen[s] = struct{}{}
			out = append(out, s)
		}
	}
	return out
}
