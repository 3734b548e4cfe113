package render

import (
	"context"
	"encoding/json"
	"fmt"
	"math"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/runtime"
)

// readbackJS reads every cell of the page in one evaluation. It waits for
// fonts and images first, so that the screenshot that follows shows them.
// For each cell it returns the root element's box relative to the cell and,
// for each element marked data-el, in document order: id, kind, checked,
// value, disabled, shown text and box relative to the root, in CSS px. A cell that is
// not a child of the grid, because a tag left open in an earlier job
// swallowed it, has the index of that job's cell in owner.
const readbackJS = `(async () => {
  await document.fonts.ready;
  await Promise.all(Array.from(document.images, (i) => i.decode().catch(() => {})));
  const grid = document.querySelector('render-grid');
  const cells = Array.from(document.querySelectorAll('[data-render-cell]'));
  const out = [];
  for (const cell of cells) {
    const c = { owner: -1, root: null, els: [] };
    if (cell.parentElement !== grid) c.owner = cells.indexOf(cell.parentElement.closest('[data-render-cell]'));
    out.push(c);
    const root = cell.firstElementChild;
    if (!root) continue;
    const cr = cell.getBoundingClientRect();
    const rr = root.getBoundingClientRect();
    c.root = [rr.left - cr.left, rr.top - cr.top, rr.width, rr.height];
    for (const el of cell.querySelectorAll('[data-el]')) {
      const id = el.getAttribute('data-el');
      const kind = el.getAttribute('data-kind') || '';
      const input = el.matches('input,textarea,select,button') ? el : (el.querySelector('input,textarea,select') || el);
      const shown = cell.querySelector('[data-value-for="' + CSS.escape(id) + '"]');
      const r = el.getBoundingClientRect();
      const toggle = input.type === 'checkbox' || input.type === 'radio';
      c.els.push({id, kind, checked: input.checked === true,
        value: toggle || typeof input.value !== 'string' ? '' : input.value,
        disabled: input.matches(':disabled'),
        shown: shown ? shown.textContent.trim() : '',
        x: r.left - rr.left, y: r.top - rr.top, w: r.width, h: r.height});
    }
  }
  return out;
})()`

// cellReadback is what readbackJS returns for one cell.
type cellReadback struct {
	Owner int               `json:"owner"`
	Root  []float64         `json:"root"`
	Els   []elementReadback `json:"els"`
}

// elementReadback is what readbackJS returns for one element.
type elementReadback struct {
	ID       string  `json:"id"`
	Kind     string  `json:"kind"`
	Checked  bool    `json:"checked"`
	Value    string  `json:"value"`
	Disabled bool    `json:"disabled"`
	Shown    string  `json:"shown"`
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	W        float64 `json:"w"`
	H        float64 `json:"h"`
}

// readback evaluates readbackJS in the tab.
func (t *tab) readback(ctx context.Context) ([]cellReadback, error) {
	res, err := cdp.Call(ctx, t.target, runtime.Evaluate, runtime.EvaluateParams{
		Expression:    readbackJS,
		ReturnByValue: new(true),
		AwaitPromise:  new(true),
		Silent:        new(true),
	})
	if err != nil {
		return nil, fmt.Errorf("Runtime.evaluate: %w", err)
	}
	if res.ExceptionDetails != nil {
		return nil, fmt.Errorf("read back the page: %s", exceptionText(res.ExceptionDetails))
	}
	var cells []cellReadback
	if res.Result == nil || json.Unmarshal(res.Result.Value, &cells) != nil {
		return nil, fmt.Errorf("read back the page: unexpected result")
	}
	return cells, nil
}

func exceptionText(d *runtime.ExceptionDetails) string {
	if d.Exception != nil && d.Exception.Description != "" {
		return d.Exception.Description
	}
	return d.Text
}

// rootTolerance is how far, in CSS px, the root element may be from the
// cell's box before a job is refused.
const rootTolerance = 0.01

// elements checks the readback of the cell of job and converts its
// elements to output pixels. The job's root element must fill its cell.
func (c *cellReadback) elements(job Job, index int, scale float64) ([]Element, error) {
	jobErr := func(format string, args ...any) error {
		return &JobError{Job: index, Err: fmt.Errorf(format, args...)}
	}
	if len(c.Root) != 4 {
		return nil, jobErr("the HTML has no root element")
	}
	x, y, w, h := c.Root[0], c.Root[1], c.Root[2], c.Root[3]
	if math.Abs(x) > rootTolerance || math.Abs(y) > rootTolerance ||
		math.Abs(w-float64(job.Width)) > rootTolerance || math.Abs(h-float64(job.Height)) > rootTolerance {
		return nil, jobErr("the root element is %g x %g CSS px at (%g, %g), want %d x %d at (0, 0)",
			w, h, x, y, job.Width, job.Height)
	}
	els := make([]Element, len(c.Els))
	for i, r := range c.Els {
		els[i] = Element{
			ID:       r.ID,
			Kind:     r.Kind,
			Checked:  r.Checked,
			Value:    r.Value,
			Disabled: r.Disabled,
			Shown:    r.Shown,
			Box:      Box{X: r.X * scale, Y: r.Y * scale, W: r.W * scale, H: r.H * scale},
			Norm: Box{X: r.X / float64(job.Width), Y: r.Y / float64(job.Height),
				W: r.W / float64(job.Width), H: r.H / float64(job.Height)},
		}
	}
	return els, nil
}
