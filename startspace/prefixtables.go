package startspace

import (
	"hash/maphash"
	"slices"

	"github.com/formplan/formplan/statesim"
)

// tables hold, for the judge a [Prefixes] was reset on, what each step
// does to each value of a part, as indices into the values of the part met
// so far (the space's, then any a step leads to), and which of them meet
// the goal's wants on the part. They grow as steps and values are met, so
// the many sequences made of the same steps (every order of a set of
// steps) apply each step to each value once. A Prefixes keeps its tables'
// memory from one Reset to the next, and keeps whole the tables of parts
// without text boxes, which the next judges' parts of the same shape use
// again (see keptTable).
type tables struct {
	parts   []*partTable            // per part: its table, of this Reset or kept
	local   []partTable             // the tables of this Reset, one per part at most
	steps   []stepTable             // the steps met, on the parts they act on
	after   statesim.State          // scratch: a value a step leads to
	kept    statesim.State          // the values steps led to, one after another, in blocks
	shapes  map[string][]*partTable // the tables kept, by their parts' shape
	count   int                     // how many tables are kept
	entries int                     // the values of the kept tables' maps, one per value for each map
	resets  uint64                  // Resets so far: a kept table taken in this one has used set to it
	shape   []byte                  // scratch: a part's shape
	wants   []placedWant            // the judge's wants, part by part
	wantsAt []int                   // per part: where its wants start in wants; one more at the end
	lacking bool                    // a want names an element the form lacks
}

// reset empties the tables for a space of np parts, keeping their memory.
func (t *tables) reset(np int) {
	for len(t.local) < np {
		t.local = extend(t.local)
	}
	clear(t.parts)
	t.parts = append(t.parts[:0], make([]*partTable, np)...)
	t.resets++
	t.steps = t.steps[:0]
	clear(t.kept) // the block in use keeps no texts of past values alive
	t.kept = t.kept[:0]
}

// keep returns a copy of v in the tables' memory.
func (t *tables) keep(v statesim.State) statesim.State {
	if cap(t.kept)-len(t.kept) < len(v) {
		t.kept = make(statesim.State, 0, max(256, 8*len(v)))
	}
	at := len(t.kept)
	t.kept = append(t.kept, v...)
	return t.kept[at:len(t.kept):len(t.kept)]
}

// partTable is what the tables know of one part.
type partTable struct {
	vals  []statesim.State // the space's values of the part, then those steps led to
	index hashIndex        // the values in vals, by hashValues
	meets []bool           // per value in vals: it meets the wants on the part

	// A table kept across Resets owns its values, and keeps the maps of
	// the steps met on it.
	owned bool
	used  uint64               // the tables' Reset that last took it
	space int                  // the space's values, first in vals
	maps  map[stepKey]*[]int32 // per step: where it takes each value (as stepTable.to)
}

// keySeed seeds the hashes of values' texts. A hash only narrows the
// search: values are told apart by comparing them, so the seed changes
// nothing that comes out.
var keySeed = maphash.MakeSeed()

// hashMask is and-ed into the hashes of values and of part nodes. Tests
// set it to 0, so that every hash collides and the comparisons alone tell
// values and nodes apart.
var hashMask = ^uint64(0)

// findAt returns the index in vals of the value of s at indices at, whose
// hash is h.
func (pt *partTable) findAt(h uint64, s statesim.State, at []int) (int32, bool) {
	ix := &pt.index
	for i := ix.first(h); ix.slot[i] != 0; i = ix.next(i) {
		if x := ix.slot[i] - 1; ix.hash[i] == h && equalAt(s, at, pt.vals[x]) {
			return x, true
		}
	}
	return 0, false
}

// equalAt reports whether the values of s at indices at are v.
func equalAt(s statesim.State, at []int, v statesim.State) bool {
	for x, i := range at {
		if s[i] != v[x] {
			return false
		}
	}
	return true
}

// stepTable is one step on one part: to[v] is the index of the value
// value v goes to, or unknown.
type stepTable struct {
	p, i int // the part, and the element the step acts on
	a    statesim.Action
	to   []int32
	home *[]int32 // where a kept table keeps to, or nil
}

// start sets the table of part p, with the space's values first, and
// returns it: the table kept for the part's shape, or one of this Reset.
func (px *Prefixes) start(p int) *partTable {
	if pt := px.keptTable(p); pt != nil {
		px.tab.parts[p] = pt
		return pt
	}
	pt := &px.tab.local[p]
	pt.vals, pt.meets = pt.vals[:0], pt.meets[:0]
	px.tab.parts[p] = pt
	px.fillTable(p, pt)
	return pt
}

// fillTable puts the space's values of part p in pt, which is empty.
func (px *Prefixes) fillTable(p int, pt *partTable) {
	vs := px.j.sp.Values[p]
	pt.index.reset(2*len(vs) + 8) // room for values steps lead to
	for _, v := range vs {
		px.add(p, pt, hashValues(v), v)
	}
	pt.space = len(vs)
}

// add appends value v, whose hash is h, to part p's table and returns
// its index. A kept table stores a copy.
func (px *Prefixes) add(p int, pt *partTable, h uint64, v statesim.State) int32 {
	x := int32(len(pt.vals))
	if pt.owned {
		v = slices.Clone(v)
	}
	pt.vals = append(pt.vals, v)
	pt.index.put(h, x)
	pt.meets = append(pt.meets, px.meets(p, v))
	return x
}

// meets reports whether value v of part p meets the judge's wants on it:
// the wants setWants listed for the part.
func (px *Prefixes) meets(p int, v statesim.State) bool {
	t := &px.tab
	if t.lacking {
		return false
	}
	for _, w := range t.wants[t.wantsAt[p]:t.wantsAt[p+1]] {
		if v[w.at] != w.v {
			return false
		}
	}
	return true
}

// placedWant is a want on a part: the place of its element among the
// part's members, and the value it asks for.
type placedWant struct {
	at int
	v  statesim.Value
}

// setWants lists, for [Prefixes.meets], the judge's wants on each part,
// or notes that one names an element the form lacks: then no value of any
// part meets them, as the judge has it.
func (px *Prefixes) setWants() {
	j, t := px.j, &px.tab
	t.wants, t.wantsAt = t.wants[:0], t.wantsAt[:0]
	t.lacking = slices.Contains(j.wantAt, -1)
	for p, members := range j.sp.Parts {
		t.wantsAt = append(t.wantsAt, len(t.wants))
		for x, w := range j.g.Wants {
			if i := j.wantAt[x]; i >= 0 && j.sp.PartOf[i] == p {
				t.wants = append(t.wants, placedWant{at: slices.Index(members, i), v: w.Value})
			}
		}
	}
	t.wantsAt = append(t.wantsAt, len(t.wants))
}

// step returns a new table of action a on element i of part p; on a kept
// table, its map is the one kept. The steps of a Reset are distinct, so
// each has a table of its own.
func (px *Prefixes) step(p, i int, a statesim.Action) *stepTable {
	t := &px.tab
	t.steps = extend(t.steps)
	st := &t.steps[len(t.steps)-1]
	to := st.to[:0]
	if st.home != nil {
		to = nil // a kept map, not this slot's memory
	}
	*st = stepTable{p: p, i: i, a: a, to: to}
	if pt := t.parts[p]; pt.owned {
		if st.home = t.keptMap(pt, px.j.sp.Parts[p], i, a); st.home != nil {
			st.to = *st.home
		}
	}
	return st
}

// follow returns where the step takes the value with index v, working
// it out on first use: only the values runs reach are worked out, but on
// a table Apart walks from the sequences' ends (backSets), every value.
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
	pt := t.parts[st.p]
	if int(v) >= len(st.to) {
		// Room for every value met so far at once.
		st.to = slices.Grow(st.to, len(pt.vals)-len(st.to))
		for int(v) >= len(st.to) || len(st.to) < len(pt.vals) {
			st.to = append(st.to, unknown)
		}
	}
	members, from := j.sp.Parts[st.p], pt.vals[v]
	j.sp.Put(j.tmp, st.p, from)
	statesim.ApplyAt(j.f, j.tmp, st.i, st.a)
	// The value after is read where the step left it, in the scratch
	// state, and copied out only when new.
	to := v // four steps in ten change nothing (a disabled element, say): no look-up
	if !equalAt(j.tmp, members, from) {
		h := hashValuesAt(j.tmp, members)
		var ok bool
		if to, ok = pt.findAt(h, j.tmp, members); !ok {
			after := t.after[:0]
			for _, m := range members {
				after = append(after, j.tmp[m])
			}
			t.after = after
			kept := after // add copies it into a kept table
			if !pt.owned {
				kept = t.keep(after)
			}
			to = px.add(st.p, pt, h, kept)
		}
	}
	st.to[v] = to
	if st.home != nil {
		*st.home = st.to
	}
}

// unknown marks a step table's entry not worked out yet.
const unknown = -1
