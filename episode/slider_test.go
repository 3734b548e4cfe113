package episode

import (
	"context"
	"fmt"
	"testing"

	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/render"
)

// TestSliderClicks clicks a slider every CSS px from 4 px before its box
// to 4 px past it, and on and a quarter device pixel either side of each
// edge of the handle, at scales 1, 2 and 3, from several handle places,
// in a real page, and requires the value Chromium gives at each point to be
// the episode's (a click on the handle moves nothing; elsewhere the handle
// jumps to the nearest position).
func TestSliderClicks(t *testing.T) {
	if testing.Short() {
		t.Skip("clicks in Chromium")
	}
	ctx := context.Background()
	for _, scale := range []float64{1, 2, 3} {
		r, _, screens := chromeScreens(t, scale, nil)
		for seed := range int64(2) {
			e, _, err := Reset(ctx, seed, Spec{Family: "slider_checkboxes"}, builtins(), screens)
			if err != nil {
				t.Fatal(err)
			}
			start, err := formview.Job(&e.Form, e.Start, e.Goal.Text, "s")
			if err != nil {
				t.Fatal(err)
			}
			b, _ := e.box(0)
			var inputs []render.Input
			var want []string
			el := e.Form.Elements[0]
			centre := formview.HandleX(el.Min, el.Max, e.Start[0].N, b.Pixels[0], b.Pixels[2], scale)
			var xs []float64
			for k := 0; k <= int(b.Pixels[2]/scale)+8; k++ {
				xs = append(xs, b.Pixels[0]+(float64(k)-4)*scale)
			}
			left, right := handleReach(scale)
			for _, d := range []float64{left - 0.25, left, left + 0.25, right - 0.25, right, right + 0.25} {
				xs = append(xs, centre+d) // a quarter pixel either side of each edge of the handle
			}
			for _, x := range xs {
				inputs = append(inputs, render.Input{Op: "click", X: x, Y: b.Pixels[1] + b.Pixels[3]/2})
				want = append(want, fmt.Sprint(e.sliderValueAt(0, x)))
			}
			// One page a point: each click starts from the episode's start.
			bad := 0
			for k := range inputs {
				dom, err := r.Execute(ctx, start, inputs[k:k+1])
				if err != nil {
					t.Fatal(err)
				}
				if dom[0].Value != want[k] {
					bad++
					if bad < 4 {
						t.Errorf("scale %g, handle at %d, click at x %.2f: Chromium gives %s, the episode %s", scale, e.Start[0].N, inputs[k].X, dom[0].Value, want[k])
					}
				}
			}
			if bad > 0 {
				t.Errorf("scale %g, handle at %d: %d of %d points differ", scale, e.Start[0].N, bad, len(inputs))
			}
		}
	}
}
