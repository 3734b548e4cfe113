package variant

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

// drawn returns a form of fam drawn from seed, and a random state of it.
func drawn(t *testing.T, fam forms.Family, seed uint64) (forms.Form, statesim.State) {
	t.Helper()
	var f forms.Form
	rng := rand.New(rand.NewPCG(seed, 1))
	fam.DrawForm(&f, rng)
	return f, statesim.RandomState(&f, rng, 0.5)
}

func family(t *testing.T, name string) forms.Family {
	t.Helper()
	for _, f := range testforms.Every(t) {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no family %s", name)
	return forms.Family{}
}

// TestShowKeepsEveryElement shows many looks of forms of every family:
// the form drawn is valid, holds each element once with its own label,
// kind and value, a conditional element enabled exactly as in the form
// itself, in the look's order and layouts.
func TestShowKeepsEveryElement(t *testing.T) {
	allow := func(string, string) bool { return true }
	for _, fam := range testforms.Every(t) {
		for seed := range uint64(20) {
			f, s := drawn(t, fam, seed)
			looks, err := Draw(Item{Seed: seed, Suite: "edge_case", Index: int64(seed)}, MaxVariants, &f, "Hit Submit.", 1, allow)
			if err != nil {
				t.Fatalf("%s: %v", fam.Name, err)
			}
			for _, l := range looks {
				m := question.Meta{Form: f, Pictures: []statesim.State{s}, Look: &l}
				sh, err := Show(&m, "Hit Submit.")
				if err != nil {
					t.Fatalf("%s look %+v: %v", fam.Name, l, err)
				}
				if err := sh.Form.Validate(); err != nil {
					t.Fatalf("%s look %+v: the form shown is invalid: %v", fam.Name, l, err)
				}
				if err := statesim.Validate(&sh.Form, sh.Pictures[0]); err != nil {
					t.Fatalf("%s look %+v: %v", fam.Name, l, err)
				}
				for k, e := range sh.Form.Elements {
					i := k
					if l.Order != nil {
						i = l.Order[k]
					}
					o := &f.Elements[i]
					if e.ID != o.ID || e.Label != o.Label || e.Kind != o.Kind || sh.Pictures[0][k] != s[i] {
						t.Fatalf("%s look %+v: place %d shows %s %q, want element %d, %s %q", fam.Name, l, k, e.ID, e.Label, i, o.ID, o.Label)
					}
					if statesim.Enabled(&sh.Form, sh.Pictures[0], k) != statesim.Enabled(&f, s, i) {
						t.Fatalf("%s look %+v: %s is enabled otherwise than on the form", fam.Name, l, e.ID)
					}
					flipped := slices.Contains(l.Flip, o.Group)
					if (e.Layout != o.Layout) != flipped {
						t.Fatalf("%s look %+v: %s has layout %q, the form %q", fam.Name, l, e.ID, e.Layout, o.Layout)
					}
				}
				if want := Bar("Hit Submit.", l.Bar); sh.Bar != want {
					t.Fatalf("bar %q, want %q", sh.Bar, want)
				}
			}
		}
	}
}

// TestCheckRefuses lists looks that do not fit their row.
func TestCheckRefuses(t *testing.T) {
	labelled, _ := drawn(t, family(t, "row_gate"), 1) // radios once, daily, custom; a slider; two checkboxes
	ordinal, _ := drawn(t, family(t, "radio_textboxes"), 1)
	ident := func(f *forms.Form) []int {
		o := make([]int, len(f.Elements))
		for k := range o {
			o[k] = k
		}
		return o
	}
	swap := func(f *forms.Form, a, b int) []int {
		o := ident(f)
		o[a], o[b] = o[b], o[a]
		return o
	}
	tests := []struct {
		name string
		form *forms.Form
		task string
		look question.Look
		want string
	}{
		{"fine", &labelled, "Hit Submit.", question.Look{Variant: 1, Of: 3, Scale: 2, Order: swap(&labelled, 0, 1), Flip: []string{labelled.Elements[0].Group}, Bar: 2}, ""},
		{"alone", &labelled, "", question.Look{Variant: 0, Of: 1, Scale: 1}, "want 0 <= variant < of"},
		{"past the group", &labelled, "", question.Look{Variant: 3, Of: 3, Scale: 1}, "want 0 <= variant < of"},
		{"no scale", &labelled, "", question.Look{Variant: 1, Of: 3}, "want a positive scale"},
		{"bar out of range", &labelled, "", question.Look{Variant: 1, Of: 3, Scale: 1, Bar: 3}, "want 0 to 2"},
		{"bar without a closing", &labelled, "Type a poem.", question.Look{Variant: 1, Of: 3, Scale: 1, Bar: 1}, "no closing"},
		{"first row moved", &labelled, "", question.Look{Variant: 0, Of: 3, Scale: 1, Bar: 1}, "first row of a group"},
		{"short order", &labelled, "", question.Look{Variant: 1, Of: 3, Scale: 1, Order: []int{1, 0}}, "places for"},
		{"repeated place", &labelled, "", question.Look{Variant: 1, Of: 3, Scale: 1, Order: func() []int { o := ident(&labelled); o[1] = 0; return o }()}, "not a permutation"},
		{"across groups", &labelled, "", question.Look{Variant: 1, Of: 3, Scale: 1, Order: swap(&labelled, 2, 3)}, "move only within a group"},
		{"ordinal form", &ordinal, "", question.Look{Variant: 1, Of: 3, Scale: 1, Order: swap(&ordinal, 0, 1)}, "move only within a group"},
		{"flip of one member", &labelled, "", question.Look{Variant: 1, Of: 3, Scale: 1, Flip: []string{labelled.Elements[3].Group}}, "two members or more"},
		{"flip of no group", &labelled, "", question.Look{Variant: 1, Of: 3, Scale: 1, Flip: []string{"nowhere"}}, "two members or more"},
		{"two flips", &labelled, "", question.Look{Variant: 1, Of: 3, Scale: 1, Flip: []string{labelled.Elements[0].Group, labelled.Elements[4].Group}}, "one group at most"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Check(&tc.look, tc.form, tc.task)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}
