package actlang

import (
	"errors"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

func TestParseNext(t *testing.T) {
	r1, r2 := act(statesim.Select, nth(forms.Radio, 1)), act(statesim.Click, nth(forms.Radio, 2))
	set4 := num(statesim.Set, slider1, 4)
	cases := []struct {
		reply string
		want  *statesim.Action
		point *Point
		err   error
	}{
		{reply: "Click the 2nd radio button", want: &r2},
		{reply: "Click the 2nd radio button.\n", want: &r2},
		{reply: "Action: Select the 1st radio button", want: &r1},
		{reply: "The 1st radio button should be on.\n\nNext action: **Select the 1st radio button**", want: &r1},
		{reply: "Hmm, hit Submit? No.\nAnswer: Type \"12\" into the 1st textbox\nThis types 12.", want: ptr(txt(statesim.Type, box1, "12"))},
		{reply: `{"op": "set", "target": "the slider", "value": 4}`, want: &set4},
		{reply: "```json\n{\n  \"op\": \"set\",\n  \"target\": \"the slider\",\n  \"value\": 4\n}\n```", want: &set4},
		{reply: "Answer: (set slider-1 pos-4)", want: &set4},
		{reply: "The 1st button is off.\nSo, the next action is to select the 1st radio button.", want: &r1},
		{reply: `{"x": 12.5, "y": 40}`, point: &Point{12.5, 40}},
		{reply: `{"action": "click", "coordinate": [3, 4]}`, point: &Point{3, 4}},
		{reply: "Action: click(12, 40)", point: &Point{12, 40}},
		{reply: "(12.5, 40)", point: &Point{12.5, 40}},
		{reply: "Click the 2nd radio button\nClick the 2nd radio button", want: &r2},
		{reply: "Click radio-2\n(click radio-2)", want: &r2},
		// Two different actions: never a guess.
		{reply: "Select the 1st radio button\nHit Submit", err: ErrAmbiguous},
		{reply: "(select radio-1) (submit)", err: ErrAmbiguous},
		{reply: "Select the 1st radio button; hit Submit", err: ErrAmbiguous},
		{reply: "{\"x\": 1, \"y\": 2}\nHit Submit", err: ErrAmbiguous},
		{reply: `[{"op": "submit"}, {"op": "clear", "target": "the 1st textbox"}]`, err: ErrAmbiguous},
		{reply: "1. Select the 1st radio button\n2. Hit Submit", err: ErrAmbiguous},
		// No action.
		{reply: "I am not sure.", err: ErrNoSteps},
		{reply: "", err: ErrEmpty},
		{reply: "Action:", err: ErrNoSteps},
		{reply: `{"x": -1, "y": 2}`, err: ErrNoSteps},
		{reply: `{"x": 1, "y": 2, "target": "Submit"}`, err: ErrAmbiguous},
		{reply: `{"op": "type", "x": 1, "y": 2}`, err: ErrSyntax},
	}
	for _, c := range cases {
		n, err := ParseNext(mixedForm, c.reply)
		switch {
		case c.err != nil:
			if !errors.Is(err, c.err) {
				t.Errorf("%q: got %+v, %v; want an error wrapping %v", c.reply, n, err, c.err)
			}
		case err != nil:
			t.Errorf("%q: %v", c.reply, err)
		case c.point != nil:
			if n.Action != nil || n.Point == nil || *n.Point != *c.point {
				t.Errorf("%q: got %+v, want the point %v", c.reply, n, *c.point)
			}
		case n.Point != nil || n.Action == nil || *n.Action != *c.want:
			t.Errorf("%q: got %+v, want %+v", c.reply, n, *c.want)
		}
	}
}

func ptr(a statesim.Action) *statesim.Action { return &a }
