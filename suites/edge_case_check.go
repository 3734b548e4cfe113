package suites

import (
	"github.com/formplan/formplan/rowcheck"
	"github.com/formplan/formplan/statesim"
)

// checkEdgeCase checks an edge_case row: its options are plans of which
// exactly the answer completes the task, each as long as the horizon
// before Submit; its candidate starts and image_needed; and its history,
// 1 to MaxHistory steps of mistakes that re-create start from the clean
// state and that the history column words.
func checkEdgeCase(r *rowcheck.Row) {
	r.CheckPlanOptions(rowcheck.StepsBeforeSubmit)
	r.CheckCandidates()
	row, m := r.Col, r.Meta
	f := &m.Form
	most := MaxHistory(f)
	if len(m.History) < 1 || len(m.History) > most {
		r.Addf("edge_case history has %d steps of mistakes, want 1 to %d", len(m.History), most)
	}
	s, err := statesim.Run(f, statesim.Clean(f), m.History)
	if err != nil || !s.Final.Equal(m.Start) {
		r.Addf("metadata history does not turn the clean state into start")
	}
	if row.History == nil || *row.History != HistoryText(f, m.History) {
		r.Addf("history column does not render metadata history")
	}
}
