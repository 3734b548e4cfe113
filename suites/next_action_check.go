package suites

import (
	"slices"

	"github.com/formplan/formplan/rowcheck"
	"github.com/formplan/formplan/statesim"
)

// checkNextAction checks what a next_action row adds to every open-ended
// row: the steps taken lead from the origin to the pictured state, each
// fixing one want; the lenient set is every action of the vocabulary that
// begins a shortest plan; the chance a reader of the text alone has is the
// bound and below 1; and the gold reply is the gold plan's first step in
// the row's format.
func checkNextAction(r *rowcheck.Row) {
	row, m := r.Col, r.Meta
	f, g := &m.Form, m.Goal
	h := g.Unmet(f, m.Start)
	if len(m.History) > 0 {
		if m.Origin == nil {
			r.Addf("steps taken but no origin")
			return
		}
		s := m.Origin.Clone()
		for k, a := range m.History {
			before := g.Unmet(f, s)
			if err := statesim.ApplyInPlace(f, s, a); err != nil || g.Unmet(f, s) != before-1 {
				r.Addf("step taken %d does not fix one want", k+1)
				return
			}
		}
		if !s.Equal(m.Start) {
			r.Addf("the steps taken lead from the origin to %s, not to the pictured %s", s, m.Start)
		}
	}
	if row.History == nil || *row.History != HistoryText(f, m.History) {
		r.Addf("history column does not word the steps taken")
	}
	if h+len(m.History) >= len(g.Wants) {
		r.Addf("the origin misses all %d wants", len(g.Wants))
	}
	if want := Lenient(f, m.Start, *g); !slices.Equal(m.Next, want) {
		r.Addf("metadata next lists %d actions, the simulator %d", len(m.Next), len(want))
	}
	if want := NextChance(f, *g, m.History, h); !rowcheck.Near(m.Chance, want) {
		r.Addf("metadata chance %g, the bound is %g", m.Chance, want)
	} else if want >= 1 {
		r.Addf("the steps shown tell a want still missed (chance %g), so the text alone gives a next action, yet image_needed is true", want)
	}
	if m.Format != FormatText && m.Format != FormatJSON {
		r.Addf("format %q: want %s or %s", m.Format, FormatText, FormatJSON)
	}
	if want := ActionReply(f, m.Plans[0][0], m.Format); row.Answer != want {
		r.Addf("answer %q, want the gold step %q", row.Answer, want)
	}
}
