package statesim

import (
	"hash/maphash"
	"slices"
)

// tables hold, for the judge a [Prefixes] was reset on, what each step
// does to each value of a part, as indices into the values of the part met
// so far (the space's, then any a step leads to), and which of them meet
// the goal's wants on the part. They grow as steps and values are met, so
// the many sequences made of the same steps (every order of a set of
// steps) apply each step to each value once. A Prefixes keeps its tables'
// memory from one Reset to the next.
type tables struct {
	parts []partTable
	steps []stepTable // the steps met, on the parts they act on
	index map[tableKey]int32
	key   []byte // scratch: a value's key
	after State  // scratch: a value a step leads to
	kept  State  // the values steps led to, one after another, in blocks
}

// reset empties the tables for a space of np parts, keeping their memory.
func (t *tables) reset(np int) {
	for len(t.parts) < np {
		t.parts = extend(t.parts)
	}
	t.parts = t.parts[:np]
	for p := range t.parts {
		pt := &t.parts[p]
		if pt.index == nil {
			pt.index = map[uint64]int32{}
		}
		pt.vals, pt.meets, pt.next = pt.vals[:0], pt.meets[:0], pt.next[:0]
		clear(pt.index)
	}
	t.steps = t.steps[:0]
	if t.index == nil {
		t.index = map[tableKey]int32{}
	}
	clear(t.index)
	clear(t.kept) // the block in use keeps no texts of past values alive
	t.kept = t.kept[:0]
}

// keep returns a copy of v in the tables' memory.
func (t *tables) keep(v State) State {
	if cap(t.kept)-len(t.kept) < len(v) {
		t.kept = make(State, 0, max(256, 8*len(v)))
	}
	at := len(t.kept)
	t.kept = append(t.kept, v...)
	return t.kept[at:len(t.kept):len(t.kept)]
}

// partTable is what the tables know of one part.
type partTable struct {
	vals  []State          // the space's values of the part, then those steps led to
	index map[uint64]int32 // a hash of a value's key -> the last value in vals with it
	next  []int32          // per value in vals: the value before it with the same hash, or -1
	meets []bool           // per value in vals: it meets the wants on the part
}

// keySeed seeds the hashes of values' keys. A hash only narrows the
// search: values are told apart by comparing them, so the seed changes
// nothing that comes out.
var keySeed = maphash.MakeSeed()

// hashMask is and-ed into the hashes of values and of part nodes. Tests
// set it to 0, so that every hash collides and the comparisons alone tell
// values and nodes apart.
var hashMask = ^uint64(0)

// find returns the index in vals of value v, whose key hashes to h.
func (pt *partTable) find(h uint64, v State) (int32, bool) {
	x, ok := pt.index[h]
	for ok && x >= 0 {
		if pt.vals[x].Equal(v) {
			return x, true
		}
		x = pt.next[x]
	}
	return 0, false
}

type tableKey struct {
	p int
	a Action
}

// stepTable is one step on one part: to[v] is the index of the value
// value v goes to, or unknown.
type stepTable struct {
	p, i int // the part, and the element the step acts on
	a    Action
	to   []int32
}

// start fills the table of part p with the space's values and returns it.
func (px *Prefixes) start(p int) *partTable {
	pt := &px.tab.parts[p]
	for _, v := range px.j.sp.Values[p] {
		px.add(p, pt, v)
	}
	return pt
}

// add appends value v to part p's table and returns its index.
func (px *Prefixes) add(p int, pt *partTable, v State) int32 {
	j := px.j
	x := int32(len(pt.vals))
	pt.vals = append(pt.vals, v)
	px.tab.key = v.AppendKey(px.tab.key[:0])
	h := maphash.Bytes(keySeed, px.tab.key) & hashMask
	before, ok := pt.index[h]
	if !ok {
		before = -1
	}
	pt.next = append(pt.next, before)
	pt.index[h] = x
	j.sp.Put(j.tmp, p, v)
	pt.meets = append(pt.meets, j.meets(p, j.tmp))
	return x
}

// step returns the number of the table of action a on element i of part
// p, made on first use.
func (px *Prefixes) step(p, i int, a Action) int32 {
	t := &px.tab
	key := tableKey{p, a}
	k, ok := t.index[key]
	if !ok {
		k = int32(len(t.steps))
		t.index[key] = k
		t.steps = extend(t.steps)
		t.steps[k] = stepTable{p: p, i: i, a: a, to: t.steps[k].to[:0]}
	}
	return k
}

// follow returns where the step takes the value with index v, working
// it out on first use: only the values runs reach are ever worked out.
// It is the look-up, small enough to inline; workOut does the rest.
func (px *Prefixes) follow(st *stepTable, v int32) int32 {
	if int(v) >= len(st.to) || st.to[v] == unknown {
		px.workOut(st, v)
	}
	return st.to[v]
}

// workOut is follow's slow path, for a value the step's table has no
// entry for yet: it applies the step to the value and records in the
// table where it goes.
func (px *Prefixes) workOut(st *stepTable, v int32) {
	j, t := px.j, &px.tab
	pt := &t.parts[st.p]
	if int(v) >= len(st.to) {
		// Room for every value met so far at once.
		st.to = slices.Grow(st.to, len(pt.vals)-len(st.to))
		for int(v) >= len(st.to) || len(st.to) < len(pt.vals) {
			st.to = append(st.to, unknown)
		}
	}
	members := j.sp.Parts[st.p]
	j.sp.Put(j.tmp, st.p, pt.vals[v])
	applyAt(j.f, j.tmp, st.i, st.a)
	after := t.after[:0]
	for _, m := range members {
		after = append(after, j.tmp[m])
	}
	t.after = after
	t.key = after.AppendKey(t.key[:0])
	to, ok := pt.find(maphash.Bytes(keySeed, t.key)&hashMask, after)
	if !ok {
		to = px.add(st.p, pt, t.keep(after))
	}
	st.to[v] = to
}

// unknown marks a step table's entry not worked out yet.
const unknown = -1
