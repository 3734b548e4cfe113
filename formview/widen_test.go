package formview

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/typeface"
)

// TestTypingWidensAsDrawn types texts into the text boxes of every
// built-in family that has them, in a real page, and requires the page to
// widen as Job draws the state typed: every element's box and the
// picture's size as Chromium lays out Job's page of that state. The page
// loads the CJK and Devanagari faces, whose texts its script measures
// shaped as formview does.
func TestTypingWidensAsDrawn(t *testing.T) {
	if testing.Short() {
		t.Skip("renders in Chromium")
	}
	r, err := render.New(context.Background(), render.Options{Head: HeadWith(typeface.CJK | typeface.Devanagari), Fonts: Fonts(), Scale: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx := context.Background()
	texts := []string{"7", "a much longer text than any value", "trailing   ", "Ωμέγα και άλφα", "WWWWWWWWWWWWWWWWWWWWWWWW",
		"नमस्ते क्षत्रिय हिन्दी विद्यालय", "日本語 한국어 ひらがなカタカナ ", "पृथ्वी"}
	rng := rand.New(rand.NewPCG(3, 9))
	for _, fam := range forms.Builtins() {
		f := fam.NewForm(rng)
		for i, el := range f.Elements {
			if el.Kind != forms.TextBox {
				continue
			}
			for _, text := range texts {
				s := enableAll(&f, statesim.Clean(&f))
				if !statesim.Enabled(&f, s, i) {
					continue
				}
				start, err := Job(&f, s, "Type.", "w")
				if err != nil {
					t.Fatal(err)
				}
				start.Width, start.Height = MaxWidth, MaxHeight
				typed, err := r.ExecuteShot(ctx, start, []render.Input{{Op: "focus", Element: el.ID}, {Op: "type", Text: text}})
				if err != nil {
					t.Fatalf("%s %s %q: %v", fam.Name, el.ID, text, err)
				}
				s[i] = statesim.Value{S: text}
				want, err := Job(&f, s, "Type.", "w")
				if err != nil {
					t.Fatal(err)
				}
				want.Height = MaxHeight
				drawn, err := r.Render(ctx, []render.Job{want})
				if err != nil {
					t.Fatalf("%s %s %q: %v", fam.Name, el.ID, text, err)
				}
				if typed.Width != drawn[0].Width || typed.Height != drawn[0].Height {
					t.Errorf("%s %s %q: the typed page is %d x %d px, the drawn state %d x %d", fam.Name, el.ID, text, typed.Width, typed.Height, drawn[0].Width, drawn[0].Height)
				}
				for k, d := range drawn[0].Elements {
					g := typed.Elements[k].Box
					if d.ID != typed.Elements[k].ID || math.Abs(g.X-d.Box.X) > 1e-6 || math.Abs(g.W-d.Box.W) > 1e-6 || math.Abs(g.Y-d.Box.Y) > 1e-6 {
						t.Errorf("%s %s %q: element %s is at %+v in the typed page, %+v drawn", fam.Name, el.ID, text, d.ID, g, d.Box)
					}
				}
			}
		}
	}
}

// enableAll returns s with every enabler on, so that every conditional
// element is enabled.
func enableAll(f *forms.Form, s statesim.State) statesim.State {
	s = s.Clone()
	for _, el := range f.Elements {
		if el.EnabledBy == nil {
			continue
		}
		k := el.EnabledBy.Element
		if f.Elements[k].Kind == forms.Slider {
			s[k] = statesim.Value{N: f.Elements[k].Max}
		} else {
			s[k] = statesim.Value{N: 1}
		}
	}
	return s
}
