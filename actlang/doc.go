// Package actlang reads the actions a model writes about a web form: a
// plan, one action per line (ParsePlan), a single next action (ParseNext),
// or one step on its own (ParseAction), into statesim actions on a given
// forms.Form.
//
// A step may be written in English, as statesim.English words it; as a
// PDDL action, as statesim.PDDL writes it; or as a JSON object:
//
//	Check the 2nd checkbox
//	Move the slider handle left by 2
//	Type "12" into the 1st textbox
//	(move slider-1 by-m3)
//	{"op": "enter", "target": "the 2nd textbox", "value": "1234"}
//
// # English
//
// Case does not matter and "the" or "a" may be left out. A step is a verb
// and what it acts on:
//
//	check, tick, mark X                    check (on a radio button: select)
//	uncheck, untick, unmark, deselect X    uncheck
//	click, press, tap, toggle, hit X       click; on Submit: submit
//	select, choose, pick X                 select; on a checkbox: check
//	set, move, drag, slide X to N          set (N may be -3 or "minus 3")
//	move X by N, right by N, left by N,    move (left and down are negative)
//	  up/down by N, +3, -3, N steps left
//	increase/decrease X by N               move
//	type, input, append "t" into X         type
//	enter, write, put "t" into X;          enter
//	  fill X with "t"; set X to "t"
//	clear, erase, empty X                  clear
//	submit; hit Submit; click Submit       submit
//
// An element X is a label of the form, matched exactly or else up to case
// when that is unique, possibly quoted ("x", 'x', “x”, `x`) and possibly
// with a noun ("the checkbox x", "x checkbox", "the box labelled x"); or
// an ordinal with a noun: "the 2nd checkbox", "the second checkbox",
// "the last checkbox", "checkbox 2", "checkbox #2", "#2 checkbox", or the
// PDDL name "checkbox-2"; or a noun alone, for the form's one element of
// that kind ("the slider"). The nouns are checkbox, check box, box, slider,
// radio, radio button, option, textbox, text box, text field, input,
// field, Submit and Submit button; "box" is a checkbox or a text box,
// whichever the verb or else the form allows. A text is Go-quoted (with
// escapes, as strconv.Quote writes it), quoted in other marks, or a run
// of characters without spaces.
//
// A step may also name its box first ("In the 2nd textbox, type 12"),
// state what it wants ("Ensure X is checked"), carry commentary after the
// element ("Click X to check it", "(it is at 3)"), or be written as a
// function call with the arguments of a JSON action: check(X),
// type("the 1st textbox", "12"), move(slider-1, -3), submit().
//
// A line may carry numbering or a bullet ("1.", "1)", "Step 1:", "-",
// "*", "•"), bold marks, quotation marks around it and a trailing period,
// and may hold several steps joined by ";", ", then", "and" or an arrow ("->", "→", "=>").
//
// # Replies
//
// ParsePlan reads a reply line by line and ParseNext looks for one
// action in it; both read only what follows the last answer marker when
// there is one ("Plan:" for a plan, "Action:" or "Answer:" for a next
// action), skip code fences, and read a JSON value over several lines
// and a PDDL plan over one line or several. A plan's lines that hold no
// step are commentary before or after it (Plan.Ignored), or spoil it
// when they come between steps or are numbered (Plan.Unparsed).
//
// # References
//
// A reference that resolves on the form is returned as the form's own,
// f.RefOf; one that does not (the 5th checkbox of a form with 3, or a
// label with a noun that no element has) is returned as written, so that
// scoring can report the step as one the form cannot take. A label no
// element has, without a noun to give its kind, is an error; so is an
// operation that does not apply to the element's kind, such as typing
// into a checkbox.
//
// # Limits
//
// The parser uses package regexp only, whose matching takes time linear
// in its input, and bounds what it reads (see MaxReplyBytes, MaxSteps and
// MaxStepBytes), so any reply is read in time proportional to its length.
package actlang
