package statesim

import (
	"fmt"
	"strconv"

	"github.com/formplan/formplan/forms"
)

// Want asks that the element Target hold Value when the form is submitted.
type Want struct {
	Target forms.Ref `json:"target"`
	Value  Value     `json:"value"`
}

// Goal is a task: the wants every final state must meet, and the instruction
// that states them in MiniWoB's wording.
type Goal struct {
	Wants []Want `json:"wants"`
	Text  string `json:"text"`
}

// NewGoal returns the goal of wants with its instruction text.
func NewGoal(f *forms.Form, wants []Want) Goal {
	return Goal{Wants: wants, Text: Instruction(f, wants)}
}

// Met reports whether s meets every want. A want naming an element the form
// does not have is never met.
func (g Goal) Met(f *forms.Form, s State) bool { return g.Unmet(f, s) == 0 }

// Unmet counts the wants s does not meet. With the vocabulary of Vocabulary,
// each unmet want takes exactly one action to fix and no action fixes two, so
// for a goal that Validate accepts this is also the length of the shortest
// plan from s to the goal: a conditional element is wanted only with its
// enabler wanted enabling, and fixing the enabler first costs no more.
func (g Goal) Unmet(f *forms.Form, s State) int {
	n := 0
	for _, w := range g.Wants {
		i, err := f.Find(w.Target)
		if err != nil || s[i] != w.Value {
			n++
		}
	}
	return n
}

// Indices returns, for each want, the index in f.Elements of the element it
// names, or -1 when f has no such element: resolved once for UnmetAt.
func (g Goal) Indices(f *forms.Form) []int {
	return g.AppendIndices(make([]int, 0, len(g.Wants)), f)
}

// AppendIndices appends Indices to dst and returns the extended slice.
func (g Goal) AppendIndices(dst []int, f *forms.Form) []int {
	for _, w := range g.Wants {
		i, _ := f.Find(w.Target)
		dst = append(dst, i)
	}
	return dst
}

// UnmetAt is Unmet with the wants resolved by Indices.
func (g Goal) UnmetAt(at []int, s State) int {
	n := 0
	for k, w := range g.Wants {
		if at[k] < 0 || s[at[k]] != w.Value {
			n++
		}
	}
	return n
}

// Validate reports whether the goal can be met on f: every want names an
// element of the form once, with a value that element can hold, and no two
// radio buttons of one group are both wanted selected. Radio buttons can only
// be wanted selected, since nothing unselects one. A want on a conditional
// element needs a want that enables it (see Enabled): a disabled element's
// value is not submitted.
func (g Goal) Validate(f *forms.Form) error {
	seen := map[int]bool{}
	group := map[string]bool{}
	for _, w := range g.Wants {
		i, err := f.Find(w.Target)
		if err != nil {
			return fmt.Errorf("statesim: goal: %w", err)
		}
		if seen[i] {
			return fmt.Errorf("statesim: goal names %s twice", w.Target)
		}
		seen[i] = true
		e := &f.Elements[i]
		bad := false
		switch e.Kind {
		case forms.Checkbox:
			bad = w.Value.S != "" || (w.Value.N != 0 && w.Value.N != 1)
		case forms.Radio:
			bad = w.Value != Value{N: 1} || group[e.Group]
			group[e.Group] = true
		case forms.Slider:
			bad = w.Value.S != "" || Snap(e, w.Value.N) != w.Value.N
		case forms.TextBox:
			bad = w.Value.N != 0
		case forms.Submit:
			bad = true
		}
		if bad {
			return fmt.Errorf("statesim: goal: %s cannot be made to hold %+v", w.Target, w.Value)
		}
	}
	return g.checkEnabling(f)
}

// Instruction words the wants as MiniWoB does: "Select iyHxAx, Br and click
// Submit." for a labelled checkbox form whose every box is named, otherwise
// clauses such as "Select 3 with the slider, check only the 2nd checkbox, then
// hit Submit."
func Instruction(f *forms.Form, wants []Want) string {
	boxes, on := 0, 0 // checkbox wants, and how many of them want it checked
	for _, w := range wants {
		if w.Target.Kind == forms.Checkbox {
			boxes++
			if w.Value.N == 1 {
				on++
			}
		}
	}
	allBoxes := boxes == f.Count(forms.Checkbox) && boxes > 0
	buf := make([]byte, 0, 96)
	if allBoxes && boxes == len(wants) && f.Refer == forms.ByLabel {
		if on == 0 {
			return "Select nothing and click Submit."
		}
		buf = append(buf, "Select "...)
		buf = appendChecked(buf, f, wants, on, ", ", false)
		return string(append(buf, " and click Submit."...))
	}
	boxesSaid := false
	for _, w := range wants {
		n := len(buf)
		if n > 0 {
			buf = append(buf, ", "...)
		}
		switch w.Target.Kind {
		case forms.Checkbox:
			switch {
			case !allBoxes:
				buf = append(buf, pick(w.Value.N == 1, "check ", "uncheck ")...)
				buf = f.AppendName(buf, w.Target)
			case boxesSaid:
				buf = buf[:n] // said with the first box
			case on == 0:
				buf = append(buf, "leave every checkbox unchecked"...)
			case on == boxes && on > 1:
				buf = append(buf, "check every checkbox"...)
			case f.Refer == forms.ByOrdinal && on > 1:
				buf = append(buf, "check only the "...)
				buf = appendChecked(buf, f, wants, on, " and ", true)
				buf = append(buf, " checkboxes"...)
			default:
				buf = append(buf, "check only "...)
				buf = appendChecked(buf, f, wants, on, " and ", false)
			}
			boxesSaid = true
		case forms.Slider:
			buf = append(buf, "select "...)
			buf = strconv.AppendInt(buf, int64(w.Value.N), 10)
			buf = append(buf, " with "...)
			buf = f.AppendName(buf, w.Target)
		case forms.Radio:
			buf = append(buf, "check "...)
			buf = f.AppendName(buf, w.Target)
		case forms.TextBox:
			buf = append(buf, "enter "...)
			if _, err := strconv.Atoi(w.Value.S); err == nil {
				buf = append(buf, "the number "...)
			}
			buf = strconv.AppendQuote(buf, w.Value.S)
			buf = append(buf, " into "...)
			buf = f.AppendName(buf, w.Target)
		default:
			buf = buf[:n]
		}
	}
	if len(buf) == 0 {
		return "Hit Submit."
	}
	upperAt(buf, 0)
	return string(append(buf, ", then hit Submit."...))
}

// appendChecked appends the names (or with ordinals set, the bare ordinals)
// of the on checkboxes that wants want checked, joined by ", " but for the
// last, which follows last: "a, b and c" or MiniWoB's "a, b, c".
func appendChecked(buf []byte, f *forms.Form, wants []Want, on int, last string, ordinals bool) []byte {
	k := 0
	for _, w := range wants {
		if w.Target.Kind != forms.Checkbox || w.Value.N != 1 {
			continue
		}
		switch {
		case k == 0:
		case k == on-1:
			buf = append(buf, last...)
		default:
			buf = append(buf, ", "...)
		}
		k++
		if ordinals {
			buf = forms.AppendOrdinal(buf, w.Target.Ordinal)
		} else {
			buf = f.AppendName(buf, w.Target)
		}
	}
	return buf
}
