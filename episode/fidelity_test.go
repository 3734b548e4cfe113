package episode

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/render"
)

// TestFidelity plays random episodes of every built-in family at scales 1
// and 2 and does every step a second time in a real Chromium page, with
// real input events (CDP mouse and key events) from the episode's start:
// after the reset and each step the page's DOM must hold the state the
// episode observes, and the page's picture must be the observation's,
// pixel for pixel (hover, focus ring and text boxes widened by typing
// included). The actions are BrowserGym's: clicks by id, clicks at random
// points inside elements (slider tracks included), fills (Playwright's:
// the page's focus call, the text selected and replaced), hovers, mouse
// moves, key presses and typing at the caret.
func TestFidelity(t *testing.T) {
	if testing.Short() {
		t.Skip("renders in Chromium")
	}
	fams := forms.Builtins()
	byName := builtins()
	for _, scale := range []float64{1, 2} {
		t.Run(fmt.Sprint("scale ", scale), func(t *testing.T) {
			ctx := context.Background()
			r, heights, screens := chromeScreens(t, scale, fams)
			rng := rand.New(rand.NewPCG(11, uint64(scale)))
			steps := 0
			for _, fam := range fams {
				for seed := range int64(6) {
					e, _, err := Reset(ctx, seed, Spec{Family: fam.Name, Horizon: 1, Budget: 40}, byName, screens)
					if err != nil {
						t.Fatal(err)
					}
					start, err := formview.Job(&e.Form, e.Start, e.Goal.Text, "start")
					if err != nil {
						t.Fatal(err)
					}
					start.Height = heights.Of(fam.Name)
					start.Width = formview.MaxWidth // the page widens as text is typed
					var inputs []render.Input
					if page, err := r.ExecuteShot(ctx, start, nil); err != nil {
						t.Fatal(err)
					} else if d := pixelDiff(t, page.PNG, e.picture.PNG); d != "" {
						t.Errorf("%s seed %d at scale %g, the reset: the observation's picture is not the page's: %s", fam.Name, seed, scale, d)
					}
					for k := 0; k < 8 && !e.Done; k++ {
						action, in := randomAction(e, rng)
						o, err := e.Step(ctx, action)
						if err != nil {
							t.Fatal(err)
						}
						if o.LastActionError != "" {
							continue // refused: the state is as it was, and no input is sent
						}
						if e.Done {
							break // Submit: the page has no state after it
						}
						inputs = append(inputs, in...)
						page, err := r.ExecuteShot(ctx, start, inputs)
						if err != nil {
							t.Fatalf("%s seed %d, after %q: %v", fam.Name, seed, action, err)
						}
						if err := formview.Check(&e.Form, e.State, page.Elements); err != nil {
							t.Fatalf("%s seed %d at scale %g, after %q (inputs %v): the page and the episode disagree: %v", fam.Name, seed, scale, action, inputs, err)
						}
						if d := pixelDiff(t, page.PNG, e.picture.PNG); d != "" {
							t.Errorf("%s seed %d at scale %g, after %q (inputs %v): the observation's picture is not the page's: %s", fam.Name, seed, scale, action, inputs, d)
							keepPictures(t, fmt.Sprintf("%s-%d-%g-%d", fam.Name, seed, scale, k), page.PNG, e.picture.PNG)
						}
						steps++
					}
				}
			}
			t.Logf("%d steps at scale %g: after every one the page's DOM held the episode's state and its pixels were the observation's", steps, scale)
		})
	}
}

// keepPictures writes the page's and the observation's pictures of a
// failed comparison as NAME-page.png and NAME-observed.png into the folder
// $FORMPLAN_FIDELITY_DIR, when it is set, to look at.
func keepPictures(t *testing.T, name string, page, observed []byte) {
	dir := os.Getenv("FORMPLAN_FIDELITY_DIR")
	if dir == "" {
		return
	}
	for suffix, b := range map[string][]byte{"-page.png": page, "-observed.png": observed} {
		if err := os.WriteFile(filepath.Join(dir, name+suffix), b, 0o644); err != nil {
			t.Log(err)
		}
	}
}

// pixelDiff compares two PNGs pixel by pixel and describes how they
// differ, or returns "".
func pixelDiff(t *testing.T, a, b []byte) string {
	t.Helper()
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if ia.Bounds() != ib.Bounds() {
		return fmt.Sprintf("sizes %v and %v", ia.Bounds(), ib.Bounds())
	}
	n, box := 0, image.Rectangle{}
	for y := ia.Bounds().Min.Y; y < ia.Bounds().Max.Y; y++ {
		for x := ia.Bounds().Min.X; x < ia.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := ia.At(x, y).RGBA()
			r2, g2, b2, a2 := ib.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				n++
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d pixels in %v", n, box)
}

// randomAction returns a random BrowserGym action on episode e and the
// real inputs that do it in a page.
func randomAction(e *Episode, rng *rand.Rand) (string, []render.Input) {
	els := e.Form.Elements
	i := rng.IntN(len(els))
	for els[i].Kind == forms.Submit && rng.IntN(4) > 0 {
		i = rng.IntN(len(els)) // Submit ends the episode: rarely
	}
	id := els[i].ID
	switch rng.IntN(9) {
	case 0:
		return fmt.Sprintf("click('%s')", id), []render.Input{{Op: "click", Element: id}}
	case 1:
		if b, ok := e.box(i); ok {
			// A point inside the box, one pixel clear of its edges.
			x := b.Pixels[0] + 1 + rng.Float64()*max(b.Pixels[2]-2, 0)
			y := b.Pixels[1] + 1 + rng.Float64()*max(b.Pixels[3]-2, 0)
			return fmt.Sprintf("mouse_click(%g, %g)", x, y), []render.Input{{Op: "click", X: x, Y: y}}
		}
	case 2:
		if els[i].Kind == forms.TextBox {
			v := ""
			if len(e.Form.TextValues) > 0 && rng.IntN(4) > 0 {
				v = e.Form.TextValues[rng.IntN(len(e.Form.TextValues))]
			}
			// Playwright's fill: the page's focus call, the text selected
			// and replaced.
			in := []render.Input{{Op: "focus", Element: id}, {Op: "selectall"}, {Op: "key", Key: "Backspace"}}
			if v != "" {
				in = append(in, render.Input{Op: "type", Text: v})
			}
			return fmt.Sprintf("fill('%s', '%s')", id, v), in
		}
	case 3, 4:
		keys := []string{"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Backspace", "Delete"}
		k := keys[rng.IntN(len(keys))]
		return fmt.Sprintf("keyboard_press('%s')", k), []render.Input{{Op: "key", Key: k}}
	case 5:
		t := "7"
		if len(e.Form.TextValues) > 0 {
			t = e.Form.TextValues[rng.IntN(len(e.Form.TextValues))]
		}
		return fmt.Sprintf("keyboard_type('%s')", t), []render.Input{{Op: "type", Text: t}}
	case 6:
		return fmt.Sprintf("hover('%s')", id), []render.Input{{Op: "move", Element: id}}
	case 8:
		if p := e.picture; p != nil && len(p.Labels) > 0 {
			// A point on a label, most often off its control.
			l := p.Labels[rng.IntN(len(p.Labels))].Pixels
			x := l[0] + 1 + rng.Float64()*max(l[2]-2, 0)
			y := l[1] + 1 + rng.Float64()*max(l[3]-2, 0)
			return fmt.Sprintf("mouse_click(%g, %g)", x, y), []render.Input{{Op: "click", X: x, Y: y}}
		}
		fallthrough
	case 7:
		if p := e.picture; p != nil {
			x, y := rng.Float64()*float64(p.Width), rng.Float64()*float64(p.Height)
			return fmt.Sprintf("mouse_move(%g, %g)", x, y), []render.Input{{Op: "move", X: x, Y: y}}
		}
	}
	return "noop()", nil
}

// chromeScreens starts a renderer at scale, measures fams' cells (nil: none,
// every picture MiniWoB's size) and returns a painter on it, calibrated on
// fams as gen serve calibrates its own; the test's cleanup stops both.
func chromeScreens(t *testing.T, scale float64, fams []forms.Family) (*render.Renderer, formview.Heights, *Screens) {
	t.Helper()
	ctx := context.Background()
	r, err := render.New(ctx, render.Options{Head: formview.Head(), Fonts: formview.Fonts(), Scale: scale})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	var heights formview.Heights
	if fams != nil {
		if heights, err = formview.Fit(ctx, r, fams); err != nil {
			t.Fatal(err)
		}
	}
	screens := NewScreens(r, heights, scale)
	if fams != nil {
		quiet, err := screens.Calibrate(ctx, fams)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("at scale %g the browser draws nothing for hover: %t; for a focus without a ring on: %v", scale, quiet.Hover, quiet.Focus)
	}
	return r, heights, screens
}
