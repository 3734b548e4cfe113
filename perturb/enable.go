package perturb

import (
	"math/rand/v2"
	"slices"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// enableWants makes wants a valid task on a form with conditional elements.
// For each enabler of a wanted conditional element, a coin decides whether
// the task makes it enable (its want, or a new one, is moved to an
// enabling value: the box checked, the enabling radio button selected in
// place of its group's want, the slider up to the threshold). Then every
// want on an element the task leaves disabled is dropped, and so on down
// chains of conditions: a disabled element's value is not submitted, so a
// task does not name it.
func enableWants(f *forms.Form, wants []statesim.Want, rng *rand.Rand) []statesim.Want {
	at := func(i int) int {
		return slices.IndexFunc(wants, func(w statesim.Want) bool { k, err := f.Find(w.Target); return err == nil && k == i })
	}
	var flipped []int
	for i, e := range f.Elements {
		en := e.EnabledBy
		if en == nil || at(i) < 0 || slices.Contains(flipped, en.Element) {
			continue
		}
		flipped = append(flipped, en.Element)
		if rng.IntN(2) == 1 {
			continue
		}
		k := at(en.Element)
		enabler := &f.Elements[en.Element]
		switch {
		case enabler.Kind == forms.Radio:
			// Unwant the group's other buttons, then want this one.
			wants = slices.DeleteFunc(wants, func(w statesim.Want) bool {
				j, err := f.Find(w.Target)
				return err == nil && f.Elements[j].Kind == forms.Radio && f.Elements[j].Group == enabler.Group
			})
			wants = append(wants, statesim.Want{Target: f.RefOf(en.Element), Value: statesim.Value{N: 1}})
		case k < 0:
			wants = append(wants, statesim.Want{Target: f.RefOf(en.Element), Value: statesim.EnablingValue(f, i, statesim.Value{N: enabler.Min})})
		default:
			wants[k].Value = statesim.EnablingValue(f, i, wants[k].Value)
		}
	}
	for dropped := true; dropped; {
		dropped = false
		for x := 0; x < len(wants); x++ {
			i, err := f.Find(wants[x].Target)
			if err != nil || f.Elements[i].EnabledBy == nil {
				continue
			}
			k := at(f.Elements[i].EnabledBy.Element)
			if k < 0 || statesim.EnablingValue(f, i, wants[k].Value) != wants[k].Value {
				wants = slices.Delete(wants, x, x+1)
				dropped = true
				x--
			}
		}
	}
	// Keep the wants in form order, as Wants gives them.
	slices.SortStableFunc(wants, func(a, b statesim.Want) int {
		i, _ := f.Find(a.Target)
		j, _ := f.Find(b.Target)
		return i - j
	})
	return wants
}
