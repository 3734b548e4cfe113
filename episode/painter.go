package episode

import (
	"context"
	"fmt"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// Screens paints with Chromium: formview's page of the state, checked
// against the simulator by reading it back, with the pointer and the focus
// where the episode's inputs left them, as a page that got those inputs
// shows them (render.Renderer.Live). Many episodes paint at once, up to the
// renderer's tabs.
type Screens struct {
	r       *render.Renderer
	heights formview.Heights
	scale   float64
}

// NewScreens returns a Painter drawing with r at scale, each family's
// pictures in the cell heights gives it (formview.Fit).
func NewScreens(r *render.Renderer, heights formview.Heights, scale float64) *Screens {
	return &Screens{r: r, heights: heights, scale: scale}
}

// Paint draws f in state s under task, with pose.
func (p *Screens) Paint(ctx context.Context, f *forms.Form, s statesim.State, task string, pose render.Pose) (Picture, error) {
	job, err := formview.Job(f, s, task, "p")
	if err != nil {
		return Picture{}, err
	}
	job.Height = p.heights.Of(f.Family)
	res, err := p.r.Live(ctx, job, pose)
	if err != nil {
		return Picture{}, err
	}
	if err := formview.Check(f, s, res.Elements); err != nil {
		return Picture{}, fmt.Errorf("the picture does not show the state: %w", err)
	}
	return Picture{PNG: res.PNG, Boxes: formview.Boxes(f, res.Elements), Width: res.Width, Height: res.Height, Scale: p.scale}, nil
}
