// Package statesim applies form actions to form states exactly, decides
// whether two plans end in the same state, and counts, samples and searches
// plans over a form's finite action vocabulary.
//
//	s := statesim.Clean(&form)
//	out, err := statesim.Run(&form, s, []statesim.Action{
//		{Op: statesim.Click, Target: forms.Ref{Kind: forms.Checkbox, Ordinal: 2}},
//		statesim.SubmitAction,
//	})
//	// out.Final has the 2nd checkbox checked; out.Submitted is true.
//
// # States
//
// A State holds one Value per element of the form. State.Key is canonical:
// two states are equal exactly when their keys are, and comparing the states
// just before Submit is how every label of the generator is decided.
//
// # Semantics
//
// The table gives the effect of every operation and its edge cases, as a
// browser behaves. Each row is tested in apply_test.go.
//
//	op       applies to     effect                                   edge cases
//	check    checkbox       checked                                  on a checked box: no change
//	uncheck  checkbox       unchecked                                on an unchecked box: no change
//	click    checkbox       toggles                                  twice: back where it was
//	click    radio button   as select                                -
//	select   radio button   selected, the rest of its group not       on the selected one: no change; nothing unselects
//	set      slider         value = n, clamped and snapped            n past max: max; n below min: min; off-step: nearest step
//	move     slider         value = value + n, clamped and snapped    past max stops at max; clamping happens at every
//	                                                                  move, so on 0..10, 10 -10 then -1 gives 0, not -1
//	type     text box       text = text + t                          into "5", typing "12" gives "512"
//	clear    text box       text = ""                                on an empty box: no change
//	enter    text box       text = t (clear, then type)              -
//	submit   Submit button  the plan ends; the state is unchanged     actions after it never happen, and are not checked
//	any      a disabled     nothing: it keeps its value               a click on a disabled box, a move of a disabled
//	         element                                                  slider, typing into a disabled text box
//
// # Conditional elements
//
// An element with an Enabler (forms.Element.EnabledBy) is enabled only while
// its enabler holds an enabling value; a disabled element ignores every
// action, as a disabled input does in a browser. Enabled tells which:
//
//	enabler        enables while                 edge cases
//	checkbox       it is checked                 unchecking it disables, and the element keeps its value
//	radio button   it is selected                selecting another button of its group disables
//	slider         its value >= AtLeast          at exactly AtLeast: enabled; one step below: disabled
//	any            (only its value counts)       a disabled enabler that holds an enabling value still enables
//
// Re-enabling an element finds it with the value it kept. A goal names a
// conditional element's value only together with a want that enables it
// (Goal.Validate), since a form does not submit a disabled element's value.
//
// Invalid steps are errors, never panics: an operation on a kind it does not
// apply to (ErrInvalidAction), a reference to an element the form lacks
// (forms.ErrNoSuchElement, as with "the 4th checkbox" on a three-box form), or
// a label that belongs to another kind (forms.ErrWrongKind). Run wraps each in
// a *StepError naming the step.
//
// # Plans
//
// Plans are drawn from Vocabulary, which is finite: slider moves of every
// multiple of the step up to the span, and only the form's TextValues typed.
// An Engine counts the plans of each length that reach each state by dynamic
// programming over distinct states (Engine.Reach), samples one uniformly
// among those reaching a chosen state (Reach.Sample), and finds shortest
// plans breadth-first (Engine.Shortest). With this vocabulary every unmet
// want of a goal takes exactly one action, so Goal.Unmet is the distance to
// the goal.
//
// # Start spaces
//
// Package startspace builds on this one: every start state a family can
// give a form, and plans judged over all of them at once (whether some
// start makes a plan the only correct one). statesim does not import it.
package statesim
