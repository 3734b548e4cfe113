package suites

import "github.com/formplan/formplan/rowcheck"

// checkPlanGeneration checks what a plan_generation row adds to every
// open-ended row: no history; a start that misses fewer wants than the
// task has, so the text alone does not tell the plan; the metadata's
// chance, 1/C(wants, horizon); and the gold plan's text as the answer.
func checkPlanGeneration(r *rowcheck.Row) {
	row, m := r.Col, r.Meta
	g := m.Goal
	h, w := g.Unmet(&m.Form, m.Start), len(g.Wants)
	if len(m.History) != 0 || row.History == nil || *row.History != "" {
		r.Addf("plan_generation has a history")
	}
	if h >= w {
		r.Addf("the start misses all %d wants: the text alone would tell the plan", w)
	}
	if want := PlanChance(w, h); !rowcheck.Near(m.Chance, want) {
		r.Addf("metadata chance %g, want 1/C(%d,%d) = %g", m.Chance, w, h, want)
	}
	if row.Answer != r.Texts[0] {
		r.Addf("answer is not the gold plan's text")
	}
}
