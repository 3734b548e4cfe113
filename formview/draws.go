package formview

import (
	"context"
	"fmt"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/render"
)

// Draws renders the largest form of fam (forms.Family.Largest) as a
// picture of a run is rendered, in the state Fit shows it in (every box
// checked, every slider at its widest value, every text box holding its
// longest value) under a one-line task, and returns why it cannot be a
// picture: the renderer's refusal (a text reaching outside the picture,
// an element over the instruction bar) or an element outside it. Fit
// measures a form in a taller cell to learn how far it spills; Draws
// tells whether a layout Fit let in draws whole, as a group drawn in its
// other layout (gen --variants) must.
func Draws(ctx context.Context, r *render.Renderer, fam forms.Family) error {
	f := fam.Largest()
	job, err := Job(&f, fitState(&f), "Hit Submit.", "draws")
	if err != nil {
		return fmt.Errorf("family %q: %w", fam.Name, err)
	}
	job.Height = MaxHeight
	res, err := r.Render(ctx, []render.Job{job})
	if err != nil {
		return fmt.Errorf("family %q: %w", fam.Name, err)
	}
	if out, first := outside(res[0].Elements, float64(res[0].Width), float64(res[0].Height)); out > 0 {
		return fmt.Errorf("family %q: %d elements fall outside its picture, from %s on", fam.Name, out, first)
	}
	return nil
}
