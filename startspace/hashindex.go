package startspace

import (
	"hash/maphash"
	"math/bits"

	"github.com/formplan/formplan/statesim"
)

// hashIndex finds items, numbered from 0, by a hash of theirs: an open
// table with linear probing, which a reset empties without freeing. It
// keeps only the hashes: items with the same hash are told apart by the
// caller, who walks the slots from first(h) on with next until an empty
// one, comparing the items whose hash is h (a walk of the caller's own,
// not a method given a comparison: the call through a function value
// made plan_shuffle 3-7% slower). It must be reset before its first use.
type hashIndex struct {
	slot  []int32  // per slot: its item plus one, or 0 when empty
	hash  []uint64 // per slot: its item's hash
	items int      // items put
	shift uint     // 64 less the bits of a slot number
}

// reset empties the index and makes room for n items.
func (ix *hashIndex) reset(n int) {
	b := uint(4)
	for 1<<b < 2*n {
		b++
	}
	size := 1 << b
	if cap(ix.slot) < size {
		ix.slot, ix.hash = make([]int32, size), make([]uint64, size)
	} else {
		ix.slot, ix.hash = ix.slot[:size], ix.hash[:size]
		clear(ix.slot)
	}
	ix.items, ix.shift = 0, 64-b
}

// first returns the slot where a walk for hash h starts.
func (ix *hashIndex) first(h uint64) int {
	return int((h * 0x9e3779b97f4a7c15) >> ix.shift)
}

// next returns the slot after slot i.
func (ix *hashIndex) next(i int) int { return (i + 1) & (len(ix.slot) - 1) }

// put adds item x, whose hash is h. The caller has checked that no equal
// item is in.
func (ix *hashIndex) put(h uint64, x int32) {
	if 2*(ix.items+1) > len(ix.slot) {
		ix.grow()
	}
	ix.place(h, x+1)
	ix.items++
}

// grow doubles the slots and puts every item in again.
func (ix *hashIndex) grow() {
	slot, hash := ix.slot, ix.hash
	ix.slot, ix.hash = make([]int32, 2*len(slot)), make([]uint64, 2*len(slot))
	ix.shift--
	for k, s := range slot {
		if s != 0 {
			ix.place(hash[k], s)
		}
	}
}

// place stores slot value s, of hash h, in the first empty slot of h's
// walk.
func (ix *hashIndex) place(h uint64, s int32) {
	i := ix.first(h)
	for ix.slot[i] != 0 {
		i = ix.next(i)
	}
	ix.slot[i], ix.hash[i] = s, h
}

// hashValues returns the hash of a part's values, masked by hashMask:
// equal values hash the same.
func hashValues(vs statesim.State) uint64 {
	h := uint64(len(vs))
	for _, v := range vs {
		h = mixHash(h ^ uint64(v.N))
		if v.S != "" {
			h = mixHash(h ^ maphash.String(keySeed, v.S))
		}
	}
	return h & hashMask
}

// hashValuesAt is hashValues of the values of s at indices at, without
// gathering them (the loop is written out again: a function for one
// value, too big to inline, made both slower).
func hashValuesAt(s statesim.State, at []int) uint64 {
	h := uint64(len(at))
	for _, i := range at {
		h = mixHash(h ^ uint64(s[i].N))
		if s[i].S != "" {
			h = mixHash(h ^ maphash.String(keySeed, s[i].S))
		}
	}
	return h & hashMask
}

// mixHash spreads the bits of x over the whole word.
func mixHash(x uint64) uint64 {
	hi, lo := bits.Mul64(x^0xa0761d6478bd642f, 0xe7037ed1a0b428db)
	return hi ^ lo
}
