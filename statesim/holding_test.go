package statesim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
)

// appendHolding appends to dst the values of part p from which plan k of
// judge j meets every want on that part (the values themselves, not
// copies) and returns the extended slice. It replays the plan from each
// value: the oracle the tests check Prefixes against.
func appendHolding(j *Judge, dst []State, k, p int) []State {
	for _, v := range j.sp.Values[p] {
		if j.holds(k, p, v) {
			dst = append(dst, v)
		}
	}
	return dst
}

// sampleForms returns perFamily forms of every built-in family, drawn from
// rng, then conditional copies of conditionalForm.
func sampleForms(rng *rand.Rand, perFamily, conditional int) []forms.Form {
	var fs []forms.Form
	for _, fam := range forms.Defaults() {
		for range perFamily {
			fs = append(fs, fam.NewForm(rng))
		}
	}
	for range conditional {
		fs = append(fs, *conditionalForm())
	}
	return fs
}

// randomSteps draws 1 to most distinct steps of f's vocabulary from rng.
func randomSteps(f *forms.Form, rng *rand.Rand, most int) []Action {
	vocab := Vocabulary(f)
	var steps []Action
	for _, k := range rng.Perm(len(vocab))[:min(len(vocab), 1+rng.IntN(most))] {
		steps = append(steps, vocab[k])
	}
	return steps
}

// reachedGoal wants, of every element of f but the Submit button, the
// value steps leave it with from a random start (RandomState with p),
// leaving each out when rng.IntN(skip) draws 0: a goal the steps reach.
func reachedGoal(tb testing.TB, f *forms.Form, steps []Action, rng *rand.Rand, p float64, skip int) Goal {
	tb.Helper()
	out, err := Run(f, RandomState(f, rng, p), append(slices.Clone(steps), SubmitAction))
	if err != nil {
		tb.Fatal(err)
	}
	return Goal{Wants: wantsOf(f, out.Final, rng, skip)}
}

// wantsOf wants, of every element of f but the Submit button, the value
// it has in s, leaving each out when rng.IntN(skip) draws 0.
func wantsOf(f *forms.Form, s State, rng *rand.Rand, skip int) []Want {
	var wants []Want
	for i, e := range f.Elements {
		if e.Kind != forms.Submit && rng.IntN(skip) > 0 {
			wants = append(wants, Want{Target: f.RefOf(i), Value: s[i]})
		}
	}
	return wants
}
