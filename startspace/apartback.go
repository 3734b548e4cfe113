package startspace

import (
	"math/bits"
	"slices"
)

// minBackValues is the fewest values of a kept table that Apart walks from
// the ends of the sequences: on smaller tables the tree costs less than
// making every step's map whole (BenchmarkApart: checkboxes' tables of 2
// values were 13% slower walked back, radio_slider's of 44 and 84 values
// 2.4 times faster).
const minBackValues = 32

// walkBack makes Apart walk the sequences on kept tables from their ends
// (backSets). Tests turn it off to compare with the part's tree.
var walkBack = true

// holdSets are sets of a part's space values, one per node of a tree of
// sequences of steps, with their sizes: what Apart sorts into classes.
type holdSets struct {
	words int      // words of a set
	hold  []uint64 // per node: its set
	count []int    // per node: how many values it holds
}

// sameHold reports whether nodes x and y hold from the same values.
func (t *holdSets) sameHold(x, y int) bool {
	for k := range t.words {
		if t.hold[x*t.words+k] != t.hold[y*t.words+k] {
			return false
		}
	}
	return true
}

// among reports whether every value node x holds from node y holds from.
func (t *holdSets) among(x, y int) bool {
	for k := range t.words {
		if t.hold[x*t.words+k]&^t.hold[y*t.words+k] != 0 {
			return false
		}
	}
	return true
}

// backTree is the tree Apart walks on a part whose table is kept (a part
// without text boxes): the same sequences as the part's tree, walked from
// their ends. A node is the set of the table's values from which its
// sequence, replayed, meets the wants on the part; the root, the empty
// sequence, is the set of values that meet them, and putting step s in
// front of a sequence takes its set B to the values s takes into B.
//
// A node of the part's tree is a map from the space's values to the
// table's: worked out value by value, hashed and compared whole. A node
// here is a bit set over the table's values, a word per 64 of them, and
// sequences whose maps differ share it when they hold from the same
// values. So the walk over every sequence, which most draws of
// plan_shuffle end in, costs a few words per step instead of a map.
//
// It needs every step's map on every value of the table, not only on
// those the sequences reach from the space's: a part without text boxes
// has finitely many values, and a kept table keeps its steps' maps.
type backTree struct {
	holdSets          // per node: its set of the space's values
	vals     int      // the space's values, first in the table
	all      int      // the table's values
	wide     int      // words of a set over the table's values
	steps    int      // the steps walked
	sets     []uint64 // per node: its set over the table's values
	child    []int32  // per node, per step: the node with the step in front, plus one; 0 if not made yet
	same     hashIndex
}

// reset empties the tree for a table of all values, of which the first
// vals are the space's, and steps steps, and makes its root from meets
// (per value of the table: it meets the wants).
func (b *backTree) reset(vals, all, steps int, meets []bool) {
	b.vals, b.all, b.steps = vals, all, steps
	b.words, b.wide = (vals+63)/64, (all+63)/64
	b.sets, b.child = b.sets[:0], b.child[:0]
	b.hold, b.count = b.hold[:0], b.count[:0]
	b.same.reset(sequencesOf[min(steps, len(sequencesOf)-1)])
	x := b.grow()
	root := b.sets[:b.wide]
	for u, ok := range meets[:all] {
		if ok {
			root[u/64] |= 1 << (u % 64)
		}
	}
	b.same.put(hashWords(root), int32(x))
	b.fill(x)
}

// grow appends a node, zeroed, and returns its number.
func (b *backTree) grow() int {
	x := len(b.count)
	b.sets = append(b.sets, make([]uint64, b.wide)...)
	b.child = append(b.child, make([]int32, b.steps)...)
	b.hold = append(b.hold, make([]uint64, b.words)...)
	b.count = append(b.count, 0)
	return x
}

// shrink drops node y, the last one.
func (b *backTree) shrink(y int) {
	b.sets, b.child = b.sets[:y*b.wide], b.child[:y*b.steps]
	b.hold, b.count = b.hold[:y*b.words], b.count[:y]
}

// fill sets node x's set of the space's values, and its count, from its
// set of the table's.
func (b *backTree) fill(x int) {
	hold := b.hold[x*b.words : (x+1)*b.words]
	copy(hold, b.sets[x*b.wide:])
	if r := b.vals % 64; r != 0 {
		hold[len(hold)-1] &= 1<<r - 1
	}
	n := 0
	for _, w := range hold {
		n += bits.OnesCount64(w)
	}
	b.count[x] = n
}

// prepend returns node x with step k (of the steps walked) in front, whose
// map on the table's values is to.
func (b *backTree) prepend(x, k int, to []int32) int {
	if c := b.child[x*b.steps+k]; c > 0 {
		return int(c) - 1
	}
	y := b.grow()
	src, dst := b.sets[x*b.wide:(x+1)*b.wide], b.sets[y*b.wide:(y+1)*b.wide]
	for u, v := range to[:b.all] {
		if src[v/64]&(1<<(v%64)) != 0 {
			dst[u/64] |= 1 << (u % 64)
		}
	}
	h := hashWords(dst)
	if z, ok := b.find(h, dst); ok {
		b.shrink(y)
		y = int(z)
	} else {
		b.same.put(h, int32(y))
		b.fill(y)
	}
	b.child[x*b.steps+k] = int32(y) + 1
	return y
}

// find returns the node whose set is set, which hashes to h, if there is
// one.
func (b *backTree) find(h uint64, set []uint64) (int32, bool) {
	ix := &b.same
	for i := ix.first(h); ix.slot[i] != 0; i = ix.next(i) {
		if z := ix.slot[i] - 1; ix.hash[i] == h && slices.Equal(b.sets[int(z)*b.wide:(int(z)+1)*b.wide], set) {
			return z, true
		}
	}
	return 0, false
}

// hashWords returns a hash of the words of a set, masked by hashMask.
func hashWords(ws []uint64) uint64 {
	h := uint64(len(ws))
	for _, w := range ws {
		h = mixHash(h ^ w)
	}
	return h & hashMask
}

// backSets walks, for Apart, the sequences of the steps in on (each at
// most once) on part p, whose table is kept, from their ends, marking the
// nodes reached in the width scratch's seen, and returns the tree's sets.
func (px *Prefixes) backSets(p int) *holdSets {
	w := &px.wid
	pt := px.tab.parts[p]
	// Every step's map on every value of the table: the loop goes on over
	// the values the maps add.
	for u := 0; u < len(pt.vals); u++ {
		for _, s := range w.on {
			px.follow(px.st[s], int32(u))
		}
	}
	b := &w.back
	b.reset(px.parts[p].vals, len(pt.vals), len(w.on), pt.meets)
	px.reach(0, 0, true)
	return &b.holdSets
}
