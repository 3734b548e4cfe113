package episode

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// Screens paints with Chromium, as gen does: formview's page, checked
// against the simulator by reading it back. Pictures asked for at once by
// many episodes are drawn together, as one page of render's, so that a
// server with many sessions pays one screenshot for many steps.
type Screens struct {
	r       *render.Renderer
	heights formview.Heights
	scale   float64
	reqs    chan paintReq
	stop    chan struct{}
	done    sync.WaitGroup
}

// maxBatch is the most pictures drawn in one Render call.
const maxBatch = 64

type paintReq struct {
	ctx   context.Context
	f     *forms.Form
	s     statesim.State
	task  string
	reply chan paintReply
}

type paintReply struct {
	pic Picture
	err error
}

// NewScreens returns a Painter drawing with r at scale, each family's
// pictures in the cell heights gives it (formview.Fit). Close stops it.
func NewScreens(r *render.Renderer, heights formview.Heights, scale float64) *Screens {
	p := &Screens{r: r, heights: heights, scale: scale, reqs: make(chan paintReq, maxBatch), stop: make(chan struct{})}
	p.done.Add(1)
	go p.loop()
	return p
}

// Close stops the painter; Paint calls after it fail.
func (p *Screens) Close() {
	close(p.stop)
	p.done.Wait()
}

// Paint draws f in state s under task.
func (p *Screens) Paint(ctx context.Context, f *forms.Form, s statesim.State, task string) (Picture, error) {
	req := paintReq{ctx: ctx, f: f, s: s.Clone(), task: task, reply: make(chan paintReply, 1)}
	select {
	case p.reqs <- req:
	case <-p.stop:
		return Picture{}, render.ErrClosed
	case <-ctx.Done():
		return Picture{}, ctx.Err()
	}
	select {
	case r := <-req.reply:
		return r.pic, r.err
	case <-ctx.Done():
		return Picture{}, ctx.Err()
	}
}

// loop takes the requests waiting, up to maxBatch, and draws them in one
// call, again and again.
func (p *Screens) loop() {
	defer p.done.Done()
	for {
		var batch []paintReq
		select {
		case r := <-p.reqs:
			batch = append(batch, r)
		case <-p.stop:
			return
		}
	more:
		for len(batch) < maxBatch {
			select {
			case r := <-p.reqs:
				batch = append(batch, r)
			default:
				break more
			}
		}
		p.draw(batch)
	}
}

// draw renders batch and answers each request.
func (p *Screens) draw(batch []paintReq) {
	jobs := make([]render.Job, 0, len(batch))
	live := batch[:0:0]
	for k, req := range batch {
		if req.ctx.Err() != nil {
			req.reply <- paintReply{err: req.ctx.Err()}
			continue
		}
		job, err := formview.Job(req.f, req.s, req.task, "p"+strconv.Itoa(k))
		if err != nil {
			req.reply <- paintReply{err: err}
			continue
		}
		job.Height = p.heights.Of(req.f.Family)
		jobs = append(jobs, job)
		live = append(live, req)
	}
	if len(jobs) == 0 {
		return
	}
	res, err := p.r.Render(context.Background(), jobs)
	for k, req := range live {
		if err != nil {
			req.reply <- paintReply{err: err}
			continue
		}
		if err := formview.Check(req.f, req.s, res[k].Elements); err != nil {
			req.reply <- paintReply{err: fmt.Errorf("the picture does not show the state: %w", err)}
			continue
		}
		req.reply <- paintReply{pic: Picture{PNG: res[k].PNG, Boxes: formview.Boxes(req.f, res[k].Elements),
			Width: res[k].Width, Height: res[k].Height, Scale: p.scale}}
	}
}
