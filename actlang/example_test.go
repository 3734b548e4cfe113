package actlang_test

import (
	"fmt"

	"github.com/formplan/formplan/actlang"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// exampleForm has two checkboxes, a slider and a text box.
var exampleForm = &forms.Form{Family: "example", Refer: forms.ByOrdinal, Elements: []forms.Element{
	{ID: "e0", Kind: forms.Checkbox, Ordinal: 1},
	{ID: "e1", Kind: forms.Checkbox, Ordinal: 2},
	{ID: "e2", Kind: forms.Slider, Ordinal: 1, Min: 0, Max: 10, Step: 1},
	{ID: "e3", Kind: forms.TextBox, Ordinal: 1},
	{ID: "e4", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
}}

func ExampleParsePlan() {
	reply := `The second box is unchecked and the slider is at 5.

**Plan:**
1. Tick the second checkbox
2. (move slider-1 by-m3)
3. Fill the text box with 1234
4. Click the Submit button.

This completes the task.`
	p := actlang.ParsePlan(exampleForm, reply)
	fmt.Println("read:", p.OK())
	for _, s := range p.Steps {
		fmt.Printf("line %d: %s\n", s.Line, statesim.English(exampleForm, s.Action))
	}
	for _, c := range p.Ignored {
		fmt.Println("ignored:", c)
	}
	// Output:
	// read: true
	// line 4: Check the 2nd checkbox
	// line 5: Move the slider handle left by 3
	// line 6: Enter "1234" into the 1st textbox
	// line 7: Hit Submit
	// ignored: line 9: not an action: unknown verb "This"
}

func ExampleParseNext() {
	for _, reply := range []string{
		"The slider is too high.\nNext action: move the slider to 2",
		`{"op": "uncheck", "target": {"kind": "checkbox", "ordinal": 1}}`,
		`{"x": 12.5, "y": 40}`,
		"Check the 1st checkbox, then hit Submit",
	} {
		n, err := actlang.ParseNext(exampleForm, reply)
		switch {
		case err != nil:
			fmt.Println(err)
		case n.Point != nil:
			fmt.Println("click at", *n.Point)
		default:
			fmt.Println(statesim.English(exampleForm, *n.Action))
		}
	}
	// Output:
	// Move the slider handle to 2
	// Uncheck the 1st checkbox
	// click at (12.5, 40)
	// actlang: ambiguous: two different actions: "Check the 1st checkbox" (line 1) and "Hit Submit" (line 1)
}
