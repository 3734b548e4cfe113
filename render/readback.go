package render

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/runtime"
)

// readbackJS reads every cell of the page in one evaluation. It waits for
// fonts and images first, so that the screenshot that follows shows them.
// For each cell it returns the root element's box relative to the cell and,
// for each element marked data-el, in document order: id, kind, checked,
// value, disabled, shown text, box relative to the root and the box of its
// control's first label, in CSS px. A cell that is
// not a child of the grid, because a tag left open in an earlier job
// swallowed it, has the index of that job's cell in owner.
//
// It also returns, per cell, what breaks the picture's promise to show
// every text whole (see [Job]): each text whose box reaches outside a root
// element marked data-whole, each element marked data-fit whose content is larger than
// its box (name, scroll and client sizes), and each data-el element
// outside a data-fit element that overlaps it. The page's first
// entry in the list is not a cell: it names the web fonts that failed to
// load (status "error"), whose text Chromium drew in a system font.
const readbackJS = `(async () => {
  // Laying out starts the loads of the web fonts the text needs, which
  // makes the font set's status "loading" at once. A ready promise that
  // is already resolved still costs a turn of the event loop (0.5-0.9 ms
  // of a Live picture), so the script waits only for a load under way.
  document.body.offsetHeight;
  if (document.fonts.status !== 'loaded') await document.fonts.ready;
  if (document.images.length > 0) await Promise.all(Array.from(document.images, (i) => i.decode().catch(() => {})));
  const grid = document.querySelector('render-grid');
  const cells = Array.from(document.querySelectorAll('[data-render-cell]'));
  const failed = [];
  for (const f of document.fonts) if (f.status === 'error') failed.push(f.family);
  const out = [{ owner: -1, root: null, els: [], fonts: failed }];
  for (const cell of cells) {
    const c = { owner: -1, root: null, els: [], clipped: [], overlaps: [], outside: [] };
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
      const label = input.labels && input.labels.length > 0 ? input.labels[0].getBoundingClientRect() : null;
      c.els.push({id, kind, checked: input.checked === true,
        value: toggle || typeof input.value !== 'string' ? '' : input.value,
        disabled: input.matches(':disabled'),
        shown: shown ? shown.textContent.trim() : '',
        x: r.left - rr.left, y: r.top - rr.top, w: r.width, h: r.height,
        label: label ? [label.left - rr.left, label.top - rr.top, label.width, label.height] : null});
    }
    const range = document.createRange();
    const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = root.hasAttribute('data-whole') ? texts.nextNode() : null; n; n = texts.nextNode()) {
      if (!n.data.trim()) continue;
      range.selectNodeContents(n);
      const t = range.getBoundingClientRect();
      if (t.width === 0 && t.height === 0) continue;
      if (t.left < rr.left || t.right > rr.right || t.top < rr.top || t.bottom > rr.bottom) {
        c.outside.push({text: n.data.trim(), x: t.left - rr.left, y: t.top - rr.top, w: t.width, h: t.height});
      }
    }
    const marked = cell.querySelectorAll('[data-el]');
    for (const fit of cell.querySelectorAll('[data-fit]')) {
      const name = fit.getAttribute('data-fit');
      if (fit.scrollWidth > fit.clientWidth || fit.scrollHeight > fit.clientHeight) {
        c.clipped.push({name, sw: fit.scrollWidth, sh: fit.scrollHeight, cw: fit.clientWidth, ch: fit.clientHeight});
      }
      const f = fit.getBoundingClientRect();
      for (const el of marked) {
        if (fit.contains(el) || el.contains(fit)) continue;
        const r = el.getBoundingClientRect();
        if (r.left < f.right && f.left < r.right && r.top < f.bottom && f.top < r.bottom) {
          c.overlaps.push({name, id: el.getAttribute('data-el')});
        }
      }
    }
  }
  return out;
})()`

// cellReadback is what readbackJS returns for one cell.
type cellReadback struct {
	Owner    int               `json:"owner"`
	Root     []float64         `json:"root"`
	Els      []elementReadback `json:"els"`
	Clipped  []clipReadback    `json:"clipped"`
	Overlaps []overlapReadback `json:"overlaps"`
	Outside  []textReadback    `json:"outside"`
	Fonts    []string          `json:"fonts"`  // the page's entry only: fonts that failed to load
	Before   string            `json:"before"` // the page's entry only: why the script run before the read back failed
}

// clipReadback is a data-fit element whose content overflows its box, in
// CSS px.
type clipReadback struct {
	Name    string  `json:"name"`
	ScrollW float64 `json:"sw"`
	ScrollH float64 `json:"sh"`
	ClientW float64 `json:"cw"`
	ClientH float64 `json:"ch"`
}

// textReadback is a text node's text and box relative to the root, in CSS
// px.
type textReadback struct {
	Text string  `json:"text"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	W    float64 `json:"w"`
	H    float64 `json:"h"`
}

// overlapReadback is a data-el element that overlaps a data-fit element
// it is neither inside nor around.
type overlapReadback struct {
	Name string `json:"name"` // the data-fit element's
	ID   string `json:"id"`   // the data-el element's
}

// elementReadback is what readbackJS returns for one element.
type elementReadback struct {
	ID       string    `json:"id"`
	Kind     string    `json:"kind"`
	Checked  bool      `json:"checked"`
	Value    string    `json:"value"`
	Disabled bool      `json:"disabled"`
	Shown    string    `json:"shown"`
	X        float64   `json:"x"`
	Y        float64   `json:"y"`
	W        float64   `json:"w"`
	H        float64   `json:"h"`
	Label    []float64 `json:"label"` // x, y, w, h of its label, null when it has none
}

// readback evaluates readbackJS in the tab. A font family of fonts that
// failed to load is an error. A script before, when not "", runs first in
// the same evaluation; it returns "" when it succeeds, else what went
// wrong, which is then a permanent error and nothing is read.
func (t *tab) readback(ctx context.Context, fonts []string, before string) ([]cellReadback, error) {
	js := readbackJS
	if before != "" {
		// One evaluation: before, then the read back unless it failed.
		js = `(async () => {
  const failed = ` + before + `;
  if (failed !== '') return [{owner: -1, els: [], fonts: [], before: failed}];
  return await ` + readbackJS + `;
})()`
	}
	res, err := cdp.Call(ctx, t.target, runtime.Evaluate, runtime.EvaluateParams{
		Expression:    js,
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
	if res.Result == nil || json.Unmarshal(res.Result.Value, &cells) != nil || len(cells) == 0 {
		return nil, fmt.Errorf("read back the page: unexpected result")
	}
	if cells[0].Before != "" {
		return nil, &permanentError{errors.New(cells[0].Before)}
	}
	for _, f := range cells[0].Fonts {
		if slices.Contains(fonts, f) {
			return nil, fmt.Errorf("read back the page: the web font %q did not load, so its text would be drawn in a system font", f)
		}
	}
	return cells[1:], nil
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

// elements checks the readback of the cell of job, converts its elements
// to output pixels and returns the size of its picture in CSS px. The
// job's root element must be at most as wide and as tall as the job, a
// whole number of pixels each way at scale, and, with whole, show every
// text whole (see [Job]).
func (c *cellReadback) elements(job Job, index int, scale float64, whole bool) ([]Element, size, error) {
	jobErr := func(format string, args ...any) error {
		return &JobError{Job: index, Err: fmt.Errorf(format, args...)}
	}
	if len(c.Root) != 4 {
		return nil, size{}, jobErr("the HTML has no root element")
	}
	x, y, w, h := c.Root[0], c.Root[1], c.Root[2], c.Root[3]
	sz := size{w: int(math.Round(w)), h: int(math.Round(h))}
	if math.Abs(x) > rootTolerance || math.Abs(y) > rootTolerance ||
		math.Abs(w-float64(sz.w)) > rootTolerance || math.Abs(h-float64(sz.h)) > rootTolerance ||
		sz.w < 1 || sz.h < 1 || sz.w > job.Width || sz.h > job.Height {
		return nil, size{}, jobErr("the root element is %g x %g CSS px at (%g, %g), want whole px, at most %d x %d, at (0, 0)",
			w, h, x, y, job.Width, job.Height)
	}
	for _, v := range []int{sz.w, sz.h} {
		if _, ok := Pixels(v, scale); !ok {
			return nil, size{}, jobErr("the root element is %d x %d CSS px, not a whole number of pixels at scale %g", sz.w, sz.h, scale)
		}
	}
	if !whole {
		c.Outside, c.Clipped, c.Overlaps = nil, nil, nil
	}
	for _, t := range c.Outside {
		return nil, size{}, jobErr("its text %q reaches outside the %d x %d CSS px picture: it is %g x %g at (%g, %g)", short(t.Text), job.Width, job.Height, t.W, t.H, t.X, t.Y)
	}
	for _, k := range c.Clipped {
		return nil, size{}, jobErr("its %s does not show all its content: %g x %g CSS px of content in a %g x %g box", k.Name, k.ScrollW, k.ScrollH, k.ClientW, k.ClientH)
	}
	for _, o := range c.Overlaps {
		return nil, size{}, jobErr("its %s overlaps element %q", o.Name, o.ID)
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
			Norm:     Box{X: r.X / w, Y: r.Y / h, W: r.W / w, H: r.H / h},
		}
		if l := r.Label; len(l) == 4 {
			els[i].Label = Box{X: l[0] * scale, Y: l[1] * scale, W: l[2] * scale, H: l[3] * scale}
		}
	}
	return els, sz, nil
}

// size is a picture's size in CSS px.
type size struct{ w, h int }

// short returns s, or its first 40 characters and an ellipsis.
func short(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return s
}
