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
	return AppendRandomState(make(State, 0, len(f.Elements)), f, rng, p)
}

// AppendRandomState appends to dst the state RandomState draws (the same
// one, from the same draws of rng) and returns the extended slice: the
// state is its last len(f.Elements) values.
func AppendRandomState(dst State, f *forms.Form, rng *rand.Rand, p float64) State {
	at := len(dst)
	dst = AppendClean(dst, f)
	s := dst[at:]
	var members []int // a radio group's
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
			if f.First(e.Group) == i && rng.Float64() < p {
				members = f.AppendMembers(members[:0], e.Group)
				s[members[rng.IntN(len(members))]].N = 1
			}
		case forms.TextBox:
			if len(f.TextValues) > 0 && rng.Float64() < p {
				s[i].S = f.TextValues[rng.IntN(len(f.TextValues))]
			}
		}
	}
	return dst
}
