package report

import (
	"github.com/formplan/formplan/score"
)

// attributionTable is every run's attribution of planning errors to
// perception, a line per cell.
func attributionTable(s *score.Summary) table {
	t := table{name: "attribution", caption: "Attribution: planning rows with their perception probes; perception is right when every probe is. Shares in % with 95% Wilson intervals and their n",
		header:  score.AttributionHeader,
		numeric: []bool{false, false, true, false, true, false, false, false, false}}
	for i := range s.Attribution {
		a := &s.Attribution[i]
		t.rows = append(t.rows, score.AttributionRow(a, lineName(a.Run(), a.Protocol)))
	}
	return t
}

// perceptionGapTable is every run's accuracy from the picture beside the
// same model's from the caption, on the same questions.
func perceptionGapTable(s *score.Summary) table {
	t := table{name: "perception-gap", caption: "Perception gap: accuracy in % on the same questions from the picture and from the caption, and the gap (caption minus picture) in points with its 95% interval",
		header:  score.GapHeader,
		numeric: []bool{false, false, true, false, true, true, true, true, false}}
	for i := range s.PerceptionGaps {
		g := &s.PerceptionGaps[i]
		t.rows = append(t.rows, score.GapRow(g, lineName(g.Run(), g.Protocol)))
	}
	return t
}
