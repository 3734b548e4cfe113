package suites

import (
	"github.com/formplan/formplan/rowcheck"
	"github.com/formplan/formplan/statesim"
)

// checkPlanShuffle checks a plan_shuffle row: its options are orders of
// the same steps of which exactly the answer completes the task, each with
// as many steps besides Submit as the horizon, wherever Submit falls; its
// candidate starts and image_needed (under the Paper protocol, the paper's
// reorderings instead: see checkPaperShuffle); no history.
func checkPlanShuffle(r *rowcheck.Row) {
	r.CheckPlanOptions(rowcheck.StepsButSubmit)
	if r.Meta.Protocol == Paper {
		checkPaperShuffle(r)
	} else {
		r.CheckCandidates()
	}
	r.CheckNoHistory()
}

// checkPaperShuffle checks a plan_shuffle row of the paper protocol: the
// options are the paper's fixed reorderings of the answer, each ending in
// Submit, no other option completes the task from any start the family
// can give, and image_needed is false, since the set gives the answer away.
func checkPaperShuffle(r *rowcheck.Row) {
	m := r.Meta
	idx := r.AnswerIdx()
	if got := PaperOriginal(m.Plans); got != idx {
		r.Addf("the options are not the paper's reorderings of the answer (the original order is option %s)", rowcheck.Letter(got))
	}
	if m.Goal != nil && idx >= 0 && idx < len(m.Plans) && OtherCanBeCorrect(&m.Form, *m.Goal, m.Start, m.Plans, idx) {
		r.Addf("another reordering than the answer completes the task from some start the family can give")
	}
	for k, plan := range m.Plans {
		if len(plan) == 0 || plan[len(plan)-1].Op != statesim.Submit {
			r.Addf("option %s does not end with Submit", rowcheck.Letter(k))
		}
	}
	if len(m.Starts) != 0 {
		r.Addf("metadata has candidate starts, but the paper's options have none")
	}
	r.CheckNeeded(false)
}
