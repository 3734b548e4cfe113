package verify

import (
	"math"
	"slices"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// checkOpen checks a row of an open-ended suite (plan_generation,
// next_action): no options, a shortest gold plan whose length is the
// horizon and the metadata's optimal, more wants than missed ones, the
// bound on a reader of the text alone, and the gold reply. texts holds
// the gold plan's English.
func checkOpen(row *dataset.Row, suite string, m *question.Meta, texts []string, runs []run, p *problems) {
	f := &m.Form
	if row.Choices != nil || row.OptionLabels != nil || row.AnswerIdx != nil || row.A != nil {
		p.addf("an open-ended row has choices, option labels, an answer index or option columns")
	}
	if len(m.Plans) != 1 {
		p.addf("%d plans: an open-ended row holds one gold plan", len(m.Plans))
		return
	}
	checkRenderings(row, m, texts, p)
	checkPictureIsStart(m, p)
	if row.ImageNeeded == nil || !*row.ImageNeeded {
		p.addf("image_needed is not true")
	}
	g := m.Goal
	if g == nil {
		return
	}
	h := g.Unmet(f, m.Start)
	if row.Horizon == nil || *row.Horizon != int64(h) || m.Optimal != h {
		p.addf("the start misses %d wants, but the horizon is %v and metadata optimal %d", h, row.Horizon, m.Optimal)
	}
	gold := m.Plans[0]
	if len(gold) != h+1 || !runs[0].reaches(f, g) {
		p.addf("the gold plan has %d steps and does not reach the goal in the %d a shortest plan takes", len(gold)-1, h)
	}
	w := len(g.Wants)
	switch suite {
	case "plan_generation":
		if len(m.History) != 0 || row.History == nil || *row.History != "" {
			p.addf("plan_generation has a history")
		}
		if h >= w {
			p.addf("the start misses all %d wants: the text alone would tell the plan", w)
		}
		if want := suites.PlanChance(w, h); !near(m.Chance, want) {
			p.addf("metadata chance %g, want 1/C(%d,%d) = %g", m.Chance, w, h, want)
		}
		if row.Answer != texts[0] {
			p.addf("answer is not the gold plan's text")
		}
	case "next_action":
		checkNextAction(row, m, h, p)
	}
}

// checkNextAction checks what next_action adds: the steps taken lead from
// the origin to the pictured state, each fixing one want; the lenient set
// is every action of the vocabulary that begins a shortest plan; and the
// gold reply is the gold plan's first step in the row's format.
func checkNextAction(row *dataset.Row, m *question.Meta, h int, p *problems) {
	f, g := &m.Form, m.Goal
	if len(m.History) > 0 {
		if m.Origin == nil {
			p.addf("steps taken but no origin")
			return
		}
		s := m.Origin.Clone()
		for k, a := range m.History {
			before := g.Unmet(f, s)
			if err := statesim.ApplyInPlace(f, s, a); err != nil || g.Unmet(f, s) != before-1 {
				p.addf("step taken %d does not fix one want", k+1)
				return
			}
		}
		if !s.Equal(m.Start) {
			p.addf("the steps taken lead from the origin to %s, not to the pictured %s", s, m.Start)
		}
	}
	if row.History == nil || *row.History != suites.HistoryText(f, m.History) {
		p.addf("history column does not word the steps taken")
	}
	if h+len(m.History) >= len(g.Wants) {
		p.addf("the origin misses all %d wants", len(g.Wants))
	}
	if want := suites.Lenient(f, m.Start, *g); !slices.Equal(m.Next, want) {
		p.addf("metadata next lists %d actions, the simulator %d", len(m.Next), len(want))
	}
	if want := suites.NextChance(f, *g, m.History, h); !near(m.Chance, want) {
		p.addf("metadata chance %g, the bound is %g", m.Chance, want)
	} else if want >= 1 {
		p.addf("the steps shown tell a want still missed (chance %g), so the text alone gives a next action, yet image_needed is true", want)
	}
	if m.Format != suites.FormatText && m.Format != suites.FormatJSON {
		p.addf("format %q: want %s or %s", m.Format, suites.FormatText, suites.FormatJSON)
	}
	if want := suites.ActionReply(f, m.Plans[0][0], m.Format); row.Answer != want {
		p.addf("answer %q, want the gold step %q", row.Answer, want)
	}
}

// near reports whether a and b agree to rounding.
func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }
