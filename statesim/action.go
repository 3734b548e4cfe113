package statesim

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/formplan/formplan/forms"
)

// Op is what an action does.
type Op string

// The operations. Each applies to one element kind (Click to checkboxes and
// radio buttons); see the package documentation for their exact effects.
const (
	Check   Op = "check"   // checkbox: make checked
	Uncheck Op = "uncheck" // checkbox: make unchecked
	Click   Op = "click"   // checkbox: toggle; radio button: select
	Set     Op = "set"     // slider: move the handle to value N
	Move    Op = "move"    // slider: move the handle by N (negative: left)
	Select  Op = "select"  // radio button: select it, unselecting its group
	Type    Op = "type"    // text box: append Text
	Clear   Op = "clear"   // text box: remove all text
	Enter   Op = "enter"   // text box: replace the text with Text
	Submit  Op = "submit"  // the Submit button: ends the plan
)

// Action is one step of a plan, in structured form.
type Action struct {
	Op     Op        `json:"op"`
	Target forms.Ref `json:"target"`
	N      int       `json:"n,omitempty"`    // the value of Set, the amount of Move
	Text   string    `json:"text,omitempty"` // the text of Type and Enter
}

// SubmitAction is the action that clicks the Submit button.
var SubmitAction = Action{Op: Submit, Target: forms.Ref{Kind: forms.Submit, Ordinal: 1}}

// ErrInvalidAction is returned for an operation that does not exist or does
// not apply to the kind of element it targets.
var ErrInvalidAction = errors.New("invalid action")

// opFits reports whether op is a known operation and whether it applies to
// elements of kind k. A switch, not a map: resolving is on every hot path.
func opFits(op Op, k forms.Kind) (known, fits bool) {
	switch op {
	case Check, Uncheck:
		return true, k == forms.Checkbox
	case Click:
		return true, k == forms.Checkbox || k == forms.Radio
	case Set, Move:
		return true, k == forms.Slider
	case Select:
		return true, k == forms.Radio
	case Type, Clear, Enter:
		return true, k == forms.TextBox
	case Submit:
		return true, k == forms.Submit
	}
	return false, false
}

// Apply returns the state after a on s. It never changes s. Submit leaves the
// state as it is (Run is what stops at it). An action naming an element the
// form does not have, an element of a kind the operation does not apply to, or
// an unknown operation gives an error wrapping forms.ErrNoSuchElement,
// forms.ErrWrongKind or ErrInvalidAction.
func Apply(f *forms.Form, s State, a Action) (State, error) {
	i, err := resolve(f, a)
	if err != nil {
		return nil, err
	}
	t := s.Clone()
	applyAt(f, t, i, a)
	return t, nil
}

// Resolve returns the index in f.Elements of the element a acts on, or the
// error Apply would give: an unknown operation, one that does not fit the
// kind it targets, or an element the form does not have.
func Resolve(f *forms.Form, a Action) (int, error) { return resolve(f, a) }

// ApplyInPlace is Apply that changes s itself instead of returning a copy,
// for loops that try many actions on one scratch state. On error s is
// unchanged.
func ApplyInPlace(f *forms.Form, s State, a Action) error {
	i, err := resolve(f, a)
	if err != nil {
		return err
	}
	applyAt(f, s, i, a)
	return nil
}

// ApplyAt is ApplyInPlace for an action already resolved: i must be what
// Resolve returned for a on f. Loops that apply the same steps to many
// states resolve them once and use this.
func ApplyAt(f *forms.Form, s State, i int, a Action) { applyAt(f, s, i, a) }

func resolve(f *forms.Form, a Action) (int, error) {
	known, fits := opFits(a.Op, a.Target.Kind)
	if !known {
		return -1, fmt.Errorf("%w: unknown operation %q", ErrInvalidAction, a.Op)
	}
	if !fits {
		return -1, fmt.Errorf("%w: %s does not apply to a %s", ErrInvalidAction, a.Op, a.Target.Kind.Noun())
	}
	return f.Find(a.Target)
}

// applyAt applies a, already resolved to element i, to t in place. An
// action on a disabled element does nothing.
func applyAt(f *forms.Form, t State, i int, a Action) {
	e := &f.Elements[i]
	if e.EnabledBy != nil && !Enabled(f, t, i) {
		return
	}
	switch a.Op {
	case Check:
		t[i].N = 1
	case Uncheck:
		t[i].N = 0
	case Click:
		if e.Kind == forms.Radio {
			selectRadio(f, t, i)
		} else {
			t[i].N = 1 - t[i].N
		}
	case Set:
		t[i].N = Snap(e, a.N)
	case Move:
		t[i].N = Snap(e, t[i].N+a.N)
	case Select:
		selectRadio(f, t, i)
	case Type:
		t[i].S += a.Text
	case Clear:
		t[i].S = ""
	case Enter:
		t[i].S = a.Text
	}
}

func selectRadio(f *forms.Form, t State, i int) {
	els := f.Elements
	g := els[i].Group
	for j := range els {
		if els[j].Kind == forms.Radio && els[j].Group == g {
			t[j].N = 0
		}
	}
	t[i].N = 1
}

// StepError reports the step of a plan that could not be applied.
type StepError struct {
	Step   int // 0-based index in the plan
	Action Action
	Err    error
}

func (e *StepError) Error() string {
	return fmt.Sprintf("statesim: step %d (%s %s): %v", e.Step+1, e.Action.Op, e.Action.Target, e.Err)
}

// Unwrap returns the cause.
func (e *StepError) Unwrap() error { return e.Err }

// Outcome is what running a plan leads to.
type Outcome struct {
	Final     State // the state just before Submit, or after the last action if none
	Submitted bool  // whether the plan reached a Submit
	Steps     int   // actions applied before Submit
}

// Run applies plan to start in order and stops at the first Submit: actions
// after it never happen and are not checked. An invalid action before Submit
// gives a *StepError.
func Run(f *forms.Form, start State, plan []Action) (Outcome, error) {
	return RunTo(f, start, plan, make(State, len(start)))
}

// RunTo is Run with the final state written to s, which must have the length
// of start, for callers that run many plans into states they allocate
// together. On error s holds anything.
func RunTo(f *forms.Form, start State, plan []Action, s State) (Outcome, error) {
	copy(s, start)
	for k, a := range plan {
		i, err := resolve(f, a)
		if err != nil {
			return Outcome{}, &StepError{Step: k, Action: a, Err: err}
		}
		if a.Op == Submit {
			return Outcome{Final: s, Submitted: true, Steps: k}, nil
		}
		applyAt(f, s, i, a)
	}
	return Outcome{Final: s, Steps: len(plan)}, nil
}

// English returns the action in plain English, naming elements the way form
// f does: "Uncheck the 3rd checkbox", "Enter \"12\" into the 2nd textbox".
func English(f *forms.Form, a Action) string {
	return string(AppendEnglish(make([]byte, 0, 64), f, a))
}

// AppendEnglish appends the English of a (see English) to dst and returns the
// extended buffer, for callers that word many steps into one text.
func AppendEnglish(dst []byte, f *forms.Form, a Action) []byte {
	switch a.Op {
	case Check, Uncheck, Click, Select, Clear:
		dst = append(dst, verb(a.Op)...)
		return f.AppendName(dst, a.Target)
	case Set, Move:
		dst = append(dst, "Move "...)
		dst = appendPossessive(dst, f, a.Target)
		switch {
		case a.Op == Set:
			dst = append(dst, " handle to "...)
			return strconv.AppendInt(dst, int64(a.N), 10)
		case a.N >= 0:
			dst = append(dst, " handle right by "...)
			return strconv.AppendInt(dst, int64(a.N), 10)
		}
		dst = append(dst, " handle left by "...)
		return strconv.AppendInt(dst, int64(-a.N), 10)
	case Type, Enter:
		dst = append(dst, verb(a.Op)...)
		dst = strconv.AppendQuote(dst, a.Text)
		dst = append(dst, " into "...)
		return f.AppendName(dst, a.Target)
	case Submit:
		return append(dst, "Hit Submit"...)
	}
	dst = append(dst, a.Op...)
	dst = append(dst, ' ')
	return f.AppendName(dst, a.Target)
}

// verb begins the English of the operations that name one element.
func verb(op Op) string {
	switch op {
	case Check:
		return "Check "
	case Uncheck:
		return "Uncheck "
	case Click:
		return "Click "
	case Select:
		return "Select "
	case Clear:
		return "Clear "
	case Type:
		return "Type "
	}
	return "Enter "
}

// appendPossessive appends the possessive of a slider's name: "the slider"
// stays as it is ("Move the slider handle"), others take "'s".
func appendPossessive(dst []byte, f *forms.Form, r forms.Ref) []byte {
	n := len(dst)
	dst = f.AppendName(dst, r)
	if string(dst[n:]) == "the slider" {
		return dst
	}
	return append(dst, "'s"...)
}

// PDDL returns the action as a ground PDDL action of the domains of package
// pddl, such as (check checkbox-2), (move slider-1 by-m3), (set slider-1
// pos-4), (enter textbox-2 txt-12) or (submit). Elements are named by
// forms.Form.Term; slider values pos-N and move amounts by-N, with m for a
// minus sign (pos-m3); texts empty for "", txt-<s> when s is only a-z and
// 0-9 (but not "other", the name of pddl's sink text), otherwise
// txt-u-<lowercase hex of the UTF-8 bytes>. An action the form cannot take
// still renders, with a name or an arity its problem does not declare.
func PDDL(f *forms.Form, a Action) string {
	term := f.Term(a.Target)
	switch a.Op {
	case Set:
		return "(set " + term + " " + PDDLPosition(a.N) + ")"
	case Move:
		return "(move " + term + " " + PDDLAmount(a.N) + ")"
	case Type, Enter:
		return "(" + string(a.Op) + " " + term + " " + PDDLText(a.Text) + ")"
	case Submit:
		if i, err := f.Find(a.Target); err == nil && f.Elements[i].Kind == forms.Submit {
			return "(submit)"
		}
		return "(submit " + term + ")"
	}
	return "(" + string(a.Op) + " " + term + ")"
}
