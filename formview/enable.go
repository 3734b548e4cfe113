package formview

import (
	"fmt"
	"strconv"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// Conditional elements (forms.Enabler) are drawn with the browser's own
// disabled attribute while the pictured state disables them, and carry
// data-enabled-by, the id of their enabler, and for a slider enabler
// data-at-least, its least enabling value. The page's script (the "head"
// template) reads these to set or clear disabled as soon as a person
// changes an enabler, within the element's form (its root .wrap), so that
// many forms can share one page. Unconditional elements carry none of
// these: their markup is as it was before forms had conditions.

// conditional fills in what the template needs of conditional element i
// of f in state s.
func conditional(el *element, f *forms.Form, s statesim.State, i int) {
	en := f.Elements[i].EnabledBy
	el.EnabledBy = f.Elements[en.Element].ID
	if f.Elements[en.Element].Kind == forms.Slider {
		el.AtLeast = strconv.Itoa(en.AtLeast)
	}
	el.Disabled = !statesim.Enabled(f, s, i)
}

// checkEnabled compares whether the page shows element i of f disabled,
// d.Disabled, with what state s says.
func checkEnabled(f *forms.Form, s statesim.State, i int, d render.Element) error {
	want := !statesim.Enabled(f, s, i)
	if d.Disabled == want {
		return nil
	}
	return fmt.Errorf("formview: element %s (%s): the page shows it %s, the simulator says %s", f.Elements[i].ID, f.Name(f.RefOf(i)), ableWord(d.Disabled), ableWord(want))
}

// ableWord returns "disabled" or "enabled".
func ableWord(disabled bool) string {
	if disabled {
		return "disabled"
	}
	return "enabled"
}
