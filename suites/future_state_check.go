package suites

import (
	"slices"

	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/rowcheck"
)

// checkFutureState checks a future_state row: the choices are Yes and No,
// both plans run to Submit, plan A as long as the horizon (plan B too, or
// under the paper protocol the other length of the horizon's class), and
// the answer is Yes exactly when the two finals are equal; the row
// pictures its start, has no history, and its candidate starts and
// image_needed hold (rowcheck.Row.CheckPairStarts).
func checkFutureState(r *rowcheck.Row) {
	row, m, runs := r.Col, r.Meta, r.Runs
	if !slices.Equal(row.Choices, []string{"Yes", "No"}) {
		r.Addf("choices %q, want [Yes No]", row.Choices)
	}
	r.CheckPictureIsStart()
	r.CheckNoHistory()
	if len(runs) != 2 {
		r.Addf("%d plans, want 2", len(runs))
		return
	}
	for j, run := range runs {
		if !run.Valid || !run.Out.Submitted {
			r.Addf("plan %c does not run to Submit: %v", 'A'+j, run.Err)
			return
		}
		if row.Horizon != nil && int64(run.Out.Steps) != *row.Horizon && (j == 0 || !futureLengthOK(m, int(*row.Horizon), run.Out.Steps)) {
			r.Addf("horizon %d, but plan %c has %d steps before Submit", *row.Horizon, 'A'+j, run.Out.Steps)
		}
	}
	want, wantIdx := "No", 1
	if runs[0].Out.Final.Equal(runs[1].Out.Final) {
		want, wantIdx = "Yes", 0
	}
	if row.Answer != want {
		r.Addf("answer %q, but the finals are %s and %s: want %s", row.Answer, runs[0].Out.Final, runs[1].Out.Final, want)
	}
	if idx := r.AnswerIdx(); idx != wantIdx {
		r.Addf("answer_idx %d, want %d for %s", idx, wantIdx, want)
	}
	r.CheckPairStarts()
}

// futureLengthOK reports whether plan B may have steps actions before
// Submit when plan A has horizon: as many, or under the paper protocol
// the other length of the horizon's class.
func futureLengthOK(m *question.Meta, horizon, steps int) bool {
	return steps == horizon || m.Protocol == Paper && steps == PaperPartner(horizon)
}
