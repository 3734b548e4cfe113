package render

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
)

// Pose is what a page shows beyond what its markup holds: where the mouse
// pointer rests (a control under it is drawn hovered) and which element
// has the focus, with or without a focus ring.
type Pose struct {
	Pointer      bool    // the pointer is over the picture, at X, Y; else it never entered the page
	X, Y         float64 // output pixels from the picture's top left, like Element.Box
	Focus        string  // data-el of the element with the focus, "" for none; an element that is not itself a control passes the focus to its first input
	FocusVisible bool    // the focus shows as a focus ring (it matches :focus-visible)
}

// Live renders one job as Render does, in a tab that keeps the page's
// head (its style sheet, script and web font) loaded from call to call and
// swaps only the job's markup, and shows pose: the mouse pointer moved
// there with a real mouse event, the focus given by the page's own focus
// call. It is what a page that got the same markup and input events
// shows, hover and focus ring included, at a fraction of the cost of a
// page load. Many Live calls run at once, up to the renderer's tabs.
func (r *Renderer) Live(ctx context.Context, job Job, pose Pose) (Result, error) {
	if err := r.checkJob(job); err != nil {
		return Result{}, &JobError{Job: 0, Err: err}
	}
	if pose.Pointer && !(finite(pose.X) && finite(pose.Y)) {
		return Result{}, &JobError{Job: 0, Err: errors.New("the pose's pointer is not a finite point")}
	}
	jobs := []Job{job}
	pages, err := layoutPages(jobs, []int{0}, r.opt.Scale)
	if err != nil {
		return Result{}, err // a JobError
	}
	p := pages[0]
	swap, err := swapJS(job, pose)
	if err != nil {
		return Result{}, &JobError{Job: 0, Err: err}
	}
	var res Result
	// A tab that shows pages of this size already needs no resize, which
	// costs the next screenshot more than the page itself.
	sized := func(t *tab) bool { return t.live && t.sized(p, r.opt.Scale) }
	err = r.withTabLike(ctx, liveTabs, sized, func(ctx context.Context, t *tab) error {
		if !t.live {
			if err := t.load(ctx, p, p.html([]Job{{}}, r.opt.Head, false), r.opt.Scale); err != nil {
				return err
			}
			t.live = true
		} else if err := t.resize(ctx, p, r.opt.Scale); err != nil {
			return err
		}
		cells, err := t.readback(ctx, r.opt.Fonts, swap)
		if err != nil {
			return err
		}
		// A move hit-tests the new markup, even to where the pointer
		// was; off the page, it hovers nothing, so a pointer that stays
		// off the page need not move.
		x, y := -1.0, -1.0
		if pose.Pointer {
			x, y = pose.X/r.opt.Scale, pose.Y/r.opt.Scale
		}
		if !t.pointerOff || pose.Pointer {
			if err := t.moveMouse(ctx, x, y); err != nil {
				return err
			}
			t.pointerOff = !pose.Pointer
		}
		res, err = t.shoot(ctx, p, job, r.opt, cells, true, true, "")
		return err
	})
	if err != nil {
		return Result{}, wrapErr("live", err)
	}
	return res, nil
}

// swapJS returns the script that puts job in the page's one cell, sized
// as the job, and gives the focus as pose says. It returns "" when it
// succeeds, else what went wrong.
func swapJS(job Job, pose Pose) (string, error) {
	html, err := json.Marshal(job.HTML)
	if err != nil {
		return "", err
	}
	focus, _ := json.Marshal(pose.Focus) // a string always encodes
	return fmt.Sprintf(`(() => {
  const grid = document.querySelector('render-grid');
  const cell = document.querySelector('[data-render-cell]');
  grid.style.width = cell.style.width = '%dpx';
  grid.style.height = cell.style.height = '%dpx';
  cell.innerHTML = %s;
  const id = %s;
  if (id === '') return '';
  const control = %s;
  if (!control) return 'no element ' + id + ' to focus';
  control.focus({focusVisible: %t});
  return document.activeElement === control ? '' : 'element ' + id + ' cannot take the focus';
})()`, job.Width, job.Height, html, focus, controlJS("cell", "id"), pose.FocusVisible), nil
}

// liveTabs chooses the pool of tabs that Live keeps loaded.
func liveTabs(in *instance) *tabPool { return in.live }

// sized reports whether the viewport is already page p's at scale.
func (t *tab) sized(p *pageLayout, scale float64) bool {
	return p.width == t.width && p.height == t.height && scale == t.scale
}

// resize sets the viewport to page p at scale, when it is not already.
func (t *tab) resize(ctx context.Context, p *pageLayout, scale float64) error {
	if t.sized(p, scale) {
		return nil
	}
	_, err := cdp.Call(ctx, t.target, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width:             p.width,
		Height:            p.height,
		DeviceScaleFactor: scale,
	})
	if err != nil {
		return fmt.Errorf("Emulation.setDeviceMetricsOverride: %w", err)
	}
	t.width, t.height, t.scale = p.width, p.height, scale
	return nil
}

// evalString evaluates js, which returns a string: "" for success, else
// the error.
func (t *tab) evalString(ctx context.Context, js string) error {
	res, err := cdp.Call(ctx, t.target, runtime.Evaluate, runtime.EvaluateParams{Expression: js, ReturnByValue: new(true)})
	if err != nil {
		return fmt.Errorf("Runtime.evaluate: %w", err)
	}
	if res.ExceptionDetails != nil {
		return fmt.Errorf("evaluate: %s", exceptionText(res.ExceptionDetails))
	}
	var msg string
	if res.Result == nil || json.Unmarshal(res.Result.Value, &msg) != nil {
		return errors.New("evaluate: unexpected result")
	}
	if msg != "" {
		return errors.New(msg)
	}
	return nil
}

// moveMouse moves the mouse to x, y (CSS px of the viewport), with no
// button pressed.
func (t *tab) moveMouse(ctx context.Context, x, y float64) error {
	_, err := cdp.Call(ctx, t.target, input.DispatchMouseEvent, input.DispatchMouseEventParams{Type: input.DispatchMouseEventTypeMouseMoved, X: x, Y: y})
	if err != nil {
		return fmt.Errorf("Input.dispatchMouseEvent mouseMoved: %w", err)
	}
	return nil
}
