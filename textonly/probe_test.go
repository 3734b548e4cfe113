package textonly

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
)

// probeView returns the view of a probe question about element id of a
// slider_checkboxes form (e0 the slider, e1 to e3 the checkboxes).
func probeView(t *testing.T, text string, choices []string, p question.Probe) View {
	t.Helper()
	form := forms.Builtin("slider_checkboxes").NewForm(rand.New(rand.NewPCG(1, 2)))
	q := question.Question{Suite: "perception", Question: text, Choices: choices, Meta: question.Meta{Form: form, Probe: &p}}
	return NewView(&q)
}

// TestProbeReaders checks which options the readers of a probe's text
// pick: the highest score, ties all picked.
func TestProbeReaders(t *testing.T) {
	yesNo := []string{"Yes", "No"}
	values := []string{"-7", "4", "6", "10"}
	texts := []string{"(empty)", `"12"`, `"4684"`, `"7"`}
	checked := question.Probe{Kind: question.ProbeChecked, Element: "e2"}
	negated := question.Probe{Kind: question.ProbeChecked, Element: "e2", Negated: true}
	slider := question.Probe{Kind: question.ProbeSlider, Element: "e0"}
	tests := []struct {
		reader  string
		choices []string
		probe   question.Probe
		want    []int
	}{
		{"always Yes", yesNo, checked, []int{0}},
		{"always No", yesNo, checked, []int{1}},
		{"always Yes", values, slider, []int{0, 1, 2, 3}},
		{"negated wording means Yes", yesNo, negated, []int{0}},
		{"negated wording means Yes", yesNo, checked, []int{1}},
		{"negated wording means No", yesNo, negated, []int{1}},
		{"first option", values, slider, []int{0}},
		{"last option", values, slider, []int{3}},
		{"middle option", values, slider, []int{2}},
		{"smallest value", values, slider, []int{0}},
		{"largest value", values, slider, []int{3}},
		{"middle value", values, slider, []int{1}},
		{"smallest value", texts, slider, []int{0, 1, 2, 3}},
		{"(empty)", texts, slider, []int{0}},
		{"anything but (empty)", texts, slider, []int{1, 2, 3}},
		{"longest option", texts, slider, []int{0}},
		{"shortest option", texts, slider, []int{3}},
		{"lexicographically first", texts, slider, []int{1}},
		{"the element's ordinal", yesNo, checked, []int{1}}, // e2 is the 2nd checkbox: even
		{"against the element's ordinal", yesNo, checked, []int{0}},
		{"the element's ordinal", values, slider, []int{0}}, // the 1st slider: the 1st option
	}
	for _, tc := range tests {
		t.Run(tc.reader, func(t *testing.T) {
			k := slices.IndexFunc(Probe, func(r Reader) bool { return r.Name == tc.reader })
			if k < 0 {
				t.Fatalf("no reader %q", tc.reader)
			}
			v := probeView(t, "In the screenshot, ...", tc.choices, tc.probe)
			s := Probe[k].Score(&v)
			best := slices.Max(s)
			var got []int
			for j, x := range s {
				if x == best {
					got = append(got, j)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("picks %v (scores %v), want %v", got, s, tc.want)
			}
		})
	}
}
