package suites

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// Source returns the random source of one question. It depends on seed,
// suite and index only, so any question can be rebuilt on its own, in any
// order, by any worker or shard.
func Source(seed uint64, suite string, index int64) *rand.Rand {
	var buf [16]byte
	binary.LittleEndian.PutUint64(buf[:8], seed)
	binary.LittleEndian.PutUint64(buf[8:], uint64(index))
	h := sha256.Sum256(append(buf[:], suite...))
	return rand.New(rand.NewPCG(binary.LittleEndian.Uint64(h[:8]), binary.LittleEndian.Uint64(h[8:16])))
}

// PlanText renders a plan as numbered English steps, one per line.
func PlanText(f *forms.Form, plan []statesim.Action) string {
	var b strings.Builder
	for i, a := range plan {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strconv.Itoa(i + 1))
		b.WriteString(". ")
		b.WriteString(statesim.English(f, a))
	}
	return b.String()
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
	parts := make([]string, len(hist))
	for i, a := range hist {
		parts[i] = statesim.English(f, a)
	}
	return strings.Join(parts, "; ")
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

// groups partitions f's stateful elements into independent parts: each
// radio group is one part, every other element its own. An action changes
// one part only, so a part's final value depends only on its own start.
func groups(f *forms.Form) [][]int {
	var out [][]int
	radio := map[string]int{}
	for i, e := range f.Elements {
		switch e.Kind {
		case forms.Submit:
		case forms.Radio:
			if k, ok := radio[e.Group]; ok {
				out[k] = append(out[k], i)
				continue
			}
			radio[e.Group] = len(out)
			out = append(out, []int{i})
		default:
			out = append(out, []int{i})
		}
	}
	return out
}

// variants calls fn with every start state that differs from s in exactly
// one part, over every value that part can take in the family's states
// (checked or not; every slider position; no radio or any one selected;
// empty text or any text value). fn must not keep v: it is reused.
func variants(f *forms.Form, s statesim.State, fn func(part int, v statesim.State)) {
	t := s.Clone() // changed in place and restored after each call
	for p, members := range groups(f) {
		e := f.Elements[members[0]]
		try := func(set func()) {
			set()
			if !t.Equal(s) {
				fn(p, t)
			}
			for _, m := range members {
				t[m] = s[m]
			}
		}
		i := members[0]
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
	}
}

// dependsOnStart reports whether the verdicts of a question would differ for
// some other start state. ok(t, part) must say, for start t, whether each
// option's verdict holds on that part (an option is correct when it holds on
// every part). With one correct option c at s, the answer changes exactly
// when some one-part change breaks c, or when some other option can be made
// to hold on every part by choosing each part's value on its own.
func dependsOnStart(f *forms.Form, s statesim.State, n, c int, ok func(t statesim.State, part int) []bool) bool {
	parts := len(groups(f))
	canHold := make([][]bool, n) // canHold[j][p]: option j holds on part p for some value
	for j := range canHold {
		canHold[j] = make([]bool, parts)
	}
	base := make([][]bool, parts)
	for p := 0; p < parts; p++ {
		base[p] = ok(s, p)
		for j := 0; j < n; j++ {
			canHold[j][p] = base[p][j]
		}
	}
	breaks := false
	variants(f, s, func(p int, t statesim.State) {
		v := ok(t, p)
		for j := 0; j < n; j++ {
			canHold[j][p] = canHold[j][p] || v[j]
		}
		if c >= 0 && !v[c] {
			breaks = true
		}
	})
	if breaks {
		return true
	}
	for j := 0; j < n; j++ {
		if j == c {
			continue
		}
		all := true
		for p := 0; p < parts; p++ {
			all = all && canHold[j][p]
		}
		if all {
			return true
		}
	}
	return false
}

// partPlans splits plans by part: steps[j][p] is plan j's actions (before
// its Submit) on part p, or steps[j] is nil when plan j is invalid or never
// submits. A part's final value depends only on its own start value and the
// plan's steps on it, so replaying those few steps is enough to judge it.
func partPlans(f *forms.Form, parts [][]int, plans [][]statesim.Action) (steps [][][]statesim.Action, partOf []int) {
	partOf = make([]int, len(f.Elements))
	for p, members := range parts {
		for _, i := range members {
			partOf[i] = p
		}
	}
	steps = make([][][]statesim.Action, len(plans))
	for j, plan := range plans {
		out, err := statesim.Run(f, statesim.Clean(f), plan)
		if err != nil || !out.Submitted {
			continue
		}
		steps[j] = make([][]statesim.Action, len(parts))
		for _, a := range plan[:out.Steps] {
			i, _ := f.Find(a.Target)
			steps[j][partOf[i]] = append(steps[j][partOf[i]], a)
		}
	}
	return steps, partOf
}

// replay applies steps to a copy of t held in scratch and returns it.
func replay(f *forms.Form, scratch, t statesim.State, steps []statesim.Action) statesim.State {
	copy(scratch, t)
	for _, a := range steps {
		statesim.ApplyInPlace(f, scratch, a) // cannot fail: the plan ran whole in partPlans
	}
	return scratch
}

// goalPartOK returns an ok function for dependsOnStart over plans judged by
// goal g: option j holds on a part when its plan is valid, submits, and its
// final state meets every want on that part's elements.
func goalPartOK(f *forms.Form, g statesim.Goal, plans [][]statesim.Action) func(t statesim.State, part int) []bool {
	parts := groups(f)
	steps, partOf := partPlans(f, parts, plans)
	wants := make([][]statesim.Want, len(parts))
	at := make([][]int, len(parts))
	for _, w := range g.Wants {
		if i, err := f.Find(w.Target); err == nil {
			wants[partOf[i]] = append(wants[partOf[i]], w)
			at[partOf[i]] = append(at[partOf[i]], i)
		}
	}
	scratch := make(statesim.State, len(f.Elements))
	return func(t statesim.State, p int) []bool {
		res := make([]bool, len(plans))
		for j := range plans {
			if steps[j] == nil {
				continue
			}
			res[j] = true
			if len(wants[p]) == 0 {
				continue
			}
			s := replay(f, scratch, t, steps[j][p])
			for k, w := range wants[p] {
				res[j] = res[j] && s[at[p][k]] == w.Value
			}
		}
		return res
	}
}

// finals runs each plan from s and records its final state and validity.
func finals(f *forms.Form, s statesim.State, plans [][]statesim.Action) ([]statesim.State, []bool) {
	fin := make([]statesim.State, len(plans))
	valid := make([]bool, len(plans))
	for j, p := range plans {
		out, err := statesim.Run(f, s, p)
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
	var out []unmet
	for _, k := range rng.Perm(len(g.Wants)) {
		w := g.Wants[k]
		if i, err := f.Find(w.Target); err == nil && s[i] != w.Value {
			out = append(out, unmet{w, i})
		}
	}
	return out
}
