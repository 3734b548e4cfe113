// Package perturb draws the random parts of a question: tasks, the errors
// that knock a form away from its clean state, and random plan steps.
// Everything takes its randomness from a *rand.Rand passed in.
package perturb

import (
	"math/rand/v2"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// Goal draws a task for form f of family fam, worded: see Wants.
func Goal(fam *forms.Family, f *forms.Form, rng *rand.Rand) statesim.Goal {
	return statesim.NewGoal(f, Wants(fam, f, rng))
}

// Wants draws the wants of a task for form f of family fam, without wording
// them, for callers that may still drop the task: every checkbox of a group
// gets a random target (unless the group's InTask limits how many are
// named), sliders a random position, one radio button of each group is to be
// selected, and text boxes (InTask of them) a value from f.TextValues. On a
// form with conditional elements, the task names an element's value only
// with what enables it (see enableWants).
func Wants(fam *forms.Family, f *forms.Form, rng *rand.Rand) []statesim.Want {
	wants := make([]statesim.Want, 0, len(f.Elements))
	var members []int // reused by every group
	for gi, g := range fam.Groups {
		members = f.AppendMembers(members[:0], forms.GroupName(gi))
		if len(members) == 0 {
			continue
		}
		if g.Kind == forms.Radio {
			i := members[rng.IntN(len(members))]
			wants = append(wants, statesim.Want{Target: f.RefOf(i), Value: statesim.Value{N: 1}})
			continue
		}
		chosen := members
		if g.InTask > 0 && g.InTask < len(members) {
			perm := rng.Perm(len(members))[:g.InTask]
			chosen = nil
			slices.Sort(perm)
			for _, p := range perm {
				chosen = append(chosen, members[p])
			}
		}
		for _, i := range chosen {
			e := &f.Elements[i]
			var v statesim.Value
			switch e.Kind {
			case forms.Checkbox:
				v.N = rng.IntN(2)
			case forms.Slider:
				v.N = e.Min + e.Step*rng.IntN((e.Max-e.Min)/e.Step+1)
			case forms.TextBox:
				v.S = f.TextValues[rng.IntN(len(f.TextValues))]
			}
			wants = append(wants, statesim.Want{Target: f.RefOf(i), Value: v})
		}
	}
	if f.Conditional() {
		wants = enableWants(f, wants, rng)
	}
	return wants
}

// Step draws one action of f's vocabulary: an element uniformly among those
// that can be acted on, then an operation and value uniformly for it. Unlike
// a uniform draw from the vocabulary, this does not favour sliders for their
// many positions.
func Step(f *forms.Form, rng *rand.Rand) statesim.Action {
	actable := func(e *forms.Element) bool {
		return e.Kind != forms.Submit && (e.Kind != forms.TextBox || len(f.TextValues) > 0)
	}
	n := 0
	for j := range f.Elements {
		if actable(&f.Elements[j]) {
			n++
		}
	}
	k, i := rng.IntN(n), 0
	for ; ; i++ {
		if actable(&f.Elements[i]) {
			if k == 0 {
				break
			}
			k--
		}
	}
	e := &f.Elements[i]
	ref := f.RefOf(i)
	switch e.Kind {
	case forms.Checkbox:
		return statesim.Action{Op: checkboxOps[rng.IntN(3)], Target: ref}
	case forms.Slider:
		positions := (e.Max-e.Min)/e.Step + 1
		if rng.IntN(2) == 0 {
			return statesim.Action{Op: statesim.Set, Target: ref, N: e.Min + e.Step*rng.IntN(positions)}
		}
		k := e.Step * (1 + rng.IntN(positions-1))
		if rng.IntN(2) == 0 {
			k = -k
		}
		return statesim.Action{Op: statesim.Move, Target: ref, N: k}
	case forms.Radio:
		return statesim.Action{Op: statesim.Select, Target: ref}
	default: // text box
		v := f.TextValues[rng.IntN(len(f.TextValues))]
		switch rng.IntN(3) {
		case 0:
			return statesim.Action{Op: statesim.Clear, Target: ref}
		case 1:
			return statesim.Action{Op: statesim.Type, Target: ref, Text: v}
		}
		return statesim.Action{Op: statesim.Enter, Target: ref, Text: v}
	}
}

// checkboxOps are the operations Step draws for a checkbox.
var checkboxOps = [3]statesim.Op{statesim.Check, statesim.Uncheck, statesim.Click}

// Error is one mistake applied to a clean form, with its kind, or one of
// the steps that enabled a disabled element for a mistake and disabled it
// again.
type Error struct {
	Kind   string          // wrong_click, prefilled_text, partly_typed, moved_slider, wrong_radio; Enabling or Disabling
	Action statesim.Action // what was done
}

// The kinds of the steps around a mistake on a conditional element: the
// mistake follows an Enabling step and may be followed by a Disabling one.
const (
	Enabling  = "enabling"
	Disabling = "disabling"
)

// MaxStepsPerMistake is the most steps one mistake takes: the step that
// enabled its element, the mistake, and the step that disabled it again.
const MaxStepsPerMistake = 3

// Errors draws n mistakes on f that move state s away from goal g where it
// can: wrong clicks on checkboxes, pre-filled text (another value, or the
// start of the text the task wants), a moved slider, a wrongly selected
// radio button. Each error changes the state; it returns the errors
// and the state after them. A mistake on a disabled element comes with the
// actions that enabled it and, half the time, disabled it again, so that
// it counts as one of the n.
func Errors(f *forms.Form, s statesim.State, g statesim.Goal, n int, rng *rand.Rand) ([]Error, statesim.State) {
	var m Mistakes
	return m.Make(f, s, g, n, rng)
}

// Mistakes makes mistakes as [Errors] does, drawing the same ones from
// the same source, in memory it keeps from one call to the next: for a
// caller that makes many sets of mistakes and keeps few. The zero value
// is ready for use.
type Mistakes struct {
	out     []Error
	enc     []Error // a mistake on a disabled element with its steps
	members []int   // a radio group's members
	s, t    statesim.State
	at      []int // Make's: the elements of the goal's wants
}

// Make is [Errors] in m's memory: the mistakes and the state it returns
// are valid until m's next call. s may be a state Make returned before.
func (m *Mistakes) Make(f *forms.Form, s statesim.State, g statesim.Goal, n int, rng *rand.Rand) ([]Error, statesim.State) {
	m.at = g.AppendIndices(m.at[:0], f)
	return m.MakeAt(f, s, g, m.at, n, rng)
}

// MakeAt is Make given the elements of g's wants, as g.Indices(f) lists
// them: for a caller that makes many sets of mistakes with one form and
// goal, and finds those once.
func (m *Mistakes) MakeAt(f *forms.Form, s statesim.State, g statesim.Goal, at []int, n int, rng *rand.Rand) ([]Error, statesim.State) {
	out := m.out[:0]
	s = append(m.s[:0], s...)
	// t is s after a candidate error: it equals s at the top of every
	// try, and what a try changes in it is put back when the error is
	// not kept.
	t := append(m.t[:0], s...)
	unmet := g.UnmetAt(at, s)
	made := 0
	for tries := 0; made < n && tries < 50; tries++ {
		i := rng.IntN(len(f.Elements))
		er, ok := drawMistake(f, s, &g, i, rng)
		if !ok {
			continue
		}
		e := &f.Elements[i]
		if e.EnabledBy != nil && !statesim.Enabled(f, s, i) {
			// A mistake on a disabled element happened while it was
			// enabled: what enabled it is set first, and may be set back.
			ers := appendEnclosed(m.enc[:0], &m.members, f, s, i, er, rng)
			m.enc = ers
			for _, x := range ers {
				statesim.ApplyInPlace(f, t, x.Action) // names an element of f with an operation that fits it
			}
			if t.Equal(s) {
				continue
			}
			u := g.UnmetAt(at, t)
			if u < unmet {
				copy(t, s) // it happens to help: not a mistake
				continue
			}
			s, t, unmet = t, s, u
			copy(t, s)
			out = append(out, ers...)
			made++
			continue
		}
		// A plain mistake changes element i, or its radio group, alone:
		// t is compared with s, and the wants counted, there only.
		statesim.ApplyAt(f, t, i, er.Action) // the action names element i, with an operation that fits it
		if !changedTouched(t, s, f, i) {
			continue
		}
		more := 0 // wants unmet in t but met in s, less the other way round
		radio := e.Kind == forms.Radio
		for k, j := range at {
			if j == i || radio && j >= 0 && touches(f, i, j) {
				w := &g.Wants[k].Value
				more += met(s[j], w) - met(t[j], w)
			}
		}
		if more < 0 {
			copyTouched(t, s, f, i) // it happens to help: not a mistake
			continue
		}
		copyTouched(s, t, f, i)
		unmet += more
		out = append(out, er)
		made++
	}
	m.out, m.s, m.t = out, s, t
	return out, s
}

// drawMistake draws a mistake on element i of f in state s, with goal g:
// a wrong click on a checkbox, a slider moved to a random position, a
// radio button selected, or text in an empty text box (another value, or
// the start of the text g wants). It reports false for an element that
// takes none: a Submit button, or a text box that holds text already or
// has no text to type.
func drawMistake(f *forms.Form, s statesim.State, g *statesim.Goal, i int, rng *rand.Rand) (Error, bool) {
	e := &f.Elements[i]
	ref := f.RefOf(i)
	switch e.Kind {
	case forms.Checkbox:
		return Error{"wrong_click", statesim.Action{Op: statesim.Click, Target: ref}}, true
	case forms.Slider:
		v := e.Min + e.Step*rng.IntN((e.Max-e.Min)/e.Step+1)
		return Error{"moved_slider", statesim.Action{Op: statesim.Set, Target: ref, N: v}}, true
	case forms.Radio:
		return Error{"wrong_radio", statesim.Action{Op: statesim.Select, Target: ref}}, true
	case forms.TextBox:
		if len(f.TextValues) == 0 || s[i].S != "" {
			return Error{}, false
		}
		er := Error{"prefilled_text", statesim.Action{Op: statesim.Type, Target: ref, Text: f.TextValues[rng.IntN(len(f.TextValues))]}}
		if w := wantedText(g.Wants, ref); forms.TextLen(w) > 1 && rng.IntN(2) == 0 {
			// Typing stopped part way: the box holds the start of the text.
			er = Error{"partly_typed", statesim.Action{Op: statesim.Type, Target: ref, Text: forms.TextPrefix(w, 1+rng.IntN(forms.TextLen(w)-1))}}
		}
		return er, true
	}
	return Error{}, false
}

// met is 1 when value v is the value w wants, else 0.
func met(v statesim.Value, w *statesim.Value) int {
	if v == *w {
		return 1
	}
	return 0
}

// touches reports whether a plain mistake on element i of f may change
// element j: j is i, or in i's radio group.
func touches(f *forms.Form, i, j int) bool {
	if j == i {
		return true
	}
	a, b := &f.Elements[i], &f.Elements[j]
	return a.Kind == forms.Radio && b.Kind == forms.Radio && a.Group == b.Group
}

// changedTouched reports whether t differs from s where a plain mistake
// on element i of f may change it.
func changedTouched(t, s statesim.State, f *forms.Form, i int) bool {
	if f.Elements[i].Kind != forms.Radio {
		return t[i] != s[i]
	}
	for j := range f.Elements {
		if touches(f, i, j) && t[j] != s[j] {
			return true
		}
	}
	return false
}

// copyTouched copies into dst from src what a plain mistake on element i
// of f may change.
func copyTouched(dst, src statesim.State, f *forms.Form, i int) {
	if f.Elements[i].Kind != forms.Radio {
		dst[i] = src[i]
		return
	}
	for j := range f.Elements {
		if touches(f, i, j) {
			dst[j] = src[j]
		}
	}
}

// appendEnclosed appends to dst the mistake er on element i, disabled in
// s, between the action that enables i (a click on its box, a click on its
// radio button, the slider moved up to the threshold) and, half the time,
// the action that disables it again (the box clicked again, another radio
// button of the group, the slider set back), and returns the extended
// slice. It lists a radio group's members in *members' memory.
func appendEnclosed(dst []Error, members *[]int, f *forms.Form, s statesim.State, i int, er Error, rng *rand.Rand) []Error {
	k := f.Elements[i].EnabledBy.Element
	en := &f.Elements[k]
	ref := f.RefOf(k)
	var on, off Error
	switch en.Kind {
	case forms.Checkbox:
		on = Error{Enabling, statesim.Action{Op: statesim.Click, Target: ref}}
		off = Error{Disabling, on.Action}
	case forms.Radio:
		on = Error{Enabling, statesim.Action{Op: statesim.Select, Target: ref}}
		all := f.AppendMembers((*members)[:0], en.Group)
		others := all[:0] // all but k, in place
		for _, m := range all {
			if m != k {
				others = append(others, m)
			}
		}
		*members = all
		if len(others) == 0 {
			return append(dst, on, er)
		}
		off = Error{Disabling, statesim.Action{Op: statesim.Select, Target: f.RefOf(others[rng.IntN(len(others))])}}
	case forms.Slider:
		on = Error{Enabling, statesim.Action{Op: statesim.Set, Target: ref, N: statesim.EnablingValue(f, i, s[k]).N}}
		off = Error{Disabling, statesim.Action{Op: statesim.Set, Target: ref, N: s[k].N}}
	}
	if rng.IntN(2) == 0 {
		return append(dst, on, er)
	}
	return append(dst, on, er, off)
}

// wantedText returns the text wants ask of the text box ref, or "".
func wantedText(wants []statesim.Want, ref forms.Ref) string {
	for _, w := range wants {
		if w.Target == ref {
			return w.Value.S
		}
	}
	return ""
}
