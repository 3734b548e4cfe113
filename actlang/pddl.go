package actlang

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/formplan/formplan/pddl"
	"github.com/formplan/formplan/statesim"
)

// pddlActionRE matches one ground action: a list of atoms, such as
// (check checkbox-2) or (set slider-1 pos-m3).
var pddlActionRE = regexp.MustCompile(`\(\s*([^()\s]+)((?:\s+[^()\s]+)*)\s*\)`)

// pddlHints are the kinds each PDDL action applies to.
var pddlHints = map[statesim.Op]kinds{
	statesim.Check: cb, statesim.Uncheck: cb, statesim.Click: cb | ra, statesim.Select: ra,
	statesim.Set: sl, statesim.Move: sl,
	statesim.Type: tb, statesim.Enter: tb, statesim.Clear: tb,
	statesim.Submit: su,
}

// pddl reads a line of PDDL actions, s, lower-cased in low: one, several,
// or a whole plan in an outer list. Outside the actions the line may hold
// only parentheses, commas and spaces (the outer lists of a plan written
// over several lines), and a comment after a semicolon.
func (r *reader) pddl(s, low string) ([]item, error) {
	if i := strings.IndexByte(s, ';'); i >= 0 {
		s, low = s[:i], low[:i]
	}
	ms := pddlActionRE.FindAllStringSubmatchIndex(low, MaxSteps+1)
	if len(ms) == 0 {
		return nil, fmt.Errorf("%w: no PDDL action in %q", ErrSyntax, clip(s))
	}
	items := make([]item, 0, len(ms))
	prev := 0
	for _, m := range ms {
		if !onlyBrackets(low[prev:m[0]]) {
			return nil, fmt.Errorf("%w: %q between PDDL actions", ErrSyntax, clip(strings.TrimSpace(s[prev:m[0]])))
		}
		prev = m[1]
		a, err := r.pddlAction(low[m[2]:m[3]], strings.Fields(s[m[4]:m[5]]))
		// Of several actions on a line, each is meant as a step.
		items = append(items, item{text: s[m[0]:m[1]], act: a, err: err, numbered: len(ms) > 1})
	}
	if !onlyBrackets(low[prev:]) {
		return nil, fmt.Errorf("%w: %q after PDDL actions", ErrSyntax, clip(strings.TrimSpace(s[prev:])))
	}
	return items, nil
}

// onlyBrackets reports whether s holds nothing but brackets, commas and
// spaces.
func onlyBrackets(s string) bool {
	return strings.Trim(s, "()[]{}, \t") == ""
}

// pddlAction reads one PDDL action: its name op and its arguments.
func (r *reader) pddlAction(op string, args []string) (statesim.Action, error) {
	o := statesim.Op(op)
	hint, ok := pddlHints[o]
	if !ok {
		return statesim.Action{}, fmt.Errorf("%w: unknown PDDL action %q", ErrSyntax, clip(op))
	}
	want := 1
	switch o {
	case statesim.Set, statesim.Move, statesim.Type, statesim.Enter:
		want = 2
	case statesim.Submit:
		if len(args) == 0 {
			return statesim.SubmitAction, nil
		}
	}
	if len(args) != want {
		return statesim.Action{}, fmt.Errorf("%w: (%s) takes %d arguments, not %d", ErrSyntax, op, want, len(args))
	}
	ref, err := r.ref(args[0], hint)
	if err != nil {
		return statesim.Action{}, err
	}
	a := statesim.Action{Op: o, Target: ref}
	if want == 2 {
		if err := r.pddlValue(&a, args[1]); err != nil {
			return statesim.Action{}, err
		}
	}
	return a, r.fits(a)
}

// pddlValue reads the second argument of a set, move, type or enter: a
// position, an amount or a text name, or a plain number or quoted text.
func (r *reader) pddlValue(a *statesim.Action, arg string) error {
	var err error
	switch a.Op {
	case statesim.Set, statesim.Move:
		parse := pddl.ParsePositionName
		if a.Op == statesim.Move {
			parse = pddl.ParseAmountName
		}
		a.N, err = parse(lower(arg))
		if err != nil {
			a.N, err = parseNumber(arg)
		}
		if err == nil && (a.N > MaxValue || a.N < -MaxValue) {
			err = fmt.Errorf("%w: value %s is out of range", ErrSyntax, clip(arg))
		}
	default:
		if isQuote(arg) {
			var after string
			a.Text, after, err = readText(arg)
			if err == nil && after != "" {
				err = fmt.Errorf("%w: %s is no text", ErrSyntax, clip(arg))
			}
			break
		}
		a.Text, err = pddl.ParseTextName(lower(arg))
	}
	if err != nil && !errors.Is(err, ErrSyntax) {
		err = fmt.Errorf("%w: %v", ErrSyntax, err)
	}
	if err != nil {
		return fmt.Errorf("(%s): %w", a.Op, err)
	}
	return nil
}

// fits returns an error when a's operation does not apply to the kind of
// element it names.
func (r *reader) fits(a statesim.Action) error {
	if _, err := statesim.Resolve(r.f, a); errors.Is(err, statesim.ErrInvalidAction) {
		return fmt.Errorf("%w: cannot %s a %s", ErrNotApplicable, a.Op, a.Target.Kind.Noun())
	}
	return nil
}
