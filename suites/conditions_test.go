package suites

import (
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/statesim"
)

// TestConditionalFamilies checks the questions on forms with conditional
// elements: each begins with the form's conditions, its goal names no
// disabled value, plan_shuffle rows all need the picture and their order
// matters through the conditions (some option acts on a disabled element),
// and edge_case starts include mistakes made while an element was enabled.
func TestConditionalFamilies(t *testing.T) {
	for _, suite := range Drawn() {
		disabledLabels, conditional := 0, 0
		for _, q := range rows(t, suite) {
			m := decoded(t, q)
			if !m.Form.Conditional() {
				if strings.HasPrefix(q.Question, "On this form:") {
					t.Fatalf("%s %d: a form without conditions has a note", suite, q.Index)
				}
				continue
			}
			conditional++
			note := FormNote(&m.Form)
			if !strings.HasPrefix(q.Question, note+"\n") || !strings.Contains(q.PromptInstruct, note) {
				t.Fatalf("%s %d: question or prompt does not begin with the form's conditions:\n%s", suite, q.Index, q.Question)
			}
			if m.Goal != nil {
				if err := m.Goal.Validate(&m.Form); err != nil {
					t.Fatalf("%s %d: %v", suite, q.Index, err)
				}
			}
			for _, l := range q.Labels {
				if strings.HasSuffix(l, "while it is disabled") {
					disabledLabels++
				}
			}
			if suite == "plan_shuffle" && !q.ImageNeeded {
				t.Fatalf("plan_shuffle %d: image_needed false", q.Index)
			}
		}
		if conditional == 0 {
			t.Fatalf("%s: no question on a conditional family", suite)
		}
		if (suite == "plan_shuffle" || suite == "plan_semantic") && disabledLabels == 0 {
			t.Errorf("%s: no option is labelled as acting on a disabled element", suite)
		}
	}
}

// TestDisabledLabel checks the label of an option that types into a text
// box before checking the box that enables it.
func TestDisabledLabel(t *testing.T) {
	f := forms.Form{Family: "x", Refer: forms.ByOrdinal, Elements: []forms.Element{
		{ID: "e0", Kind: forms.Checkbox, Ordinal: 1, Group: "g0"},
		{ID: "e1", Kind: forms.TextBox, Ordinal: 1, Group: "g1", EnabledBy: &forms.Enabler{Element: 0}},
		{ID: "e2", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
	}, TextValues: []string{"12"}}
	box := forms.Ref{Kind: forms.Checkbox, Ordinal: 1}
	text := forms.Ref{Kind: forms.TextBox, Ordinal: 1}
	g := statesim.NewGoal(&f, []statesim.Want{{Target: box, Value: statesim.Value{N: 1}}, {Target: text, Value: statesim.Value{S: "12"}}})
	plan := []statesim.Action{{Op: statesim.Type, Target: text, Text: "12"}, {Op: statesim.Check, Target: box}, statesim.SubmitAction}
	start := statesim.Clean(&f)
	fin, _ := finals(&f, start, [][]statesim.Action{plan})
	if got, want := whyWrong(&f, g, plan, start, fin[0]), "step 1 types into the 1st textbox while it is disabled"; got != want {
		t.Errorf("label %q, want %q", got, want)
	}
	// From a start with the box checked the same plan unchecks nothing
	// and works: the picture decides.
	on := start.Clone()
	on[0].N = 1
	if out, err := statesim.Run(&f, on, plan); err != nil || !g.Met(&f, out.Final) {
		t.Errorf("from a checked box the plan fails: %v", err)
	}
}

// TestShuffleTiedParts builds plan_shuffle questions on a form whose
// conditions tie parts of different sizes: the starts an order is memoized
// for must stay those of their own part.
func TestShuffleTiedParts(t *testing.T) {
	fam := testforms.Mixed()
	if err := fam.Validate(); err != nil {
		t.Fatal(err)
	}
	s, _ := Lookup("plan_shuffle")
	for seed := uint64(1); seed <= 5; seed++ {
		sp := &Spec{Seed: seed, Families: []forms.Family{fam}}
		var err error
		if sp.Horizons, err = Fit(s, sp, false); err != nil {
			t.Fatal(err)
		}
		for i := int64(0); i < 40; i++ {
			if _, err := s.Build(sp, i); err != nil {
				t.Fatal(err)
			}
		}
	}
}
