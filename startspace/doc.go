// Package startspace holds every start state a family can give, and judges
// plans over all of them at once. It builds on the simulator, statesim,
// which applies one plan to one state. The builders use it to draw options
// each correct from a start of its own, and the row checks to re-derive
// whether a question needs its picture.
//
//	sp := startspace.NewSpace(&form, &goal)
//	j := startspace.NewJudge(&form, sp, goal, plans)
//	j.OnlyCorrect(1) // some start makes plan 1 the only one that reaches goal
//
// # Spaces
//
// A Space lists the starts of a form part by part: a part is what one
// action can change or depend on (a radio group, or an element on its own,
// joined with the elements it enables or that enable it), and every
// combination of the parts' values is a start. NewSpace gives each element
// every value a start can hold (a box checked or not, a slider at any
// position, a text box empty, holding a text of the form or the start of a
// wanted one), and adds the values of any states passed to it. A plan's
// effect on a part depends only on that part's start value, so every
// question about all the starts is answered part by part.
//
// # Judging plans
//
// A Judge replays plans on each part's values: Judge.CanBeCorrect (a plan
// reaches the goal from some start), Judge.OnlyCorrect (some start makes a
// plan the only correct one, an exact search over the parts) and
// Judge.Verdicts (whether some start leaves two plans in the same state
// before Submit, and whether some start leaves them in different ones).
//
// # Orders of steps
//
// Prefixes answers the same for every sequence of a set of steps, each
// step at most once, as plan_shuffle draws orders: a tree of sequences per
// part, sharing nodes with the same effect, with tables of what each step
// does to each value kept across questions. Prefixes.Apart tells whether n
// sequences can each be correct from a start of their own (Dilworth's
// theorem on the parts' sets of starts), and ApartBound bounds that n from
// the steps alone, before any table is made.
package startspace
