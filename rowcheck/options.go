package rowcheck

import (
	"slices"

	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

// CheckLetter checks that the answer column is the letter of answer_idx.
func (r *Row) CheckLetter() {
	if idx := r.AnswerIdx(); idx >= 0 && r.Col.Answer != question.Letters[idx:idx+1] {
		r.Addf("answer %q, but answer_idx %d is %s", r.Col.Answer, idx, question.Letters[idx:idx+1])
	}
}

// CheckPictureIsStart checks that the row pictures its start and nothing
// else.
func (r *Row) CheckPictureIsStart() {
	m := r.Meta
	if len(m.Pictures) != 1 || !m.Pictures[0].Equal(m.Start) {
		r.Addf("metadata pictures should be [start]")
	}
}

// CheckNoHistory checks that the row has no history, in its metadata or
// its column.
func (r *Row) CheckNoHistory() {
	if r.Meta.History != nil || r.Col.History == nil || *r.Col.History != "" {
		r.Addf("history is set, but only edge_case has one")
	}
}

// StepsBeforeSubmit counts the steps of plan before its first Submit.
func StepsBeforeSubmit(plan []statesim.Action) int {
	return slices.IndexFunc(plan, func(a statesim.Action) bool { return a.Op == statesim.Submit })
}

// StepsButSubmit counts the steps of plan other than its one Submit,
// wherever it falls.
func StepsButSubmit(plan []statesim.Action) int { return len(plan) - 1 }

// CheckPlanOptions checks a row whose options are plans: the answer is
// the letter of answer_idx, choices[k] is the text of plans[k], exactly
// one plan is valid, submits and ends in a state meeting every want (the
// one at answer_idx), every plan has as many steps as the horizon, counted
// by steps, and the row pictures its start.
func (r *Row) CheckPlanOptions(steps func(plan []statesim.Action) int) {
	row, m := r.Col, r.Meta
	f := &m.Form
	r.CheckLetter()
	if len(m.Plans) != len(row.Choices) {
		r.Addf("%d plans for %d choices", len(m.Plans), len(row.Choices))
	} else {
		for k := range m.Plans {
			if row.Choices[k] != r.Texts[k] {
				r.Addf("choice %s is not the text of plan %d", Letter(k), k+1)
			}
		}
	}
	var reach []int
	for j, run := range r.Runs {
		if run.Reaches(f, m.Goal) {
			reach = append(reach, j)
		}
	}
	idx := r.AnswerIdx()
	switch {
	case len(reach) == 0:
		r.Addf("no option reaches the goal")
	case len(reach) > 1:
		r.Addf("%d options reach the goal: %s", len(reach), OptionLetters(reach))
	case reach[0] != idx:
		r.Addf("option %s reaches the goal, but the answer is %q (answer_idx %d)", OptionLetters(reach), row.Answer, idx)
	}
	if row.Horizon != nil {
		for k, plan := range m.Plans {
			if n := steps(plan); int64(n) != *row.Horizon {
				r.Addf("horizon %d, but option %s has %d steps", *row.Horizon, Letter(k), n)
			}
		}
	}
	r.CheckPictureIsStart()
}
