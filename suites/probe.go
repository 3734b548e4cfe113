package suites

import (
	"fmt"
	"strconv"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

// What the perception suites share: how a probe is worded, what its
// options say, and its answer, computed from a form and a pictured state
// alone (ProbeAnswer), which the row checks recompute.

// YesNoProbe reports whether probes of kind are answered Yes or No.
func YesNoProbe(kind string) bool {
	switch kind {
	case question.ProbeChecked, question.ProbeSelected, question.ProbeEnabled, question.ProbeEmpty, question.ProbeHolds:
		return true
	}
	return false
}

// probeSubject names element i as a probe's question does: "the checkbox
// "apple"" on a form that names elements by label, else "the 2nd
// checkbox" or "the slider".
func probeSubject(f *forms.Form, i int) string {
	e := &f.Elements[i]
	if f.Refer == forms.ByLabel && e.Label != "" {
		return "the " + e.Kind.Noun() + " " + strconv.Quote(e.Label)
	}
	return f.Name(f.RefOf(i))
}

// ProbeOption words the value of element i in state s as a probe's option
// gives it: a radio button's name (ProbeMember), a slider's value, or a
// text box's text in quotes, "(empty)" for none.
func ProbeOption(f *forms.Form, s statesim.State, kind string, i int) string {
	switch kind {
	case question.ProbeMember:
		return f.Name(f.RefOf(i))
	case question.ProbeSlider:
		return strconv.Itoa(s[i].N)
	}
	return textOption(s[i].S)
}

// textOption words a text as a probe's option: quoted, "(empty)" for none.
func textOption(t string) string {
	if t == "" {
		return "(empty)"
	}
	return strconv.Quote(t)
}

// probeQuestion words probe p about form f. A Yes/No probe asks whether
// the element is as it words it; the others ask which option it shows.
func probeQuestion(f *forms.Form, p *question.Probe) (string, error) {
	i := f.Index(p.Element)
	if i < 0 {
		return "", fmt.Errorf("probe about element %q, which the form does not have", p.Element)
	}
	subj := probeSubject(f, i)
	word := func(yes, no string) string {
		if p.Negated {
			return no
		}
		return yes
	}
	switch p.Kind {
	case question.ProbeChecked:
		return "In the screenshot, is " + subj + " " + word("checked", "unchecked") + "?", nil
	case question.ProbeSelected:
		return "In the screenshot, is " + subj + " " + word("selected", "not selected") + "?", nil
	case question.ProbeEnabled:
		return "In the screenshot, is " + subj + " " + word("enabled", "disabled") + "?", nil
	case question.ProbeEmpty:
		return "In the screenshot, is " + subj + " " + word("empty", "holding some text") + "?", nil
	case question.ProbeHolds:
		if f.Elements[i].Kind == forms.Slider {
			return "In the screenshot, is " + subj + " at " + p.Value + "?", nil
		}
		return "In the screenshot, does " + subj + " hold exactly " + strconv.Quote(p.Value) + "?", nil
	case question.ProbeMember:
		return "In the screenshot, which of these radio buttons is selected?", nil
	case question.ProbeSlider:
		return "In the screenshot, which value does " + subj + " show?", nil
	case question.ProbeText:
		return "In the screenshot, which text does " + subj + " hold?", nil
	}
	return "", fmt.Errorf("probe of unknown kind %q", p.Kind)
}

// ProbeAnswer returns the answer of probe p on form f in state s, the
// pictured one: Yes or No for a Yes/No probe, else the option text of
// what the element shows (ProbeOption). It fails on a probe that does not
// fit the form: an unknown element, or a kind the element cannot take.
func ProbeAnswer(f *forms.Form, s statesim.State, p *question.Probe) (string, error) {
	i := f.Index(p.Element)
	if i < 0 || len(s) != len(f.Elements) {
		return "", fmt.Errorf("probe about element %q, which the form or state does not have", p.Element)
	}
	k := f.Elements[i].Kind
	var truth bool
	switch {
	case p.Kind == question.ProbeChecked && k == forms.Checkbox, p.Kind == question.ProbeSelected && k == forms.Radio:
		truth = s[i].N == 1
	case p.Kind == question.ProbeEnabled && f.Elements[i].EnabledBy != nil:
		truth = statesim.Enabled(f, s, i)
	case p.Kind == question.ProbeEmpty && k == forms.TextBox:
		truth = s[i].S == ""
	case p.Kind == question.ProbeHolds && k == forms.Slider:
		truth = strconv.Itoa(s[i].N) == p.Value
	case p.Kind == question.ProbeHolds && k == forms.TextBox:
		truth = s[i].S == p.Value
	case p.Kind == question.ProbeMember && k == forms.Radio:
		for _, m := range f.Members(f.Elements[i].Group) {
			if s[m].N == 1 {
				return ProbeOption(f, s, p.Kind, m), nil
			}
		}
		return "", fmt.Errorf("member probe about group %s, of which no radio button is selected", f.Elements[i].Group)
	case p.Kind == question.ProbeSlider && k == forms.Slider, p.Kind == question.ProbeText && k == forms.TextBox:
		return ProbeOption(f, s, p.Kind, i), nil
	default:
		return "", fmt.Errorf("a %s probe about %s, a %s", p.Kind, p.Element, k)
	}
	if truth != p.Negated {
		return "Yes", nil
	}
	return "No", nil
}
