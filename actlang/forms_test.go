package actlang

import (
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// labelForm names its elements by label: checkboxes iyHxAx, Br, to,
// "Express shipping" and Express (a label inside another), and radio
// buttons Gift and Card.
var labelForm = mustForm(forms.Form{Family: "labels", Refer: forms.ByLabel, Elements: []forms.Element{
	{ID: "e0", Kind: forms.Checkbox, Ordinal: 1, Label: "iyHxAx", Group: "g0"},
	{ID: "e1", Kind: forms.Checkbox, Ordinal: 2, Label: "Br", Group: "g0"},
	{ID: "e2", Kind: forms.Checkbox, Ordinal: 3, Label: "to", Group: "g0"},
	{ID: "e3", Kind: forms.Checkbox, Ordinal: 4, Label: "Express shipping", Group: "g0"},
	{ID: "e4", Kind: forms.Checkbox, Ordinal: 5, Label: "Express", Group: "g0"},
	{ID: "e5", Kind: forms.Radio, Ordinal: 1, Label: "Gift", Group: "g1"},
	{ID: "e6", Kind: forms.Radio, Ordinal: 2, Label: "Card", Group: "g1"},
	{ID: "e7", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
}})

// mixedForm names its elements by ordinal: one slider -10..10, three
// radio buttons, two text boxes.
var mixedForm = mustForm(forms.Form{Family: "mixed", Refer: forms.ByOrdinal, TextValues: []string{"12", "1234"}, Elements: []forms.Element{
	{ID: "e0", Kind: forms.Slider, Ordinal: 1, Min: -10, Max: 10, Step: 1, Group: "g0"},
	{ID: "e1", Kind: forms.Radio, Ordinal: 1, Group: "g1"},
	{ID: "e2", Kind: forms.Radio, Ordinal: 2, Group: "g1"},
	{ID: "e3", Kind: forms.Radio, Ordinal: 3, Group: "g1"},
	{ID: "e4", Kind: forms.TextBox, Ordinal: 1, Group: "g2"},
	{ID: "e5", Kind: forms.TextBox, Ordinal: 2, Group: "g2"},
	{ID: "e6", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
}})

// twoForm has two sliders, one checkbox and one text box, so that "the
// slider" is ambiguous and "box" is settled by the verb.
var twoForm = mustForm(forms.Form{Family: "two", Refer: forms.ByOrdinal, Elements: []forms.Element{
	{ID: "e0", Kind: forms.Slider, Ordinal: 1, Min: 0, Max: 10, Step: 1, Group: "g0"},
	{ID: "e1", Kind: forms.Slider, Ordinal: 2, Min: 0, Max: 10, Step: 1, Group: "g0"},
	{ID: "e2", Kind: forms.Checkbox, Ordinal: 1, Group: "g1"},
	{ID: "e3", Kind: forms.TextBox, Ordinal: 1, Group: "g2"},
	{ID: "e4", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
}})

func mustForm(f forms.Form) *forms.Form {
	if err := f.Validate(); err != nil {
		panic(err)
	}
	return &f
}

// Shorthands for the actions the tables expect.
func byLabel(k forms.Kind, l string) forms.Ref { return forms.Ref{Kind: k, Label: l} }
func nth(k forms.Kind, n int) forms.Ref        { return forms.Ref{Kind: k, Ordinal: n} }

func act(op statesim.Op, r forms.Ref) statesim.Action { return statesim.Action{Op: op, Target: r} }
func num(op statesim.Op, r forms.Ref, n int) statesim.Action {
	return statesim.Action{Op: op, Target: r, N: n}
}
func txt(op statesim.Op, r forms.Ref, t string) statesim.Action {
	return statesim.Action{Op: op, Target: r, Text: t}
}

var (
	slider1 = nth(forms.Slider, 1)
	box1    = nth(forms.TextBox, 1)
	box2    = nth(forms.TextBox, 2)
	submit  = statesim.SubmitAction
)

// actionCase is a step and what it reads as: an action, or an error
// holding errText.
type actionCase struct {
	f       *forms.Form
	in      string
	want    statesim.Action
	errText string
}

// runActionCases runs ParseAction over a table.
func runActionCases(t *testing.T, cases []actionCase) {
	t.Helper()
	for _, c := range cases {
		got, err := ParseAction(c.f, c.in)
		switch {
		case c.errText != "" && err == nil:
			t.Errorf("%s: %q: got %v, want an error with %q", c.f.Family, c.in, got, c.errText)
		case c.errText != "" && !strings.Contains(err.Error(), c.errText):
			t.Errorf("%s: %q: error %q, want one with %q", c.f.Family, c.in, err, c.errText)
		case c.errText == "" && err != nil:
			t.Errorf("%s: %q: %v", c.f.Family, c.in, err)
		case c.errText == "" && got != c.want:
			t.Errorf("%s: %q:\n got %+v\nwant %+v", c.f.Family, c.in, got, c.want)
		}
	}
}
