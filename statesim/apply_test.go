package statesim

import (
	"errors"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
)

func cb(n int) forms.Ref { return forms.Ref{Kind: forms.Checkbox, Ordinal: n} }
func rb(n int) forms.Ref { return forms.Ref{Kind: forms.Radio, Ordinal: n} }
func tb(n int) forms.Ref { return forms.Ref{Kind: forms.TextBox, Ordinal: n} }
func sl() forms.Ref      { return forms.Ref{Kind: forms.Slider, Ordinal: 1} }

// TestSemantics has one case per row of the package documentation's table.
func TestSemantics(t *testing.T) {
	f := testforms.Small()
	clean := Clean(f)
	with := func(i int, v Value) State { s := clean.Clone(); s[i] = v; return s }
	both := func(i int, v Value, j int, w Value) State { s := with(i, v); s[j] = w; return s }
	tests := []struct {
		name  string
		start State
		plan  []Action
		want  State
		err   error
	}{
		{"check unchecked", clean, []Action{{Op: Check, Target: cb(1)}}, with(0, Value{N: 1}), nil},
		{"check on checked", with(0, Value{N: 1}), []Action{{Op: Check, Target: cb(1)}}, with(0, Value{N: 1}), nil},
		{"uncheck checked", with(1, Value{N: 1}), []Action{{Op: Uncheck, Target: cb(2)}}, clean, nil},
		{"uncheck on unchecked", clean, []Action{{Op: Uncheck, Target: cb(2)}}, clean, nil},
		{"click toggles on", clean, []Action{{Op: Click, Target: cb(2)}}, with(1, Value{N: 1}), nil},
		{"click toggles off", with(1, Value{N: 1}), []Action{{Op: Click, Target: cb(2)}}, clean, nil},
		{"click twice", clean, []Action{{Op: Click, Target: cb(1)}, {Op: Click, Target: cb(1)}}, clean, nil},
		{"click by label", clean, []Action{{Op: Click, Target: forms.Ref{Kind: forms.Checkbox, Label: "B"}}}, with(1, Value{N: 1}), nil},
		{"click radio selects", clean, []Action{{Op: Click, Target: rb(2)}}, with(4, Value{N: 1}), nil},
		{"select radio", clean, []Action{{Op: Select, Target: rb(1)}}, with(3, Value{N: 1}), nil},
		{"select unselects group", with(3, Value{N: 1}), []Action{{Op: Select, Target: rb(2)}}, with(4, Value{N: 1}), nil},
		{"select the selected", with(3, Value{N: 1}), []Action{{Op: Select, Target: rb(1)}}, with(3, Value{N: 1}), nil},
		{"set slider", clean, []Action{{Op: Set, Target: sl(), N: 7}}, with(2, Value{N: 7}), nil},
		{"set past max", clean, []Action{{Op: Set, Target: sl(), N: 15}}, with(2, Value{N: 10}), nil},
		{"set below min", with(2, Value{N: 4}), []Action{{Op: Set, Target: sl(), N: -3}}, clean, nil},
		{"move right", with(2, Value{N: 4}), []Action{{Op: Move, Target: sl(), N: 3}}, with(2, Value{N: 7}), nil},
		{"move past max", with(2, Value{N: 8}), []Action{{Op: Move, Target: sl(), N: 5}}, with(2, Value{N: 10}), nil},
		{"clamp at each move", with(2, Value{N: 10}), []Action{{Op: Move, Target: sl(), N: -10}, {Op: Move, Target: sl(), N: -1}}, clean, nil},
		{"split move equals one move", with(2, Value{N: 1}), []Action{{Op: Move, Target: sl(), N: 8}, {Op: Move, Target: sl(), N: 1}}, with(2, Value{N: 10}), nil},
		{"type into empty", clean, []Action{{Op: Type, Target: tb(1), Text: "12"}}, with(5, Value{S: "12"}), nil},
		{"type into non-empty appends", with(5, Value{S: "5"}), []Action{{Op: Type, Target: tb(1), Text: "12"}}, with(5, Value{S: "512"}), nil},
		{"clear", with(5, Value{S: "5"}), []Action{{Op: Clear, Target: tb(1)}}, clean, nil},
		{"clear empty", clean, []Action{{Op: Clear, Target: tb(1)}}, clean, nil},
		{"enter replaces", with(5, Value{S: "5"}), []Action{{Op: Enter, Target: tb(1), Text: "12"}}, with(5, Value{S: "12"}), nil},
		{"submit ends the plan", clean, []Action{{Op: Check, Target: cb(1)}, SubmitAction, {Op: Check, Target: cb(2)}}, with(0, Value{N: 1}), nil},
		{"invalid after submit never happens", clean, []Action{SubmitAction, {Op: Check, Target: cb(9)}}, clean, nil},
		{"commuting actions", clean, []Action{{Op: Check, Target: cb(2)}, {Op: Set, Target: sl(), N: 3}}, both(1, Value{N: 1}, 2, Value{N: 3}), nil},
		{"missing element", clean, []Action{{Op: Check, Target: cb(3)}}, nil, forms.ErrNoSuchElement},
		{"missing label", clean, []Action{{Op: Check, Target: forms.Ref{Kind: forms.Checkbox, Label: "zz"}}}, nil, forms.ErrNoSuchElement},
		{"wrong kind by op", clean, []Action{{Op: Type, Target: cb(1), Text: "1"}}, nil, ErrInvalidAction},
		{"wrong kind by label", clean, []Action{{Op: Select, Target: forms.Ref{Kind: forms.Radio, Label: "A"}}}, nil, forms.ErrWrongKind},
		{"unknown op", clean, []Action{{Op: "jump", Target: cb(1)}}, nil, ErrInvalidAction},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Run(f, tc.start, tc.plan)
			if tc.err != nil {
				var se *StepError
				if !errors.Is(err, tc.err) || !errors.As(err, &se) {
					t.Fatalf("Run error = %v, want a *StepError wrapping %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if !out.Final.Equal(tc.want) {
				t.Errorf("final = %s, want %s", out.Final, tc.want)
			}
			if err := Validate(f, out.Final); err != nil {
				t.Errorf("final state invalid: %v", err)
			}
		})
	}
}

func TestRunOutcome(t *testing.T) {
	f := testforms.Small()
	out, err := Run(f, Clean(f), []Action{{Op: Check, Target: cb(1)}, {Op: Click, Target: cb(2)}, SubmitAction})
	if err != nil || !out.Submitted || out.Steps != 2 {
		t.Fatalf("got %+v, %v; want submitted after 2 steps", out, err)
	}
	out, err = Run(f, Clean(f), []Action{{Op: Check, Target: cb(1)}})
	if err != nil || out.Submitted || out.Steps != 1 {
		t.Fatalf("got %+v, %v; want not submitted, 1 step", out, err)
	}
	start := Clean(f)
	if _, err := Apply(f, start, Action{Op: Check, Target: cb(1)}); err != nil || start[0].N != 0 {
		t.Fatalf("Apply changed its input or failed: %v", err)
	}
	// RunTo writes the same final state into the state it is given, and
	// leaves start alone; ApplyAt is ApplyInPlace once resolved.
	plan := []Action{{Op: Set, Target: sl(), N: 4}, {Op: Move, Target: sl(), N: 9}, {Op: Enter, Target: tb(1), Text: "12"}, SubmitAction}
	want, _ := Run(f, start, plan)
	into := make(State, len(start))
	got, err := RunTo(f, start, plan, into)
	if err != nil || !got.Final.Equal(want.Final) || &got.Final[0] != &into[0] || !start.Equal(Clean(f)) {
		t.Fatalf("RunTo = %v, %v; want %v in the given state, start unchanged", got.Final, err, want.Final)
	}
	byIndex := start.Clone()
	for _, a := range plan[:len(plan)-1] {
		i, err := Resolve(f, a)
		if err != nil {
			t.Fatal(err)
		}
		ApplyAt(f, byIndex, i, a)
	}
	if !byIndex.Equal(want.Final) {
		t.Errorf("ApplyAt gives %v, Run %v", byIndex, want.Final)
	}
}

func TestEnglishAndPDDL(t *testing.T) {
	f := testforms.Small()
	labelled := testforms.Small()
	labelled.Refer = forms.ByLabel
	tests := []struct {
		form    *forms.Form
		a       Action
		english string
		pddl    string
	}{
		{f, Action{Op: Uncheck, Target: cb(2)}, "Uncheck the 2nd checkbox", "(uncheck checkbox-2)"},
		{labelled, Action{Op: Check, Target: forms.Ref{Kind: forms.Checkbox, Label: "A"}}, "Check A", "(check checkbox-1)"},
		{f, Action{Op: Move, Target: sl(), N: 3}, "Move the slider handle right by 3", "(move slider-1 by-3)"},
		{f, Action{Op: Move, Target: sl(), N: -2}, "Move the slider handle left by 2", "(move slider-1 by-m2)"},
		{f, Action{Op: Set, Target: sl(), N: 4}, "Move the slider handle to 4", "(set slider-1 pos-4)"},
		{f, Action{Op: Enter, Target: tb(1), Text: "12"}, `Enter "12" into the 1st textbox`, "(enter textbox-1 txt-12)"},
		{f, Action{Op: Type, Target: tb(1), Text: "5"}, `Type "5" into the 1st textbox`, "(type textbox-1 txt-5)"},
		{f, Action{Op: Clear, Target: tb(1)}, "Clear the 1st textbox", "(clear textbox-1)"},
		{f, Action{Op: Select, Target: rb(3)}, "Select the 3rd radio button", "(select radio-3)"},
		{f, SubmitAction, "Hit Submit", "(submit)"},
	}
	for _, tc := range tests {
		if got := English(tc.form, tc.a); got != tc.english {
			t.Errorf("English(%+v) = %q, want %q", tc.a, got, tc.english)
		}
		if got := string(AppendEnglish([]byte("1. "), tc.form, tc.a)); got != "1. "+tc.english {
			t.Errorf("AppendEnglish(%+v) = %q, want %q", tc.a, got, "1. "+tc.english)
		}
		if got := PDDL(tc.form, tc.a); got != tc.pddl {
			t.Errorf("PDDL(%+v) = %q, want %q", tc.a, got, tc.pddl)
		}
	}
}

func TestDescribe(t *testing.T) {
	f := testforms.Small()
	s := Clean(f)
	s[1].N, s[2].N, s[4].N, s[5].S = 1, 7, 1, "5"
	want := `The 1st checkbox is unchecked. The 2nd checkbox is checked. The slider (from 0 to 10) is at 7. ` +
		`The 1st radio button is not selected. The 2nd radio button is selected. The 1st textbox contains "5".`
	if got := Describe(f, s); got != want {
		t.Errorf("Describe =\n%s\nwant\n%s", got, want)
	}
}
