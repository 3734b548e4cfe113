package suites

import (
	"slices"
	"strconv"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/rowcheck"
	"github.com/formplan/formplan/statesim"
)

// checkPerception checks a perception row: it has horizon 0, no plans
// and no history, and pictures its start; its probe is of a kind the
// suite asks about an element of that kind; its question words the probe
// and its options; the options are Yes and No, the members of the
// element's radio group, distinct slider values on its range in
// ascending order, or distinct texts of the form's vocabulary (and
// "(empty)") in its order; the answer is what ProbeAnswer gives on the
// pictured state; there is one candidate start per option, each making
// its option the answer and the one at the answer's letter pictured, so
// image_needed is true; and the labels say what the screenshot shows.
func checkPerception(r *rowcheck.Row) {
	row, m := r.Col, r.Meta
	f := &m.Form
	r.CheckLetter()
	r.CheckPictureIsStart()
	r.CheckNoHistory()
	if row.Horizon != nil && *row.Horizon != 0 {
		r.Addf("horizon %d, but perception questions have none (0)", *row.Horizon)
	}
	if len(m.Plans) != 0 {
		r.Addf("%d plans, but a perception question shows none", len(m.Plans))
	}
	p := m.Probe
	if p == nil {
		r.Addf("metadata has no probe")
		return
	}
	i := f.Index(p.Element)
	if i < 0 || !slices.Contains(probeTargets(f, p.Kind), i) {
		r.Addf("probe of kind %q about element %q, which is not one the suite asks that of", p.Kind, p.Element)
		return
	}
	if p.Value != "" || p.Decisive || p.Negated && !YesNoProbe(p.Kind) {
		r.Addf("probe %+v sets fields a %s probe of the perception suite leaves unset", *p, p.Kind)
	}
	if text, err := probeQuestion(f, p); err != nil {
		r.Addf("probe: %v", err)
	} else if want := text + "\n" + OptionList(row.Choices); row.Question != want && row.Question != FormNote(f)+"\n"+want {
		r.Addf("question %q does not word the probe and its options", row.Question)
	}
	checkProbeOptions(r, f, p, i)
	answer, err := ProbeAnswer(f, m.Start, p)
	idx := r.AnswerIdx()
	switch {
	case err != nil:
		r.Addf("probe: %v", err)
	case idx < 0 || idx >= len(row.Choices):
		r.Addf("answer_idx is outside the options")
	case row.Choices[idx] != answer:
		r.Addf("the pictured state answers %q, but option %s is %q", answer, rowcheck.Letter(idx), row.Choices[idx])
	}
	if len(m.Starts) != len(row.Choices) {
		r.Addf("%d candidate starts for %d options", len(m.Starts), len(row.Choices))
	} else {
		for k, s := range m.Starts {
			if err := statesim.Validate(f, s); err != nil {
				r.Addf("candidate start %s: %v", rowcheck.Letter(k), err)
				continue
			}
			if a, err := ProbeAnswer(f, s, p); err != nil || a != row.Choices[k] {
				r.Addf("candidate start %s answers %q (%v), not its option %q", rowcheck.Letter(k), a, err, row.Choices[k])
			}
		}
		if idx >= 0 && idx < len(m.Starts) && !m.Starts[idx].Equal(m.Start) {
			r.Addf("the pictured start is not the candidate start of the answer %s", rowcheck.Letter(idx))
		}
	}
	if row.ImageNeeded == nil || !*row.ImageNeeded {
		r.Addf("image_needed is not true, but every option is the answer from its candidate start")
	}
	if idx >= 0 && idx < len(row.Choices) && !slices.Equal(row.OptionLabels, perceptionLabels(f, m.Start, p, len(row.Choices), idx)) {
		r.Addf("option labels %q do not say what the screenshot shows", row.OptionLabels)
	}
}

// checkProbeOptions checks the options of probe p about element i of f.
func checkProbeOptions(r *rowcheck.Row, f *forms.Form, p *question.Probe, i int) {
	choices := r.Col.Choices
	var want []string
	switch p.Kind {
	case question.ProbeMember:
		for _, m := range f.Members(f.Elements[i].Group) {
			want = append(want, ProbeOption(f, nil, p.Kind, m))
		}
	case question.ProbeSlider:
		e := &f.Elements[i]
		prev := e.Min - 1
		for _, c := range choices {
			v, err := strconv.Atoi(c)
			if err != nil || strconv.Itoa(v) != c || v != statesim.Snap(e, v) || v <= prev {
				r.Addf("slider options %q: want distinct values of its range %d..%d step %d, ascending", choices, e.Min, e.Max, e.Step)
				return
			}
			prev = v
		}
		want = choices
	case question.ProbeText:
		pool := textPool(f)
		at := -1
		for _, c := range choices {
			k := slices.IndexFunc(pool, func(t string) bool { return textOption(t) == c })
			if k <= at {
				r.Addf("text options %q: want distinct texts of the form's vocabulary or (empty), in its order", choices)
				return
			}
			at = k
		}
		want = choices
	default:
		want = []string{"Yes", "No"}
	}
	if !slices.Equal(choices, want) {
		r.Addf("options %q, want %q", choices, want)
	}
	if len(choices) < 2 {
		r.Addf("%d options, want at least 2", len(choices))
	}
}
