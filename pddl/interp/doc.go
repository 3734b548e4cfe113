// Package interp reads and runs the PDDL subset that package pddl writes,
// with nothing but the standard library: it knows no forms, only PDDL.
//
//	d, err := interp.ParseDomain(domainText)
//	p, err := d.ParseProblem(problemText)
//	plan, err := interp.ParsePlan("((check checkbox-2) (submit))")
//	res := p.Run(plan) // res.Valid, res.Fluents, res.GoalMet
//
// The subset: :requirements among :strips, :typing, :negative-preconditions,
// :disjunctive-preconditions, :existential-preconditions,
// :universal-preconditions, :quantified-preconditions, :equality,
// :conditional-effects, :derived-predicates and :adl; a type hierarchy
// (no either types); constants; predicates; :derived rules whose bodies use
// derived predicates only positively; actions with typed parameters, a
// precondition (and, or, not, imply, exists, forall, =) and an effect (and,
// not, forall, when). Problems give objects, an :init of positive ground
// atoms and a :goal. Numbers, functions and durative actions are not
// supported, and using any feature whose requirement is not stated is an
// error, as is an atom whose arguments do not fit its predicate's types.
//
// A step of a plan is valid when its action exists, its objects are
// declared with the parameters' types, and its precondition holds. Effects
// follow the usual semantics: every condition is read in the state before
// the step, deleted atoms are removed before added ones are added, and
// derived predicates are recomputed after each step by fixpoint.
package interp
