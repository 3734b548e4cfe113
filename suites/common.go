package suites

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// Source returns the random source of one question. It depends on seed,
// suite and index only, so any question can be rebuilt on its own, in any
// order, by any worker or shard.
func Source(seed uint64, suite string, index int64) *rand.Rand {
	var buf [64]byte
	binary.LittleEndian.PutUint64(buf[:8], seed)
	binary.LittleEndian.PutUint64(buf[8:], uint64(index))
	h := sha256.Sum256(append(buf[:16], suite...))
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(h[:8]), binary.LittleEndian.Uint64(h[8:16])))
}

// PlanText renders a plan as numbered English steps, one per line.
func PlanText(f *forms.Form, plan []statesim.Action) string {
	return planText(f, plan, nil)
}

// wording holds the buffer the steps of plans are worded into, reused
// across the options of one question.
type wording struct {
	buf []byte
}

// planText is PlanText with a reusable buffer (w may be nil).
func planText(f *forms.Form, plan []statesim.Action, w *wording) string {
	var buf []byte
	if w != nil {
		buf = w.buf[:0]
	}
	for i, a := range plan {
		if i > 0 {
			buf = append(buf, '\n')
		}
		buf = strconv.AppendInt(buf, int64(i+1), 10)
		buf = append(buf, ". "...)
		buf = statesim.AppendEnglish(buf, f, a)
	}
	if w != nil {
		w.buf = buf
	}
	return string(buf)
}

// PlanPDDL renders a plan as a PDDL-style sequence of ground actions.
func PlanPDDL(f *forms.Form, plan []statesim.Action) string {
	parts := make([]string, len(plan))
	for i, a := range plan {
		parts[i] = statesim.PDDL(f, a)
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// HistoryText renders the actions that produced a start state.
func HistoryText(f *forms.Form, hist []statesim.Action) string {
	if len(hist) == 0 {
		return ""
	}
	b := make([]byte, 0, 48*len(hist))
	for i, a := range hist {
		if i > 0 {
			b = append(b, "; "...)
		}
		b = statesim.AppendEnglish(b, f, a)
	}
	return string(b)
}

// withSubmit returns plan followed by a Submit.
func withSubmit(plan []statesim.Action) []statesim.Action {
	out := make([]statesim.Action, len(plan), len(plan)+1)
	copy(out, plan)
	return append(out, statesim.SubmitAction)
}

// reaches reports whether plan, run from s, applies and submits in a state
// meeting g.
func reaches(f *forms.Form, s statesim.State, g statesim.Goal, plan []statesim.Action) bool {
	out, err := statesim.Run(f, s, plan)
	return err == nil && out.Submitted && g.Met(f, out.Final)
}

// partition splits f's stateful elements into independent parts: each
// radio group is one part, every other element its own. An action changes
// one part only, so a part's final value depends only on its own start.
type partition struct {
	parts  [][]int // element indices of each part
	partOf []int   // part of each element (Submit: -1)
}

func partitionOf(f *forms.Form) partition {
	n := len(f.Elements)
	pt := partition{partOf: make([]int, n)}
	size := make([]int, 0, n) // members per part
	for i, e := range f.Elements {
		pt.partOf[i] = -1
		if e.Kind == forms.Submit {
			continue
		}
		if e.Kind == forms.Radio {
			if j := f.First(e.Group); j < i {
				pt.partOf[i] = pt.partOf[j]
				size[pt.partOf[j]]++
				continue
			}
		}
		pt.partOf[i] = len(size)
		size = append(size, 1)
	}
	// Carve every part's member list out of one array.
	backing := make([]int, 0, n)
	pt.parts = make([][]int, len(size))
	for p, k := range size {
		pt.parts[p] = backing[len(backing) : len(backing) : len(backing)+k]
		backing = backing[:len(backing)+k]
	}
	for i, p := range pt.partOf {
		if p >= 0 {
			pt.parts[p] = append(pt.parts[p], i)
		}
	}
	return pt
}

// variants calls fn with every start state that differs from s in exactly
// one part, over every value that part can take in the family's states
// (checked or not; every slider position; no radio or any one selected;
// empty text or any text value), until fn returns false. Parts come in
// order of rank (lowest first; nil ranks keep the form's order). fn must not
// keep v: it is reused.
func variants(f *forms.Form, pt partition, s statesim.State, rank []int, fn func(part int, v statesim.State) bool) {
	order := make([]int, len(pt.parts))
	for p := range order {
		order[p] = p
	}
	if rank != nil {
		slices.SortStableFunc(order, func(a, b int) int { return rank[a] - rank[b] })
	}
	t := s.Clone() // changed in place and restored after each call
	for _, p := range order {
		if !partVariants(f, pt.parts[p], s, t, func(v statesim.State) bool { return fn(p, v) }) {
			return
		}
	}
}

// partVariants calls fn with t set to s but for every other value of the
// part whose elements are members, until fn returns false; it reports
// whether fn never did. t is restored to s on return.
func partVariants(f *forms.Form, members []int, s, t statesim.State, fn func(v statesim.State) bool) bool {
	more := true
	try := func(set func()) {
		if !more {
			return
		}
		set()
		changed := false
		for _, m := range members {
			changed = changed || t[m] != s[m]
		}
		if changed {
			more = fn(t)
		}
		for _, m := range members {
			t[m] = s[m]
		}
	}
	i := members[0]
	e := &f.Elements[i]
	switch e.Kind {
	case forms.Checkbox:
		for n := 0; n <= 1; n++ {
			try(func() { t[i].N = n })
		}
	case forms.Slider:
		for v := e.Min; v <= e.Max; v += e.Step {
			try(func() { t[i].N = v })
		}
	case forms.Radio:
		for k := -1; k < len(members); k++ {
			try(func() {
				for j, m := range members {
					t[m].N = 0
					if j == k {
						t[m].N = 1
					}
				}
			})
		}
	case forms.TextBox:
		try(func() { t[i].S = "" })
		for _, v := range f.TextValues {
			try(func() { t[i].S = v })
		}
	}
	return more
}

// dependsOnStart reports whether the verdicts of a question would differ for
// some other start state. Parts are tried in order of rank (see variants):
// the answer is the same in any order, but the search stops at the first
// change that breaks the correct option, so the parts likeliest to break it
// should rank first.
// ok(t, part) must say, for start t, whether each option's verdict holds on
// that part (an option is correct when it holds on
// every part; the slice may be reused between calls). With one correct
// option c at s, the answer changes exactly
// when some one-part change breaks c, or when some other option can be made
// to hold on every part by choosing each part's value on its own.
func dependsOnStart(f *forms.Form, pt partition, s statesim.State, n, c int, rank []int, ok func(t statesim.State, part int) []bool) bool {
	parts := len(pt.parts)
	canHold := make([]bool, n*parts) // canHold[j*parts+p]: option j holds on part p for some value
	breaks := false
	variants(f, pt, s, rank, func(p int, t statesim.State) bool {
		v := ok(t, p)
		for j := 0; j < n; j++ {
			canHold[j*parts+p] = canHold[j*parts+p] || v[j]
		}
		breaks = c >= 0 && !v[c]
		return !breaks
	})
	if breaks {
		return true
	}
	for p := 0; p < parts; p++ {
		v := ok(s, p)
		for j := 0; j < n; j++ {
			canHold[j*parts+p] = canHold[j*parts+p] || v[j]
		}
	}
	for j := 0; j < n; j++ {
		if j == c {
			continue
		}
		all := true
		for p := 0; p < parts; p++ {
			all = all && canHold[j*parts+p]
		}
		if all {
			return true
		}
	}
	return false
}

// partRuns splits plans by part. A part's final value depends only on its
// own start value and the plan's steps on it (its run), so replaying a run is
// enough to judge a plan on a part; and plans that take the same run on a
// part (most options share most steps) need it replayed once.
type partRuns struct {
	plans  [][]statesim.Action
	ok     []bool  // per plan: every step applies and the plan submits
	at     [][]int // per plan, per step before Submit: the element it acts on
	parts  int
	partOf []int // element index to part
	// rep[j*parts+p] is the first plan whose run on part p equals plan j's.
	rep []int
	tmp statesim.State
}

// splitRuns resolves plans' steps up to their Submit and finds, on each
// part, which plans take the same run.
func splitRuns(f *forms.Form, pt partition, plans [][]statesim.Action) *partRuns {
	np := len(pt.parts)
	total := 0
	for _, p := range plans {
		total += len(p)
	}
	pr := &partRuns{plans: plans, ok: make([]bool, len(plans)), at: make([][]int, len(plans)),
		parts: np, partOf: pt.partOf, rep: make([]int, len(plans)*np), tmp: make(statesim.State, len(f.Elements))}
	backing := make([]int, 0, total)
	for j, plan := range plans {
		start := len(backing)
	steps:
		for _, a := range plan {
			i, err := statesim.Resolve(f, a)
			switch {
			case err != nil:
				break steps // invalid: holds nowhere
			case a.Op == statesim.Submit:
				pr.ok[j] = true
				break steps
			}
			backing = append(backing, i)
		}
		pr.at[j] = backing[start:len(backing):len(backing)]
	}
	for j := range plans {
		for p := 0; p < np; p++ {
			pr.rep[j*np+p] = j
			if !pr.ok[j] {
				continue
			}
			for r := 0; r < j; r++ {
				if pr.ok[r] && pr.sameRun(r, j, p) {
					pr.rep[j*np+p] = r
					break
				}
			}
		}
	}
	return pr
}

// sameRun reports whether plans x and y take the same steps on part p.
func (pr *partRuns) sameRun(x, y, p int) bool {
	ax, ay := pr.at[x], pr.at[y]
	kx, ky := 0, 0
	for {
		for kx < len(ax) && pr.partOf[ax[kx]] != p {
			kx++
		}
		for ky < len(ay) && pr.partOf[ay[ky]] != p {
			ky++
		}
		if kx == len(ax) || ky == len(ay) {
			return kx == len(ax) && ky == len(ay)
		}
		if pr.plans[x][kx] != pr.plans[y][ky] {
			return false
		}
		kx++
		ky++
	}
}

// touches reports whether plan j has steps on part p.
func (pr *partRuns) touches(j, p int) bool {
	if !pr.ok[j] {
		return false
	}
	for _, i := range pr.at[j] {
		if pr.partOf[i] == p {
			return true
		}
	}
	return false
}

// replay applies plan j's run on part p to t's values of part p, in pr's
// scratch state, and returns that state; only part p's elements are
// meaningful in it.
func (pr *partRuns) replay(f *forms.Form, pt partition, t statesim.State, j, p int) statesim.State {
	s := pr.tmp
	for _, m := range pt.parts[p] {
		s[m] = t[m]
	}
	for k, i := range pr.at[j] {
		if pr.partOf[i] == p {
			statesim.ApplyAt(f, s, i, pr.plans[j][k])
		}
	}
	return s
}

// goalPartOK returns an ok function for dependsOnStart over plans judged by
// goal g: option j holds on a part when its plan is valid, submits, and its
// final state meets every want on that part's elements.
func goalPartOK(f *forms.Form, pt partition, g statesim.Goal, pr *partRuns) func(t statesim.State, part int) []bool {
	// The wants' elements (-1: never met; judged by the plans' own checks)
	// and which parts have any.
	at := g.Indices(f)
	wanted := make([]bool, len(pt.parts))
	for _, i := range at {
		if i >= 0 {
			wanted[pt.partOf[i]] = true
		}
	}
	res := make([]bool, len(pr.ok)) // reused: dependsOnStart copies what it keeps
	return func(t statesim.State, p int) []bool {
		for j, ok := range pr.ok {
			switch r := pr.rep[j*pr.parts+p]; {
			case !ok || !wanted[p]:
				res[j] = ok
			case r < j:
				res[j] = res[r] // the same run as an earlier plan
			default:
				s := pr.replay(f, pt, t, j, p)
				res[j] = true
				for x, w := range g.Wants {
					if i := at[x]; i >= 0 && pt.partOf[i] == p {
						res[j] = res[j] && s[i] == w.Value
					}
				}
			}
		}
		return res
	}
}

// finals runs each plan from s and records its final state and validity.
func finals(f *forms.Form, s statesim.State, plans [][]statesim.Action) ([]statesim.State, []bool) {
	fin := make([]statesim.State, len(plans))
	valid := make([]bool, len(plans))
	all := make(statesim.State, len(plans)*len(s)) // every final state, in one allocation
	for j, p := range plans {
		out, err := statesim.RunTo(f, s, p, all[j*len(s):(j+1)*len(s):(j+1)*len(s)])
		if err == nil {
			fin[j], valid[j] = out.Final, true
		}
	}
	return fin, valid
}

// unmet is a want that a state does not meet, with its element's index.
type unmet struct {
	want  statesim.Want
	index int
}

// unmetWants returns the wants of g that s does not meet, in random order.
func unmetWants(f *forms.Form, s statesim.State, g statesim.Goal, rng *rand.Rand) []unmet {
	out := make([]unmet, 0, len(g.Wants))
	for _, k := range rng.Perm(len(g.Wants)) {
		w := g.Wants[k]
		if i, err := f.Find(w.Target); err == nil && s[i] != w.Value {
			out = append(out, unmet{w, i})
		}
	}
	return out
}

// leavesWantAlone reports whether the correct plan leaves alone a part the
// task constrains and that can start otherwise. That settles image_needed
// at once: the part's start value meets the task (the plan is correct and
// does not change it), so any other start value of the part breaks the plan.
func leavesWantAlone(f *forms.Form, pt partition, start statesim.State, g statesim.Goal, correct []statesim.Action) bool {
	touched := make([]bool, len(pt.parts))
	for _, a := range correct {
		if a.Op == statesim.Submit {
			break
		}
		if i, err := statesim.Resolve(f, a); err == nil {
			touched[pt.partOf[i]] = true
		}
	}
	t := start.Clone()
	for _, w := range g.Wants {
		i, err := f.Find(w.Target)
		if err != nil || touched[pt.partOf[i]] {
			continue
		}
		p := pt.partOf[i]
		if !partVariants(f, pt.parts[p], start, t, func(statesim.State) bool { return false }) {
			return true // the part has another start value
		}
	}
	return false
}

// mcqImageNeeded reports whether the verdicts on plans (the correct one at
// answer) under goal g would differ for some other start state.
func mcqImageNeeded(f *forms.Form, start statesim.State, g statesim.Goal, plans [][]statesim.Action, answer int) bool {
	pt := partitionOf(f)
	if leavesWantAlone(f, pt, start, g, plans[answer]) {
		return true
	}
	pr := splitRuns(f, pt, plans)
	// The parts the correct plan acts on first: with relative steps, another
	// start value breaks it. (A part the task constrains that the plan
	// leaves alone was settled by leavesWantAlone.)
	rank := make([]int, len(pt.parts))
	for p := range rank {
		if !pr.touches(answer, p) {
			rank[p] = 1
		}
	}
	return dependsOnStart(f, pt, start, len(plans), answer, rank, goalPartOK(f, pt, g, pr))
}
