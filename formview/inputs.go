package formview

import (
	"fmt"

	"github.com/formplan/formplan/forms"

	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// Inputs returns the real user inputs that carry out plan from state s, as a
// person at the keyboard and mouse would: a click for a checkbox that must
// change or a radio button; Home then arrow keys for the slider (the browser
// clamps at its ends); a click, End and key presses to type at the end of a
// text box; Ctrl+A and Backspace to clear it. Inputs stop at Submit.
//
// A step on a disabled element (see statesim.Enabled) is tried as a person
// would try it, with the same inputs as on an enabled one, and the browser
// ignores them: Chromium neither toggles nor focuses a disabled control
// that is clicked, and the click takes the focus off whatever had it, so
// the keys that follow reach no element of the form (render's
// TestExecuteDisabled measures this).
func Inputs(f *forms.Form, s statesim.State, plan []statesim.Action) ([]render.Input, error) {
	var out []render.Input
	s = s.Clone()
	for k, a := range plan {
		if a.Op == statesim.Submit {
			break
		}
		i, err := f.Find(a.Target)
		if err != nil {
			return nil, fmt.Errorf("formview: step %d: %w", k+1, err)
		}
		e := f.Elements[i]
		click := render.Input{Op: "click", Element: e.ID}
		switch a.Op {
		case statesim.Check, statesim.Uncheck:
			if (s[i].N == 1) != (a.Op == statesim.Check) {
				out = append(out, click)
			}
		case statesim.Click, statesim.Select:
			out = append(out, click)
		case statesim.Set, statesim.Move:
			// Clicking the track moves the handle somewhere; Home puts it at
			// the minimum; each arrow press then moves it one step, and the
			// browser stops it at the ends.
			out = append(out, click, render.Input{Op: "key", Key: "Home"})
			if a.Op == statesim.Set {
				out = appendArrows(out, (max(a.N, e.Min)-e.Min+e.Step/2)/e.Step)
			} else {
				out = appendArrows(out, (s[i].N-e.Min)/e.Step)
				out = appendArrows(out, roundDiv(a.N, e.Step))
			}
		case statesim.Type:
			out = append(out, click, render.Input{Op: "key", Key: "End"}, render.Input{Op: "type", Text: a.Text})
		case statesim.Clear:
			out = append(out, click, render.Input{Op: "selectall"}, render.Input{Op: "key", Key: "Backspace"})
		case statesim.Enter:
			out = append(out, click, render.Input{Op: "selectall"}, render.Input{Op: "key", Key: "Backspace"}, render.Input{Op: "type", Text: a.Text})
		default:
			return nil, fmt.Errorf("formview: step %d: no inputs for %s on a %s", k+1, a.Op, e.Kind.Noun())
		}
		if s, err = statesim.Apply(f, s, a); err != nil {
			return nil, fmt.Errorf("formview: step %d: %w", k+1, err)
		}
	}
	return out, nil
}

// appendArrows presses ArrowRight n times, or ArrowLeft -n times.
func appendArrows(in []render.Input, n int) []render.Input {
	switch {
	case n > 0:
		return append(in, render.Input{Op: "key", Key: "ArrowRight", Repeat: n})
	case n < 0:
		return append(in, render.Input{Op: "key", Key: "ArrowLeft", Repeat: -n})
	}
	return in
}

// roundDiv divides a by b > 0, rounding halves away from zero.
func roundDiv(a, b int) int {
	if a < 0 {
		return -roundDiv(-a, b)
	}
	return (a + b/2) / b
}
