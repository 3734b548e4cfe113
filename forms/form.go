package forms

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ErrNoSuchElement is returned when a reference names no element of the form.
var ErrNoSuchElement = errors.New("no such element on the form")

// ErrWrongKind is returned when a reference's label belongs to an element of
// another kind than the reference asks for.
var ErrWrongKind = errors.New("element is of the wrong kind")

// RefStyle says how a form's instructions and plans name its elements.
type RefStyle string

// The reference styles.
const (
	ByLabel   RefStyle = "label"   // "iyHxAx"
	ByOrdinal RefStyle = "ordinal" // "the 2nd checkbox"
)

// Element is one control on a form.
type Element struct {
	ID      string `json:"id"`               // stable id within the form: e0, e1, ...
	Kind    Kind   `json:"kind"`             // what the control is
	Ordinal int    `json:"ordinal"`          // 1-based position among the form's elements of this kind
	Label   string `json:"label,omitempty"`  // text shown beside it; may be empty
	Min     int    `json:"min,omitempty"`    // slider minimum
	Max     int    `json:"max,omitempty"`    // slider maximum
	Step    int    `json:"step,omitempty"`   // slider step (at least 1)
	Group   string `json:"group,omitempty"`  // the family group it was drawn from; radio buttons of one group exclude each other
	Layout  string `json:"layout,omitempty"` // LayoutRow when its group is drawn in one row; "" (a column) otherwise
	// EnabledBy, if set, makes the element conditional: see Enabler.
	EnabledBy *Enabler `json:"enabled_by,omitempty"`
}

// Ref names an element the way an instruction does: by label when Label is
// set, otherwise by its ordinal among elements of Kind. A Ref may name an
// element the form does not have; Form.Find reports that.
type Ref struct {
	Kind    Kind   `json:"kind"`
	Ordinal int    `json:"ordinal,omitempty"`
	Label   string `json:"label,omitempty"`
}

// String returns a compact, unambiguous rendering such as checkbox#2 or
// checkbox"iyHxAx".
func (r Ref) String() string {
	if r.Label != "" {
		return r.Kind.String() + strconv.Quote(r.Label)
	}
	return fmt.Sprintf("%s#%d", r.Kind, r.Ordinal)
}

// Form is an ordered list of elements and the vocabulary of texts its text
// boxes can receive.
type Form struct {
	Family     string    `json:"family"`
	Refer      RefStyle  `json:"refer"`
	Elements   []Element `json:"elements"`
	TextValues []string  `json:"text_values,omitempty"` // what may be typed, in a fixed order
	// Picture, if set, is the size of the form's picture before a long task
	// or text grows it (Family.Picture); nil is MiniWoB's 160 x 210. The
	// forms a family draws share their family's value: read it, never
	// change it (Clone copies it).
	Picture *Size `json:"picture,omitempty"`
}

// Clone returns a copy of f with elements and text values of its own, so
// that drawing into f again (Family.DrawForm) leaves the copy as it is.
func (f *Form) Clone() Form {
	c := *f
	c.Elements = slices.Clone(f.Elements)
	c.TextValues = slices.Clone(f.TextValues)
	if f.Picture != nil {
		z := *f.Picture
		c.Picture = &z
	}
	return c
}

// Find returns the index in f.Elements of the element r names.
func (f *Form) Find(r Ref) (int, error) {
	els := f.Elements
	if r.Label != "" {
		for i := range els {
			if els[i].Kind == r.Kind && els[i].Label == r.Label {
				return i, nil
			}
		}
		for _, e := range f.Elements {
			if e.Label == r.Label {
				return -1, fmt.Errorf("%w: %s is a %s, not a %s", ErrWrongKind, strconv.Quote(r.Label), e.Kind.Noun(), r.Kind.Noun())
			}
		}
		return -1, fmt.Errorf("%w: %s", ErrNoSuchElement, r)
	}
	for i := range els {
		if els[i].Kind == r.Kind && els[i].Ordinal == r.Ordinal {
			return i, nil
		}
	}
	return -1, fmt.Errorf("%w: %s", ErrNoSuchElement, r)
}

// RefOf returns the reference to element i in the form's own style: by label
// for labelled elements of a ByLabel form, by ordinal otherwise.
func (f *Form) RefOf(i int) Ref {
	e := &f.Elements[i]
	if f.Refer == ByLabel && e.Label != "" && e.Kind != Submit {
		return Ref{Kind: e.Kind, Label: e.Label}
	}
	return Ref{Kind: e.Kind, Ordinal: e.Ordinal}
}

// Index returns the position of the element with id, or -1 when the form
// has none.
func (f *Form) Index(id string) int {
	for i := range f.Elements {
		if f.Elements[i].ID == id {
			return i
		}
	}
	return -1
}

// Members returns the indices of the elements of group g, in form order.
// The elements of a group share one kind; radio buttons of a group exclude
// each other.
func (f *Form) Members(g string) []int { return f.AppendMembers(nil, g) }

// AppendMembers appends the indices Members returns to dst, for loops that
// reuse one buffer.
func (f *Form) AppendMembers(dst []int, g string) []int {
	for i := range f.Elements {
		if f.Elements[i].Group == g {
			dst = append(dst, i)
		}
	}
	return dst
}

// First returns the index of the first element of group g, or -1. Unlike
// Members, it allocates nothing.
func (f *Form) First(g string) int {
	for i := range f.Elements {
		if f.Elements[i].Group == g {
			return i
		}
	}
	return -1
}

// Count returns how many elements of kind k the form has.
func (f *Form) Count(k Kind) int {
	n := 0
	for i := range f.Elements {
		if f.Elements[i].Kind == k {
			n++
		}
	}
	return n
}

// Name returns the English name of what r refers to: the label itself, or
// "the 2nd checkbox". A form with a single slider calls it "the slider".
func (f *Form) Name(r Ref) string {
	if r.Label != "" {
		return r.Label
	}
	return string(f.AppendName(nil, r))
}

// AppendName appends the English name of what r refers to (see Name) to dst
// and returns the extended buffer.
func (f *Form) AppendName(dst []byte, r Ref) []byte {
	switch {
	case r.Label != "":
		return append(dst, r.Label...)
	case r.Kind == Submit:
		return append(dst, "Submit"...)
	case r.Kind == Slider && r.Ordinal == 1 && f.Count(Slider) == 1:
		return append(dst, "the slider"...)
	}
	dst = append(dst, "the "...)
	dst = AppendOrdinal(dst, r.Ordinal)
	dst = append(dst, ' ')
	return append(dst, r.Kind.Noun()...)
}

// Term returns the PDDL object name of what r refers to: kind-ordinal, such
// as checkbox-2 or slider-1, whether r names the element by label or by
// ordinal, so names are valid PDDL whatever the labels. A reference the form
// cannot resolve still gets a name, one no problem declares: kind-ordinal
// for a missing ordinal (checkbox-4 on a three-box form; m for a minus sign),
// and kind-l-<lowercase hex of the label's UTF-8 bytes> for a label that no
// element of that kind has.
func (f *Form) Term(r Ref) string {
	kind := r.Kind.String()
	if r.Label != "" {
		i, err := f.Find(r)
		if err != nil {
			return fmt.Sprintf("%s-l-%x", kind, r.Label)
		}
		r.Ordinal = f.Elements[i].Ordinal
	}
	if r.Ordinal < 0 {
		return kind + "-m" + strconv.Itoa(-r.Ordinal)
	}
	return kind + "-" + strconv.Itoa(r.Ordinal)
}

// Validate reports the first structural problem of the form: duplicate ids,
// ordinals out of sequence, duplicate labels, or a slider whose range or step
// does not make sense.
func (f *Form) Validate() error {
	ids := map[string]bool{}
	labels := map[string]bool{}
	next := map[Kind]int{}
	for i, e := range f.Elements {
		where := fmt.Sprintf("forms: element %d (%s)", i, e.ID)
		if e.ID == "" || ids[e.ID] {
			return fmt.Errorf("%s: id must be unique and non-empty", where)
		}
		ids[e.ID] = true
		if e.Kind == 0 || int(e.Kind) >= len(kindNames) {
			return fmt.Errorf("%s: invalid kind", where)
		}
		next[e.Kind]++
		if e.Ordinal != next[e.Kind] {
			return fmt.Errorf("%s: ordinal %d, want %d", where, e.Ordinal, next[e.Kind])
		}
		if e.Label != "" {
			if labels[e.Label] {
				return fmt.Errorf("%s: label %q appears twice; labels must be distinct within a form", where, e.Label)
			}
			labels[e.Label] = true
			if strings.ContainsAny(e.Label, "\n\r\t") {
				return fmt.Errorf("%s: label %q has a control character", where, e.Label)
			}
		}
		if e.Kind == Slider {
			if e.Step < 1 || e.Max <= e.Min || (e.Max-e.Min)%e.Step != 0 {
				return fmt.Errorf("%s: slider range %d..%d step %d: want min < max and (max-min) a multiple of step >= 1", where, e.Min, e.Max, e.Step)
			}
		}
	}
	if err := f.checkEnablers(); err != nil {
		return err
	}
	if f.Refer != ByLabel && f.Refer != ByOrdinal {
		return fmt.Errorf("forms: reference style %q: want %q or %q", f.Refer, ByLabel, ByOrdinal)
	}
	return nil
}
