package textonly

import (
	"strconv"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
)

// probeRule returns a reader of a Yes/No perception probe that says Yes
// when yes holds of the probe and the form, No otherwise.
func probeRule(name string, yes func(p *question.Probe, f *forms.Form, e *forms.Element) bool) Reader {
	return Reader{Name: name, Score: func(v *View) []float64 {
		p, f := v.Meta.Probe, &v.Meta.Form
		i := f.Index(p.Element)
		if i < 0 {
			return []float64{0, 0}
		}
		y := B2F(yes(p, f, &f.Elements[i]))
		return []float64{y, 1 - y}
	}}
}

// kindAsWorded returns a reader that bets on the state of kind's probes:
// Yes for such a probe worded as the state (not negated), No for one
// worded negated and for every other probe. It beats chance when that
// state is more often shown than not in the pictures asked about.
func kindAsWorded(kind string) Reader {
	return probeRule("Yes for a "+kind+" probe worded as the state", func(p *question.Probe, _ *forms.Form, _ *forms.Element) bool {
		return p.Kind == kind && !p.Negated
	})
}

// sliderEnd reports whether a slider probe asks about an end of the range.
func sliderEnd(p *question.Probe, e *forms.Element) bool {
	return e.Kind == forms.Slider && (p.Value == strconv.Itoa(e.Min) || p.Value == strconv.Itoa(e.Max))
}

// PairedProbe lists the readers of a Yes/No perception probe paired with a planning row (suite probes): from its
// words alone (the element, the kind, the wording, the value asked about)
// they guess what the element shows.
var PairedProbe = []Reader{
	{"always Yes", func(v *View) []float64 { return []float64{1, 0} }},
	{"always No", func(v *View) []float64 { return []float64{0, 1} }},
	probeRule("Yes when worded as the state (not negated)", func(p *question.Probe, _ *forms.Form, _ *forms.Element) bool { return !p.Negated }),
	probeRule("Yes when worded negated", func(p *question.Probe, _ *forms.Form, _ *forms.Element) bool { return p.Negated }),
	probeRule("Yes when it asks about a value", func(p *question.Probe, _ *forms.Form, _ *forms.Element) bool { return p.Kind == question.ProbeHolds }),
	probeRule("Yes for a checkbox or radio button", func(p *question.Probe, _ *forms.Form, _ *forms.Element) bool {
		return p.Kind == question.ProbeChecked || p.Kind == question.ProbeSelected
	}),
	probeRule("Yes for the first element of its kind", func(_ *question.Probe, _ *forms.Form, e *forms.Element) bool { return e.Ordinal == 1 }),
	probeRule("Yes for a conditional element", func(_ *question.Probe, _ *forms.Form, e *forms.Element) bool { return e.EnabledBy != nil }),
	probeRule("Yes when a slider value asked is an end of its range", func(p *question.Probe, _ *forms.Form, e *forms.Element) bool { return sliderEnd(p, e) }),
	kindAsWorded(question.ProbeChecked),
	kindAsWorded(question.ProbeSelected),
	kindAsWorded(question.ProbeEnabled),
	kindAsWorded(question.ProbeEmpty),
	Neg("No for a checked probe worded as the state, else Yes", kindAsWorded(question.ProbeChecked)),
	Neg("No for a selected probe worded as the state, else Yes", kindAsWorded(question.ProbeSelected)),
	Neg("No for an enabled probe worded as the state, else Yes", kindAsWorded(question.ProbeEnabled)),
	Neg("No for an empty probe worded as the state, else Yes", kindAsWorded(question.ProbeEmpty)),
	probeRule("Yes when a text asked is the first of the form's texts", func(p *question.Probe, f *forms.Form, e *forms.Element) bool {
		return e.Kind == forms.TextBox && len(f.TextValues) > 0 && p.Value == f.TextValues[0]
	}),
}
