package episode

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// What an episode reads of BrowserGym's high-level action strings
// (click('12'), fill('13', 'abc'), mouse_click(40, 60), keyboard_press(...)):
// the call grammar, a small reader of Python literals, and how each call
// maps to the acts of a step.

// bgNames are the names of BrowserGym's high-level actions.
var bgNames = map[string]bool{
	"click": true, "dblclick": true, "fill": true, "clear": true, "check": true, "uncheck": true,
	"select_option": true, "focus": true, "hover": true, "press": true, "scroll": true, "noop": true,
	"mouse_click": true, "mouse_dblclick": true, "mouse_move": true, "mouse_down": true, "mouse_up": true,
	"keyboard_press": true, "keyboard_type": true, "keyboard_insert_text": true,
	"send_msg_to_user": true, "report_infeasible": true,
}

// bgCall splits a BrowserGym action call into its name and the text
// between its parentheses: one of bgNames, white space or none, "(",
// anything but a line break, and ")" at the end. It scans instead of
// matching a regular expression, which took a sixth of a text step's time
// in the server.
func bgCall(line string) (name, args string, ok bool) {
	i := strings.IndexFunc(line, func(r rune) bool { return r != '_' && (r < 'a' || r > 'z') })
	if i <= 0 || !bgNames[line[:i]] {
		return "", "", false
	}
	rest := strings.TrimLeft(line[i:], " \t\n\f\r")
	if len(rest) < 2 || rest[0] != '(' || rest[len(rest)-1] != ')' || strings.Contains(rest, "\n") {
		return "", "", false
	}
	return line[:i], rest[1 : len(rest)-1], true
}

// inputCause returns the kind of input the BrowserGym action name gives
// the page, 0 for none.
func inputCause(name string) cause {
	switch name {
	case "click", "dblclick", "check", "uncheck", "mouse_click", "mouse_dblclick":
		return byMouse
	case "press", "keyboard_press", "keyboard_type", "keyboard_insert_text":
		return byKey
	case "fill", "clear", "focus":
		return byScript
	}
	return 0
}

// browserGym reads one BrowserGym action call, split by bgCall into its
// name and the text between its parentheses.
func (e *Episode) browserGym(name, call string) ([]act, error) {
	args, kw, err := pyArgs(call)
	if err != nil {
		return nil, fmt.Errorf("%s(...): %w", name, err)
	}
	need := func(n int) error {
		if len(args) < n {
			return fmt.Errorf("%s takes %d argument(s), got %d", name, n, len(args))
		}
		return nil
	}
	if b, ok := kw["button"]; ok && b != "left" && (name == "click" || strings.HasPrefix(name, "mouse")) {
		return noAct, nil // a right or middle click changes no form element
	}
	switch name {
	case "noop", "scroll", "send_msg_to_user", "report_infeasible":
		return noAct, nil
	case "mouse_down", "mouse_up":
		// A press and a release apart are a click, a drag or neither by
		// where each happens; they are not modelled.
		return nil, fmt.Errorf("%s is not supported: click with mouse_click(x, y) or click('id')", name)
	case "mouse_move":
		if err := need(2); err != nil {
			return nil, err
		}
		x, y, err := point(name, args)
		if err != nil {
			return nil, err
		}
		return []act{pointAt(x, y)}, nil
	case "hover":
		if err := need(1); err != nil {
			return nil, err
		}
		i, err := e.byID(args[0])
		if err != nil {
			return nil, err
		}
		return e.pointAtElement(i), nil
	case "click", "dblclick", "check", "uncheck", "clear", "focus", "fill", "press":
		if err := need(1); err != nil {
			return nil, err
		}
		i, err := e.byID(args[0])
		if err != nil {
			return nil, err
		}
		switch name {
		case "click":
			a, err := e.clickElement(i, -1, -1, true)
			if err != nil {
				return nil, err
			}
			return append(e.pointAtElement(i), a...), nil
		case "dblclick":
			a, err := e.clickElement(i, -1, -1, true)
			if err != nil {
				return nil, err
			}
			return append(append(e.pointAtElement(i), a...), a...), nil
		case "check", "uncheck":
			a, err := e.setToggle(i, name == "check")
			if err != nil || len(a) == 0 {
				return a, err
			}
			return append(e.pointAtElement(i), a...), nil
		case "clear":
			return e.onText(i, statesim.Action{Op: statesim.Clear})
		case "focus":
			return []act{focusOn(i, -1)}, nil
		case "fill":
			if err := need(2); err != nil {
				return nil, err
			}
			if e.Form.Elements[i].Kind == forms.Slider {
				// Playwright's fill sets a range input's value, which the
				// browser snaps to a step between the ends.
				n, err := strconv.Atoi(strings.TrimSpace(args[1]))
				if err != nil {
					return nil, fmt.Errorf("fill(%q, %q): a slider takes a whole number", clip(args[0]), clip(args[1]))
				}
				if !statesim.Enabled(&e.Form, e.State, i) {
					return nil, fmt.Errorf("%s is disabled", e.Form.Name(e.Form.RefOf(i)))
				}
				return do(statesim.Action{Op: statesim.Set, Target: e.Form.RefOf(i), N: n}, i, -1), nil
			}
			return e.onText(i, statesim.Action{Op: statesim.Enter, Text: args[1]})
		case "press":
			if err := need(2); err != nil {
				return nil, err
			}
			k, err := e.key(i, args[1])
			if err != nil {
				return nil, err
			}
			return append([]act{focusOn(i, -1)}, k...), nil
		}
	case "select_option":
		return nil, errors.New("select_option picks options of a <select>, and this form has none: click a radio button instead")
	case "mouse_click", "mouse_dblclick":
		if err := need(2); err != nil {
			return nil, err
		}
		x, y, err := point(name, args)
		if err != nil {
			return nil, err
		}
		a, err := e.clickAt(x, y)
		if err != nil || name == "mouse_click" {
			return a, err
		}
		return append(a, a...), nil
	case "keyboard_press":
		if err := need(1); err != nil {
			return nil, err
		}
		return e.key(e.focus, args[0])
	case "keyboard_type", "keyboard_insert_text":
		if err := need(1); err != nil {
			return nil, err
		}
		if e.focus >= 0 && e.Form.Elements[e.focus].Kind != forms.TextBox {
			// Each character is a key press on the control with the focus
			// (a space toggles a checkbox).
			var out []act
			for _, r := range args[0] {
				a, err := e.key(e.focus, string(r))
				if err != nil {
					return nil, err
				}
				out = append(out, a...)
			}
			return out, nil
		}
		if e.focus < 0 {
			return nil, errors.New("no text box has the focus: click or focus one first")
		}
		return e.typeText(args[0])
	}
	return nil, fmt.Errorf("%s is not supported", name)
}

// point reads the x, y pixels of a mouse action's first two arguments.
func point(name string, args []string) (x, y float64, err error) {
	x, errX := strconv.ParseFloat(args[0], 64)
	y, errY := strconv.ParseFloat(args[1], 64)
	if errX != nil || errY != nil || math.IsNaN(x+y) || math.IsInf(x+y, 0) {
		return 0, 0, fmt.Errorf("%s(%s, %s): want two numbers, pixels from the top left corner", name, args[0], args[1])
	}
	return x, y, nil
}

// clip shortens s for an error message.
func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "..."
	}
	return s
}

// pyArgs splits the arguments of a Python call: quoted strings (single or
// double quotes, with backslash escapes), numbers and bare words, by
// position or as key=value.
func pyArgs(s string) (args []string, kw map[string]string, err error) {
	kw = map[string]string{}
	s = strings.TrimSpace(s)
	for s != "" {
		key := ""
		if m := kwRE.FindStringSubmatch(s); m != nil {
			key, s = m[1], s[len(m[0]):]
		}
		var v string
		switch {
		case s == "":
			return nil, nil, errors.New("an argument is missing")
		case s[0] == '\'' || s[0] == '"':
			v, s, err = pyString(s)
			if err != nil {
				return nil, nil, err
			}
		case s[0] == '[':
			end := strings.IndexByte(s, ']')
			if end < 0 {
				return nil, nil, errors.New("a list is not closed")
			}
			v, s = s[:end+1], s[end+1:]
		default:
			end := strings.IndexByte(s, ',')
			if end < 0 {
				end = len(s)
			}
			v, s = strings.TrimSpace(s[:end]), s[end:]
		}
		if key != "" {
			kw[key] = v
		} else {
			args = append(args, v)
		}
		s = strings.TrimSpace(s)
		if s != "" {
			if s[0] != ',' {
				return nil, nil, fmt.Errorf("unexpected %q", clip(s))
			}
			s = strings.TrimSpace(s[1:])
		}
	}
	return args, kw, nil
}

var kwRE = regexp.MustCompile(`^([a-z_]+)\s*=\s*`)

// pyString reads a quoted Python string at the start of s.
func pyString(s string) (v, rest string, err error) {
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			i++
			switch s[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(s[i])
			}
		case c == q:
			return b.String(), s[i+1:], nil
		default:
			b.WriteByte(c)
		}
	}
	return "", "", errors.New("a string is not closed")
}

// isBGCall reports whether line is a BrowserGym action call (bgCall).
func isBGCall(line string) bool {
	_, _, ok := bgCall(line)
	return ok
}
