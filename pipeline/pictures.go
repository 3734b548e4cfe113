package pipeline

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/variant"
)

// Painter adds pictures to rows: rows[k] belongs to qs[k].
type Painter interface {
	Paint(ctx context.Context, qs []question.Question, rows []dataset.Row) error
}

// Screens paints rows with screenshots from Chromium. Each distinct
// (form, state, task) of a batch is rendered once, and every picture is
// checked against the simulator by reading the page back.
type Screens struct {
	Renderer *render.Renderer
	Scale    float64 // the renderer's scale, recorded in every row
	// Heights is how tall each family's pictures may grow to show their
	// task whole (formview.Fit); nil holds every picture to MiniWoB's.
	Heights formview.Heights
	// Other, if set, paints the rows whose look (question.Look, gen
	// --variants) takes another scale than Scale: it is a renderer at
	// variant.OtherScale(Scale). A row with a look is drawn as
	// variant.Show says, in a cell of formview.MaxHeight (its bar may be
	// worded longer than the family's longest task), and as tall as its
	// own task needs.
	Other *render.Renderer
}

// pictureKey identifies what one screenshot shows: the form (as JSON), the
// state and the task.
func pictureKey(form []byte, s statesim.State, task string) string {
	return string(form) + "\x00" + s.Key() + "\x00" + task
}

// rowBoxes is the JSON of the boxes column.
type rowBoxes struct {
	Pictures [][]formview.Box  `json:"pictures"` // per picture, every element's box
	Steps    [][]formview.Step `json:"steps"`    // per plan, each step's target and click point on picture 1
}

// Paint renders the pictures of qs and fills image, image_2, image_width,
// image_height, scale and boxes of rows.
func (p *Screens) Paint(ctx context.Context, qs []question.Question, rows []dataset.Row) error {
	index := map[string]int{}
	var jobs []render.Job
	var other []bool // per job: rendered by Other
	type ref struct{ q, pic, job int }
	var refs []ref
	shown := make([]variant.Shown, len(qs))
	for k := range qs {
		q := &qs[k]
		var err error
		if shown[k], err = variant.Show(&q.Meta, q.Task); err != nil {
			return fmt.Errorf("pipeline: %s %d: %w", q.Suite, q.Index, err)
		}
		sh, look := &shown[k], q.Meta.Look
		alt := look != nil && look.Scale != p.Scale
		if alt && p.Other == nil {
			return fmt.Errorf("pipeline: %s %d: its look is at scale %g, and no renderer paints it", q.Suite, q.Index, look.Scale)
		}
		form, err := json.Marshal(sh.Form) // once for all the question's pictures
		if err != nil {
			return fmt.Errorf("pipeline: %s %d: %w", q.Suite, q.Index, err)
		}
		for pic, s := range sh.Pictures {
			key := pictureKey(form, s, sh.Bar)
			if look != nil {
				key += "\x00" + strconv.FormatFloat(look.Scale, 'g', -1, 64)
			}
			j, ok := index[key]
			if !ok {
				job, err := formview.Job(&sh.Form, s, sh.Bar, "f"+strconv.Itoa(len(jobs)))
				if err != nil {
					return fmt.Errorf("pipeline: %s %d: %w", q.Suite, q.Index, err)
				}
				job.Height = p.Heights.Of(q.Meta.Form.Family)
				if look != nil {
					job.Height = formview.MaxHeight
				}
				j = len(jobs)
				index[key] = j
				jobs = append(jobs, job)
				other = append(other, alt)
			}
			refs = append(refs, ref{k, pic, j})
		}
	}
	res, err := p.render(ctx, jobs, other)
	if err != nil {
		if je, ok := errors.AsType[*render.JobError](err); ok {
			for _, r := range refs {
				if r.job == je.Job {
					q := &qs[r.q]
					return fmt.Errorf("pipeline: %s %d picture %d (family %q): %w", q.Suite, q.Index, r.pic+1, q.Meta.Form.Family, je.Err)
				}
			}
		}
		return fmt.Errorf("pipeline: %w", err)
	}
	boxes := make([]rowBoxes, len(qs))
	for _, r := range refs {
		q, sh := &qs[r.q], &shown[r.q]
		shot := res[r.job]
		if err := formview.Check(&sh.Form, sh.Pictures[r.pic], shot.Elements); err != nil {
			return fmt.Errorf("pipeline: %s %d picture %d: %w", q.Suite, q.Index, r.pic+1, err)
		}
		scale := p.Scale
		if q.Meta.Look != nil {
			scale = q.Meta.Look.Scale
		}
		if w, h := float64(shot.Width)/scale, float64(shot.Height)/scale; w > formview.MaxWidth+0.5 || h > formview.MaxHeight+0.5 {
			return fmt.Errorf("pipeline: %s %d picture %d: %g x %g CSS px, more than the %d x %d a picture may grow to", q.Suite, q.Index, r.pic+1, w, h, formview.MaxWidth, formview.MaxHeight)
		}
		for _, e := range shot.Elements {
			b := formview.Box{Pixels: [4]float64{e.Box.X, e.Box.Y, e.Box.W, e.Box.H}}
			if !b.Inside(float64(shot.Width), float64(shot.Height)) {
				return fmt.Errorf("pipeline: %s %d picture %d: element %s reaches outside the %d x %d picture", q.Suite, q.Index, r.pic+1, e.ID, shot.Width, shot.Height)
			}
		}
		img := &dataset.Image{Bytes: shot.PNG}
		row := &rows[r.q]
		if r.pic == 0 {
			row.Image = img
			row.ImageWidth, row.ImageHeight = int64(shot.Width), int64(shot.Height)
			row.Scale = scale
		} else {
			row.Image2 = img
		}
		b := formview.Boxes(&sh.Form, shot.Elements)
		boxes[r.q].Pictures = append(boxes[r.q].Pictures, b)
		if r.pic == 0 {
			for _, plan := range q.Meta.Plans {
				boxes[r.q].Steps = append(boxes[r.q].Steps, formview.Steps(&sh.Form, plan, b))
			}
		}
	}
	for k := range rows {
		raw, err := json.Marshal(boxes[k])
		if err != nil {
			return err
		}
		rows[k].Boxes = string(raw)
	}
	return nil
}

// render renders jobs, those marked in other with Other and the rest with
// Renderer, and returns the results in the order of jobs; a JobError
// names the job's place in jobs.
func (p *Screens) render(ctx context.Context, jobs []render.Job, other []bool) ([]render.Result, error) {
	if !slices.Contains(other, true) {
		return p.Renderer.Render(ctx, jobs)
	}
	res := make([]render.Result, len(jobs))
	for _, alt := range []bool{false, true} {
		r := p.Renderer
		if alt {
			r = p.Other
		}
		var part []render.Job
		var at []int
		for j := range jobs {
			if other[j] == alt {
				part = append(part, jobs[j])
				at = append(at, j)
			}
		}
		if len(part) == 0 {
			continue
		}
		got, err := r.Render(ctx, part)
		if err != nil {
			if je, ok := errors.AsType[*render.JobError](err); ok && je.Job >= 0 && je.Job < len(at) {
				return nil, &render.JobError{Job: at[je.Job], Err: je.Err}
			}
			return nil, err
		}
		for k, j := range at {
			res[j] = got[k]
		}
	}
	return res, nil
}
