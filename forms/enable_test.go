package forms

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestBuiltinConditions checks which elements the conditional built-ins
// enable, and by what.
func TestBuiltinConditions(t *testing.T) {
	tests := []struct {
		family string
		want   map[Kind]Kind // conditional kind -> enabler kind
		text   string
	}{
		{"checkbox_textboxes", map[Kind]Kind{TextBox: Checkbox}, "The 1st textbox and the 2nd textbox can be used only while the 1st checkbox is checked."},
		{"radio_slider", map[Kind]Kind{Slider: Radio}, "The slider can be used only while the 3rd radio button is selected."},
		{"checkboxes", nil, ""},
		{"slider_checkboxes", nil, ""},
		{"radio_textboxes", nil, ""},
	}
	for _, tc := range tests {
		f := Builtin(tc.family).NewForm(rand.New(rand.NewPCG(1, 2)))
		if err := f.Validate(); err != nil {
			t.Fatalf("%s: %v", tc.family, err)
		}
		for _, e := range f.Elements {
			want, conditional := tc.want[e.Kind]
			if (e.EnabledBy != nil) != conditional {
				t.Errorf("%s: %s %s: enabled_by %v", tc.family, e.ID, e.Kind, e.EnabledBy)
				continue
			}
			if conditional && f.Elements[e.EnabledBy.Element].Kind != want {
				t.Errorf("%s: %s is enabled by a %s, want a %s", tc.family, e.ID, f.Elements[e.EnabledBy.Element].Kind, want)
			}
		}
		if f.Conditional() != (tc.want != nil) {
			t.Errorf("%s: Conditional() = %v", tc.family, f.Conditional())
		}
		if got := DependencyText(&f); got != tc.text {
			t.Errorf("%s: DependencyText = %q, want %q", tc.family, got, tc.text)
		}
	}
}

// TestConditionMember checks that member -1 names the last element of a
// group of varying size, and at_least reaches the Enabler.
func TestConditionMember(t *testing.T) {
	fam := Family{Name: "vary", Refer: ByOrdinal, Groups: []Group{
		{Kind: Radio, MinCount: 2, MaxCount: 5},
		{Kind: Checkbox, MinCount: 1, MaxCount: 2, EnabledBy: &Condition{Group: 0, Member: -1}},
		{Kind: Slider, MinCount: 1, MaxCount: 1, Ranges: []Range{{0, 10, 1}}},
		{Kind: Checkbox, MinCount: 1, MaxCount: 1, EnabledBy: &Condition{Group: 2, AtLeast: 4}},
	}}
	if err := fam.Validate(); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for range 200 {
		f := fam.NewForm(rng)
		if err := f.Validate(); err != nil {
			t.Fatal(err)
		}
		radios := f.Members("g0")
		for _, i := range f.Members("g1") {
			if got := f.Elements[i].EnabledBy; got == nil || got.Element != radios[len(radios)-1] {
				t.Fatalf("%d radios: checkbox %s enabled by %+v, want element %d", len(radios), f.Elements[i].ID, got, radios[len(radios)-1])
			}
		}
		last := f.Members("g3")[0]
		if got := f.Elements[last].EnabledBy; got == nil || got.AtLeast != 4 || f.Elements[got.Element].Kind != Slider {
			t.Fatalf("slider-enabled checkbox: %+v", got)
		}
	}
	big := fam.Largest()
	if err := big.Validate(); err != nil || !big.Conditional() {
		t.Fatalf("Largest: %v, conditional %v", err, big.Conditional())
	}
}

// TestFormEnablers checks Form.Validate on enablers a hand-written form
// (such as a row's metadata) could hold.
func TestFormEnablers(t *testing.T) {
	base := func() Form {
		return Form{Family: "x", Refer: ByOrdinal, Elements: []Element{
			{ID: "e0", Kind: Checkbox, Ordinal: 1},
			{ID: "e1", Kind: TextBox, Ordinal: 1},
			{ID: "e2", Kind: Submit, Ordinal: 1, Label: "Submit"},
		}}
	}
	tests := []struct {
		name string
		en   [3]*Enabler
		want string
	}{
		{"fine", [3]*Enabler{nil, {Element: 0}, nil}, ""},
		{"itself", [3]*Enabler{nil, {Element: 1}, nil}, "want the index of another element"},
		{"out of range", [3]*Enabler{nil, {Element: 7}, nil}, "want the index of another element"},
		{"a text box enabler", [3]*Enabler{{Element: 1}, nil, nil}, "a textbox cannot enable"},
		{"at_least on a checkbox", [3]*Enabler{nil, {Element: 0, AtLeast: 2}, nil}, "at_least is set"},
		{"Submit", [3]*Enabler{nil, nil, {Element: 0}}, "always enabled"},
	}
	for _, tc := range tests {
		f := base()
		for i := range f.Elements {
			f.Elements[i].EnabledBy = tc.en[i]
		}
		err := f.Validate()
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	cyc := Form{Family: "x", Refer: ByOrdinal, Elements: []Element{
		{ID: "e0", Kind: Checkbox, Ordinal: 1, EnabledBy: &Enabler{Element: 1}},
		{ID: "e1", Kind: Checkbox, Ordinal: 2, EnabledBy: &Enabler{Element: 0}},
	}}
	if err := cyc.Validate(); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Errorf("cycle: %v", err)
	}
}

// TestUntiedGroupsUnbounded checks that the bound on joint values applies
// only to groups that conditions tie together: three sliders of 101
// positions each, tied to nothing, make a valid family.
func TestUntiedGroupsUnbounded(t *testing.T) {
	fam := Family{Name: "sliders", Refer: ByOrdinal, Groups: []Group{
		{Kind: Slider, MinCount: 3, MaxCount: 3, Ranges: []Range{{0, 100, 1}}},
		{Kind: TextBox, MinCount: 4, MaxCount: 4, TextPool: []string{"abcdefghijklmnop", "b", "c"}},
	}}
	if err := fam.Validate(); err != nil {
		t.Fatal(err)
	}
	fam.Groups = append(fam.Groups, Group{Kind: Checkbox, MinCount: 1, MaxCount: 1, EnabledBy: &Condition{Group: 0, AtLeast: 50}})
	if err := fam.Validate(); err == nil || !strings.Contains(err.Error(), "elements[2]: the groups tied to it") {
		t.Fatalf("a checkbox tied to three sliders of 101 positions: %v", err)
	}
}
