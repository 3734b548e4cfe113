package statesim

import (
	"fmt"

	"github.com/formplan/formplan/forms"
)

// Enabled reports whether element i of f is enabled in state s: it has no
// Enabler, or its enabler holds an enabling value (a checked box, a
// selected radio button, a slider at or above the threshold). Only the
// enabler's value counts.
func Enabled(f *forms.Form, s State, i int) bool {
	en := f.Elements[i].EnabledBy
	if en == nil {
		return true
	}
	v := s[en.Element].N
	if f.Elements[en.Element].Kind == forms.Slider {
		return v >= en.AtLeast
	}
	return v == 1
}

// Submitted reports whether element i of f is enabled in s, and so is
// every enabler above it: whether a form submitted in s would send its
// value (a disabled element's value is not sent).
func Submitted(f *forms.Form, s State, i int) bool {
	for ; f.Elements[i].EnabledBy != nil; i = f.Elements[i].EnabledBy.Element {
		if !Enabled(f, s, i) {
			return false
		}
	}
	return true
}

// EnablingValue returns the value of the enabler of conditional element i
// that enables i and is closest to v, the enabler's value: v itself if it
// enables; for a checkbox or radio button, checked or selected; for a
// slider, the lowest position at or above the threshold if v is below it.
func EnablingValue(f *forms.Form, i int, v Value) Value { return enabling(f, i, v) }

func enabling(f *forms.Form, i int, v Value) Value {
	en := f.Elements[i].EnabledBy
	e := &f.Elements[en.Element]
	if e.Kind == forms.Slider {
		if v.N < en.AtLeast {
			v.N = Snap(e, en.AtLeast)
			if v.N < en.AtLeast {
				v.N += e.Step
			}
		}
		return v
	}
	return Value{N: 1}
}

// checkEnabling reports a want on a conditional element whose enabler the
// goal does not want in an enabling value. A disabled element's value is not
// submitted, as with a disabled input in a browser, so a task names an
// element's value only together with what enables it.
func (g Goal) checkEnabling(f *forms.Form) error {
	wanted := map[int]Value{}
	for _, w := range g.Wants {
		if i, err := f.Find(w.Target); err == nil {
			wanted[i] = w.Value
		}
	}
	for i := range f.Elements {
		if _, ok := wanted[i]; !ok {
			continue
		}
		en := f.Elements[i].EnabledBy
		if en == nil {
			continue
		}
		ev, ok := wanted[en.Element]
		if !ok || ev != enabling(f, i, ev) {
			return fmt.Errorf("statesim: goal wants a value of %s, which %s enables, without wanting %s to enable it", f.Name(f.RefOf(i)), f.Name(f.RefOf(en.Element)), f.Name(f.RefOf(en.Element)))
		}
	}
	return nil
}
