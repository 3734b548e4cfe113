package interp

import (
	"fmt"
	"strings"
)

// Step is one ground action of a plan: the action's name and its objects.
type Step struct {
	Name string
	Args []string
}

// String renders the step as PDDL: (name a b).
func (s Step) String() string {
	return "(" + strings.Join(append([]string{s.Name}, s.Args...), " ") + ")"
}

// ParsePlan reads a plan: either one list of ground actions, as in
// ((check checkbox-2) (submit)), or the actions one after another, as a
// plan file holds them. Comments are skipped.
func ParsePlan(src string) ([]Step, error) {
	top, err := parseSexprs(src)
	if err != nil {
		return nil, fmt.Errorf("plan: %w", err)
	}
	if len(top) == 1 && top[0].isList && (len(top[0].list) == 0 || top[0].list[0].isList) {
		top = top[0].list
	}
	steps := make([]Step, len(top))
	for i, n := range top {
		if !n.isList || len(n.list) == 0 {
			return nil, fmt.Errorf("plan: step %d: want (action object...), found %s", i+1, n)
		}
		for _, x := range n.list {
			if x.isList {
				return nil, fmt.Errorf("plan: step %d: %s is not a ground action", i+1, n)
			}
		}
		steps[i].Name = n.list[0].atom
		for _, x := range n.list[1:] {
			steps[i].Args = append(steps[i].Args, x.atom)
		}
	}
	return steps, nil
}

// Result is what running a plan from a problem's initial state gives.
type Result struct {
	// Valid reports whether every step is an action of the domain applied
	// to declared objects of the right types whose precondition holds.
	Valid bool
	// Err says why the plan is not valid, naming the step; nil if it is.
	Err error
	// Fluents are the facts of the predicates actions change, after the
	// last step applied; with Problem.Static they make the final state.
	Fluents []Atom
	// Derived are the derived facts of that state.
	Derived []Atom
	// GoalMet reports whether the plan is valid and the goal holds at its
	// end.
	GoalMet bool
}

// Run applies plan to the problem's initial state, step by step: each
// effect's conditions are read in the state before the step, then the
// deleted atoms are removed and the added ones added (an atom both deleted
// and added stays), then derived predicates are computed again. It stops
// at the first step that cannot be applied.
func (p *Problem) Run(plan []Step) Result {
	w := &world{p: p, fluents: p.init}
	w.derive()
	var res Result
	for i, st := range plan {
		next, err := w.step(st)
		if err != nil {
			res.Err = fmt.Errorf("step %d %s: %w", i+1, st, err)
			res.Fluents, res.Derived = sortAtoms(w.fluents.atoms()), sortAtoms(w.derived.atoms())
			return res
		}
		w = next
	}
	res.Valid = true
	res.Fluents, res.Derived = sortAtoms(w.fluents.atoms()), sortAtoms(w.derived.atoms())
	e := &evaluator{w: w, types: p.goalTyp, b: make([]string, len(p.goalTyp))}
	res.GoalMet = e.holds(p.goal)
	return res
}

// step applies one ground action to w and returns the next world.
func (w *world) step(st Step) (*world, error) {
	a, ok := w.p.d.actions[st.Name]
	if !ok {
		return nil, fmt.Errorf("the domain has no action %s", st.Name)
	}
	if len(st.Args) != len(a.params) {
		return nil, fmt.Errorf("%s takes %d objects, not %d", a.name, len(a.params), len(st.Args))
	}
	e := &evaluator{w: w, types: a.types, b: make([]string, len(a.types))}
	for i, obj := range st.Args {
		slot := a.params[i]
		if _, ok := w.p.objects[obj]; !ok {
			return nil, fmt.Errorf("%s is not a declared object", obj)
		}
		if !w.p.isA(obj, a.types[slot]) {
			return nil, fmt.Errorf("%s is a %s, not a %s", obj, w.p.objects[obj], a.types[slot])
		}
		e.b[slot] = obj
	}
	if !e.holds(a.pre) {
		return nil, fmt.Errorf("the precondition of %s does not hold", a.name)
	}
	var adds, dels []Atom
	e.apply(a.eff, &adds, &dels)
	next := &world{p: w.p, fluents: w.fluents.change(adds, dels)}
	next.derive()
	return next, nil
}
