package statesim

import (
	"math/rand/v2"

	"github.com/formplan/formplan/forms"
)

// RandomState returns a state of f in which each element (each radio group,
// for radio buttons) starts away from its clean value with probability p: a
// checked box, a slider at another position, a selected radio button, or a
// text box pre-filled with one of f.TextValues. Everything comes from rng.
func RandomState(f *forms.Form, rng *rand.Rand, p float64) State {
	s := Clean(f)
	for i, e := range f.Elements {
		switch e.Kind {
		case forms.Checkbox:
			if rng.Float64() < p {
				s[i].N = 1
			}
		case forms.Slider:
			if rng.Float64() < p {
				positions := (e.Max-e.Min)/e.Step + 1
				v := e.Min + e.Step*rng.IntN(positions-1)
				if v >= s[i].N {
					v += e.Step // skip the clean value
				}
				s[i].N = v
			}
		case forms.Radio:
			if firstOfGroup(f, i) && rng.Float64() < p {
				s[radioOfGroup(f, e.Group, rng.IntN(countGroup(f, e.Group)))].N = 1
			}
		case forms.TextBox:
			if len(f.TextValues) > 0 && rng.Float64() < p {
				s[i].S = f.TextValues[rng.IntN(len(f.TextValues))]
			}
		}
	}
	return s
}

// firstOfGroup reports whether radio button i comes first in its group.
func firstOfGroup(f *forms.Form, i int) bool {
	els := f.Elements
	for j := 0; j < i; j++ {
		if els[j].Kind == forms.Radio && els[j].Group == els[i].Group {
			return false
		}
	}
	return true
}

// countGroup returns how many radio buttons group g has.
func countGroup(f *forms.Form, g string) int {
	n := 0
	for j := range f.Elements {
		if o := &f.Elements[j]; o.Kind == forms.Radio && o.Group == g {
			n++
		}
	}
	return n
}

// radioOfGroup returns the index of the k-th (0-based) radio button of group g.
func radioOfGroup(f *forms.Form, g string, k int) int {
	for j := range f.Elements {
		if o := &f.Elements[j]; o.Kind == forms.Radio && o.Group == g {
			if k == 0 {
				return j
			}
			k--
		}
	}
	return -1
}
