package actlang

import (
	"fmt"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// Step is one action read from a reply, with the 1-based line of the
// reply it came from and its text there (numbering and bullets taken
// off). Several steps may share a line: a PDDL plan on one line, or
// "Check X; hit Submit".
type Step struct {
	Line   int
	Text   string
	Action statesim.Action
}

// Problem is a line, or a part of one, that could not be read as a step,
// and why.
type Problem struct {
	Line int
	Text string
	Err  error
}

// Error returns the line number and the reason.
func (p Problem) Error() string { return fmt.Sprintf("line %d: %v", p.Line, p.Err) }

// Unwrap returns the reason.
func (p Problem) Unwrap() error { return p.Err }

// Plan is a reply read as a plan.
type Plan struct {
	// Steps are the steps read, in order.
	Steps []Step
	// Ignored are the lines before the first step and after the last
	// that are no step, without numbering or a bullet: commentary. They
	// do not make the plan unread.
	Ignored []Problem
	// Unparsed are the lines between steps that could not be read, and
	// any line with numbering or a bullet, element of a JSON array or
	// action of a PDDL list that could not be read: the plan cannot be
	// trusted to be what the reply meant.
	Unparsed []Problem
	// Err is set when the reply as a whole cannot be read: empty, longer
	// than MaxReplyBytes, more than MaxSteps steps, or no step at all.
	Err error
}

// OK reports whether the plan was read: no Err and no Unparsed line.
func (p *Plan) OK() bool { return p.Err == nil && len(p.Unparsed) == 0 }

// Actions returns the steps' actions, in order.
func (p *Plan) Actions() []statesim.Action {
	out := make([]statesim.Action, len(p.Steps))
	for k, s := range p.Steps {
		out[k] = s.Action
	}
	return out
}

// ParsePlan reads reply as a plan for form f, one step per line (see the
// package documentation for the steps it reads). Where the reply has a
// plan marker, a line "Plan:" (also "Final plan:", "**Plan:**"), only
// what follows the last one is read; the plan may begin on the marker's
// line. A reply in JSON, an array of action objects, is read as a plan
// too, as is a PDDL plan on one line or several.
//
// ParsePlan never fails outright: what it could not read is in the
// Plan's Err, Unparsed and Ignored.
func ParsePlan(f *forms.Form, reply string) Plan {
	body, first, err := prepare(reply, planMarkerRE)
	if err != nil {
		return Plan{Err: err}
	}
	r := newReader(f)
	items, over := r.scan(body, first)
	if over {
		return Plan{Err: fmt.Errorf("actlang: %w: more than %d", ErrTooManySteps, MaxSteps)}
	}
	lo, hi := -1, -1
	for k, it := range items {
		if it.err == nil {
			if lo < 0 {
				lo = k
			}
			hi = k
		}
	}
	var p Plan
	for k, it := range items {
		if it.err == nil {
			p.Steps = append(p.Steps, Step{Line: it.line, Text: it.text, Action: it.act})
			continue
		}
		pr := Problem{Line: it.line, Text: it.text, Err: it.err}
		if it.numbered || (lo < k && k < hi) {
			p.Unparsed = append(p.Unparsed, pr)
		} else {
			p.Ignored = append(p.Ignored, pr)
		}
	}
	if lo < 0 {
		p.Err = fmt.Errorf("actlang: %w found", ErrNoSteps)
		if len(items) > 0 {
			p.Err = fmt.Errorf("actlang: %w found (line %d: %v)", ErrNoSteps, items[0].line, items[0].err)
		}
	}
	return p
}

// ParseAction reads text as one step on form f: a line of English
// ("Check the 2nd checkbox"), a PDDL action ("(check checkbox-2)"), or a
// JSON object {"op": ..., "target": ..., "value": ...}, with numbering,
// bullets, quotation marks around it and a trailing period taken off.
// A reference that resolves on f is returned as f.RefOf gives it; one
// that does not, such as the 5th checkbox of a form with 3, as written.
// Text holding no action, or more than one, is an error.
func ParseAction(f *forms.Form, text string) (statesim.Action, error) {
	text, err := sanitize(text)
	if err != nil {
		return statesim.Action{}, err
	}
	text = strings.TrimSpace(text)
	r := newReader(f)
	var items []item
	if text[0] == '{' || text[0] == '[' {
		var n int
		items, n, err = r.jsonBlock(text)
		if err == nil && strings.TrimSpace(text[n:]) != "" {
			err = fmt.Errorf("%w: %q after JSON", ErrSyntax, clip(strings.TrimSpace(text[n:])))
		}
	} else {
		if strings.ContainsAny(text, "\r\n") {
			return statesim.Action{}, fmt.Errorf("actlang: %w: one step wanted, got several lines", ErrSyntax)
		}
		c, _, dotted := cleanLine(text)
		if c == "" {
			return statesim.Action{}, fmt.Errorf("actlang: %w", ErrEmpty)
		}
		items, err = r.step(c, dotted)
	}
	if err != nil {
		return statesim.Action{}, fmt.Errorf("actlang: %w", err)
	}
	if len(items) != 1 {
		return statesim.Action{}, fmt.Errorf("actlang: %w: %d actions, want one", ErrAmbiguous, len(items))
	}
	if items[0].err != nil {
		return statesim.Action{}, fmt.Errorf("actlang: %w", items[0].err)
	}
	return items[0].act, nil
}
