package startspace

import (
	"math/bits"
	"slices"

	"github.com/formplan/formplan/statesim"
)

// Prefixes answers, for a set of distinct steps, which start values of
// each part of a judge's space every sequence of those steps (each step at
// most once), followed by Submit, meets the goal's wants on that part
// from. Every order of the steps and Submit runs one such sequence: the
// steps before its Submit.
//
// A sequence is a node of a tree grown on use, the empty sequence at its
// root. What a sequence does to a part depends only on its steps that act
// on the part, in their order, so each part keeps a tree of its own over
// those, and a sequence is the tuple of its parts' nodes: the work per
// part is done once for all the sequences that agree on it.
//
// The answers are bit sets over each part's values, in the space's
// order: the values from which the order's steps, replayed on the part,
// meet the wants on it. A sequence holding a step the form cannot resolve
// holds from no start, as an order with such a step before its Submit is
// correct from none.
//
// The zero value is ready for [Prefixes.Reset]; a Prefixes reset again and
// again reuses its memory, tables of what each step does to each value
// included (those of parts without text boxes are kept whole, for the
// parts of the same shape the next judges have), and the sequence numbers
// it gave are void after a Reset. The tables point into the judge's space:
// neither the judge nor its space may be reset while the Prefixes is in
// use. A Prefixes works in its judge's scratch state: neither may be used
// by two goroutines at once.
type Prefixes struct {
	j     *Judge
	steps int
	bad   []bool       // per step: it does not resolve, so no start holds
	st    []*stepTable // per step: its table on the part it acts on; nil if bad or on no part
	parts []partTree

	// The sequences, flat: sequence x's entries start at x times the
	// number of steps (child) or parts (node).
	child []int32 // per step: the sequence extended by it, 0 if not made yet
	node  []int32 // per part: the node of the part's tree
	dead  []bool  // per sequence: a step of it does not resolve

	tab tables // what each step does to each value, per part
	wid widthScratch
}

// partTree is one part's tree of sequences of the steps acting on it.
type partTree struct {
	holdSets           // per node: the values it meets the wants from, and how many
	steps    int       // the steps that act on the part
	vals     int       // the part's values in the space
	child    []int32   // per node, per step: the node extended by it, 0 if not made yet
	to       []int32   // per node, per value: the index in the tables it goes to
	same     hashIndex // the nodes by a hash of their maps: sequences with the same effect share a node
}

// Reset starts the tree anew for judge j and steps, which must be distinct
// and must not include Submit, with its tables empty.
func (px *Prefixes) Reset(j *Judge, steps []statesim.Action) {
	px.j, px.steps = j, len(steps)
	px.tab.reset(len(j.sp.Parts))
	px.setWants()
	for p := range j.sp.Parts {
		px.start(p)
	}
	// Room for a table per step, so that the tables do not move.
	px.tab.steps = slices.Grow(px.tab.steps, len(steps))
	for len(px.parts) < len(j.sp.Parts) {
		px.parts = extend(px.parts)
	}
	px.parts = px.parts[:len(j.sp.Parts)]
	for p := range px.parts {
		px.parts[p].steps = 0
	}
	px.bad, px.st = px.bad[:0], px.st[:0]
	for _, a := range steps {
		i, err := statesim.Resolve(j.f, a)
		bad := err != nil || a.Op == statesim.Submit
		var st *stepTable
		if !bad && j.sp.PartOf[i] >= 0 {
			st = px.step(j.sp.PartOf[i], i, a)
			px.parts[st.p].steps++
		}
		px.bad, px.st = append(px.bad, bad), append(px.st, st)
	}
	for p := range px.parts {
		t := &px.parts[p]
		t.vals = len(j.sp.Values[p])
		t.words = (t.vals + 63) / 64
		t.child, t.to, t.hold, t.count = t.child[:0], t.to[:0], t.hold[:0], t.count[:0]
		// The sequences of the part's steps are its nodes at most.
		t.same.reset(sequencesOf[min(t.steps, len(sequencesOf)-1)])
		t.grow(px.steps)
		for v := range t.vals {
			t.to[v] = int32(v) // the space's values come first in the tables
		}
		t.fill(0, px.tab.parts[p])
	}
	px.child, px.node, px.dead = px.child[:0], px.node[:0], px.dead[:0]
	px.child = append(px.child, make([]int32, px.steps)...)
	px.node = append(px.node, make([]int32, len(px.parts))...) // every part at its root
	px.dead = append(px.dead, false)
}

// grow appends a node, zeroed, and returns its number.
func (t *partTree) grow(steps int) int {
	x := len(t.count)
	t.child = append(t.child, make([]int32, steps)...)
	t.to = append(t.to, make([]int32, t.vals)...)
	t.hold = append(t.hold, make([]uint64, t.words)...)
	t.count = append(t.count, 0)
	return x
}

// fill sets node x's bit set, all zero as grow made it, and its count
// from its map.
func (t *partTree) fill(x int, pt *partTable) {
	hold := t.hold[x*t.words : (x+1)*t.words]
	n := 0
	for v, u := range t.to[x*t.vals : (x+1)*t.vals] {
		if pt.meets[u] {
			hold[v/64] |= 1 << (v % 64)
			n++
		}
	}
	t.count[x] = n
}

// Root is the empty sequence: Submit first.
func (px *Prefixes) Root() int { return 0 }

// Extend returns the sequence seq followed by step s (an index into the
// steps), making it on first use. The caller keeps steps from repeating.
func (px *Prefixes) Extend(seq, s int) int {
	if c := px.child[seq*px.steps+s]; c > 0 {
		return int(c)
	}
	x := len(px.child) / px.steps
	px.child[seq*px.steps+s] = int32(x)
	px.child = append(px.child, make([]int32, px.steps)...)
	np := len(px.parts)
	px.node = append(px.node, px.node[seq*np:(seq+1)*np]...)
	px.dead = append(px.dead, px.dead[seq] || px.bad[s])
	if st := px.st[s]; !px.dead[x] && st != nil {
		nodes := px.node[x*np : (x+1)*np]
		nodes[st.p] = int32(px.extendPart(int(nodes[st.p]), s))
	}
	return x
}

// extendPart returns node x of the tree of the part step s acts on,
// followed by step s.
func (px *Prefixes) extendPart(x, s int) int {
	st := px.st[s]
	t := &px.parts[st.p]
	if c := t.child[x*px.steps+s]; c > 0 {
		return int(c)
	}
	y := t.grow(px.steps)
	to := t.to[y*t.vals : (y+1)*t.vals]
	h := uint64(14695981039346656037) // FNV-style, a word at a time
	for v, u := range t.to[x*t.vals : (x+1)*t.vals] {
		w := px.follow(st, u)
		to[v] = w
		h = (h ^ uint64(uint32(w))) * 1099511628211
	}
	h &= hashMask
	if z, ok := t.find(h, to); ok {
		t.shrink(y, px.steps)
		y = int(z)
	} else {
		t.same.put(h, int32(y))
		t.fill(y, px.tab.parts[st.p])
	}
	t.child[x*px.steps+s] = int32(y)
	return y
}

// find returns the node whose map is to, which hashes to h, if there is
// one.
func (t *partTree) find(h uint64, to []int32) (int32, bool) {
	ix := &t.same
	for i := ix.first(h); ix.slot[i] != 0; i = ix.next(i) {
		if z := ix.slot[i] - 1; ix.hash[i] == h && slices.Equal(t.to[int(z)*t.vals:(int(z)+1)*t.vals], to) {
			return z, true
		}
	}
	return 0, false
}

// shrink drops node y, the last one.
func (t *partTree) shrink(y, steps int) {
	t.child = t.child[:y*steps]
	t.to, t.hold, t.count = t.to[:y*t.vals], t.hold[:y*t.words], t.count[:y]
}

// Count returns how many values of part p sequence seq holds from.
func (px *Prefixes) Count(seq, p int) int {
	if px.dead[seq] {
		return 0
	}
	return px.parts[p].count[px.node[seq*len(px.parts)+p]]
}

// Nth returns the index, among the space's values of part p, of the k-th
// (from 0) value sequence seq holds from; k must be below Count.
func (px *Prefixes) Nth(seq, p, k int) int {
	if px.dead[seq] {
		panic("statesim: Prefixes.Nth of a sequence that holds from no start")
	}
	t := &px.parts[p]
	x := int(px.node[seq*len(px.parts)+p])
	for i, w := range t.hold[x*t.words : (x+1)*t.words] {
		if c := bits.OnesCount64(w); k >= c {
			k -= c
			continue
		}
		for ; k > 0; k-- {
			w &= w - 1
		}
		return 64*i + bits.TrailingZeros64(w)
	}
	panic("statesim: Prefixes.Nth past Count")
}

// Holds reports whether sequence seq meets every want from the start made
// of value vs[p] of each part p (indices into the space's values).
func (px *Prefixes) Holds(seq int, vs []int) bool {
	if px.dead[seq] {
		return false
	}
	nodes := px.node[seq*len(px.parts) : (seq+1)*len(px.parts)]
	for p, v := range vs {
		t := &px.parts[p]
		x := int(nodes[p])
		if t.hold[x*t.words+v/64]&(1<<(v%64)) == 0 {
			return false
		}
	}
	return true
}
