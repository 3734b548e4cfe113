package episode

import (
	"bytes"
	"context"
	"fmt"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// Quiet is what Calibrate found the browser draws nothing for: a pose
// that differs only in what Quiet leaves out shows the same picture, so
// Screens keys its pictures without it and gives one picture for all.
type Quiet struct {
	// Hover: the pointer over any element, its label or the page draws
	// the same pixels as no pointer at all.
	Hover bool
	// Focus lists the element kinds whose focus, without a focus ring,
	// draws nothing.
	Focus map[forms.Kind]bool
}

// Calibrate asks the browser, on the start state of each family of fams
// (seed 1), whether the pointer over each element's centre and over its
// label's text, and the focus without a ring on each element that can
// take it, change a pixel of the picture. What changes none is quiet from
// then on: Paint keys its pictures without it. A browser that draws hover
// or a quiet focus keeps them in the key, as before. It returns what it
// found.
func (p *Screens) Calibrate(ctx context.Context, fams []forms.Family) (Quiet, error) {
	byName := ByName(fams)
	q := Quiet{Hover: true, Focus: map[forms.Kind]bool{}}
	loud := map[forms.Kind]bool{}
	for _, fam := range fams {
		if err := p.calibrateOn(ctx, fam.Name, byName, &q, loud); err != nil {
			return Quiet{}, fmt.Errorf("episode: calibrate on %s: %w", fam.Name, err)
		}
	}
	for kind := range loud {
		delete(q.Focus, kind)
	}
	p.mu.Lock()
	p.quiet = q
	p.mu.Unlock()
	p.cache.Purge() // keyed by the old rule
	return q, nil
}

// calibrateOn does Calibrate's work on the start state of family fam: it
// clears q.Hover when a pointer draws, and puts each kind whose quiet
// focus draws nothing in q.Focus, or in loud when it draws.
func (p *Screens) calibrateOn(ctx context.Context, fam string, byName map[string]*forms.Family, q *Quiet, loud map[forms.Kind]bool) error {
	e, _, err := Reset(ctx, 1, Spec{Family: fam, Observe: []string{ObserveText}}, byName, nil)
	if err != nil {
		return err
	}
	job, err := p.job(&e.Form, e.Start, e.Goal.Text)
	if err != nil {
		return err
	}
	base, err := p.live(ctx, &e.Form, e.Start, job, render.Pose{})
	if err != nil {
		return err
	}
	for _, el := range base.Elements {
		points := [][2]float64{centre(el.Box)}
		if el.Label.W > 0 {
			points = append(points, [2]float64{el.Label.X + el.Label.W - 2*p.scale, el.Label.Y + el.Label.H/2})
		}
		for _, pt := range points {
			pic, err := p.live(ctx, &e.Form, e.Start, job, render.Pose{Pointer: true, X: pt[0], Y: pt[1]})
			if err != nil {
				return err
			}
			q.Hover = q.Hover && bytes.Equal(pic.PNG, base.PNG)
		}
		kind := focusedKind(&e.Form, el.ID)
		if el.Disabled || loud[kind] {
			continue // a disabled control cannot take the focus
		}
		pic, err := p.live(ctx, &e.Form, e.Start, job, render.Pose{Focus: el.ID})
		if err != nil {
			return err
		}
		if bytes.Equal(pic.PNG, base.PNG) {
			q.Focus[kind] = true
		} else {
			loud[kind] = true
		}
	}
	return nil
}

// live paints job, the picture of state s of f, in pose with Chromium
// and checks it shows s.
func (p *Screens) live(ctx context.Context, f *forms.Form, s statesim.State, job render.Job, pose render.Pose) (render.Result, error) {
	res, err := p.r.Live(ctx, job, pose)
	if err != nil {
		return render.Result{}, err
	}
	if err := formview.Check(f, s, res.Elements); err != nil {
		return render.Result{}, fmt.Errorf("the picture does not show the state: %w", err)
	}
	return res, nil
}

// centre is the middle of box b.
func centre(b render.Box) [2]float64 { return [2]float64{b.X + b.W/2, b.Y + b.H/2} }

// keyPose is pose as Paint keys it: without what the quiet rule q says
// the browser does not draw. focused is the kind of the element with the
// focus.
func keyPose(pose render.Pose, q Quiet, focused forms.Kind) render.Pose {
	if q.Hover {
		pose.Pointer, pose.X, pose.Y = false, 0, 0
	}
	if pose.Focus != "" && !pose.FocusVisible && q.Focus[focused] {
		pose.Focus = ""
	}
	return pose
}
