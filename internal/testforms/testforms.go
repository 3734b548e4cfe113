// Package testforms holds form families, and helpers, that tests of
// several packages share.
package testforms

import (
	"slices"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
)

// Conditional returns the built-in families with conditions and two of
// the tests' own: a slider that enables two checkboxes from 3 up, and a
// checkbox that enables three radio buttons, so that every kind of enabler
// and of conditional element is drawn. Every family is validated; tb fails
// when one is missing or invalid.
func Conditional(tb testing.TB) []forms.Family {
	tb.Helper()
	own := []forms.Family{
		{Name: "slider_gate", Refer: forms.ByOrdinal, Groups: []forms.Group{
			{Kind: forms.Slider, MinCount: 1, MaxCount: 1, Ranges: []forms.Range{{Min: -10, Max: 10, Step: 1}, {Min: 0, Max: 10, Step: 1}}},
			{Kind: forms.Checkbox, MinCount: 2, MaxCount: 2, EnabledBy: &forms.Condition{Group: 0, AtLeast: 3}},
		}},
		{Name: "checkbox_radios", Refer: forms.ByOrdinal, Groups: []forms.Group{
			{Kind: forms.Checkbox, MinCount: 1, MaxCount: 1},
			{Kind: forms.Radio, MinCount: 3, MaxCount: 3, EnabledBy: &forms.Condition{Group: 0}},
		}},
		// Labelled groups in rows: the labels sit beside the controls.
		{Name: "row_gate", Refer: forms.ByLabel, Groups: []forms.Group{
			{Kind: forms.Radio, MinCount: 3, MaxCount: 3, Labels: forms.LabelsList, LabelList: []string{"once", "daily", "custom"}, Layout: forms.LayoutRow},
			{Kind: forms.Slider, MinCount: 1, MaxCount: 1, Labels: forms.LabelsList, LabelList: []string{"sum"}, Ranges: []forms.Range{{Min: 0, Max: 8, Step: 2}},
				EnabledBy: &forms.Condition{Group: 0, Member: -1}, Layout: forms.LayoutRow},
			{Kind: forms.Checkbox, MinCount: 2, MaxCount: 2, Labels: forms.LabelsList, LabelList: []string{"gift", "receipt"}, Layout: forms.LayoutRow},
		}},
	}
	var out []forms.Family
	for _, name := range []string{"checkbox_textboxes", "radio_slider"} {
		f := forms.Builtin(name)
		if f == nil {
			tb.Fatalf("testforms: no built-in family %s", name)
		}
		out = append(out, *f)
	}
	for _, f := range own {
		if err := f.Validate(); err != nil {
			tb.Fatalf("testforms: %v", err)
		}
		out = append(out, f)
	}
	return out
}

// Every returns the built-in families, then those of Conditional the
// built-ins lack, then Mixed: each family once, for a test that runs
// every kind of form.
func Every(tb testing.TB) []forms.Family {
	tb.Helper()
	fams := forms.Builtins()
	for _, fam := range append(Conditional(tb), Mixed()) {
		if !slices.ContainsFunc(fams, func(g forms.Family) bool { return g.Name == fam.Name }) {
			fams = append(fams, fam)
		}
	}
	return fams
}

// FlipDisabled returns the HTML of a form picture's job (formview.Job) with
// the disabled attribute of element id added, or removed if it has it; tb
// fails when html has no such element.
func FlipDisabled(tb testing.TB, html, id string) string {
	tb.Helper()
	at, end := ControlTag(tb, html, id)
	if tag := html[at:end]; strings.Contains(tag, " disabled") {
		return html[:at] + strings.Replace(tag, " disabled", "", 1) + html[end:]
	}
	return html[:end] + " disabled" + html[end:]
}

// ControlTag returns where, in html, the opening tag of element id's
// control starts and where its closing '>' is. The control is the one
// render's read-back takes: the tag marked data-el=id if it is an input,
// textarea, select or button, else the first input, textarea or select
// after the mark, as the range input inside the span that draws a
// slider's track.
func ControlTag(tb testing.TB, html, id string) (start, end int) {
	tb.Helper()
	at := strings.Index(html, `data-el="`+id+`"`)
	if at < 0 {
		tb.Fatalf("no element %s in %s", id, html)
	}
	start = strings.LastIndexByte(html[:at], '<')
	if name, _, _ := strings.Cut(html[start+1:at], " "); !slices.Contains([]string{"input", "textarea", "select", "button"}, name) {
		in := -1
		for _, tag := range []string{"<input", "<textarea", "<select"} {
			if k := strings.Index(html[at:], tag); k >= 0 && (in < 0 || k < in) {
				in = k
			}
		}
		if in < 0 {
			tb.Fatalf("element %s has no input inside in %s", id, html)
		}
		start = at + in
	}
	return start, start + strings.IndexByte(html[start:], '>')
}

// Mixed returns a family the built-ins lack: one form with checkboxes and
// radio buttons, labels in three scripts, a slider of step 2 over negative
// and positive values that enables a text box from 2 up, a checkbox the
// last radio button enables, and texts that are not lower-case ASCII,
// among them "other" (the name of the PDDL problems' sink, were it plain).
func Mixed() forms.Family {
	return forms.Family{
		Name:  "mixed_test",
		Refer: forms.ByLabel,
		Groups: []forms.Group{
			{Kind: forms.Checkbox, MinCount: 2, MaxCount: 2, Labels: forms.LabelsList, LabelList: []string{"Größe", "Ωμέγα", "Кошка"}},
			{Kind: forms.Radio, MinCount: 3, MaxCount: 3, Labels: forms.LabelsList, LabelList: []string{"Tak", "Nie", "Może"}},
			{Kind: forms.Slider, MinCount: 1, MaxCount: 1, Ranges: []forms.Range{{Min: -6, Max: 6, Step: 2}}},
			{Kind: forms.TextBox, MinCount: 1, MaxCount: 1, Labels: forms.LabelsList, LabelList: []string{"Имя"},
				TextPool: []string{"Ab", "other", "ÄÖ", "x-1", "12"}, TextVocab: 3, EnabledBy: &forms.Condition{Group: 2, AtLeast: 2}},
			{Kind: forms.Checkbox, MinCount: 1, MaxCount: 1, Labels: forms.LabelsList, LabelList: []string{"Zgoda"}, EnabledBy: &forms.Condition{Group: 1, Member: -1}},
		},
	}
}

// Small returns a form of two checkboxes (labelled A and B), a slider
// 0..10, a radio group of two, a text box and Submit, typing "12" or "5".
func Small() *forms.Form {
	return &forms.Form{
		Family: "test",
		Refer:  forms.ByOrdinal,
		Elements: []forms.Element{
			{ID: "e0", Kind: forms.Checkbox, Ordinal: 1, Label: "A", Group: "g0"},
			{ID: "e1", Kind: forms.Checkbox, Ordinal: 2, Label: "B", Group: "g0"},
			{ID: "e2", Kind: forms.Slider, Ordinal: 1, Min: 0, Max: 10, Step: 1, Group: "g1"},
			{ID: "e3", Kind: forms.Radio, Ordinal: 1, Group: "g2"},
			{ID: "e4", Kind: forms.Radio, Ordinal: 2, Group: "g2"},
			{ID: "e5", Kind: forms.TextBox, Ordinal: 1, Group: "g3"},
			{ID: "e6", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
		},
		TextValues: []string{"12", "5"},
	}
}

// Gated returns a form with every kind of enabler: a checkbox that enables
// a text box, a radio group of two whose 2nd enables a slider 0..10, a
// slider 0..10 that from 5 enables a checkbox, and a chain: the checkbox
// enabled from 5 enables a 2nd text box. It types "12" or "5".
func Gated() *forms.Form {
	return &forms.Form{
		Family: "cond",
		Refer:  forms.ByOrdinal,
		Elements: []forms.Element{
			{ID: "e0", Kind: forms.Checkbox, Ordinal: 1, Group: "g0"},
			{ID: "e1", Kind: forms.TextBox, Ordinal: 1, Group: "g1", EnabledBy: &forms.Enabler{Element: 0}},
			{ID: "e2", Kind: forms.Radio, Ordinal: 1, Group: "g2"},
			{ID: "e3", Kind: forms.Radio, Ordinal: 2, Group: "g2"},
			{ID: "e4", Kind: forms.Slider, Ordinal: 1, Min: 0, Max: 10, Step: 1, Group: "g3", EnabledBy: &forms.Enabler{Element: 3}},
			{ID: "e5", Kind: forms.Slider, Ordinal: 2, Min: 0, Max: 10, Step: 1, Group: "g4"},
			{ID: "e6", Kind: forms.Checkbox, Ordinal: 2, Group: "g5", EnabledBy: &forms.Enabler{Element: 5, AtLeast: 5}},
			{ID: "e7", Kind: forms.TextBox, Ordinal: 2, Group: "g6", EnabledBy: &forms.Enabler{Element: 6}},
			{ID: "e8", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
		},
		TextValues: []string{"12", "5"},
	}
}
