package actlang

import (
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

func TestPDDLAction(t *testing.T) {
	L, M := labelForm, mixedForm
	runActionCases(t, []actionCase{
		{f: L, in: "(check checkbox-2)", want: act(statesim.Check, byLabel(forms.Checkbox, "Br"))},
		{f: L, in: "(CHECK CHECKBOX-2)", want: act(statesim.Check, byLabel(forms.Checkbox, "Br"))},
		{f: L, in: "(check checkbox-9)", want: act(statesim.Check, nth(forms.Checkbox, 9))},
		{f: L, in: "(uncheck checkbox-l-466f6f)", want: act(statesim.Uncheck, byLabel(forms.Checkbox, "Foo"))},
		{f: L, in: "(click checkbox-m1)", want: act(statesim.Click, nth(forms.Checkbox, -1))},
		{f: L, in: "(check iyHxAx)", want: act(statesim.Check, byLabel(forms.Checkbox, "iyHxAx"))},
		{f: M, in: "(set slider-1 pos-4)", want: num(statesim.Set, slider1, 4)},
		{f: M, in: "(set slider-1 pos-m10)", want: num(statesim.Set, slider1, -10)},
		{f: M, in: "(move slider-1 by-m3)", want: num(statesim.Move, slider1, -3)},
		{f: M, in: "(move slider-1 3)", want: num(statesim.Move, slider1, 3)},
		{f: M, in: "(enter textbox-2 txt-12)", want: txt(statesim.Enter, box2, "12")},
		{f: M, in: "(type textbox-1 txt-u-c3a9)", want: txt(statesim.Type, box1, "é")},
		{f: M, in: "(enter textbox-1 empty)", want: txt(statesim.Enter, box1, "")},
		{f: M, in: `(type textbox-1 "Ab")`, want: txt(statesim.Type, box1, "Ab")},
		{f: M, in: "(clear textbox-1)", want: act(statesim.Clear, box1)},
		{f: M, in: "(select radio-2)", want: act(statesim.Select, nth(forms.Radio, 2))},
		{f: M, in: "(click radio-1)", want: act(statesim.Click, nth(forms.Radio, 1))},
		{f: M, in: "(submit)", want: submit},
		{f: M, in: "(submit submit-1)", want: submit},
		{f: M, in: "1. (clear textbox-1) ; then the text", want: act(statesim.Clear, box1)},
		{f: M, in: "((clear textbox-1))", want: act(statesim.Clear, box1)},
		{f: M, in: "(check radio-2)", errText: "cannot check a radio button"},
		{f: M, in: "(set slider-1)", errText: "takes 2 arguments, not 1"},
		{f: M, in: "(fly slider-1)", errText: `unknown PDDL action "fly"`},
		{f: M, in: "(type textbox-1 txt-other)", errText: "outside the problem"},
		{f: M, in: "(type textbox-1 TXT-AB)", want: txt(statesim.Type, box1, "ab")}, // PDDL folds case
		{f: M, in: "(type textbox-1 txt-a_b)", errText: "not a text name"},
		{f: M, in: "(set slider-1 pos-99999999999)", errText: "out of range"},
		{f: M, in: "(clear textbox-1) junk (submit)", errText: `"junk" between PDDL actions`},
		{f: M, in: "((((((", errText: "no PDDL action"},
		{f: M, in: "(clear textbox-1) (submit)", errText: "2 actions"},
	})
}

// TestPDDLPlan reads whole PDDL plans, on one line or several.
func TestPDDLPlan(t *testing.T) {
	want := []statesim.Action{num(statesim.Move, slider1, -3), txt(statesim.Enter, box2, "12"), submit}
	for _, reply := range []string{
		"((move slider-1 by-m3) (enter textbox-2 txt-12) (submit))",
		"(move slider-1 by-m3)\n(enter textbox-2 txt-12)\n(submit)",
		"(\n  (move slider-1 by-m3)\n  (enter textbox-2 txt-12)\n  (submit)\n)",
		"Plan:\n```pddl\n((move slider-1 by-m3)\n (enter textbox-2 txt-12) (submit))\n```\n; cost = 3",
		"0: (move slider-1 by-m3)\n1: (enter textbox-2 txt-12)\n2: (submit)",
	} {
		p := ParsePlan(mixedForm, reply)
		if !p.OK() || !slices.Equal(p.Actions(), want) {
			t.Errorf("%q: got %v (err %v, unparsed %v)", reply, p.Actions(), p.Err, p.Unparsed)
		}
	}
	for _, reply := range []string{"((move slider-1 by-m3) (fly x) (submit))", "((fly x) (move slider-1 by-m3) (submit))"} {
		p := ParsePlan(mixedForm, reply)
		if p.OK() || len(p.Unparsed) != 1 || p.Unparsed[0].Text != "(fly x)" || len(p.Steps) != 2 {
			t.Errorf("a bad action in a plan: got %+v", p)
		}
	}
}
