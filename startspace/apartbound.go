package startspace

import (
	"math"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// ApartBound bounds, from a form, a goal and steps alone, the n for which
// a Prefixes reset with those steps on a judge of g on f can be Apart(n):
// no n above it can be. It costs a look at each want and step, where Apart
// works out what every sequence of the steps does to every value of a
// space, so a sampler may test it first and reset the Prefixes only when
// it is n or more. It is 0 when a want names an element the form lacks
// (no start meets it). It gives no bound (math.MaxInt) when a want is on a
// conditional element or a radio group with one, on a radio group whose
// first element is no radio button, when the steps act on more than 8
// wanted units or on one 7 times or more, or when the bound passes 2^20.
//
// A unit is a radio group or any other element on its own. A space's
// starts are every combination of its units' values (a part joined by a
// condition holds every combination of its pieces' values), and the value
// a unit without conditional elements ends with depends only on its own
// start and the steps on it. So when every want is on such a unit, a
// sequence's set of starts is the product of one set per wanted unit, and
// every value of the others: a unit without wants counts for one set
// whatever its steps.
//
// A step that sets its unit to one state whatever it held (check, uncheck,
// set, select, a click on a radio button, enter, clear) leaves, in every
// sequence that holds it, the same state however the sequence started:
// such a sequence holds from every value of the unit or from none. So the
// sets of starts of a unit are: the values that meet its wants as they are
// (the empty sequence), at most one set for each other sequence of its
// steps that do not set it (clicks on checkboxes, moves, typing), and all
// its values. With m such steps among its k, that is at most
// min(S(k), S(m)+1) sets, S(j) being the sequences of j steps. A step that
// does not resolve, or Submit, leaves every sequence holding it holding
// from no start, and counts for nothing. A unit whose steps all set it has
// at most two sets, one among the other, and c such units give at most
// C(c, c/2) sets none of which holds another's (Sperner's theorem: their
// products lie in the subsets of c things). The largest family Apart looks
// for is no larger than that times the sets of every other unit.
func ApartBound(f *forms.Form, g statesim.Goal, steps []statesim.Action) int {
	if len(f.Elements) > 64 {
		return math.MaxInt
	}
	var wanted uint64 // a bit per unit with wants, at the unit's key
	for _, w := range g.Wants {
		i, err := f.Find(w.Target)
		if err != nil {
			return 0 // no start meets a want on an element the form lacks
		}
		key, free := unitOf(f, i)
		if !free {
			return math.MaxInt
		}
		wanted |= 1 << key
	}
	type unit struct {
		key, steps, moving int // moving: steps that do not set the unit
	}
	var units [8]unit // wanted units stepped on, on the stack
	used := 0
	for _, a := range steps {
		i, err := statesim.Resolve(f, a)
		if err != nil || a.Op == statesim.Submit {
			continue // a sequence that holds it holds from no start
		}
		key, _ := unitOf(f, i)
		if key < 0 {
			return math.MaxInt
		}
		if wanted&(1<<key) == 0 {
			continue // every value of the unit meets its (no) wants
		}
		k := 0
		for k < used && units[k].key != key {
			k++
		}
		if k == used {
			if used == len(units) {
				return math.MaxInt
			}
			units[used] = unit{key: key}
			used++
		}
		units[k].steps++
		if !setsPart(a, f.Elements[i].Kind) {
			units[k].moving++
		}
	}
	bound, chains := 1, 0
	for _, u := range units[:used] {
		if u.steps >= len(sequencesOf) {
			return math.MaxInt
		}
		if u.moving == 0 {
			chains++
			continue
		}
		if bound *= min(sequencesOf[u.steps], sequencesOf[u.moving]+1); bound > 1<<20 {
			return math.MaxInt
		}
	}
	// C(chains, chains/2), at most C(8, 4) = 70.
	c := 1
	for i := 1; i <= chains/2; i++ {
		c = c * (chains - chains/2 + i) / i
	}
	return bound * c
}

// unitOf returns the key of element i's unit (its own index, or for a
// radio button its group's first element's), or -1 for a radio group
// whose first element is no radio button; and whether no member of the
// unit is conditional.
func unitOf(f *forms.Form, i int) (key int, free bool) {
	e := &f.Elements[i]
	if e.Kind != forms.Radio {
		return i, e.EnabledBy == nil
	}
	first := f.First(e.Group)
	if f.Elements[first].Kind != forms.Radio {
		return -1, false
	}
	for j := first; j < len(f.Elements); j++ {
		if o := &f.Elements[j]; o.Group == e.Group && o.EnabledBy != nil {
			return first, false
		}
	}
	return first, true
}

// setsPart reports whether step a, on an unconditional element of kind k,
// leaves the element's unit in one state whatever it held.
func setsPart(a statesim.Action, k forms.Kind) bool {
	switch a.Op {
	case statesim.Check, statesim.Uncheck, statesim.Set, statesim.Select, statesim.Enter, statesim.Clear:
		return true
	case statesim.Click:
		return k == forms.Radio
	}
	return false // a click on a checkbox, a move, typing
}
