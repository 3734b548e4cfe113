package suites

import (
	"math/rand/v2"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// TestJudgeRunLikeCorrect checks that running a plan whose steps were
// resolved once (judge.run, as collect does) says what judge.correct,
// which resolves them at each run, says: on random plans of every
// built-in family, with steps on elements the form lacks, steps after
// Submit and plans that never submit among them, from random starts.
func TestJudgeRunLikeCorrect(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	lacking := statesim.Action{Op: statesim.Check, Target: forms.Ref{Kind: forms.Checkbox, Ordinal: 99}}
	kinds := map[string]int{}
	var at []int
	for _, fam := range forms.Builtins() {
		for range 200 {
			f := fam.NewForm(rng)
			vocab := statesim.Vocabulary(&f)
			g := statesim.Goal{Wants: wantsOfState(&f, statesim.RandomState(&f, rng, 0.5))}
			j := newJudge(&f, g)
			var plan []statesim.Action
			for range rng.IntN(5) {
				switch k := rng.IntN(8); {
				case k == 0:
					plan = append(plan, lacking)
				case k == 1:
					plan = append(plan, statesim.SubmitAction)
				default:
					plan = append(plan, vocab[rng.IntN(len(vocab))])
				}
			}
			if rng.IntN(3) > 0 {
				plan = append(plan, statesim.SubmitAction)
			}
			at = j.resolve(at[:0], plan)
			for range 5 {
				s := statesim.RandomState(&f, rng, 0.5)
				want := j.correct(plan, s)
				if got := j.run(plan, at, s); got != want {
					t.Fatalf("%s, plan %v from %v: run says %v, correct %v", fam.Name, plan, s, got, want)
				}
				kinds[map[bool]string{true: "correct", false: "not"}[want]]++
			}
		}
	}
	if kinds["correct"] < 100 || kinds["not"] < 100 {
		t.Errorf("%v: too few of one kind", kinds)
	}
}

// wantsOfState wants, of every element of f but the Submit button, the
// value it has in s.
func wantsOfState(f *forms.Form, s statesim.State) []statesim.Want {
	var wants []statesim.Want
	for i, e := range f.Elements {
		if e.Kind != forms.Submit {
			wants = append(wants, statesim.Want{Target: f.RefOf(i), Value: s[i]})
		}
	}
	return wants
}
