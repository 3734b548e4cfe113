package startspace

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/statesim"
)

// appendHolding appends to dst the values of part p from which plan k of
// judge j meets every want on that part (the values themselves, not
// copies) and returns the extended slice. It replays the plan from each
// value: the oracle the tests check Prefixes against.
func appendHolding(j *Judge, dst []statesim.State, k, p int) []statesim.State {
	for _, v := range j.sp.Values[p] {
		if j.holds(k, p, v) {
			dst = append(dst, v)
		}
	}
	return dst
}

// sampleForms returns perFamily forms of every built-in family, drawn from
// rng, then conditional copies of testforms.Gated.
func sampleForms(rng *rand.Rand, perFamily, conditional int) []forms.Form {
	var fs []forms.Form
	for _, fam := range forms.Defaults() {
		for range perFamily {
			fs = append(fs, fam.NewForm(rng))
		}
	}
	for range conditional {
		fs = append(fs, *testforms.Gated())
	}
	return fs
}

// randomSteps draws 1 to most distinct steps of f's vocabulary from rng.
func randomSteps(f *forms.Form, rng *rand.Rand, most int) []statesim.Action {
	vocab := statesim.Vocabulary(f)
	var steps []statesim.Action
	for _, k := range rng.Perm(len(vocab))[:min(len(vocab), 1+rng.IntN(most))] {
		steps = append(steps, vocab[k])
	}
	return steps
}

// reachedGoal wants, of every element of f but the Submit button, the
// value steps leave it with from a random start (RandomState with p),
// leaving each out when rng.IntN(skip) draws 0: a goal the steps reach.
func reachedGoal(tb testing.TB, f *forms.Form, steps []statesim.Action, rng *rand.Rand, p float64, skip int) statesim.Goal {
	tb.Helper()
	out, err := statesim.Run(f, statesim.RandomState(f, rng, p), append(slices.Clone(steps), statesim.SubmitAction))
	if err != nil {
		tb.Fatal(err)
	}
	return statesim.Goal{Wants: wantsOf(f, out.Final, rng, skip)}
}

// wantsOf wants, of every element of f but the Submit button, the value
// it has in s, leaving each out when rng.IntN(skip) draws 0.
func wantsOf(f *forms.Form, s statesim.State, rng *rand.Rand, skip int) []statesim.Want {
	var wants []statesim.Want
	for i, e := range f.Elements {
		if e.Kind != forms.Submit && rng.IntN(skip) > 0 {
			wants = append(wants, statesim.Want{Target: f.RefOf(i), Value: s[i]})
		}
	}
	return wants
}
