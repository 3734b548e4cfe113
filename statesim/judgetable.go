package statesim

import "slices"

// tables hold, for a Judge that a [Prefixes] was reset on, what each
// step does to each value of a part, as indices into the values of the
// part met so far (the space's, then any a step leads to), and which of
// them meet the goal's wants on the part. They grow as steps and values
// are met, so a judge that sees many sequences made of the same steps
// (every order of a set of steps) applies each step to each value once.
type tables struct {
	parts []partTable
	steps map[tableKey]*stepTable
	key   []byte // scratch: a value's key
	after State  // scratch: a value a step leads to
	kept  State  // the values steps led to, one after another, in blocks
}

// keep returns a copy of v in the tables' memory.
func (t *tables) keep(v State) State {
	if cap(t.kept)-len(t.kept) < len(v) {
		t.kept = make(State, 0, max(32, 8*len(v)))
	}
	at := len(t.kept)
	t.kept = append(t.kept, v...)
	return t.kept[at:len(t.kept):len(t.kept)]
}

// partTable is what the tables know of one part.
type partTable struct {
	vals  []State          // the space's values of the part, then those steps led to
	index map[string]int32 // value key -> index in vals
	meets []bool           // per value in vals: it meets the wants on the part
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

// tabulate gives the judge its tables, empty.
func (j *Judge) tabulate() {
	j.tab = &tables{parts: make([]partTable, len(j.sp.Parts)), steps: map[tableKey]*stepTable{}}
}

// part returns the table of part p, started on first use.
func (j *Judge) part(p int) *partTable {
	pt := &j.tab.parts[p]
	if pt.index == nil {
		n := len(j.sp.Values[p])
		pt.index = make(map[string]int32, n)
		pt.vals, pt.meets = make([]State, 0, n+n/2), make([]bool, 0, n+n/2)
		for _, v := range j.sp.Values[p] {
			j.add(p, pt, v)
		}
	}
	return pt
}

// add appends value v to part p's table and returns its index.
func (j *Judge) add(p int, pt *partTable, v State) int32 {
	x := int32(len(pt.vals))
	pt.vals = append(pt.vals, v)
	j.tab.key = v.AppendKey(j.tab.key[:0])
	pt.index[string(j.tab.key)] = x
	meets := true
	for y, w := range j.g.Wants {
		if i := j.wantAt[y]; i < 0 || j.sp.PartOf[i] == p && v[slices.Index(j.sp.Parts[p], i)] != w.Value {
			meets = false
		}
	}
	pt.meets = append(pt.meets, meets)
	return x
}

// step returns the table of action a on element i of part p.
func (j *Judge) step(p, i int, a Action) *stepTable {
	key := tableKey{p, a}
	st, ok := j.tab.steps[key]
	if !ok {
		st = &stepTable{p: p, i: i, a: a}
		j.tab.steps[key] = st
	}
	return st
}

// follow returns where the step takes the value with index v, working
// it out on first use: only the values runs reach are ever worked out.
// It is the look-up, small enough to inline; workOut does the rest.
func (j *Judge) follow(st *stepTable, v int32) int32 {
	if int(v) >= len(st.to) || st.to[v] == unknown {
		j.workOut(st, v)
	}
	return st.to[v]
}

// workOut is follow's slow path, for a value the step's table has no
// entry for yet: it applies the step to the value and records in the
// table where it goes.
func (j *Judge) workOut(st *stepTable, v int32) {
	pt := &j.tab.parts[st.p]
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
	after := j.tab.after[:0]
	for _, m := range members {
		after = append(after, j.tmp[m])
	}
	j.tab.after = after
	j.tab.key = after.AppendKey(j.tab.key[:0])
	to, ok := pt.index[string(j.tab.key)]
	if !ok {
		to = j.add(st.p, pt, j.tab.keep(after))
	}
	st.to[v] = to
}

// unknown marks a step table's entry not worked out yet.
const unknown = -1
