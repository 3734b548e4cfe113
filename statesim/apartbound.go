package statesim

import (
	"math"

	"github.com/formplan/formplan/forms"
)

// ApartBound bounds, from a form and steps alone, the n for which a
// Prefixes reset with those steps on a judge of f can be Apart(n): no n
// above it can be, whatever the goal. It costs a look at each step, where
// Apart works out what every sequence of the steps does to every value of
// a space, so a sampler may test it first and reset the Prefixes only when
// it is n or more. It gives no bound (math.MaxInt) on a form with
// conditional elements, on a radio group whose first element is no radio
// button, when the steps act on more than 8 parts or on one part 7 times
// or more, or when the bound passes 2^20.
//
// On a form without conditions each element is a part of its own, but for
// the radio buttons of a group, which are one. A step that sets its part to
// one state whatever it held (check, uncheck, set, select, a click on a
// radio button, enter, clear) leaves, in every sequence that holds it, the
// same state however the sequence started: such a sequence holds from every
// value of the part or from none. So the sets of starts of a part are: the
// values that meet its wants as they are (the empty sequence), at most one
// set for each other sequence of its steps that do not set it (clicks on
// checkboxes, moves, typing), and all its values. With m such steps among
// its k, that is at most min(S(k), S(m)+1) sets, S(j) being the sequences
// of j steps. A step that does not resolve, or Submit, leaves every
// sequence holding it holding from no start, and counts for nothing. A part whose steps all set it has at most two sets,
// one among the other, and c such parts give at most C(c, c/2) sets none of
// which holds another's (Sperner's theorem: their products lie in the
// subsets of c things). The largest family Apart looks for is no larger
// than that times the sets of every other part.
func ApartBound(f *forms.Form, steps []Action) int {
	if f.Conditional() {
		return math.MaxInt
	}
	type part struct {
		key, steps, moving int // moving: steps that do not set the part
	}
	var parts [8]part // steps on up to 8 parts, on the stack
	used := 0
	for _, a := range steps {
		i, err := resolve(f, a)
		if err != nil || a.Op == Submit {
			continue // a sequence that holds it holds from no start
		}
		e := &f.Elements[i]
		key := i
		if e.Kind == forms.Radio {
			first := f.First(e.Group)
			if f.Elements[first].Kind != forms.Radio {
				return math.MaxInt // the group's part is not the radio buttons alone
			}
			key = first
		}
		k := 0
		for k < used && parts[k].key != key {
			k++
		}
		if k == used {
			if used == len(parts) {
				return math.MaxInt
			}
			parts[used] = part{key: key}
			used++
		}
		parts[k].steps++
		if !setsPart(a, e.Kind) {
			parts[k].moving++
		}
	}
	bound, chains := 1, 0
	for _, p := range parts[:used] {
		if p.steps >= len(sequencesOf) {
			return math.MaxInt
		}
		if p.moving == 0 {
			chains++
			continue
		}
		if bound *= min(sequencesOf[p.steps], sequencesOf[p.moving]+1); bound > 1<<20 {
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

// setsPart reports whether step a, on an element of kind k of a form
// without conditions, leaves the element's part in one state whatever it
// held.
func setsPart(a Action, k forms.Kind) bool {
	switch a.Op {
	case Check, Uncheck, Set, Select, Enter, Clear:
		return true
	case Click:
		return k == forms.Radio
	}
	return false // a click on a checkbox, a move, typing
}
