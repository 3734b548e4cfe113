package actlang

import (
	"errors"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

func TestJSONAction(t *testing.T) {
	L, M := labelForm, mixedForm
	br := byLabel(forms.Checkbox, "Br")
	runActionCases(t, []actionCase{
		{f: L, in: `{"op": "check", "target": "the 2nd checkbox"}`, want: act(statesim.Check, br)},
		{f: L, in: `{"op": "check", "target": "checkbox-2"}`, want: act(statesim.Check, br)},
		{f: L, in: `{"op": "check", "target": "Br"}`, want: act(statesim.Check, br)},
		{f: L, in: `{"op": "check", "target": {"kind": "checkbox", "ordinal": 2}}`, want: act(statesim.Check, br)},
		{f: L, in: `{"op": "check", "target": {"kind": "checkbox", "label": "Br"}}`, want: act(statesim.Check, br)},
		{f: L, in: `{"OP": "Tick", "Target": "br"}`, want: act(statesim.Check, br)},
		{f: L, in: `{"op": "select", "target": "Gift"}`, want: act(statesim.Select, byLabel(forms.Radio, "Gift"))},
		{f: L, in: `{"op": "check", "target": {"kind": "checkbox", "label": "Foo"}}`, want: act(statesim.Check, byLabel(forms.Checkbox, "Foo"))},
		{f: L, in: `{"op": "check", "target": {"kind": "checkbox", "ordinal": 7}}`, want: act(statesim.Check, nth(forms.Checkbox, 7))},
		{f: L, in: `{"op": "set", "target": "Br", "value": false}`, want: act(statesim.Uncheck, br)},
		{f: M, in: `{"op": "set", "target": "slider-1", "value": 4}`, want: num(statesim.Set, slider1, 4)},
		{f: M, in: `{"op": "set", "target": "the slider", "value": "-3"}`, want: num(statesim.Set, slider1, -3)},
		{f: M, in: `{"op": "set", "target": "the slider", "value": 4.0}`, want: num(statesim.Set, slider1, 4)},
		{f: M, in: `{"op": "move", "target": "the slider", "value": -3}`, want: num(statesim.Move, slider1, -3)},
		{f: M, in: `{"op": "decrease", "target": "the slider", "value": 2}`, want: num(statesim.Move, slider1, -2)},
		{f: M, in: `{"action": "type", "element": {"kind": "textbox", "ordinal": 1}, "text": "12"}`, want: txt(statesim.Type, box1, "12")},
		{f: M, in: `{"op": "enter", "target": "the 2nd textbox", "value": 1234}`, want: txt(statesim.Enter, box2, "1234")},
		{f: M, in: `{"op": "enter", "target": "the 2nd textbox", "value": "", "reason": "empty it"}`, want: txt(statesim.Enter, box2, "")},
		{f: M, in: `{"op": "clear", "target": "textbox-2"}`, want: act(statesim.Clear, box2)},
		{f: M, in: `{"op": "submit"}`, want: submit},
		{f: M, in: `{"op": "submit", "target": "Submit"}`, want: submit},
		{f: M, in: `{"op": "click", "target": "the Submit button"}`, want: submit},
		{f: M, in: `{"op": "hit submit"}`, want: submit},
		{f: M, in: `[{"op": "submit"}]`, want: submit},
		// Wrong types and missing parts.
		{f: M, in: `{"op": 5, "target": "the slider"}`, errText: `"op" is 5, want a string`},
		{f: M, in: `{"target": "the slider"}`, errText: `without "op"`},
		{f: M, in: `{"op": "fly", "target": "the slider"}`, errText: `unknown op "fly"`},
		{f: M, in: `{"op": "clear"}`, errText: `without "target"`},
		{f: M, in: `{"op": "clear", "target": 3}`, errText: `"target" is 3`},
		{f: M, in: `{"op": "clear", "target": {"kind": "box7", "ordinal": 1}}`, errText: `unknown kind "box7"`},
		{f: M, in: `{"op": "clear", "target": {"kind": "textbox"}}`, errText: "a kind and an ordinal or a label"},
		{f: M, in: `{"op": "set", "target": "the slider"}`, errText: `no "value"`},
		{f: M, in: `{"op": "set", "target": "the slider", "value": "high"}`, errText: "no whole number"},
		{f: M, in: `{"op": "set", "target": "the slider", "value": 2.5}`, errText: "no whole number"},
		{f: M, in: `{"op": "set", "target": "the slider", "value": 99999999999999999999}`, errText: "no whole number in range"},
		{f: M, in: `{"op": "type", "target": "the 1st textbox", "value": [1]}`, errText: "is no text"},
		{f: M, in: `{"op": "type", "target": "the 1st textbox", "value": "1"} trailing`, errText: "after JSON"},
		{f: M, in: `{"op": "type", "target": "the 1st textbox",`, errText: "JSON"},
		{f: M, in: `{"x": 12, "y": 40}`, errText: "a click point is no plan step"},
		{f: M, in: `[{"op": "submit"}, {"op": "submit"}]`, errText: "2 actions"},
		{f: M, in: `["Clear the 1st textbox"]`, want: act(statesim.Clear, box1)},
		{f: M, in: `[7]`, errText: "is no action object"},
	})
}

// TestJSONPlan reads plans written as JSON arrays, over several lines, in
// a code fence, and under "plan".
func TestJSONPlan(t *testing.T) {
	want := []statesim.Action{num(statesim.Set, slider1, 4), txt(statesim.Enter, box2, "12"), submit}
	for _, reply := range []string{
		`[{"op": "set", "target": "the slider", "value": 4}, {"op": "enter", "target": "the 2nd textbox", "value": "12"}, {"op": "submit"}]`,
		"Here you go:\n```json\n[\n  {\"op\": \"set\", \"target\": \"the slider\", \"value\": 4},\n  {\"op\": \"enter\", \"target\": \"the 2nd textbox\", \"value\": \"12\"},\n  {\"op\": \"submit\"}\n]\n```\nThat is all.",
		`{"plan": [{"op": "set", "target": "the slider", "value": 4}, "Enter \"12\" into the 2nd textbox", "(submit)"]}`,
		"{\"op\": \"set\", \"target\": \"the slider\", \"value\": 4}\n{\"op\": \"enter\", \"target\": \"the 2nd textbox\", \"value\": \"12\"}\n{\"op\": \"submit\"}",
	} {
		p := ParsePlan(mixedForm, reply)
		if !p.OK() || !slices.Equal(p.Actions(), want) {
			t.Errorf("%q: got %v (err %v, unparsed %v)", reply, p.Actions(), p.Err, p.Unparsed)
		}
	}
	p := ParsePlan(mixedForm, "[\n{\"op\": \"set\", \"target\": \"the slider\", \"value\": 4},\n{\"op\": \"fly\"},\n{\"op\": \"submit\"}\n]")
	if p.OK() || len(p.Unparsed) != 1 || p.Unparsed[0].Line != 3 || len(p.Steps) != 2 || p.Steps[1].Line != 4 {
		t.Errorf("a bad element in a JSON plan: got %+v", p)
	}
	p = ParsePlan(mixedForm, `[{"op": "fly"}, {"op": "submit"}]`)
	if p.OK() || len(p.Unparsed) != 1 {
		t.Errorf("a bad first element in a JSON plan: got %+v", p)
	}
	// A string with nothing in it, or only list marks, is a bad element.
	for _, empty := range []string{`""`, `"**"`, `" - "`} {
		p = ParsePlan(mixedForm, "["+empty+`, "Hit Submit"]`)
		if p.OK() || len(p.Unparsed) != 1 || len(p.Steps) != 1 || !errors.Is(p.Unparsed[0].Err, ErrSyntax) {
			t.Errorf("an empty string %s in a JSON plan: got %+v", empty, p)
		}
	}
}
