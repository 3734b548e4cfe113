package statesim

import (
	"math/rand/v2"

	"github.com/formplan/formplan/forms"
)

// appendHolding appends to dst the values of part p from which plan k of
// judge j meets every want on that part (the values themselves, not
// copies) and returns the extended slice. It replays the plan from each
// value: the oracle the tests check Prefixes against.
func appendHolding(j *Judge, dst []State, k, p int) []State {
	for _, v := range j.sp.Values[p] {
		if j.holds(k, p, v) {
			dst = append(dst, v)
		}
	}
	return dst
}

// sampleForms returns perFamily forms of every built-in family, drawn from
// rng, then conditional copies of conditionalForm.
func sampleForms(rng *rand.Rand, perFamily, conditional int) []forms.Form {
	var fs []forms.Form
	for _, fam := range forms.Builtins() {
		for range perFamily {
			fs = append(fs, fam.NewForm(rng))
		}
	}
	for range conditional {
		fs = append(fs, *conditionalForm())
	}
	return fs
}
