package statesim

import (
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
)

func TestInstruction(t *testing.T) {
	labelled := &forms.Form{Refer: forms.ByLabel, Elements: []forms.Element{
		{ID: "e0", Kind: forms.Checkbox, Ordinal: 1, Label: "iyHxAx"},
		{ID: "e1", Kind: forms.Checkbox, Ordinal: 2, Label: "Br"},
		{ID: "e2", Kind: forms.Checkbox, Ordinal: 3, Label: "ksTONIO"},
		{ID: "e3", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
	}}
	lab := func(l string) forms.Ref { return forms.Ref{Kind: forms.Checkbox, Label: l} }
	f := testforms.Small()
	tests := []struct {
		name  string
		form  *forms.Form
		wants []Want
		text  string
	}{
		{"checkbox labels", labelled, []Want{{lab("iyHxAx"), Value{N: 1}}, {lab("Br"), Value{N: 1}}, {lab("ksTONIO"), Value{}}}, "Select iyHxAx, Br and click Submit."},
		{"nothing", labelled, []Want{{lab("iyHxAx"), Value{}}, {lab("Br"), Value{}}, {lab("ksTONIO"), Value{}}}, "Select nothing and click Submit."},
		{"slider and one box", f, []Want{{sl(), Value{N: 3}}, {cb(1), Value{}}, {cb(2), Value{N: 1}}}, "Select 3 with the slider, check only the 2nd checkbox, then hit Submit."},
		{"slider and every box", f, []Want{{sl(), Value{N: 3}}, {cb(1), Value{N: 1}}, {cb(2), Value{N: 1}}}, "Select 3 with the slider, check every checkbox, then hit Submit."},
		{"radio and text", f, []Want{{rb(1), Value{N: 1}}, {tb(1), Value{S: "12"}}}, `Check the 1st radio button, enter the number "12" into the 1st textbox, then hit Submit.`},
		{"one box of several", f, []Want{{cb(2), Value{}}}, "Uncheck the 2nd checkbox, then hit Submit."},
	}
	for _, tc := range tests {
		g := NewGoal(tc.form, tc.wants)
		if g.Text != tc.text {
			t.Errorf("%s: %q, want %q", tc.name, g.Text, tc.text)
		}
		if err := g.Validate(tc.form); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

func TestGoalValidate(t *testing.T) {
	f := testforms.Small()
	bad := map[string][]Want{
		"missing element":     {{cb(5), Value{N: 1}}},
		"named twice":         {{cb(1), Value{N: 1}}, {cb(1), Value{}}},
		"two radios selected": {{rb(1), Value{N: 1}}, {rb(2), Value{N: 1}}},
		"radio unselected":    {{rb(1), Value{}}},
		"slider off range":    {{sl(), Value{N: 11}}},
		"text in a checkbox":  {{cb(1), Value{S: "x"}}},
	}
	for name, wants := range bad {
		if err := (Goal{Wants: wants}).Validate(f); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
