package variant

import (
	"reflect"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
)

// TestDraw draws the looks of groups of every size on forms of every
// family: the first is the row as without variants, every look fits its
// form and differs from the others of its group, no look orders the
// elements of a form named by ordinal or flips a group the run does not
// allow, and the same item gives the same looks.
func TestDraw(t *testing.T) {
	allowOnly := func(g string) Flippable {
		return func(_, group string) bool { return group == g }
	}
	for _, fam := range testforms.Every(t) {
		for _, scale := range []float64{1, 2, 1.5} {
			for of := 2; of <= MaxVariants; of++ {
				seed := uint64(of)
				f, _ := drawn(t, fam, seed)
				allowed := f.Elements[0].Group
				it := Item{Seed: seed, Suite: "plan_shuffle", Index: 11}
				looks, err := Draw(it, of, &f, "Hit Submit.", scale, allowOnly(allowed))
				if err != nil {
					t.Fatalf("%s, %d looks: %v", fam.Name, of, err)
				}
				again, _ := Draw(it, of, &f, "Hit Submit.", scale, allowOnly(allowed))
				if !reflect.DeepEqual(looks, again) {
					t.Fatalf("%s: the same item gave other looks", fam.Name)
				}
				if len(looks) != of || looks[0].Order != nil || looks[0].Flip != nil || looks[0].Bar != 0 || looks[0].Scale != scale {
					t.Fatalf("%s: %d looks, the first %+v", fam.Name, len(looks), looks[0])
				}
				keys := map[string]bool{}
				for v, l := range looks {
					if l.Variant != v || l.Of != of {
						t.Fatalf("%s: look %d is %d of %d", fam.Name, v, l.Variant, l.Of)
					}
					if err := Check(&l, &f, "Hit Submit."); err != nil {
						t.Fatalf("%s: look %+v: %v", fam.Name, l, err)
					}
					if keys[Key(&l)] {
						t.Fatalf("%s: look %+v twice in a group", fam.Name, l)
					}
					keys[Key(&l)] = true
					if l.Order != nil && f.Refer != forms.ByLabel {
						t.Fatalf("%s: a form named by ordinal drawn in order %v", fam.Name, l.Order)
					}
					for _, g := range l.Flip {
						if g != allowed {
							t.Fatalf("%s: group %s flipped, only %s allowed", fam.Name, g, allowed)
						}
					}
					if l.Scale != scale && l.Scale != OtherScale(scale) {
						t.Fatalf("%s: scale %g at run scale %g", fam.Name, l.Scale, scale)
					}
				}
			}
		}
	}
}

// TestDrawUsesEveryPart draws many groups of a labelled family and
// checks that each part of a look is drawn, each way about as often as
// its odds say (within 5 points on 3,000 looks).
func TestDrawUsesEveryPart(t *testing.T) {
	fam := forms.Builtin("checkboxes")
	var ordered, flipped, other, bars [Wordings]int
	n := 0
	for i := range int64(1500) {
		f, _ := drawn(t, *fam, uint64(i))
		looks, err := Draw(Item{Seed: 1, Suite: "edge_case", Index: i}, 3, &f, "Hit Submit.", 1, func(string, string) bool { return true })
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range looks[1:] {
			n++
			if l.Order != nil {
				ordered[0]++
			}
			if l.Flip != nil {
				flipped[0]++
			}
			if l.Scale == 2 {
				other[0]++
			}
			bars[l.Bar]++
		}
	}
	share := func(k int) float64 { return float64(k) / float64(n) }
	// A look equal to one the group has is drawn again, which tilts the
	// odds a little from the first look's.
	for _, c := range []struct {
		what string
		got  float64
		want float64
	}{
		{"ordered", share(ordered[0]), 0.95},
		{"flipped", share(flipped[0]), 0.5},
		{"scale 2", share(other[0]), 0.5},
		{"bar 0", share(bars[0]), 1.0 / 3},
		{"bar 1", share(bars[1]), 1.0 / 3},
		{"bar 2", share(bars[2]), 1.0 / 3},
	} {
		if c.got < c.want-0.05 || c.got > c.want+0.05 {
			t.Errorf("%s in %.3f of looks, want about %.3f", c.what, c.got, c.want)
		}
	}
}

func TestDrawRefusesGroupSizes(t *testing.T) {
	f, _ := drawn(t, *forms.Builtin("checkboxes"), 1)
	for _, of := range []int{-1, 0, 1, MaxVariants + 1} {
		if _, err := Draw(Item{}, of, &f, "", 1, nil); err == nil {
			t.Errorf("%d looks a group: no error", of)
		}
	}
}
