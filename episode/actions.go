package episode

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/formplan/formplan/actlang"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/typeface"
)

// act is one thing a step does: an action of the simulator; moving the
// focus (focus >= 0), which changes no value; moving the mouse pointer;
// or the end of one input's acts (cause), which decides whether the focus
// shows a focus ring.
type act struct {
	action statesim.Action
	focus  int
	caret  int // with focus on a text box: where the caret goes, in characters (-1: the end)

	pointer bool    // the mouse pointer moves to x, y (pixels of the picture)
	x, y    float64 // and changes nothing else
	cause   cause   // not 0: the input whose acts end here
}

// cause is the kind of input an agent's action is, which decides, as
// Chromium decides :focus-visible, whether the element it leaves with the
// focus shows a focus ring.
type cause int

const (
	byMouse  cause = iota + 1 // a click: a ring on a text box only
	byKey                     // a key: a ring on whatever has the focus
	byScript                  // the page's focus call (Playwright's focus and fill): a ring on a text box, or when the focus had one
)

// pointAt is an act that moves the mouse pointer to x, y.
func pointAt(x, y float64) act { return act{focus: -1, pointer: true, x: x, y: y} }

// endOf ends the acts of one input of kind c.
func endOf(c cause) act { return act{focus: -1, cause: c} }

// noAct is an action that does nothing (noop, hover, scroll, ...).
var noAct = []act(nil)

// focusOn is an act that gives element i the focus, the caret (in a text
// box) at caret.
func focusOn(i, caret int) act { return act{focus: i, caret: caret} }

// do is an act of the simulator that leaves the focus on element i (-1:
// nowhere) and the caret at caret.
func do(a statesim.Action, i, caret int) []act {
	return []act{{action: a, focus: -1}, focusOn(i, caret)}
}

// MaxActionLen is the longest action text a step reads.
const MaxActionLen = 4096

// read reads what an agent wrote: BrowserGym action calls, one a line
// (click('e3'), fill('e4', '12'), mouse_click(40, 120), keyboard_type('7')),
// or one step of the action language as actlang reads it (English, PDDL,
// JSON, a click point).
func (e *Episode) read(text string) ([]act, error) {
	if len(text) > MaxActionLen {
		return nil, fmt.Errorf("the action is %d bytes long: at most %d", len(text), MaxActionLen)
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, errors.New("no action: write one, such as click('e0') or Check the 1st checkbox")
	}
	if first, _, _ := strings.Cut(text, "\n"); isBGCall(strings.TrimSpace(first)) {
		var out []act
		for line := range strings.SplitSeq(text, "\n") {
			line = strings.TrimSpace(line)
			if line == "" {
				continue
			}
			name, args, ok := bgCall(line)
			if !ok {
				return nil, fmt.Errorf("%q is not a BrowserGym action this form takes (click, fill, clear, check, uncheck, focus, press, mouse_click, keyboard_press, keyboard_type, noop)", clip(line))
			}
			acts, err := e.browserGym(name, args)
			if err != nil {
				return nil, err
			}
			out = append(out, acts...)
			if c := inputCause(name); c != 0 {
				out = append(out, endOf(c))
			}
		}
		return out, nil
	}
	next, err := actlang.ParseNext(&e.Form, text)
	if err != nil {
		return nil, err
	}
	if next.Point != nil {
		return e.clickAt(next.Point.X, next.Point.Y)
	}
	if next.Action.Op == statesim.Enter {
		if err := e.typable(next.Action.Text); err != nil {
			return nil, err
		}
	}
	return []act{{action: *next.Action, focus: -1}, focusOn(-1, -1)}, nil
}

// pointAtElement moves the pointer to the centre of element i's box, where
// a click or a hover by id lands; with no picture, where is unknown, and
// nothing moves.
func (e *Episode) pointAtElement(i int) []act {
	b, ok := e.box(i)
	if !ok {
		return noAct
	}
	return []act{pointAt(b.Pixels[0]+b.Pixels[2]/2, b.Pixels[1]+b.Pixels[3]/2)}
}

// byID returns the element whose id is bid.
func (e *Episode) byID(bid string) (int, error) {
	for i, el := range e.Form.Elements {
		if el.ID == bid {
			return i, nil
		}
	}
	ids := make([]string, len(e.Form.Elements))
	for i, el := range e.Form.Elements {
		ids[i] = el.ID
	}
	return -1, fmt.Errorf("no element %q: the ids are %s", clip(bid), strings.Join(ids, ", "))
}

// clickElement is a click on element i at (x, y) pixels, or its box's
// centre for x < 0 (where a click by id lands). byID says the click named
// the element: one on a disabled control is then an error, as BrowserGym's
// click waits for the element to be enabled; a click at a point on it does
// nothing but take the focus away, as in the browser.
func (e *Episode) clickElement(i int, x, y float64, byID bool) ([]act, error) {
	el := &e.Form.Elements[i]
	ref := e.Form.RefOf(i)
	if b, ok := e.box(i); ok && x < 0 {
		x, y = b.Pixels[0]+b.Pixels[2]/2, b.Pixels[1]+b.Pixels[3]/2
	}
	if el.Kind != forms.Submit && !statesim.Enabled(&e.Form, e.State, i) {
		if byID {
			return nil, fmt.Errorf("%s is disabled", e.Form.Name(ref))
		}
		return []act{focusOn(-1, -1)}, nil
	}
	switch el.Kind {
	case forms.Checkbox:
		return do(statesim.Action{Op: statesim.Click, Target: ref}, i, -1), nil
	case forms.Radio:
		return do(statesim.Action{Op: statesim.Select, Target: ref}, i, -1), nil
	case forms.Submit:
		return []act{focusOn(i, -1), {action: statesim.SubmitAction, focus: -1}}, nil
	case forms.TextBox:
		return []act{focusOn(i, e.caretAt(i, x, y))}, nil
	case forms.Slider:
		v := e.sliderValueAt(i, x)
		return do(statesim.Action{Op: statesim.Set, Target: ref, N: v}, i, -1), nil
	}
	return nil, fmt.Errorf("element %s cannot be clicked", el.ID)
}

// caretAt returns where a click at (x, y) pixels puts the caret in text
// box i: at the character boundary nearest x, the text set in typeface's
// font at the box's text size from its content's left edge, when y is on
// the text's line; at the start above it and at the end below it (in the
// box's border and padding), as Chromium places it; at the end when the
// box's place is unknown.
func (e *Episode) caretAt(i int, x, y float64) int {
	b, ok := e.box(i)
	t := []rune(e.State[i].S)
	if !ok || x < 0 {
		return len(t)
	}
	scale := e.scale()
	switch top := b.Pixels[1] + textContentTop*scale; {
	case y < top:
		return 0
	case y >= top+textLineHeight*scale:
		return len(t)
	}
	left := b.Pixels[0] + textContentLeft*scale
	best, dist := 0, math.Inf(1)
	for k := 0; k <= len(t); k++ {
		w, ok := typeface.Width(string(t[:k]))
		if !ok {
			return len(t)
		}
		if d := math.Abs(left + w*formview.TextPx*scale - x); d < dist {
			best, dist = k, d
		}
	}
	return best
}

// Where a text box's line of text is, in CSS px from its box's left and
// top edges: after the browser's 2 px border and 2 px padding on the left,
// 1 px at the top; the line is 15 px high (the font's ascent and descent
// at formview.TextPx, rounded). Measured in Chromium by clicking every
// half pixel down a box and typing a mark where the caret went.
const (
	textContentLeft = 4
	textContentTop  = 3
	textLineHeight  = 15
)

// sliderValueAt returns the value a click at x pixels sets slider i to:
// its value when x is on the handle, else the position nearest x along the
// handle's run (formview.HandleX), as Chromium moves a range input; the
// middle one when the picture's boxes are unknown.
func (e *Episode) sliderValueAt(i int, x float64) int {
	el := &e.Form.Elements[i]
	positions := (el.Max - el.Min) / el.Step
	frac := 0.5
	if b, ok := e.box(i); ok {
		scale := e.scale()
		// A click on the handle itself grabs it and moves nothing.
		v := e.State[i].N
		left, right := handleReach(scale)
		if d := x - formview.HandleX(el.Min, el.Max, v, b.Pixels[0], b.Pixels[2], scale); d > left && d < right {
			return v
		}
		lo := b.Pixels[0] + formview.HandleInset*scale
		hi := b.Pixels[0] + b.Pixels[2]
		frac = min(max((x-lo)/(hi-lo), 0), 1)
	}
	return el.Min + int(math.Round(frac*float64(positions)))*el.Step
}

// A click less than this many CSS px left or right of a slider handle's
// centre lands on the handle, which templates/form.html.tmpl draws 14 px
// wide. Chromium's reach, measured by TestSliderClicks at scales 1, 2 and
// 3, is one device pixel more on the left, and neither edge itself
// counts.
const handleHalf = 7

// handleReach is how far left (negative) and right of a slider handle's
// centre, in pixels of a picture at scale, a click still lands on the
// handle, both edges excluded.
func handleReach(scale float64) (left, right float64) {
	return -(handleHalf*scale + 1), handleHalf * scale
}

// scale returns the picture's device scale, 1 when there is none.
func (e *Episode) scale() float64 {
	if e.picture == nil || e.picture.Scale == 0 {
		return 1
	}
	return e.picture.Scale
}

// box returns element i's box in the current picture.
func (e *Episode) box(i int) (formview.Box, bool) {
	if e.picture == nil {
		return formview.Box{}, false
	}
	for _, b := range e.picture.Boxes {
		if b.ID == e.Form.Elements[i].ID {
			return b, true
		}
	}
	return formview.Box{}, false
}

// clickAt is a click at (x, y) pixels of the current picture: on the
// element whose box holds the point, or on nothing.
func (e *Episode) clickAt(x, y float64) ([]act, error) {
	if e.picture == nil {
		return nil, errors.New("a click point needs the picture's boxes: reset observing boxes or a screenshot, or act on an element by id")
	}
	for i := range e.Form.Elements {
		b, ok := e.box(i)
		if ok && x >= b.Pixels[0] && x <= b.Pixels[0]+b.Pixels[2] && y >= b.Pixels[1] && y <= b.Pixels[1]+b.Pixels[3] {
			a, err := e.clickElement(i, x, y, false)
			if err != nil {
				return nil, err
			}
			return append([]act{pointAt(x, y)}, a...), nil
		}
	}
	// A click on a control's label acts on the control, as a click on
	// the control does, after the press on the label (which cannot take
	// the focus) took the focus away.
	for _, l := range e.picture.Labels {
		if x >= l.Pixels[0] && x <= l.Pixels[0]+l.Pixels[2] && y >= l.Pixels[1] && y <= l.Pixels[1]+l.Pixels[3] {
			i, err := e.byID(l.ID)
			if err != nil {
				return nil, err
			}
			a, err := e.clickElement(i, -1, -1, false)
			if err != nil {
				return nil, err
			}
			return append([]act{pointAt(x, y), focusOn(-1, -1)}, a...), nil
		}
	}
	return []act{pointAt(x, y), focusOn(-1, -1)}, nil // a click on nothing takes the focus away
}

// setToggle checks or unchecks element i.
func (e *Episode) setToggle(i int, on bool) ([]act, error) {
	ref := e.Form.RefOf(i)
	switch e.Form.Elements[i].Kind {
	case forms.Checkbox, forms.Radio:
		if e.Form.Elements[i].Kind == forms.Radio && !on {
			return nil, fmt.Errorf("%s is a radio button: select another of its group instead of unchecking it", e.Form.Name(ref))
		}
		if (e.State[i].N == 1) == on {
			return noAct, nil // as wanted already: Playwright's check and uncheck do not click
		}
		return e.clickElement(i, -1, -1, true)
	}
	return nil, fmt.Errorf("%s is no checkbox or radio button", e.Form.Name(ref))
}

// onText is action a on text box i, which leaves the caret at the end.
func (e *Episode) onText(i int, a statesim.Action) ([]act, error) {
	if e.Form.Elements[i].Kind != forms.TextBox {
		return nil, fmt.Errorf("%s is no text box", e.Form.Name(e.Form.RefOf(i)))
	}
	if err := e.typable(a.Text); err != nil {
		return nil, err
	}
	a.Target = e.Form.RefOf(i)
	return do(a, i, -1), nil
}

// typable returns why text t cannot be typed into a text box, or nil: a
// control character is a key the box does not insert, and a character
// formplan's fonts lack, or one of a script whose face the page does not
// load (it loads those of the served forms' labels and values), would be
// drawn in whatever font the machine has.
func (e *Episode) typable(t string) error {
	for _, r := range t {
		if unicode.IsControl(r) {
			return fmt.Errorf("the text %q holds the control character %U, which a text box does not insert: type printable text", clip(t), r)
		}
	}
	texts := slices.Clone(e.Form.TextValues)
	for _, el := range e.Form.Elements {
		texts = append(texts, el.Label)
	}
	if extra := typeface.Need(t) &^ typeface.Need(texts...); extra != 0 {
		return fmt.Errorf("the text %q holds %s characters, which this form's pages cannot draw (they load no face for them): type text in the letters of the form's own labels and values, or Latin, Greek or Cyrillic", clip(t), extra)
	}
	if r, ok := typeface.Missing(t); ok {
		return fmt.Errorf("the text %q holds %q (%U), which the pages' fonts cannot draw: type text in Latin, Greek or Cyrillic letters, digits and punctuation, or in the letters of the form's own labels and values", clip(t), r, r)
	}
	return nil
}

// typeText types t at the caret of the focused text box.
func (e *Episode) typeText(t string) ([]act, error) {
	i := e.focus
	if i < 0 || e.Form.Elements[i].Kind != forms.TextBox {
		return noAct, nil // keys reach no text box: nothing changes, as in the browser
	}
	if err := e.typable(t); err != nil {
		return nil, err
	}
	old := []rune(e.State[i].S)
	c := e.caretPos(i)
	text := string(old[:c]) + t + string(old[c:])
	return do(statesim.Action{Op: statesim.Enter, Target: e.Form.RefOf(i), Text: text}, i, c+len([]rune(t))), nil
}

// caretPos returns the caret of text box i, which has the focus.
func (e *Episode) caretPos(i int) int {
	n := len([]rune(e.State[i].S))
	if e.caret < 0 || e.caret > n {
		return n
	}
	return e.caret
}

// key is a key press on element i (-1: nothing has the focus), as
// Chromium handles it on that kind of control.
func (e *Episode) key(i int, key string) ([]act, error) {
	if strings.Contains(key, "Tab") || (len(key) > 1 && strings.Contains(key, "+")) {
		// Tab moves the focus and selects a text box's text, and
		// shortcuts such as Control+a select: neither is modelled.
		return nil, fmt.Errorf("%q is not supported: focus an element with click('id') or focus('id'), and replace a text with fill('id', 'text')", key)
	}
	if i < 0 {
		return noAct, nil // keys with no focus reach no element
	}
	el := &e.Form.Elements[i]
	ref := e.Form.RefOf(i)
	if el.Kind != forms.Submit && !statesim.Enabled(&e.Form, e.State, i) {
		return noAct, nil
	}
	switch el.Kind {
	case forms.Slider:
		n := map[string]int{"ArrowRight": el.Step, "ArrowUp": el.Step, "ArrowLeft": -el.Step, "ArrowDown": -el.Step}
		switch {
		case n[key] != 0:
			return do(statesim.Action{Op: statesim.Move, Target: ref, N: n[key]}, i, -1), nil
		case key == "Home":
			return do(statesim.Action{Op: statesim.Set, Target: ref, N: el.Min}, i, -1), nil
		case key == "End":
			return do(statesim.Action{Op: statesim.Set, Target: ref, N: el.Max}, i, -1), nil
		}
	case forms.TextBox:
		t := []rune(e.State[i].S)
		c := e.caretPos(i)
		enter := func(text string, caret int) []act {
			return do(statesim.Action{Op: statesim.Enter, Target: ref, Text: text}, i, caret)
		}
		switch key {
		case "Backspace":
			if c == 0 {
				return noAct, nil
			}
			return enter(string(t[:c-1])+string(t[c:]), c-1), nil
		case "Delete":
			if c == len(t) {
				return noAct, nil
			}
			return enter(string(t[:c])+string(t[c+1:]), c), nil
		case "ArrowLeft":
			return []act{focusOn(i, max(c-1, 0))}, nil
		case "ArrowRight":
			return []act{focusOn(i, min(c+1, len(t)))}, nil
		case "Home", "ArrowUp":
			return []act{focusOn(i, 0)}, nil
		case "End", "ArrowDown":
			return []act{focusOn(i, len(t))}, nil
		}
		if len([]rune(key)) == 1 {
			return e.typeText(key)
		}
	case forms.Checkbox:
		if key == " " {
			return do(statesim.Action{Op: statesim.Click, Target: ref}, i, -1), nil
		}
	case forms.Radio:
		step := map[string]int{"ArrowRight": 1, "ArrowDown": 1, "ArrowLeft": -1, "ArrowUp": -1}[key]
		switch {
		case key == " ":
			return do(statesim.Action{Op: statesim.Select, Target: ref}, i, -1), nil
		case step != 0:
			j := e.nextRadio(i, step)
			return do(statesim.Action{Op: statesim.Select, Target: e.Form.RefOf(j)}, j, -1), nil
		}
	case forms.Submit:
		if key == " " || key == "Enter" {
			return []act{{action: statesim.SubmitAction, focus: -1}}, nil
		}
	}
	return noAct, nil
}

// nextRadio returns the enabled member of radio button i's group step
// places on (1 or -1), wrapping around, as arrow keys move a selection.
func (e *Episode) nextRadio(i, step int) int {
	members := e.Form.Members(e.Form.Elements[i].Group)
	at := slices.Index(members, i)
	for k := 1; k <= len(members); k++ {
		j := members[((at+step*k)%len(members)+len(members))%len(members)]
		if statesim.Enabled(&e.Form, e.State, j) {
			return j
		}
	}
	return i
}
