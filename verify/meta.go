package verify

import (
	"slices"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/rowcheck"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// checkMeta checks the decoded metadata against itself, the re-simulation
// and the row's columns, then hands the row to the check its suite
// registers (suites.Suite.Check); v is validate(m).
func checkMeta(row *dataset.Row, st *suiteState, m *question.Meta, v validity, p *problems) {
	suite, su, known := st.name, st.su, st.known
	f := &m.Form
	if err := v.form; err != nil {
		p.addf("metadata form: %v", err)
		return
	}
	if len(f.Elements) == 0 || f.Elements[len(f.Elements)-1].Kind != forms.Submit {
		p.addf("metadata form does not end with its Submit button")
	}
	if err := statesim.Validate(f, m.Start); err != nil {
		p.addf("metadata start: %v", err)
		return
	}
	for k, err := range v.pictures {
		if err != nil {
			p.addf("metadata picture %d: %v", k+1, err)
			return
		}
	}
	if m.Answer != row.Answer {
		p.addf("metadata answer %q, answer column %q", m.Answer, row.Answer)
	}
	if m.Protocol != "" && m.Protocol != suites.Paper {
		p.addf("metadata protocol %q: want none or %q", m.Protocol, suites.Paper)
	}
	if row.Family != f.Family {
		p.addf("family column %q, metadata form family %q", row.Family, f.Family)
	}
	if su.NoGoal {
		if m.Goal != nil {
			p.addf("%s has a goal in its metadata", suite)
		}
		if row.Task != "" {
			p.addf("%s has a task", suite)
		}
	} else if m.Goal == nil {
		p.addf("metadata goal is null")
	} else if row.Task != m.Goal.Text {
		p.addf("task column %q, metadata goal text %q", row.Task, m.Goal.Text)
	}

	// Re-run every plan and compare with what the metadata records.
	runs := make([]rowcheck.Run, len(m.Plans))
	for j, plan := range m.Plans {
		runs[j] = rowcheck.RunFrom(f, m.Start, plan)
		if !slices.ContainsFunc(plan, func(a statesim.Action) bool { return a.Op == statesim.Submit }) {
			p.addf("plan %d has no submit", j+1)
		}
	}
	if len(m.Plans) == 0 && !su.NoPlans {
		p.addf("metadata has no plans")
	}
	if len(m.Valid) != len(m.Plans) || len(m.Finals) != len(m.Plans) {
		p.addf("metadata has %d plans, %d valid flags and %d finals", len(m.Plans), len(m.Valid), len(m.Finals))
	} else {
		for j, r := range runs {
			if m.Valid[j] != r.Valid {
				p.addf("plan %d: metadata says valid=%v, re-simulation says %v (%v)", j+1, m.Valid[j], r.Valid, r.Err)
			}
			switch {
			case r.Valid && !m.Finals[j].Equal(r.Out.Final):
				p.addf("plan %d: metadata final %s, re-simulation gives %s", j+1, m.Finals[j], r.Out.Final)
			case !r.Valid && m.Finals[j] != nil:
				p.addf("plan %d is invalid but metadata records a final %s", j+1, m.Finals[j])
			}
		}
	}

	texts := make([]string, len(m.Plans)) // each plan's English, rendered once
	for j, plan := range m.Plans {
		texts[j] = suites.PlanText(&m.Form, plan)
	}
	r := &rowcheck.Row{Col: row, Meta: m, Texts: texts, Runs: runs, P: p.shared()}
	switch {
	case !known:
		checkColumns(row, m, texts, p)
		p.addf("unknown suite %q: its labels cannot be checked", suite)
		return
	case su.Scoring == suites.ByPoint:
		// A click point on a named element: no plan or goal; the suite's
		// check covers the rest.
	case su.Open:
		if !checkOpen(r, p) {
			return
		}
	default:
		checkColumns(row, m, texts, p)
	}
	su.Check(r)
}
