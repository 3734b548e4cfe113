package suites

import (
	"slices"

	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/rowcheck"
	"github.com/formplan/formplan/statesim"
)

// checkGrounding checks a grounding row: no options, horizon 0, no plans
// and no history, its start pictured; its probe is of a grounding kind
// about one of the form's elements of that kind (2 to maxGroundTargets of
// them), and for a text box a text of the form; its question words the
// probe; in the pictured state the named element is the only one of its
// kind in the named state, and the answer names it; there is one
// candidate start per element of the kind, each making that element the
// only one in the named state and differing from the pictured start in
// the kind's elements alone, the one at the named element's place
// pictured, so image_needed is true; and the row's bound is
// 1/(elements of the kind).
func checkGrounding(r *rowcheck.Row) {
	row, m := r.Col, r.Meta
	f := &m.Form
	if row.Choices != nil || row.OptionLabels != nil || row.AnswerIdx != nil || row.A != nil {
		r.Addf("a grounding row has choices, option labels, an answer index or option columns")
	}
	r.CheckPictureIsStart()
	r.CheckNoHistory()
	if row.Horizon != nil && *row.Horizon != 0 {
		r.Addf("horizon %d, but grounding questions have none (0)", *row.Horizon)
	}
	if len(m.Plans) != 0 {
		r.Addf("%d plans, but a grounding question shows none", len(m.Plans))
	}
	p := m.Probe
	if p == nil {
		r.Addf("metadata has no probe")
		return
	}
	targets := GroundTargets(f, p.Kind)
	place := slices.IndexFunc(targets, func(i int) bool { return f.Elements[i].ID == p.Element })
	if place < 0 || len(targets) < 2 || len(targets) > maxGroundTargets {
		r.Addf("probe of kind %q about element %q, which is not one of 2 to %d elements the suite asks that of", p.Kind, p.Element, maxGroundTargets)
		return
	}
	if p.Negated || p.Decisive || (p.Kind == question.GroundText) != (p.Value != "") ||
		p.Kind == question.GroundText && !slices.Contains(f.TextValues, p.Value) {
		r.Addf("probe %+v: want a text of the form for a text box alone, and no other field set", *p)
	}
	if want := groundQuestion(p); row.Question != want && row.Question != FormNote(f)+"\n"+want {
		r.Addf("question %q does not word the probe", row.Question)
	}
	if want := 1 / float64(len(targets)); m.Chance != want {
		r.Addf("metadata chance %g, want 1/%d elements of the kind", m.Chance, len(targets))
	}
	if got := groundOnly(m.Start, p, targets); got != place {
		r.Addf("the pictured state shows element %d of the kind alone in the named state (-1: none or several), but the probe names element %d", got, place)
	}
	if want := f.Name(f.RefOf(targets[place])); row.Answer != want {
		r.Addf("answer %q, want the named element %q", row.Answer, want)
	}
	if len(m.Starts) != len(targets) {
		r.Addf("%d candidate starts for %d elements of the kind", len(m.Starts), len(targets))
	} else {
		for j, s := range m.Starts {
			if err := statesim.Validate(f, s); err != nil {
				r.Addf("candidate start %d: %v", j+1, err)
				continue
			}
			if got := groundOnly(s, p, targets); got != j {
				r.Addf("candidate start %d shows element %d of the kind alone in the named state, not its own", j+1, got)
			}
			for _, i := range m.Start.Diff(s) {
				if !slices.Contains(targets, i) {
					r.Addf("candidate start %d differs from the pictured start in element %q, not of the kind", j+1, f.Elements[i].ID)
				}
			}
		}
		if !m.Starts[place].Equal(m.Start) {
			r.Addf("the pictured start is not the candidate start of the named element")
		}
	}
	if row.ImageNeeded == nil || !*row.ImageNeeded {
		r.Addf("image_needed is not true, but every element of the kind is the named one from its candidate start")
	}
}

// groundOnly returns the place among targets of the one element in s in
// the state p names, or -1 if none or more than one is.
func groundOnly(s statesim.State, p *question.Probe, targets []int) int {
	at := -1
	for j, i := range targets {
		if groundHolds(s, p, i) {
			if at >= 0 {
				return -1
			}
			at = j
		}
	}
	return at
}
