package startspace

import (
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// Space is a set of start states of a form, given part by part. A part is
// what one action can change or depend on: a radio group, or any other
// element on its own, joined with the elements that enable it or that it
// enables. Every combination of the parts' values is a state of the space, and
// a plan's effect on one part depends only on that part's start value, so
// questions about every state of the space are answered part by part.
// NewSpace makes one; Reset makes another in the memory of the last.
type Space struct {
	Parts  [][]int            // the element indices of each part
	PartOf []int              // the part of each element; -1 for the Submit button
	Values [][]statesim.State // per part, its start values: one Value per member

	mem spaceMemory // what Reset reuses
}

// Contains reports whether s is a state of the space.
func (sp *Space) Contains(s statesim.State) bool {
	for p, members := range sp.Parts {
		if !slices.ContainsFunc(sp.Values[p], func(v statesim.State) bool {
			for k, m := range members {
				if m >= len(s) || s[m] != v[k] {
					return false
				}
			}
			return true
		}) {
			return false
		}
	}
	return true
}

// Put sets part p of s to value v.
func (sp *Space) Put(s statesim.State, p int, v statesim.State) {
	for x, m := range sp.Parts[p] {
		s[m] = v[x]
	}
}

// Missing returns the values of element i's part in which element i does
// not hold want (the values themselves, not copies).
func (sp *Space) Missing(i int, want statesim.Value) []statesim.State {
	return sp.AppendMissing(nil, i, want)
}

// AppendMissing appends the values Missing returns to dst and returns the
// extended slice.
func (sp *Space) AppendMissing(dst []statesim.State, i int, want statesim.Value) []statesim.State {
	p := sp.PartOf[i]
	x := slices.Index(sp.Parts[p], i)
	for _, v := range sp.Values[p] {
		if v[x] != want {
			dst = append(dst, v)
		}
	}
	return dst
}

// Judge answers, over every state of a space at once, which of a set of
// plans reach a goal. Plans are resolved once; a plan that is invalid or
// never submits reaches the goal from no start. The zero value is ready
// for [Judge.Reset].
type Judge struct {
	f      *forms.Form
	sp     *Space
	g      statesim.Goal
	plans  [][]statesim.Action
	ok     []bool  // per plan: every step before Submit applies, and it submits
	at     [][]int // per plan, per step before Submit: the element acted on
	wantAt []int   // per want: its element, or -1
	tmp    statesim.State
}

// NewJudge prepares plans for judging against g from the states of sp.
func NewJudge(f *forms.Form, sp *Space, g statesim.Goal, plans [][]statesim.Action) *Judge {
	j := new(Judge)
	j.Reset(f, sp, g, plans)
	return j
}

// Reset makes j the judge NewJudge(f, sp, g, plans) returns, reusing the
// memory j holds: for a caller that makes many judges in turn. A Prefixes
// reset on j must be reset again before its next use.
func (j *Judge) Reset(f *forms.Form, sp *Space, g statesim.Goal, plans [][]statesim.Action) {
	j.f, j.sp, j.g = f, sp, g
	j.plans = append(j.plans[:0], plans...)
	j.ok = append(j.ok[:0], make([]bool, len(plans))...)
	j.at = resize(j.at, len(plans))
	j.wantAt = g.AppendIndices(j.wantAt[:0], f)
	j.tmp = append(j.tmp[:0], make(statesim.State, len(f.Elements))...)
	for k, plan := range plans {
		j.SetPlan(k, plan)
	}
}

// SetPlan replaces plan k, reusing what the judge holds, for loops that
// judge many plans in turn.
func (j *Judge) SetPlan(k int, plan []statesim.Action) {
	j.plans[k], j.ok[k], j.at[k] = plan, false, j.at[k][:0]
	for _, a := range plan {
		i, err := statesim.Resolve(j.f, a)
		if err != nil {
			return
		}
		if a.Op == statesim.Submit {
			j.ok[k] = true
			return
		}
		j.at[k] = append(j.at[k], i)
	}
}

// replay runs plan k's steps on part p from value v of the part and returns
// the scratch state, meaningful on the part's members only.
func (j *Judge) replay(k, p int, v statesim.State) statesim.State {
	s := j.tmp
	j.sp.Put(s, p, v)
	for n, i := range j.at[k] {
		if j.sp.PartOf[i] == p {
			statesim.ApplyAt(j.f, s, i, j.plans[k][n])
		}
	}
	return s
}

// holds reports whether plan k, from value v of part p, meets every want on
// that part (the plan must be valid and submit).
func (j *Judge) holds(k, p int, v statesim.State) bool {
	if !j.ok[k] {
		return false
	}
	return j.meets(p, j.replay(k, p, v))
}

// meets reports whether state s meets every want on part p: false as well
// when a want names an element the form lacks.
func (j *Judge) meets(p int, s statesim.State) bool {
	for x, w := range j.g.Wants {
		if i := j.wantAt[x]; i < 0 {
			return false
		} else if j.sp.PartOf[i] == p && s[i] != w.Value {
			return false
		}
	}
	return true
}

// CanBeCorrect reports whether plan k reaches the goal from some state of
// the space.
func (j *Judge) CanBeCorrect(k int) bool {
	for p := range j.sp.Parts {
		if !slices.ContainsFunc(j.sp.Values[p], func(v statesim.State) bool { return j.holds(k, p, v) }) {
			return false
		}
	}
	return j.ok[k]
}

// OnlyCorrect reports whether some state of the space makes plan k the only
// plan that reaches the goal. It is exact: the parts are independent, so a
// search over which other plans each part's value rules out covers every
// state. At most 16 plans.
func (j *Judge) OnlyCorrect(k int) bool {
	n := len(j.plans)
	if !j.ok[k] || n > 16 {
		return false
	}
	full := (uint32(1)<<n - 1) &^ (1 << k)
	var dead uint32 // plans that hold nowhere
	for o := range n {
		if !j.ok[o] && o != k {
			dead |= 1 << o
		}
	}
	// reach[m]: some choice of the parts so far, each on a value where k
	// holds, rules out exactly the plans of mask m.
	reach, next := make([]bool, 1<<n), make([]bool, 1<<n)
	reach[dead] = true
	for p := range j.sp.Parts {
		var masks []uint32 // what each value where k holds rules out
		for _, v := range j.sp.Values[p] {
			if !j.holds(k, p, v) {
				continue
			}
			var m uint32
			for o := range n {
				if o != k && j.ok[o] && !j.holds(o, p, v) {
					m |= 1 << o
				}
			}
			if !slices.Contains(masks, m) {
				masks = append(masks, m)
			}
		}
		clear(next)
		reached := false
		for r, ok := range reach {
			for _, m := range masks {
				if ok {
					next[uint32(r)|m], reached = true, true
				}
			}
		}
		if !reached {
			return false
		}
		reach, next = next, reach
	}
	return reach[full]
}

// Verdicts reports, for two plans, whether some state of the space leaves
// them in the same state just before Submit, and whether some state leaves
// them in different ones. Both plans must be valid and submit; otherwise
// both results are false.
func (j *Judge) Verdicts() (same, differ bool) {
	if len(j.plans) != 2 || !j.ok[0] || !j.ok[1] {
		return false, false
	}
	a := make(statesim.State, len(j.tmp))
	same = true
	for p, members := range j.sp.Parts {
		partSame := false
		for _, v := range j.sp.Values[p] {
			copy(a, j.replay(0, p, v))
			b := j.replay(1, p, v)
			eq := true
			for _, m := range members {
				eq = eq && a[m] == b[m]
			}
			partSame = partSame || eq
			differ = differ || !eq
		}
		same = same && partSame
	}
	return same, differ
}
