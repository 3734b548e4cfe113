package statesim

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
)

// Value is the state of one element. Checkboxes and radio buttons use N = 1
// for checked or selected and 0 otherwise; a slider holds its value in N; a
// text box holds its text in S; the Submit button has no state.
type Value struct {
	N int    `json:"n,omitempty"`
	S string `json:"s,omitempty"`
}

// State is the state of a whole form: one Value per element, in the form's
// element order.
type State []Value

// Clean returns the form's state as a page first shows it: every box
// unchecked, no radio selected, text boxes empty, and each slider at the value
// of its range closest to zero.
func Clean(f *forms.Form) State {
	return AppendClean(make(State, 0, len(f.Elements)), f)
}

// AppendClean appends the clean state of f to dst and returns the
// extended slice.
func AppendClean(dst State, f *forms.Form) State {
	for i, e := range f.Elements {
		v := Value{}
		if e.Kind == forms.Slider {
			v.N = Snap(&f.Elements[i], 0)
		}
		dst = append(dst, v)
	}
	return dst
}

// Key returns the canonical key of s: two states are equal exactly when their
// keys are.
func (s State) Key() string {
	return string(s.AppendKey(make([]byte, 0, 4*len(s))))
}

// AppendKey appends the canonical key of s to b and returns the extended
// slice, for lookups that reuse one buffer.
func (s State) AppendKey(b []byte) []byte {
	for _, v := range s {
		b = binary.AppendVarint(b, int64(v.N))
		b = binary.AppendUvarint(b, uint64(len(v.S)))
		b = append(b, v.S...)
	}
	return b
}

// Equal reports whether s and t are the same state.
func (s State) Equal(t State) bool { return slices.Equal(s, t) }

// Clone returns a copy of s that shares nothing with it.
func (s State) Clone() State { return slices.Clone(s) }

// Diff returns the indices of the elements whose values differ.
func (s State) Diff(t State) []int {
	var d []int
	for i := range s {
		if i >= len(t) || s[i] != t[i] {
			d = append(d, i)
		}
	}
	return d
}

// String renders s compactly: [x _ 3 "12"], where x is checked or selected, _
// is unchecked, a number is a slider value and a quoted string is a text box.
// It needs no form, so a text box and a slider cannot be told apart from an
// unchecked box when empty or zero; use Describe for an exact caption.
func (s State) String() string {
	parts := make([]string, len(s))
	for i, v := range s {
		switch {
		case v.S != "":
			parts[i] = strconv.Quote(v.S)
		case v.N == 1:
			parts[i] = "x"
		case v.N == 0:
			parts[i] = "_"
		default:
			parts[i] = strconv.Itoa(v.N)
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// Validate reports whether s is a state the form can be in: one value per
// element, booleans 0 or 1, at most one selected radio per group, slider
// values within range and on the step, text only in text boxes.
func Validate(f *forms.Form, s State) error {
	if len(s) != len(f.Elements) {
		return fmt.Errorf("statesim: state has %d values for %d elements", len(s), len(f.Elements))
	}
	selected := map[string]bool{}
	for i, e := range f.Elements {
		v := s[i]
		if v.S != "" && e.Kind != forms.TextBox {
			return fmt.Errorf("statesim: element %s (%s) holds text", e.ID, e.Kind)
		}
		switch e.Kind {
		case forms.Checkbox, forms.Radio:
			if v.N != 0 && v.N != 1 {
				return fmt.Errorf("statesim: element %s (%s) has value %d, want 0 or 1", e.ID, e.Kind, v.N)
			}
			if e.Kind == forms.Radio && v.N == 1 {
				if selected[e.Group] {
					return fmt.Errorf("statesim: radio group %s has two selected buttons", e.Group)
				}
				selected[e.Group] = true
			}
		case forms.Slider:
			if v.N != Snap(&f.Elements[i], v.N) {
				return fmt.Errorf("statesim: slider %s value %d is outside %d..%d or off its step %d", e.ID, v.N, e.Min, e.Max, e.Step)
			}
		case forms.TextBox:
			if v.N != 0 {
				return fmt.Errorf("statesim: text box %s has a number", e.ID)
			}
		case forms.Submit:
			if v.N != 0 {
				return fmt.Errorf("statesim: the Submit button has a value")
			}
		}
	}
	return nil
}

// Describe returns an exact English caption of s on form f, one sentence per
// element, such as "The 2nd checkbox is checked." or "The 1st textbox
// (disabled) is empty." It carries the whole state, so a caption-only model
// has what a picture shows.
func Describe(f *forms.Form, s State) string {
	b := make([]byte, 0, 48*len(f.Elements))
	for i := range f.Elements {
		if f.Elements[i].Kind == forms.Submit {
			continue
		}
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = AppendDescription(b, f, s, i)
	}
	return string(b)
}

// AppendDescription appends the sentence Describe gives element i of f in
// state s, such as "The 2nd checkbox is checked.", and returns the extended
// buffer.
func AppendDescription(b []byte, f *forms.Form, s State, i int) []byte {
	e := &f.Elements[i]
	if f.Refer == forms.ByLabel && e.Label != "" {
		b = append(b, "The "...)
		b = append(b, e.Kind.Noun()...)
		b = append(b, ' ')
		b = strconv.AppendQuote(b, e.Label)
	} else {
		n := len(b)
		b = f.AppendName(b, f.RefOf(i))
		upperAt(b, n)
	}
	off := e.EnabledBy != nil && !Enabled(f, s, i)
	if off && e.Kind != forms.Slider {
		b = append(b, " (disabled)"...)
	}
	switch e.Kind {
	case forms.Checkbox:
		b = append(b, pick(s[i].N == 1, " is checked.", " is unchecked.")...)
	case forms.Radio:
		b = append(b, pick(s[i].N == 1, " is selected.", " is not selected.")...)
	case forms.Slider:
		b = append(b, " (from "...)
		b = strconv.AppendInt(b, int64(e.Min), 10)
		b = append(b, " to "...)
		b = strconv.AppendInt(b, int64(e.Max), 10)
		if off {
			b = append(b, ", disabled"...)
		}
		b = append(b, ") is at "...)
		b = strconv.AppendInt(b, int64(s[i].N), 10)
		b = append(b, '.')
	case forms.TextBox:
		if s[i].S == "" {
			b = append(b, " is empty."...)
		} else {
			b = append(b, " contains "...)
			b = strconv.AppendQuote(b, s[i].S)
			b = append(b, '.')
		}
	}
	return b
}

// upperAt makes the ASCII letter at b[i], if there is one, upper case.
func upperAt(b []byte, i int) {
	if i < len(b) && b[i] >= 'a' && b[i] <= 'z' {
		b[i] -= 'a' - 'A'
	}
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// Snap returns v moved to the nearest position on slider e's range:
// clamped to [Min, Max] and rounded to the nearest step (halves round up),
// as a browser's range input does. It is where setting e to v leads, and
// moving e by d from p leads to Snap(e, p+d).
func Snap(e *forms.Element, v int) int {
	step := max(e.Step, 1)
	if v <= e.Min {
		return e.Min
	}
	if v >= e.Max {
		return e.Max
	}
	k := (v - e.Min + step/2) / step
	return min(e.Min+k*step, e.Max)
}
