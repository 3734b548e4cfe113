package suites

import (
	"math/rand/v2"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/statesim"
)

func init() {
	Register(Suite{
		Name:    "plan_semantic",
		Summary: "Pick the correct plan among copies of it whose one differing step belongs to another task or form.",
		Build:   buildPlanSemantic,
	})
}

// directPlan returns a plan (without Submit) that sets every unmet want of g
// directly: check or uncheck, set the slider, select, enter the text.
func directPlan(f *forms.Form, s statesim.State, g statesim.Goal, rng *rand.Rand) []statesim.Action {
	var plan []statesim.Action
	for _, u := range unmetWants(f, s, g, rng) {
		plan = append(plan, directStep(f, u.index, u.want))
	}
	return plan
}

// directStep returns the step that gives element i the value want asks for,
// whatever it held: check or uncheck, set the slider, select, enter the text.
func directStep(f *forms.Form, i int, w statesim.Want) statesim.Action {
	a := statesim.Action{Target: w.Target}
	switch f.Elements[i].Kind {
	case forms.Checkbox:
		a.Op = statesim.Uncheck
		if w.Value.N == 1 {
			a.Op = statesim.Check
		}
	case forms.Slider:
		a.Op, a.N = statesim.Set, w.Value.N
	case forms.Radio:
		a.Op = statesim.Select
	case forms.TextBox:
		a.Op, a.Text = statesim.Enter, w.Value.S
	}
	return a
}

// doneSteps returns replacements for step a that the task's words cannot
// rule out: the task's own steps for the other elements it names whose
// start values already meet it. Another start state would need them; here
// they are wasted, and the plan misses step a. Only the picture tells.
func doneSteps(f *forms.Form, s statesim.State, g statesim.Goal, a statesim.Action) []mutation {
	var out []mutation
	for _, w := range g.Wants {
		i, err := f.Find(w.Target)
		if err != nil || w.Target == a.Target || s[i] != w.Value {
			continue
		}
		out = append(out, mutation{step: directStep(f, i, w), label: "does a step the form already shows done"})
	}
	return out
}

// foreignSteps returns replacements for step a drawn from other tasks: the
// same kind of step on an element another form of the family has but this
// one lacks, the same element with another task's value, and a step another
// task would take on this form.
func foreignSteps(fam *forms.Family, f *forms.Form, a statesim.Action, rng *rand.Rand) []mutation {
	var out []mutation
	add := func(step statesim.Action, label string) { out = append(out, mutation{step: step, label: label}) }
	// An element of another form of the family that this form does not have.
	for try := 0; try < 20; try++ {
		other := fam.NewForm(rng)
		var refs []forms.Ref
		for i, e := range other.Elements {
			if e.Kind == a.Target.Kind {
				if _, err := f.Find(other.RefOf(i)); err != nil {
					refs = append(refs, other.RefOf(i))
				}
			}
		}
		if len(refs) == 0 && f.Refer == forms.ByOrdinal {
			refs = append(refs, forms.Ref{Kind: a.Target.Kind, Ordinal: f.Count(a.Target.Kind) + 1})
		}
		if len(refs) > 0 {
			b := a
			b.Target = refs[rng.IntN(len(refs))]
			add(b, "names an element that is not on this form")
			break
		}
	}
	// The same element with another value.
	i, _ := f.Find(a.Target)
	e := &f.Elements[i]
	b := a
	switch a.Op {
	case statesim.Check:
		b.Op = statesim.Uncheck
	case statesim.Uncheck:
		b.Op = statesim.Check
	case statesim.Set:
		b.N = e.Min + e.Step*rng.IntN((e.Max-e.Min)/e.Step+1)
	case statesim.Select:
		if rs := others(f, forms.Radio, a.Target); len(rs) > 0 {
			b.Target = rs[rng.IntN(len(rs))]
		}
	case statesim.Enter:
		for _, v := range rng.Perm(len(f.TextValues)) {
			if f.TextValues[v] != a.Text {
				b.Text = f.TextValues[v]
				break
			}
		}
	}
	if b != a {
		add(b, "uses the value of another task")
	}
	// A step of another task on this form.
	for try := 0; try < 10; try++ {
		s := perturb.Step(f, rng)
		if s.Target != a.Target {
			add(s, "does a step of another task")
			break
		}
	}
	return out
}

// lookalikeSteps returns replacements for a check or uncheck step a that the
// task's words cannot rule out: the same operation on another box the task
// wants in the same state (the step another start state would need), and,
// for Uncheck, on a box this form does not have (a box the task does not
// name must end unchecked, so only the picture shows it is missing).
func lookalikeSteps(fam *forms.Family, f *forms.Form, g statesim.Goal, a statesim.Action, rng *rand.Rand) []mutation {
	if a.Op != statesim.Check && a.Op != statesim.Uncheck {
		return nil
	}
	want := func(r forms.Ref) statesim.Value {
		for _, w := range g.Wants {
			if w.Target == r {
				return w.Value
			}
		}
		return statesim.Value{}
	}
	wantA := want(a.Target)
	var out []mutation
	for i := range f.Elements {
		if f.Elements[i].Kind != forms.Checkbox {
			continue
		}
		if r := f.RefOf(i); r != a.Target && want(r) == wantA {
			out = append(out, mutation{step: statesim.Action{Op: a.Op, Target: r}, label: "does a step of another task"})
		}
	}
	if a.Op == statesim.Uncheck {
		for k := 0; k < 3; k++ {
			r := forms.Ref{Kind: forms.Checkbox, Ordinal: f.Count(forms.Checkbox) + 1 + k}
			if f.Refer == forms.ByLabel {
				other := fam.NewForm(rng)
				r = forms.Ref{Kind: forms.Checkbox, Label: other.Elements[0].Label}
				if _, err := f.Find(r); err == nil || other.Elements[0].Kind != forms.Checkbox {
					continue
				}
			}
			out = append(out, mutation{step: statesim.Action{Op: a.Op, Target: r}, label: "names an element that is not on this form"})
		}
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func buildPlanSemantic(sp *Spec, index int64) (Question, error) {
	n := sp.choices()
	return build("plan_semantic", sp, index, func(rng *rand.Rand, fam *forms.Family) (Question, error) {
		f := fam.NewForm(rng)
		start := statesim.RandomState(&f, rng, 0.3)
		g := statesim.Goal{Wants: perturb.Wants(fam, &f, rng)} // worded once the question is kept
		gold := directPlan(&f, start, g, rng)
		if len(gold) == 0 {
			return Question{}, errRetry
		}
		// Every distractor changes the same step, each in its own way, so no
		// step is shared by most options except the ones all options share.
		// The step changed is one with the most replacements the task's
		// words cannot rule out (lookalikes, steps already done); steps of
		// other tasks or forms make up the rest.
		pos := -1
		var alts []mutation
		for _, p := range rng.Perm(len(gold)) {
			l := lookalikeSteps(fam, &f, g, gold[p], rng)
			for _, m := range doneSteps(&f, start, g, gold[p]) {
				if !slices.ContainsFunc(l, func(o mutation) bool { return o.step == m.step }) {
					l = append(l, m)
				}
			}
			// A replacement that repeats a step of the plan would let "the
			// option without a repeated step" find the answer.
			l = slices.DeleteFunc(l, func(m mutation) bool { return slices.Contains(gold, m.step) })
			rng.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
			if pos < 0 || len(l) > len(alts) {
				pos, alts = p, l[:min(len(l), n-1)]
			}
			if len(alts) == n-1 {
				break
			}
		}
		seen := func(a statesim.Action) bool {
			return slices.Contains(gold, a) || slices.ContainsFunc(alts, func(m mutation) bool { return m.step == a })
		}
		for try := 0; try < 10 && len(alts) < n-1; try++ {
			for _, m := range foreignSteps(fam, &f, gold[pos], rng) {
				if !seen(m.step) && len(alts) < n-1 {
					alts = append(alts, m)
				}
			}
		}
		if len(alts) < n-1 {
			return Question{}, errRetry
		}
		opts := []option{{plan: withSubmit(gold), label: "correct"}}
		for _, m := range alts {
			p := withSubmit(gold)
			p[pos] = m.step
			opts = append(opts, option{plan: p, label: m.label})
		}
		q := Question{Horizon: len(gold)}
		q.Meta = Meta{Form: f, Start: start, Goal: &g, Pictures: []statesim.State{start}}
		if err := finishMCQ(&q, &f, start, &g, opts, whichPlan, rng); err != nil {
			return Question{}, err
		}
		return q, nil
	})
}
