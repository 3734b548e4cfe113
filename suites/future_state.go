package suites

import (
	"math/rand/v2"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/startspace"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/textonly"
)

func init() {
	register(Suite{
		Name:    "future_state",
		Summary: "Say whether two plans from the pictured state leave the form in the same state just before Submit.",
		Horizon: "actions before Submit in Plan A (Plan B has as many, but under --protocol paper one more or one fewer in half the rows)",
		Paper: "half the pairs (Yes and No alike in every cell) have plans of different lengths: Plan B has one step more or fewer, " +
			"staying in the paper's class (1 with 2 short, 3 with 4 long), by splitting or merging a slider move or adding or dropping a step",
		PaperHorizon: Range{Min: 1, Max: 4},
		PaperPlans:   func(q *question.Question) string { return planPair(&q.Meta.Form, q.Meta.Plans) },
		draw:         drawFutureState,

		Scoring:      ByYesNo,
		Readers:      textonly.YesNo,
		PaperReaders: []textonly.Reader{equalLengths, textonly.Neg("plans of different lengths mean Yes", equalLengths)},

		// Row checks (package verify).
		Pictures: 1,
		NoGoal:   true,
		Check:    checkFutureState,
	})
}

// secondPlan derives plan B from plan A: a reordering of A's steps or A
// with some steps replaced by others, never A itself.
func secondPlan(f *forms.Form, a []statesim.Action, rng *rand.Rand) ([]statesim.Action, bool) {
	h := len(a)
	for try := 0; try < 20; try++ {
		b := slices.Clone(a)
		if h > 1 && rng.IntN(2) == 0 {
			rng.Shuffle(h, func(i, j int) { b[i], b[j] = b[j], b[i] })
		} else {
			for k := 1 + rng.IntN(h); k > 0; k-- {
				b[rng.IntN(h)] = perturb.Step(f, rng)
			}
		}
		if !slices.Equal(a, b) {
			return b, true
		}
	}
	return nil, false
}

// PaperPartner returns the other length of h's class under the Paper protocol:
// 1 and 2 (short), 3 and 4 (long), and so on.
func PaperPartner(h int) int {
	if h%2 == 1 {
		return h + 1
	}
	return h - 1
}

// resized derives from plan a (without Submit) a plan of n steps, one more
// or one fewer: a slider move split in two that add up to it (or two moves
// of one slider merged), else a step added or dropped; in half the draws
// the steps are then reordered. It fails when a cannot be resized so.
func resized(f *forms.Form, a []statesim.Action, n int, rng *rand.Rand) ([]statesim.Action, bool) {
	b := slices.Clone(a)
	switch {
	case n == len(a)+1:
		var at []int // positions of slider moves
		for k, s := range b {
			if s.Op == statesim.Move {
				at = append(at, k)
			}
		}
		if len(at) > 0 && rng.IntN(2) == 0 {
			k := at[rng.IntN(len(at))]
			i, err := f.Find(b[k].Target)
			if err != nil {
				return nil, false
			}
			step := f.Elements[i].Step
			units := b[k].N / step
			if units < 0 {
				units = -units
			}
			if units >= 2 {
				first := b[k]
				first.N = b[k].N / units * (1 + rng.IntN(units-1))
				rest := b[k]
				rest.N = b[k].N - first.N
				b = slices.Insert(b, k+1, rest)
				b[k] = first
				break
			}
		}
		b = slices.Insert(b, rng.IntN(len(b)+1), perturb.Step(f, rng))
	case n == len(a)-1 && n >= 1:
		var merged bool
		if b, merged = mergeMoves(b); !merged {
			k := rng.IntN(len(b))
			b = slices.Delete(b, k, k+1)
		}
	default:
		return nil, false
	}
	if len(b) > 1 && rng.IntN(2) == 0 {
		rng.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
	}
	return b, true
}

// mergeMoves merges the first two moves of one slider in one direction
// into a single move, reporting whether it found such a pair.
func mergeMoves(b []statesim.Action) ([]statesim.Action, bool) {
	for x := range b {
		for y := x + 1; y < len(b); y++ {
			if b[x].Op == statesim.Move && b[y].Op == statesim.Move && b[x].Target == b[y].Target && (b[x].N > 0) == (b[y].N > 0) {
				b[x].N += b[y].N
				return slices.Delete(b, y, y+1), true
			}
		}
	}
	return b, false
}

// planPair words future_state's two plans: "Plan A:" and its steps, then
// "Plan B:" and its steps.
func planPair(f *forms.Form, plans [][]statesim.Action) string {
	return "Plan A:\n" + PlanText(f, plans[0]) + "\nPlan B:\n" + PlanText(f, plans[1])
}

// drawFutureState draws a form and two plans of the cell's horizon whose
// verdict depends on the start, then two starts from the family's start
// distribution: one from which the plans end in the same state and one
// from which they do not. The cell's balance says which is pictured, so
// the plans' text says nothing of the answer.
func drawFutureState(c *cell, rng *rand.Rand) (question.Question, error) {
	f := c.fam.NewForm(rng)
	a := make([]statesim.Action, c.h)
	for i := range a {
		a[i] = perturb.Step(&f, rng)
	}
	// The cell's balance gives the answer; under Paper one slot of four
	// gives it and whether the plans differ in length, so Yes and No are
	// balanced among either kind.
	yes, resize := c.slot("answer", 2) == 0, false
	if c.sp.Protocol == Paper {
		k := c.slot("answer-length", 4)
		yes, resize = k%2 == 0, k/2 == 1
	}
	var b []statesim.Action
	var ok bool
	if resize {
		b, ok = resized(&f, a, PaperPartner(c.h), rng)
	} else {
		b, ok = secondPlan(&f, a, rng)
	}
	if !ok {
		return question.Question{}, errRetry
	}
	plans := [][]statesim.Action{withSubmit(a), withSubmit(b)}
	space := spacePool.Get().(*startspace.Space)
	defer spacePool.Put(space)
	space.Reset(&f, nil)
	sj := startspace.NewJudge(&f, space, statesim.Goal{}, plans)
	if same, differ := sj.Verdicts(); !same || !differ {
		return question.Question{}, errRetry // the verdict would not depend on the start
	}
	var agree, differ, s statesim.State
	fa, fb := make(statesim.State, len(f.Elements)), make(statesim.State, len(f.Elements))
	for try := 0; try < 64 && (agree == nil || differ == nil); try++ {
		s = statesim.AppendRandomState(s[:0], &f, rng, 0.5) // copied when kept
		outA, errA := statesim.RunTo(&f, s, plans[0], fa)
		outB, errB := statesim.RunTo(&f, s, plans[1], fb)
		if errA != nil || errB != nil {
			return question.Question{}, errRetry
		}
		switch {
		case outA.Final.Equal(outB.Final) && agree == nil:
			agree = s.Clone()
		case !outA.Final.Equal(outB.Final) && differ == nil:
			differ = s.Clone()
		}
	}
	if agree == nil || differ == nil {
		return question.Question{}, errRetry
	}
	start := differ
	if yes {
		start = agree
	}
	var q question.Question
	q.Meta = question.Meta{Form: f, Start: start, Pictures: []statesim.State{start}, Starts: []statesim.State{agree, differ}, Plans: plans}
	q.Meta.Finals, q.Meta.Valid = finals(&f, start, plans)
	q.Choices = []string{"Yes", "No"}
	q.Labels = []string{"correct", "the final states differ"}
	q.Answer, q.AnswerIdx = "Yes", 0
	if !yes {
		q.Labels = []string{"the final states are the same", "correct"}
		q.Answer, q.AnswerIdx = "No", 1
	}
	q.Meta.Answer = q.Answer
	q.Question = planPair(&f, plans) +
		"\nBoth plans start from the form in the screenshot. Just before Submit is hit, is the form in the same state under Plan A as under Plan B?"
	q.Caption = statesim.Describe(&f, start)
	q.ImageNeeded = true // the other start of Starts flips the answer
	return q, nil
}

// equalLengths reads what the Paper protocol adds to future_state: plans
// of different lengths in half the pairs.
var equalLengths = textonly.YesNoRule("plans of equal length mean Yes", func(a, b []statesim.Action) bool { return len(a) == len(b) })
