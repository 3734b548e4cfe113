package actlang

import (
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// TestEnglishCanonical reads every step statesim.English words on the
// test forms back to the same action.
func TestEnglishCanonical(t *testing.T) {
	for _, f := range []*forms.Form{labelForm, mixedForm, twoForm} {
		n := 0
		for i := range f.Elements {
			ref := f.RefOf(i)
			for _, a := range []statesim.Action{
				act(statesim.Check, ref), act(statesim.Uncheck, ref), act(statesim.Click, ref), act(statesim.Select, ref),
				num(statesim.Set, ref, -7), num(statesim.Set, ref, 0), num(statesim.Move, ref, 3), num(statesim.Move, ref, -2),
				txt(statesim.Type, ref, "12"), txt(statesim.Enter, ref, "caf\u00e9 \"x\"\t"), txt(statesim.Enter, ref, ""),
				act(statesim.Clear, ref), submit,
			} {
				if _, err := statesim.Resolve(f, a); err != nil {
					continue // not an action this element takes
				}
				n++
				in := statesim.English(f, a)
				got, err := ParseAction(f, in)
				if err != nil || got != a {
					t.Errorf("%s: %q: got %+v, %v; want %+v", f.Family, in, got, err, a)
				}
				if got, err := ParseAction(f, statesim.PDDL(f, a)); err != nil || got != a {
					t.Errorf("%s: %q: got %+v, %v; want %+v", f.Family, statesim.PDDL(f, a), got, err, a)
				}
			}
		}
		if n < 10 {
			t.Errorf("%s: only %d actions tried", f.Family, n)
		}
	}
}

// TestEnglishVariants reads the ways a person words steps.
func TestEnglishVariants(t *testing.T) {
	iy, br, to := byLabel(forms.Checkbox, "iyHxAx"), byLabel(forms.Checkbox, "Br"), byLabel(forms.Checkbox, "to")
	express, shipping := byLabel(forms.Checkbox, "Express"), byLabel(forms.Checkbox, "Express shipping")
	gift, card := byLabel(forms.Radio, "Gift"), byLabel(forms.Radio, "Card")
	r1, r2, r3 := nth(forms.Radio, 1), nth(forms.Radio, 2), nth(forms.Radio, 3)
	L, M, T := labelForm, mixedForm, twoForm
	runActionCases(t, []actionCase{
		// Labels: exact, up to case, quoted, with a noun, longest.
		{f: L, in: "Check iyHxAx", want: act(statesim.Check, iy)},
		{f: L, in: "check IYHXAX", want: act(statesim.Check, iy)},
		{f: L, in: "CHECK br", want: act(statesim.Check, br)},
		{f: L, in: "check to", want: act(statesim.Check, to)},
		{f: L, in: "Click 'to'", want: act(statesim.Click, to)},
		{f: L, in: `Tick "Br"`, want: act(statesim.Check, br)},
		{f: L, in: "Mark “Br”", want: act(statesim.Check, br)},
		{f: L, in: "check `iyHxAx`", want: act(statesim.Check, iy)},
		{f: L, in: "Check the Br checkbox", want: act(statesim.Check, br)},
		{f: L, in: "check the checkbox Br", want: act(statesim.Check, br)},
		{f: L, in: "Check the box labelled 'iyHxAx'", want: act(statesim.Check, iy)},
		{f: L, in: "check the checkbox next to to", want: act(statesim.Check, to)},
		{f: L, in: "Check Express shipping", want: act(statesim.Check, shipping)},
		{f: L, in: "Check Express", want: act(statesim.Check, express)},
		{f: L, in: "check the Express shipping checkbox", want: act(statesim.Check, shipping)},
		{f: L, in: "check the express box", want: act(statesim.Check, express)},
		// Ordinals are made canonical: by label on a form that names by label.
		{f: L, in: "Uncheck the 3rd checkbox", want: act(statesim.Uncheck, to)},
		{f: L, in: "uncheck the second check box", want: act(statesim.Uncheck, br)},
		{f: L, in: "Untick checkbox 2", want: act(statesim.Uncheck, br)},
		{f: L, in: "deselect checkbox #1", want: act(statesim.Uncheck, iy)},
		{f: L, in: "Unmark checkbox-3", want: act(statesim.Uncheck, to)},
		{f: L, in: "uncheck #2 checkbox", want: act(statesim.Uncheck, br)},
		{f: L, in: "Toggle the last checkbox", want: act(statesim.Click, express)},
		{f: L, in: "press the 1st box", want: act(statesim.Click, iy)},
		// Verbs on other kinds: select checks a checkbox, check selects a radio button.
		{f: L, in: "Select iyHxAx", want: act(statesim.Check, iy)},
		{f: L, in: "choose Gift", want: act(statesim.Select, gift)},
		{f: L, in: "check Card", want: act(statesim.Select, card)},
		{f: L, in: "click on Gift", want: act(statesim.Click, gift)},
		{f: L, in: "Select the 2nd radio button", want: act(statesim.Select, card)},
		{f: L, in: "Uncheck Gift", errText: "cannot uncheck a radio button"},
		// References that do not resolve stay as written; a bare unknown label is an error.
		{f: L, in: "Check the checkbox Gift", want: act(statesim.Check, byLabel(forms.Checkbox, "Gift"))},
		{f: L, in: "Check the checkbox Foo", want: act(statesim.Check, byLabel(forms.Checkbox, "Foo"))},
		{f: L, in: "Uncheck the 9th checkbox", want: act(statesim.Uncheck, nth(forms.Checkbox, 9))},
		{f: L, in: "Check Foo", errText: `no such element named "Foo"`},
		{f: L, in: "Check the big red one", errText: "no such element"},
		// Radio buttons by ordinal.
		{f: M, in: "Select option 2", want: act(statesim.Select, r2)},
		{f: M, in: "choose the third radio button", want: act(statesim.Select, r3)},
		{f: M, in: "Pick radio button #1", want: act(statesim.Select, r1)},
		{f: M, in: "Click radio-1", want: act(statesim.Click, r1)},
		{f: M, in: "tap the second option", want: act(statesim.Click, r2)},
		{f: M, in: "Check the 2nd radio button", want: act(statesim.Select, r2)},
		{f: M, in: "Select the last radio", want: act(statesim.Select, r3)},
		{f: M, in: "Select the 5th radio button", want: act(statesim.Select, nth(forms.Radio, 5))},
		// Slider: set.
		{f: M, in: "Set the slider to -3", want: num(statesim.Set, slider1, -3)},
		{f: M, in: "set the slider to minus 3", want: num(statesim.Set, slider1, -3)},
		{f: M, in: "Drag the slider to 7", want: num(statesim.Set, slider1, 7)},
		{f: M, in: "slide the slider handle to 0", want: num(statesim.Set, slider1, 0)},
		{f: M, in: "Move the slider to position 4", want: num(statesim.Set, slider1, 4)},
		{f: M, in: "set slider-1 to 4", want: num(statesim.Set, slider1, 4)},
		{f: M, in: "Set the value of the slider to 2", want: num(statesim.Set, slider1, 2)},
		{f: M, in: "move the handle to 6", want: num(statesim.Set, slider1, 6)},
		{f: M, in: "Set the slider's value to five", want: num(statesim.Set, slider1, 5)},
		{f: M, in: "Move to 3", want: num(statesim.Set, slider1, 3)},
		{f: M, in: "Move the slider from 3 to 5", want: num(statesim.Set, slider1, 5)},
		{f: M, in: "Move the slider's handle from minus 3 to -5", want: num(statesim.Set, slider1, -5)},
		// Slider: move.
		{f: M, in: "move the slider by -3", want: num(statesim.Move, slider1, -3)},
		{f: M, in: "Move the slider +3", want: num(statesim.Move, slider1, 3)},
		{f: M, in: "move the slider -3", want: num(statesim.Move, slider1, -3)},
		{f: M, in: "move the slider 3 steps to the left", want: num(statesim.Move, slider1, -3)},
		{f: M, in: "Move the slider to the right by 2", want: num(statesim.Move, slider1, 2)},
		{f: M, in: "move the slider up by 1", want: num(statesim.Move, slider1, 1)},
		{f: M, in: "move the slider down 4", want: num(statesim.Move, slider1, -4)},
		{f: M, in: "Increase the slider by 2", want: num(statesim.Move, slider1, 2)},
		{f: M, in: "decrease the slider by 2", want: num(statesim.Move, slider1, -2)},
		{f: M, in: "Move the slider by minus 3", want: num(statesim.Move, slider1, -3)},
		{f: M, in: "drag the slider handle right by five", want: num(statesim.Move, slider1, 5)},
		{f: M, in: "Move the slider left by -2", errText: "a signed amount with a direction"},
		{f: M, in: "Set the slider", errText: "to what value"},
		{f: M, in: "Set the slider to 2.5", errText: "to what value"},
		{f: M, in: "Set the slider to 99999999999999999999", errText: "out of range"},
		{f: M, in: "Move the 2nd slider to 3", want: num(statesim.Set, nth(forms.Slider, 2), 3)},
		{f: T, in: "Move the slider to 5", errText: "say which slider"},
		{f: T, in: "Move the 2nd slider's handle right by 3", want: num(statesim.Move, nth(forms.Slider, 2), 3)},
		{f: T, in: "set slider 1 to 10", want: num(statesim.Set, slider1, 10)},
		// Text: type and enter.
		{f: M, in: "Type 1234 into the 2nd textbox", want: txt(statesim.Type, box2, "1234")},
		{f: M, in: "type '12' in the first text box", want: txt(statesim.Type, box1, "12")},
		{f: M, in: "Input “12” into text field 2", want: txt(statesim.Type, box2, "12")},
		{f: M, in: `Append "5" to textbox-1`, want: txt(statesim.Type, box1, "5")},
		{f: M, in: `type the text "12" into the 1st input`, want: txt(statesim.Type, box1, "12")},
		{f: M, in: `Type "a\"b" into the 1st textbox`, want: txt(statesim.Type, box1, `a"b`)},
		{f: M, in: `Type "caf\u00e9" into the 1st textbox`, want: txt(statesim.Type, box1, "café")},
		{f: M, in: `Type "" into the 1st textbox`, want: txt(statesim.Type, box1, "")},
		{f: M, in: "type 'don't' into the 1st textbox", want: txt(statesim.Type, box1, "don't")},
		{f: M, in: "Enter 1234 in the second input", want: txt(statesim.Enter, box2, "1234")},
		{f: M, in: "Fill the 2nd textbox with 1234", want: txt(statesim.Enter, box2, "1234")},
		{f: M, in: `Fill in the 1st text field with "12"`, want: txt(statesim.Enter, box1, "12")},
		{f: M, in: `fill the 1st textbox with "with"`, want: txt(statesim.Enter, box1, "with")},
		{f: M, in: `write "12" into the 1st field`, want: txt(statesim.Enter, box1, "12")},
		{f: M, in: `Replace the text in the 2nd textbox with "99"`, want: txt(statesim.Enter, box2, "99")},
		{f: M, in: `Set the 1st textbox to "12"`, want: txt(statesim.Enter, box1, "12")},
		{f: M, in: "set the 2nd textbox to 1234", want: txt(statesim.Enter, box2, "1234")},
		{f: T, in: "Type 5 into the box", want: txt(statesim.Type, box1, "5")},
		{f: M, in: "Type into the 1st textbox", errText: "into which element"},
		{f: M, in: `Type "12 into the 1st textbox`, errText: "unterminated quote"},
		{f: M, in: `Type "12" into the slider`, errText: "cannot type a slider"},
		// Clear.
		{f: M, in: "Clear the 2nd text box", want: act(statesim.Clear, box2)},
		{f: M, in: "Erase the text in the 1st textbox", want: act(statesim.Clear, box1)},
		{f: M, in: "empty textbox 2", want: act(statesim.Clear, box2)},
		{f: M, in: "Delete the contents of the 1st textbox", want: act(statesim.Clear, box1)},
		{f: T, in: "Clear the box", errText: "more than one kind"},
		{f: T, in: "Check the box", want: act(statesim.Check, nth(forms.Checkbox, 1))},
		// Submit.
		{f: M, in: "Submit", want: submit},
		{f: M, in: "submit the form", want: submit},
		{f: M, in: "Click the Submit button", want: submit},
		{f: M, in: "press submit", want: submit},
		{f: M, in: "Click on Submit.", want: submit},
		{f: M, in: "Hit the submit button", want: submit},
		{f: L, in: "Tap Submit", want: submit},
		// Numbering, bullets, adverbs, commentary, bold.
		{f: M, in: "3. Clear the 1st textbox.", want: act(statesim.Clear, box1)},
		{f: M, in: "Step 2: Hit Submit", want: submit},
		{f: M, in: "Step 2 - Hit Submit", want: submit},
		{f: M, in: "- Then, click the 2nd radio button", want: act(statesim.Click, r2)},
		{f: M, in: "• Finally hit Submit", want: submit},
		{f: M, in: "**Select the 1st radio button**", want: act(statesim.Select, r1)},
		{f: M, in: "1) **Select** the 1st radio button", want: act(statesim.Select, r1)},
		{f: M, in: `"Clear the 1st textbox."`, want: act(statesim.Clear, box1)},
		{f: M, in: "Click the 2nd radio button to select it", want: act(statesim.Click, r2)},
		{f: M, in: "Click the 2nd radio button (the middle one)", want: act(statesim.Click, r2)},
		{f: M, in: "Move the slider to 5 (it is at 3 now).", want: num(statesim.Set, slider1, 5)},
		{f: M, in: `Type "12" into the 1st textbox (it is empty)`, want: txt(statesim.Type, box1, "12")},
		{f: M, in: "Submit the form by clicking Submit", want: submit},
		{f: M, in: "Submit by clicking the button", want: submit},
		// Other phrasings: a box named first, a wanted state, commentary, function calls.
		{f: M, in: `In the 2nd textbox, type "1234"`, want: txt(statesim.Type, box2, "1234")},
		{f: L, in: "Ensure Br is checked", want: act(statesim.Check, br)},
		{f: L, in: "make sure that the 1st checkbox is unchecked", want: act(statesim.Uncheck, iy)},
		{f: L, in: "Click on the checkbox next to to to check it", want: act(statesim.Click, to)},
		{f: M, in: "Type 12 into the 1st textbox so that it reads 12", want: txt(statesim.Type, box1, "12")},
		{f: L, in: "check(Br)", want: act(statesim.Check, br)},
		{f: L, in: `check("the 3rd checkbox")`, want: act(statesim.Check, to)},
		{f: M, in: `type("the 1st textbox", "1,2")`, want: txt(statesim.Type, box1, "1,2")},
		{f: M, in: `enter(target="textbox-2", text=1234)`, want: txt(statesim.Enter, box2, "1234")},
		{f: M, in: "move(the slider, -3)", want: num(statesim.Move, slider1, -3)},
		{f: M, in: "set(slider-1, 4)", want: num(statesim.Set, slider1, 4)},
		{f: M, in: "submit()", want: submit},
		{f: M, in: "click(x=12, y=40)", errText: "a click point is no plan step"},
		{f: M, in: "clear()", errText: `without "target"`},
		// Errors name the problem.
		{f: M, in: "Fly the slider to 3", errText: `unknown verb "Fly"`},
		{f: M, in: "Check the 1st textbox", errText: "cannot check a textbox"},
		{f: M, in: "", errText: "empty reply"},
		{f: M, in: "Check the 1st radio button\nHit Submit", errText: "several lines"},
		{f: M, in: "Select the 1st radio button; hit Submit", errText: "2 actions"},
	})
}
