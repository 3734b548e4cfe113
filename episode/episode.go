package episode

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// Painter draws a form in a state under a task: the PNG, every element's
// box and the picture's size in pixels. formview and render do it with
// Chromium; an episode asks only when its Spec observes a screenshot or
// boxes, or a click point needs the boxes.
type Painter interface {
	Paint(ctx context.Context, f *forms.Form, s statesim.State, task string, pose render.Pose) (Picture, error)
}

// Picture is what a Painter gives.
type Picture struct {
	PNG           []byte
	Boxes         []formview.Box
	Labels        []formview.Box // the boxes of the labels around controls (a click there acts on the control), by the control's id
	Width, Height int            // pixels
	Scale         float64        // device pixels per CSS px
}

// Episode is one agent's run on one form. It is not safe for concurrent
// use.
type Episode struct {
	ID      string
	Seed    int64
	Spec    Spec
	Form    forms.Form
	Goal    statesim.Goal
	Start   statesim.State
	State   statesim.State
	Optimal int // steps of a shortest plan from Start, Submit included
	Steps   int
	Done    bool
	Reward  float64

	focus   int  // the element keys go to, -1 for none
	caret   int  // in the focused text box, in characters; -1: at the end
	ring    bool // the focus shows a focus ring (:focus-visible)
	pointer struct {
		on   bool    // the mouse pointer is over the page
		x, y float64 // where, in pixels of the picture
	}
	picture *Picture
	painter Painter
	settle  func() // what the painter left for after the observation is sent (Settle)
}

// thenPainter is a Painter that leaves part of its work for later: then,
// when not nil, must run before the painter's next picture of the episode.
type thenPainter interface {
	paintThen(ctx context.Context, f *forms.Form, s statesim.State, task string, pose render.Pose) (pic Picture, then func(), err error)
}

// Reset starts the episode of seed and spec on the families fams (name to
// family): a pure function of the two, so the same reset gives the same
// episode. painter draws the pictures; it may be nil when spec observes
// neither screenshots nor boxes.
func Reset(ctx context.Context, seed int64, spec Spec, fams map[string]*forms.Family, painter Painter) (*Episode, Observation, error) {
	spec, err := spec.normalize(fams)
	if err != nil {
		return nil, Observation{}, err
	}
	if painter == nil && (spec.observes(ObserveScreenshot) || spec.observes(ObserveBoxes)) {
		return nil, Observation{}, fmt.Errorf("observe %v needs pictures, and this server draws none: observe text only", spec.Observe)
	}
	rng := seedSource(seed, spec)
	f, g, start, err := draw(fams[spec.Family], spec, rng)
	if err != nil {
		return nil, Observation{}, err
	}
	if err := g.Validate(&f); err != nil {
		return nil, Observation{}, fmt.Errorf("episode: %w", err)
	}
	// A shortest plan fixes each unmet want with one action of the
	// simulator's vocabulary, and no action fixes two (statesim.Goal.Unmet),
	// so its length needs no search, on forms of any size.
	unmet := g.Unmet(&f, start)
	e := &Episode{
		ID: fmt.Sprintf("%d-%016x", seed, spec.key()), Seed: seed, Spec: spec, Form: f, Goal: g,
		Start: start, State: start.Clone(), Optimal: unmet + 1, focus: -1, caret: -1, painter: painter,
	}
	if e.Spec.Budget == 0 {
		e.Spec.Budget = e.Optimal + 10
	}
	if err := e.paint(ctx); err != nil {
		return nil, Observation{}, err
	}
	return e, e.observe(StepInfo{Valid: true, UnmetBefore: unmet, UnmetAfter: unmet}), nil
}

// paint draws the current state when the episode observes pictures or
// boxes; a text-only episode is never drawn (its click points are refused).
func (e *Episode) paint(ctx context.Context) error {
	if e.painter == nil || !(e.Spec.observes(ObserveScreenshot) || e.Spec.observes(ObserveBoxes)) {
		e.picture = nil
		return nil
	}
	e.Settle()
	var p Picture
	var err error
	if tp, ok := e.painter.(thenPainter); ok {
		p, e.settle, err = tp.paintThen(ctx, &e.Form, e.State, e.Goal.Text, e.pose())
	} else {
		p, err = e.painter.Paint(ctx, &e.Form, e.State, e.Goal.Text, e.pose())
	}
	if err != nil {
		return fmt.Errorf("episode: draw the form: %w", err)
	}
	e.picture = &p
	return nil
}

// Settle does what the painter left for after the last observation was
// sent: Screens gives a picture Chromium painted to its composer. A server
// calls it once the reply is on its way, so that the work does not delay
// the reply; the next step of the episode calls it first otherwise, so an
// episode's pictures do not depend on whether its caller did.
func (e *Episode) Settle() {
	if f := e.settle; f != nil {
		e.settle = nil
		f()
	}
}

// pose is what the page shows beyond the state: the pointer and the focus.
func (e *Episode) pose() render.Pose {
	p := render.Pose{Pointer: e.pointer.on, X: e.pointer.x, Y: e.pointer.y}
	if e.focus >= 0 {
		p.Focus, p.FocusVisible = e.Form.Elements[e.focus].ID, e.ring
	}
	return p
}

// StepInfo is what one step did, for shaping and analysis.
type StepInfo struct {
	Valid       bool   // the action was read and could be done
	Error       string // why not, for the agent: last_action_error
	UnmetBefore int    // wants of the task unmet before the step
	UnmetAfter  int    // and after it
}

// ErrDone is the error of a step on an episode that has ended.
var ErrDone = fmt.Errorf("episode: the episode is done: reset to start another")

// Step applies the action an agent wrote and returns what it observes
// next. An action that cannot be read or done leaves the state as it was,
// says why in the observation's last_action_error and counts as a step.
// The episode ends on Submit, rewarded 1 when the task is met, or when the
// budget is spent, rewarded 0.
func (e *Episode) Step(ctx context.Context, action string) (Observation, error) {
	if e.Done {
		return Observation{}, ErrDone
	}
	info := e.advance(action)
	if err := e.paint(ctx); err != nil {
		return Observation{}, err
	}
	return e.observe(info), nil
}

// advance is Step without the observation: it reads and applies action,
// counts the step and ends the episode on Submit or at the budget.
func (e *Episode) advance(action string) StepInfo {
	info := StepInfo{UnmetBefore: e.Goal.Unmet(&e.Form, e.State)}
	e.Steps++
	acts, err := e.read(action)
	if err == nil {
		err = e.apply(acts)
	}
	if err != nil {
		info.Error = err.Error()
	} else {
		info.Valid = true
	}
	info.UnmetAfter = e.Goal.Unmet(&e.Form, e.State)
	if !e.Done && e.Steps >= e.Spec.Budget {
		e.Done = true
	}
	return info
}

// apply does acts in order; a Submit ends the episode with its reward.
// An action that fails leaves the state as it was before acts.
func (e *Episode) apply(acts []act) error {
	s := e.State.Clone()
	focus, caret, ring, pointer := e.focus, e.caret, e.ring, e.pointer
	before := focus // the focus before the input the acts are of
	for _, a := range acts {
		switch {
		case a.pointer:
			pointer.on, pointer.x, pointer.y = true, a.x, a.y
			continue
		case a.cause != 0:
			ring = e.ringAfter(a.cause, focus, before, ring)
			before = focus
			continue
		case a.action.Op == "":
			if a.focus >= 0 && e.Form.Elements[a.focus].Kind != forms.Submit && !statesim.Enabled(&e.Form, s, a.focus) {
				continue // a disabled control cannot take the focus: it stays where it was
			}
			focus, caret = a.focus, a.caret
			ring = ring && focus >= 0
			if focus < 0 {
				before = -1 // the input took the focus away on its way
			}
			continue
		}
		if a.action.Op == statesim.Submit {
			e.State, e.focus, e.caret, e.ring, e.pointer = s, focus, caret, ring, pointer
			e.Done = true
			if e.Goal.Met(&e.Form, s) {
				e.Reward = 1
			}
			return nil
		}
		i, err := statesim.Resolve(&e.Form, a.action)
		if err == nil && !statesim.Enabled(&e.Form, s, i) {
			err = fmt.Errorf("%s is disabled", e.Form.Name(e.Form.RefOf(i)))
		}
		if err != nil {
			return err
		}
		if err := statesim.ApplyInPlace(&e.Form, s, a.action); err != nil {
			return err
		}
	}
	e.State, e.focus, e.caret, e.ring, e.pointer = s, focus, caret, ring, pointer
	return nil
}

// ringAfter returns whether element focus (-1: none) shows a focus ring
// after an input of kind c that found the focus on element before, when
// the focus showed one before if ring is set: as Chromium matches
// :focus-visible, a key press shows it on any control; a click that moves
// the focus shows it only on a text box, and one that leaves it where it
// was changes nothing; the page's focus call shows it on a text box, or
// when the focus showed it already.
func (e *Episode) ringAfter(c cause, focus, before int, ring bool) bool {
	if focus < 0 {
		return false
	}
	text := e.Form.Elements[focus].Kind == forms.TextBox
	switch c {
	case byKey:
		return true
	case byMouse:
		if focus == before {
			return ring || text
		}
		return text
	case byScript:
		return text || ring
	}
	return ring
}

// Observation is what the agent sees after a reset or a step, and what an
// RL user needs besides.
type Observation struct {
	Task            string         `json:"task"`
	Screenshot      string         `json:"screenshot,omitempty"` // PNG, base64
	Width           int            `json:"width,omitempty"`      // of the screenshot, pixels
	Height          int            `json:"height,omitempty"`
	Text            string         `json:"text,omitempty"`
	Boxes           []formview.Box `json:"boxes,omitempty"`
	Step            int            `json:"step"`
	Budget          int            `json:"budget"`
	LastActionError string         `json:"last_action_error"`
	Done            bool           `json:"done"`
	Reward          float64        `json:"reward"`
	Metadata        Metadata       `json:"metadata"`
}

// Metadata is an observation's account of the episode.
type Metadata struct {
	EpisodeID   string          `json:"episode_id"`
	Seed        int64           `json:"seed"`
	Spec        Spec            `json:"spec"`
	Valid       bool            `json:"valid"`        // the last action was read and done
	UnmetBefore int             `json:"unmet_before"` // wants unmet before the last step
	UnmetAfter  int             `json:"unmet_after"`  // and after it
	Unmet       []statesim.Want `json:"unmet"`        // the wants unmet now
	Optimal     int             `json:"optimal"`      // steps of a shortest plan from the start, Submit included
	StepsUsed   int             `json:"steps_used"`
}

// observe returns the observation of the episode now.
func (e *Episode) observe(info StepInfo) Observation {
	o := Observation{
		Task: e.Goal.Text, Step: e.Steps, Budget: e.Spec.Budget, LastActionError: info.Error,
		Done: e.Done, Reward: e.Reward,
		Metadata: Metadata{
			EpisodeID: e.ID, Seed: e.Seed, Spec: e.Spec, Valid: info.Valid, UnmetBefore: info.UnmetBefore,
			UnmetAfter: info.UnmetAfter, Unmet: e.unmet(), Optimal: e.Optimal, StepsUsed: e.Steps,
		},
	}
	if e.picture != nil {
		if e.Spec.observes(ObserveScreenshot) {
			o.Screenshot = base64.StdEncoding.EncodeToString(e.picture.PNG)
			o.Width, o.Height = e.picture.Width, e.picture.Height
		}
		if e.Spec.observes(ObserveBoxes) {
			o.Boxes = e.picture.Boxes
			o.Width, o.Height = e.picture.Width, e.picture.Height
		}
	}
	if e.Spec.observes(ObserveText) {
		o.Text = TextView(&e.Form, e.State, e.focus)
	}
	return o
}

// unmet returns the wants of the goal the state does not meet.
func (e *Episode) unmet() []statesim.Want {
	var out []statesim.Want
	for _, w := range e.Goal.Wants {
		if !(statesim.Goal{Wants: []statesim.Want{w}}).Met(&e.Form, e.State) {
			out = append(out, w)
		}
	}
	return out
}

// TextView writes form f in state s as an agent reads a page's
// accessibility tree: one element a line, its id in brackets (the bid
// BrowserGym actions name), kind, name, value and state.
//
//	[e0] checkbox "Br" checked
//	[e3] slider "the slider" value=4 min=-10 max=10 step=1
//	[e4] textbox "the 1st textbox" value="12" disabled focused
//	[e5] button "Submit"
func TextView(f *forms.Form, s statesim.State, focus int) string {
	b := make([]byte, 0, 48*len(f.Elements))
	for i, el := range f.Elements {
		kind := el.Kind.String()
		if el.Kind == forms.Submit {
			kind = "button"
		}
		b = append(b, '[')
		b = append(b, el.ID...)
		b = append(b, "] "...)
		b = append(b, kind...)
		b = append(b, ' ')
		b = strconv.AppendQuote(b, f.Name(f.RefOf(i)))
		switch el.Kind {
		case forms.Checkbox:
			b = append(b, pick(s[i].N == 1, " checked", " unchecked")...)
		case forms.Radio:
			b = append(b, pick(s[i].N == 1, " selected", " unselected")...)
		case forms.Slider:
			b = append(b, " value="...)
			b = strconv.AppendInt(b, int64(s[i].N), 10)
			b = append(b, " min="...)
			b = strconv.AppendInt(b, int64(el.Min), 10)
			b = append(b, " max="...)
			b = strconv.AppendInt(b, int64(el.Max), 10)
			b = append(b, " step="...)
			b = strconv.AppendInt(b, int64(el.Step), 10)
		case forms.TextBox:
			b = append(b, " value="...)
			b = strconv.AppendQuote(b, s[i].S)
		}
		if !statesim.Enabled(f, s, i) {
			b = append(b, " disabled"...)
		}
		if i == focus {
			b = append(b, " focused"...)
		}
		b = append(b, '\n')
	}
	return string(b)
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}
