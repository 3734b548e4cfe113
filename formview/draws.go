package formview

import (
	"context"
	"errors"
	"fmt"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/render"
)

// Draws renders the largest form of fam (forms.Family.Largest) as a
// picture of a run is rendered, under a one-line task: in the state Fit
// shows it in (every box checked, every slider at its widest value,
// every text box holding its longest value), and with every value typed
// into each text box (the most text a box can hold). It returns why the
// family cannot be drawn so ("" when it can): the renderer's refusal of a
// picture (a text reaching outside it, an element over the instruction
// bar), an element outside the picture, or a picture wider than
// MaxWidth. The error is for what keeps it from rendering at all (a
// browser that fails, a cancelled ctx). Fit measures a form in a taller
// cell to learn how far it spills, and lets through a printed value past
// the picture's edge; Draws tells whether a layout draws whole, as a
// group drawn in its other layout (gen --variants) must.
func Draws(ctx context.Context, r *render.Renderer, fam forms.Family) (string, error) {
	f := fam.Largest()
	s := fitState(&f)
	job, err := Job(&f, s, "Hit Submit.", "draws")
	if err != nil {
		return fmt.Sprintf("family %q: %v", fam.Name, err), nil
	}
	jobs := []render.Job{job}
	typing, ok, err := typingJob(&f, s)
	if err != nil {
		return fmt.Sprintf("family %q: %v", fam.Name, err), nil
	}
	if ok {
		jobs = append(jobs, typing)
	}
	for k := range jobs {
		jobs[k].Height = MaxHeight
		if jobs[k].Width > MaxWidth {
			return fmt.Sprintf("family %q: with every value typed into each text box its picture is %d CSS px wide, more than %d", fam.Name, jobs[k].Width, MaxWidth), nil
		}
	}
	res, err := r.Render(ctx, jobs)
	if je, ok := errors.AsType[*render.JobError](err); ok {
		return fmt.Sprintf("family %q: %v", fam.Name, je.Err), nil
	}
	if err != nil {
		return "", fmt.Errorf("formview: draws: %w", err)
	}
	for _, shot := range res {
		if out, first := outside(shot.Elements, float64(shot.Width), float64(shot.Height)); out > 0 {
			return fmt.Sprintf("family %q: %d elements fall outside its picture, from %s on", fam.Name, out, first), nil
		}
	}
	return "", nil
}
