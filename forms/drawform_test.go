package forms_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
)

// TestDrawFormLikeNewForm checks, on every family the tests know, that
// DrawForm into a form drawn before (of another family, larger or smaller)
// gives the form NewForm gives from the same source state, leaves the
// source where NewForm leaves it, and that a Clone taken before is left as
// it was.
func TestDrawFormLikeNewForm(t *testing.T) {
	fams := testforms.Every(t)
	var reused forms.Form
	for seed := range uint64(40) {
		for k, fam := range fams {
			t.Run(fam.Name, func(t *testing.T) {
				before := forms.Form{Family: reused.Family, Refer: reused.Refer,
					Elements: append([]forms.Element(nil), reused.Elements...), TextValues: append([]string(nil), reused.TextValues...)}
				if reused.Picture != nil {
					z := *reused.Picture
					before.Picture = &z
				}
				kept := reused.Clone() // a copy to keep, as a sampler keeps a form
				a, b := rand.New(rand.NewPCG(seed, uint64(k))), rand.New(rand.NewPCG(seed, uint64(k)))
				want := fam.NewForm(a)
				fam.DrawForm(&reused, b)
				if !reflect.DeepEqual(reused, want) {
					t.Fatalf("seed %d: DrawForm gave\n%+v\nNewForm gave\n%+v", seed, reused, want)
				}
				if a.Uint64() != b.Uint64() {
					t.Fatalf("seed %d: the source is not where NewForm leaves it", seed)
				}
				if !reflect.DeepEqual(kept, before) {
					t.Fatalf("seed %d: drawing into the form changed a Clone taken before", seed)
				}
			})
		}
	}
}
