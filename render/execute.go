package render

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Input is one real user input for Execute.
type Input struct {
	// Op is one of:
	//   - "click": a left mouse click at the centre of the element marked
	//     data-el=Element, or at X, Y if Element is "";
	//   - "type": Text, one key press per character, at the caret of the
	//     focused element;
	//   - "key": the named key Key, such as "ArrowRight", "ArrowLeft",
	//     "Backspace", "Delete", "End", "Home", "Tab" or "Enter", pressed
	//     Repeat times (0 means once);
	//   - "selectall": Ctrl+A;
	//   - "move": the mouse moved, no button pressed, to the centre of
	//     Element or to X, Y, as "click" finds them;
	//   - "focus": the page's own focus call on Element (the first input
	//     inside it when it is not a control), as a script gives the focus.
	Op      string
	Element string
	X, Y    float64 // output pixels from the picture's top-left, like Element.Box
	Text    string
	Key     string
	Repeat  int
}

// String returns a short description of the input for error messages.
func (in Input) String() string {
	switch in.Op {
	case "click", "move":
		if in.Element != "" {
			return fmt.Sprintf("%s %q", in.Op, in.Element)
		}
		return fmt.Sprintf("%s (%g, %g)", in.Op, in.X, in.Y)
	case "focus":
		return fmt.Sprintf("focus %q", in.Element)
	case "type":
		return fmt.Sprintf("type %q", in.Text)
	case "key":
		return fmt.Sprintf("key %s x%d", in.Key, max(in.Repeat, 1))
	}
	return in.Op
}

// InputError is the error of an input that cannot be performed, such as a
// click on an element that the job does not have. Trying again does not
// help.
type InputError struct {
	Index int   // of the input in the call
	Input Input // the input
	Err   error // what is wrong
}

// Error returns "render: input N (...): cause".
func (e *InputError) Error() string {
	return fmt.Sprintf("render: input %d (%v): %v", e.Index, e.Input, e.Err)
}

// Unwrap returns the cause.
func (e *InputError) Unwrap() error { return e.Err }

// Execute loads job in a page of its own, performs the inputs with real
// input events (Input.dispatchMouseEvent and Input.dispatchKeyEvent), and
// reads the job's elements back as Render does. The page's own scripts see
// the events, so, for example, a slider's printed value follows the slider.
// If the browser crashes or hangs, the job is loaded again and every input
// is performed again in a new browser.
func (r *Renderer) Execute(ctx context.Context, job Job, inputs []Input) ([]Element, error) {
	res, err := r.execute(ctx, job, inputs, false)
	return res.Elements, err
}

// ExecuteShot is Execute that also takes the picture of the page after the
// inputs, as Render crops it: what a person who gave the inputs sees,
// hover, focus ring and caret included.
func (r *Renderer) ExecuteShot(ctx context.Context, job Job, inputs []Input) (Result, error) {
	return r.execute(ctx, job, inputs, true)
}

// execute is Execute, with the picture when shot is set.
func (r *Renderer) execute(ctx context.Context, job Job, inputs []Input, shot bool) (Result, error) {
	if err := r.checkJob(job); err != nil {
		return Result{}, &JobError{Job: 0, Err: err}
	}
	for i, in := range inputs {
		if err := checkInput(in); err != nil {
			return Result{}, &InputError{Index: i, Input: in, Err: err}
		}
	}
	jobs := []Job{job}
	pages, err := layoutPages(jobs, []int{0}, r.opt.Scale)
	if err != nil {
		return Result{}, err // a JobError
	}
	p := pages[0]
	html := p.html(jobs, r.opt.Head, false)
	var res Result
	err = r.withTab(ctx, execTabs, func(ctx context.Context, t *tab) error {
		if err := t.load(ctx, p, html, r.opt.Scale); err != nil {
			return err
		}
		if err := t.settle(ctx); err != nil {
			return err
		}
		for i, in := range inputs {
			if err := t.perform(ctx, in, r.opt.Scale); err != nil {
				if errors.As(err, new(*permanentError)) {
					err = &InputError{Index: i, Input: in, Err: err}
				}
				return err
			}
		}
		var err error
		res, err = t.capture(ctx, p, job, r.opt, false, shot, " after the inputs") // a state read back after inputs, not a picture
		return err
	})
	if err != nil {
		return Result{}, wrapErr("execute", err)
	}
	return res, nil
}

// point returns where input in acts, in CSS px: the centre of its
// element, or its point at scale.
func (t *tab) point(ctx context.Context, in Input, scale float64) (float64, float64, error) {
	if in.Element != "" {
		return t.centre(ctx, in.Element)
	}
	return in.X / scale, in.Y / scale, nil
}

// controlJS is a JavaScript expression for the control of element id (a
// JSON string) within the node that root evaluates to: the element itself
// when it is an input, text area, select or button, else the first such
// inside it; null when there is none.
func controlJS(root, id string) string {
	return `((el) => el && (el.matches('input,textarea,select,button') ? el : el.querySelector('input,textarea,select,button')))(` +
		root + `.querySelector('[data-el="' + CSS.escape(` + id + `) + '"]'))`
}

// capture reads the one cell of page p back, with the elements of job,
// and screenshots it when shot is set: how Live and Execute end. picture
// says the state is the picture's own (see cell.elements); when says, in
// an error, at which point the page was read.
func (t *tab) capture(ctx context.Context, p *pageLayout, job Job, opt Options, picture, shot bool, when string) (Result, error) {
	cells, err := t.readback(ctx, opt.Fonts, "")
	if err != nil {
		return Result{}, err
	}
	return t.shoot(ctx, p, job, opt, cells, picture, shot, when)
}

// shoot is capture after the page was read back into cells.
func (t *tab) shoot(ctx context.Context, p *pageLayout, job Job, opt Options, cells []cellReadback, picture, shot bool, when string) (Result, error) {
	if len(cells) != 1 {
		return Result{}, fmt.Errorf("page has %d cells%s, want 1", len(cells), when)
	}
	var res Result
	var sz size
	var err error
	res.Elements, sz, err = cells[0].elements(job, 0, opt.Scale, picture)
	if err != nil || !shot {
		return res, err
	}
	png, err := t.screenshot(ctx)
	if err != nil {
		return Result{}, err
	}
	pngs, err := cropPage(png, p, []size{sz}, opt.Scale)
	if err != nil {
		return Result{}, err
	}
	res.PNG, res.Width, res.Height = pngs[0], px(int64(sz.w), opt.Scale), px(int64(sz.h), opt.Scale)
	return res, nil
}

// checkInput reports what is wrong with an input, or nil.
func checkInput(in Input) error {
	switch in.Op {
	case "click", "move":
		if in.Element == "" && !(finite(in.X) && finite(in.Y)) {
			return errors.New("no element and no finite point")
		}
	case "focus":
		if in.Element == "" {
			return errors.New("no element")
		}
	case "type":
	case "key":
		if _, ok := namedKeys[in.Key]; !ok {
			return fmt.Errorf("unknown key %q (want a DOM key name such as ArrowRight, ArrowLeft, Backspace, Delete, End, Home, Tab or Enter)", in.Key)
		}
		if in.Repeat < 0 {
			return fmt.Errorf("repeat %d", in.Repeat)
		}
	case "selectall":
	default:
		return fmt.Errorf("unknown op %q (want click, type, key, selectall, move or focus)", in.Op)
	}
	return nil
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// namedKeys maps the name of each non-printing key, such as "ArrowRight",
// to its rune in the kb package.
var namedKeys = func() map[string]rune {
	m := map[string]rune{}
	for r, k := range kb.Keys {
		if k.Print && k.Key != "Enter" && k.Key != "Tab" {
			continue
		}
		if old, ok := m[k.Key]; !ok || r < old {
			m[k.Key] = r
		}
	}
	return m
}()

// settle waits until the fonts and images of the page are ready, so that
// inputs land where the elements are shown.
func (t *tab) settle(ctx context.Context) error {
	res, err := cdp.Call(ctx, t.target, runtime.Evaluate, runtime.EvaluateParams{
		Expression: `Promise.all([document.fonts.ready,
			...Array.from(document.images, (i) => i.decode().catch(() => {}))]).then(() => true)`,
		AwaitPromise: new(true),
	})
	if err != nil {
		return fmt.Errorf("Runtime.evaluate: %w", err)
	}
	if res.ExceptionDetails != nil {
		return fmt.Errorf("wait for the page: %s", exceptionText(res.ExceptionDetails))
	}
	return nil
}

// perform sends one input to the page. Errors that trying again does not
// fix are permanentErrors.
func (t *tab) perform(ctx context.Context, in Input, scale float64) error {
	switch in.Op {
	case "click":
		x, y, err := t.point(ctx, in, scale)
		if err != nil {
			return err
		}
		return t.click(ctx, x, y)
	case "type":
		_, err := chromedp.KeyEvent(in.Text)(ctx, t.target)
		return err
	case "key":
		keys := strings.Repeat(string(namedKeys[in.Key]), max(in.Repeat, 1))
		_, err := chromedp.KeyEvent(keys)(ctx, t.target)
		return err
	case "selectall":
		return t.selectAll(ctx)
	case "move":
		x, y, err := t.point(ctx, in, scale)
		if err != nil {
			return err
		}
		return t.moveMouse(ctx, x, y)
	case "focus":
		id, _ := json.Marshal(in.Element) // a string always encodes
		err := t.evalString(ctx, `(() => {
			const control = `+controlJS("document.querySelector('[data-render-cell]')", string(id))+`;
			if (!control) return 'no element to focus';
			control.focus();
			return '';
		})()`)
		if err != nil {
			return &permanentError{err}
		}
		return nil
	}
	return &permanentError{fmt.Errorf("unknown op %q", in.Op)}
}

// centre returns the centre of the element marked data-el=id, in CSS px
// of the viewport.
func (t *tab) centre(ctx context.Context, id string) (x, y float64, err error) {
	quoted, _ := json.Marshal(id) // a string always encodes
	res, err := cdp.Call(ctx, t.target, runtime.Evaluate, runtime.EvaluateParams{
		Expression: `(() => {
			const el = document.querySelector('[data-render-cell] [data-el="' + CSS.escape(` + string(quoted) + `) + '"]');
			if (!el) return null;
			const r = el.getBoundingClientRect();
			return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height];
		})()`,
		ReturnByValue: new(true),
	})
	if err != nil {
		return 0, 0, fmt.Errorf("Runtime.evaluate: %w", err)
	}
	if res.ExceptionDetails != nil {
		return 0, 0, fmt.Errorf("find element: %s", exceptionText(res.ExceptionDetails))
	}
	var c []float64
	if res.Result == nil || json.Unmarshal(res.Result.Value, &c) != nil || len(c) != 4 {
		return 0, 0, &permanentError{fmt.Errorf("no element with data-el=%q", id)}
	}
	if c[2] == 0 || c[3] == 0 {
		return 0, 0, &permanentError{fmt.Errorf("element %q is not shown", id)}
	}
	return c[0], c[1], nil
}

// click moves the mouse to x, y (CSS px of the viewport) and clicks the left
// button there.
func (t *tab) click(ctx context.Context, x, y float64) error {
	for _, p := range []input.DispatchMouseEventParams{
		{Type: input.DispatchMouseEventTypeMouseMoved, X: x, Y: y},
		{Type: input.DispatchMouseEventTypeMousePressed, X: x, Y: y, Button: input.MouseButtonLeft, Buttons: 1, ClickCount: 1},
		{Type: input.DispatchMouseEventTypeMouseReleased, X: x, Y: y, Button: input.MouseButtonLeft, ClickCount: 1},
	} {
		if _, err := cdp.Call(ctx, t.target, input.DispatchMouseEvent, p); err != nil {
			return fmt.Errorf("Input.dispatchMouseEvent %s: %w", p.Type, err)
		}
	}
	return nil
}

// selectAll presses Ctrl+A.
func (t *tab) selectAll(ctx context.Context) error {
	down := input.DispatchKeyEventParams{
		Type:                  input.DispatchKeyEventTypeRawKeyDown,
		Modifiers:             int64(chromedp.ModifierCtrl),
		Key:                   "a",
		Code:                  "KeyA",
		WindowsVirtualKeyCode: 65,
		NativeVirtualKeyCode:  65,
	}
	up := down
	up.Type = input.DispatchKeyEventTypeKeyUp
	for _, p := range []input.DispatchKeyEventParams{down, up} {
		if _, err := cdp.Call(ctx, t.target, input.DispatchKeyEvent, p); err != nil {
			return fmt.Errorf("Input.dispatchKeyEvent %s: %w", p.Type, err)
		}
	}
	return nil
}
