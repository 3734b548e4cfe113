package episode

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// TestComposedIsPainted walks episodes of every built-in family at scales
// 1 and 2 with random clicks, keyboard focus and typing, and requires every
// picture Screens gives, composed, from its cache or painted, to be the
// very PNG that Chromium paints of the same state in the episode's full
// pose (pointer and focus as they are, not as the cache keys them).
func TestComposedIsPainted(t *testing.T) {
	if testing.Short() {
		t.Skip("renders in Chromium")
	}
	fams := forms.Builtins()
	byName := builtins()
	for _, scale := range []float64{1, 2} {
		t.Run(fmt.Sprint("scale ", scale), func(t *testing.T) {
			ctx := context.Background()
			r, heights, screens := chromeScreens(t, scale, fams)
			rng := rand.New(rand.NewPCG(5, uint64(scale)))
			checked := 0
			for _, fam := range fams {
				for seed := range int64(4) {
					e, _, err := Reset(ctx, seed, Spec{Family: fam.Name, Horizon: 1, Budget: 60}, byName, screens)
					if err != nil {
						t.Fatal(err)
					}
					for k := 0; k < 24 && !e.Done; k++ {
						action := composeAction(e, rng)
						before, _ := screens.Composed()
						if _, err := e.Step(ctx, action); err != nil {
							t.Fatal(err)
						}
						if e.Done {
							break
						}
						if after, _ := screens.Composed(); after == before && rng.IntN(4) > 0 {
							continue // painted or cached: look at one in four
						}
						job, err := formview.Job(&e.Form, e.State, e.Goal.Text, "p")
						if err != nil {
							t.Fatal(err)
						}
						job.Height = heights.Of(fam.Name)
						page, err := r.Live(ctx, job, e.pose())
						if err != nil {
							t.Fatal(err)
						}
						if !bytes.Equal(page.PNG, e.picture.PNG) {
							t.Errorf("%s seed %d at scale %g, after %q: the observation is not Chromium's picture: %s", fam.Name, seed, scale, action, pixelDiff(t, page.PNG, e.picture.PNG))
						}
						checked++
					}
				}
			}
			composed, err := screens.Composed()
			if err != nil {
				t.Fatal(err)
			}
			if composed < 20 {
				t.Errorf("only %d pictures composed: the walk does not test composing", composed)
			}
			t.Logf("scale %g: %d pictures composed; %d observations compared with Chromium's, all equal", scale, composed, checked)
		})
	}
}

// composeAction is a random action of a walk that toggles boxes and radio
// buttons most often, and also moves the focus (a ring on a text box, by
// click or key), types and moves sliders, so that layouts change under the
// composed pictures.
func composeAction(e *Episode, rng *rand.Rand) string {
	var toggles, others []string
	for _, el := range e.Form.Elements {
		switch el.Kind {
		case forms.Checkbox, forms.Radio:
			toggles = append(toggles, el.ID)
		case forms.Submit:
		default:
			others = append(others, el.ID)
		}
	}
	switch n := rng.IntN(10); {
	case n < 6 && len(toggles) > 0:
		return fmt.Sprintf("click('%s')", toggles[rng.IntN(len(toggles))])
	case n < 8 && len(others) > 0:
		return fmt.Sprintf("click('%s')", others[rng.IntN(len(others))])
	case n < 9:
		return "keyboard_press('ArrowRight')"
	default:
		return "keyboard_type('ab')"
	}
}

// TestComposerChecks gives a composer painted pictures, made up, of a form
// of two boxes, and requires it to compose what the pictures it learnt
// allow and to turn composing off at a picture that breaks what composing
// rests on.
func TestComposerChecks(t *testing.T) {
	f := &forms.Form{Family: "two", Elements: []forms.Element{
		{ID: "e0", Kind: forms.Checkbox, Label: "a"}, {ID: "e1", Kind: forms.Checkbox, Label: "b"}, {ID: "e2", Kind: forms.Submit},
	}}
	boxes := []formview.Box{{ID: "e0", Pixels: [4]float64{2, 2, 4, 4}}, {ID: "e1", Pixels: [4]float64{12, 2, 4, 4}}, {ID: "e2", Pixels: [4]float64{2, 12, 10, 4}}}
	state := func(a, b int) statesim.State { return statesim.State{{N: a}, {N: b}, {}} }
	// picture draws a mark of colour c in a box that is on, at (3, 3)
	// for e0 and (13, 3) for e1; dot adds a pixel at p.
	picture := func(s statesim.State, c uint8, dot image.Point) Picture {
		img := image.NewRGBA(image.Rect(0, 0, 20, 20))
		for i := range img.Pix {
			img.Pix[i] = 255
		}
		if s[0].N == 1 {
			img.Set(3, 3, color.RGBA{c, 0, 0, 255})
		}
		if s[1].N == 1 {
			img.Set(13, 3, color.RGBA{c, 0, 0, 255})
		}
		if dot != (image.Point{}) {
			img.Set(dot.X, dot.Y, color.RGBA{0, 0, 255, 255})
		}
		return Picture{PNG: render.EncodePNG(img), Boxes: boxes, Width: 20, Height: 20, Scale: 1}
	}
	tests := []struct {
		name    string
		learn   []statesim.State // painted in turn, mark colour 0
		bad     Picture          // then this one, of state bad
		badAt   statesim.State
		wantErr string
	}{
		{name: "a dot outside every tile", learn: []statesim.State{state(0, 0)}, badAt: state(1, 0), wantErr: "outside the tiles"},
		{name: "a dot in the tile of a box that kept its state", learn: []statesim.State{state(0, 0)}, badAt: state(1, 0), wantErr: "outside the tiles"},
		{name: "a mark drawn differently", learn: []statesim.State{state(0, 0), state(1, 0)}, badAt: state(1, 0), wantErr: "differently in the same state"},
	}
	dots := []image.Point{{9, 15}, {13, 4}, {}}
	colours := []uint8{0, 0, 99}
	for k, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newComposer(1)
			const key = "layout"
			for _, s := range tt.learn {
				if err := c.learn(key, f, s, "", picture(s, 0, image.Point{})); err != nil {
					t.Fatal(err)
				}
			}
			if len(tt.learn) == 2 {
				// Both states of e0 are known: the other state composes,
				// to the very picture a painter gives.
				want := picture(state(1, 0), 0, image.Point{})
				got, ok := c.compose(key, f, state(1, 0))
				if !ok || !bytes.Equal(got.PNG, want.PNG) {
					t.Fatalf("compose (1, 0): ok %t, same PNG %t", ok, bytes.Equal(got.PNG, want.PNG))
				}
				if _, ok := c.compose(key, f, state(1, 1)); ok {
					t.Fatal("composed (1, 1), whose tile of e1 checked was never painted")
				}
			}
			err := c.learn(key, f, tt.badAt, "", picture(tt.badAt, colours[k], dots[k]))
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("learn: %v, want an error with %q", err, tt.wantErr)
			}
			if _, ok := c.compose(key, f, tt.learn[0]); ok {
				t.Error("composed after composing was turned off")
			}
		})
	}
}

// TestSettleLearnsLater requires that a picture Chromium paints for an
// episode reaches the composer only when the episode settles (after its
// observation is sent) or, if its caller never settles it, at its next
// step, before that step's picture.
func TestSettleLearnsLater(t *testing.T) {
	if testing.Short() {
		t.Skip("renders in Chromium")
	}
	ctx := context.Background()
	fams := forms.Builtins()[:1]
	_, _, screens := chromeScreens(t, 1, fams)
	for _, settle := range []bool{true, false} {
		before := screens.comp.layouts.Len()
		e, _, err := Reset(ctx, 77+int64(before), Spec{Family: fams[0].Name, Observe: []string{ObserveScreenshot}}, builtins(), screens)
		if err != nil {
			t.Fatal(err)
		}
		if n := screens.comp.layouts.Len(); n != before {
			t.Fatalf("settle %t: the composer holds %d layouts right after the reset, want %d: it learned before the reply", settle, n, before)
		}
		if settle {
			e.Settle()
			if n := screens.comp.layouts.Len(); n != before+1 {
				t.Fatalf("after Settle the composer holds %d layouts, want %d", n, before+1)
			}
			e.Settle() // a second call has nothing left to do
			if n := screens.comp.layouts.Len(); n != before+1 {
				t.Fatalf("after a second Settle the composer holds %d layouts, want %d", n, before+1)
			}
		}
		if _, err := e.Step(ctx, "noop"); err != nil {
			t.Fatal(err)
		}
		if n := screens.comp.layouts.Len(); n < before+1 {
			t.Fatalf("settle %t: after a step the composer holds %d layouts, want at least %d", settle, n, before+1)
		}
	}
}
