package variant

import (
	"errors"
	"fmt"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

// Shown is what the pictures of a row draw: its form with the elements in
// the order and layouts of the row's look, the pictured states in the same
// order, and the instruction bar's text.
type Shown struct {
	Form     forms.Form
	Pictures []statesim.State
	Bar      string // the task text formview.Job takes ("" shows the neutral bar)
}

// Show returns what the pictures of a row with metadata m and task column
// task draw. A row without a look draws its form, pictures and task as
// they are; a look that does not fit m's form (Check) is an error.
func Show(m *question.Meta, task string) (Shown, error) {
	l := m.Look
	if l == nil {
		return Shown{Form: m.Form, Pictures: m.Pictures, Bar: task}, nil
	}
	if err := Check(l, &m.Form, task); err != nil {
		return Shown{}, err
	}
	f := &m.Form
	s := Shown{Form: f.Clone(), Bar: task}
	if l.Bar > 0 {
		s.Bar = Bar(formview.BarText(task), l.Bar)
	}
	if l.Order != nil {
		at := make([]int, len(l.Order)) // at[i]: where element i is drawn
		for k, i := range l.Order {
			at[i] = k
		}
		for k, i := range l.Order {
			e := f.Elements[i]
			e.Ordinal = f.Elements[k].Ordinal // of the same kind: members of one group
			if e.EnabledBy != nil {
				en := *e.EnabledBy
				en.Element = at[en.Element]
				e.EnabledBy = &en
			}
			s.Form.Elements[k] = e
		}
	}
	for k := range s.Form.Elements {
		e := &s.Form.Elements[k]
		if slices.Contains(l.Flip, e.Group) {
			if e.Layout == forms.LayoutRow {
				e.Layout = ""
			} else {
				e.Layout = forms.LayoutRow
			}
		}
	}
	s.Pictures = make([]statesim.State, len(m.Pictures))
	for p, st := range m.Pictures {
		if len(st) != len(f.Elements) {
			return Shown{}, fmt.Errorf("variant: picture %d has %d values for %d elements", p+1, len(st), len(f.Elements))
		}
		if l.Order == nil {
			s.Pictures[p] = st
			continue
		}
		s.Pictures[p] = make(statesim.State, len(st))
		for k, i := range l.Order {
			s.Pictures[p][k] = st[i]
		}
	}
	return s, nil
}

// Check reports what is wrong with look l of a row whose form is f and
// whose task column is task: its place in its group, its scale and
// wording, an order that is not a permutation moving elements only within
// their groups of a form named by label (Movable), a flip of more than
// one group, or of a group the form does not have with two members;
// and a first row (Variant 0) that is not drawn as without variants.
func Check(l *question.Look, f *forms.Form, task string) error {
	switch {
	case l.Of < 2 || l.Variant < 0 || l.Variant >= l.Of:
		return fmt.Errorf("variant: look %d of %d: want 0 <= variant < of, of at least 2", l.Variant, l.Of)
	case !(l.Scale > 0):
		return fmt.Errorf("variant: look scale %g: want a positive scale", l.Scale)
	case l.Bar < 0 || l.Bar >= Wordings:
		return fmt.Errorf("variant: look bar %d: want 0 to %d", l.Bar, Wordings-1)
	case l.Bar > 0 && !Rewordable(formview.BarText(task)):
		return fmt.Errorf("variant: look bar %d, but the bar %q has no closing to word another way", l.Bar, formview.BarText(task))
	case l.Variant == 0 && (l.Order != nil || l.Flip != nil || l.Bar != 0):
		return errors.New("variant: the first row of a group must be drawn as without variants (no order, flip or bar)")
	}
	if l.Order != nil {
		if len(l.Order) != len(f.Elements) {
			return fmt.Errorf("variant: look order has %d places for %d elements", len(l.Order), len(f.Elements))
		}
		seen := make([]bool, len(f.Elements))
		for k, i := range l.Order {
			if i < 0 || i >= len(f.Elements) || seen[i] {
				return fmt.Errorf("variant: look order %v is not a permutation of the form's elements", l.Order)
			}
			seen[i] = true
			if i == k {
				continue
			}
			if g := f.Elements[i].Group; g != f.Elements[k].Group || !Movable(f, g) {
				return fmt.Errorf("variant: look order draws element %s at the place of %s: elements move only within a group of labelled members, on a form named by label", f.Elements[i].ID, f.Elements[k].ID)
			}
		}
	}
	groups := Groups(f)
	for k, g := range l.Flip {
		n, ok := groups[g]
		if !ok || n < 2 {
			return fmt.Errorf("variant: look flips group %q, which the form does not have with two members or more", g)
		}
		if k > 0 {
			return fmt.Errorf("variant: look flips %d groups: a look draws one group at most in the other layout", len(l.Flip))
		}
	}
	return nil
}

// Groups returns the number of members of each group of f's elements
// (forms.Element.Group), the Submit button and ungrouped elements left
// out.
func Groups(f *forms.Form) map[string]int {
	n := map[string]int{}
	for _, e := range f.Elements {
		if e.Group != "" && e.Kind != forms.Submit {
			n[e.Group]++
		}
	}
	return n
}

// Movable reports whether the members of group g of f may be drawn in
// another order: f names its elements by label, and every member of g has
// a label, so no instruction or plan refers to a member by its place.
func Movable(f *forms.Form, g string) bool {
	if f.Refer != forms.ByLabel || g == "" {
		return false
	}
	n := 0
	for _, e := range f.Elements {
		if e.Group != g {
			continue
		}
		if e.Label == "" || e.Kind == forms.Submit {
			return false
		}
		n++
	}
	return n >= 2
}
