package statesim

import (
	"fmt"
	"strconv"
	"strings"

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
// this is also the length of the shortest plan from s to the goal.
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

// Validate reports whether the goal can be met on f: every want names an
// element of the form once, with a value that element can hold, and no two
// radio buttons of one group are both wanted selected. Radio buttons can only
// be wanted selected, since nothing unselects one.
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
		e := f.Elements[i]
		bad := false
		switch e.Kind {
		case forms.Checkbox:
			bad = w.Value.S != "" || (w.Value.N != 0 && w.Value.N != 1)
		case forms.Radio:
			bad = w.Value != Value{N: 1} || group[e.Group]
			group[e.Group] = true
		case forms.Slider:
			bad = w.Value.S != "" || snap(e, w.Value.N) != w.Value.N
		case forms.TextBox:
			bad = w.Value.N != 0
		case forms.Submit:
			bad = true
		}
		if bad {
			return fmt.Errorf("statesim: goal: %s cannot be made to hold %+v", w.Target, w.Value)
		}
	}
	return nil
}

// Instruction words the wants as MiniWoB does: "Select iyHxAx, Br and click
// Submit." for a labelled checkbox form whose every box is named, otherwise
// clauses such as "Select 3 with the slider, check only the 2nd checkbox, then
// hit Submit."
func Instruction(f *forms.Form, wants []Want) string {
	var boxes, others []Want
	for _, w := range wants {
		if w.Target.Kind == forms.Checkbox {
			boxes = append(boxes, w)
		} else {
			others = append(others, w)
		}
	}
	allBoxes := len(boxes) == f.Count(forms.Checkbox) && len(boxes) > 0
	if allBoxes && len(others) == 0 && f.Refer == forms.ByLabel {
		on := checkedNames(f, boxes)
		if len(on) == 0 {
			return "Select nothing and click Submit."
		}
		return "Select " + strings.Join(on, ", ") + " and click Submit."
	}
	var clauses []string
	boxesSaid := false
	for _, w := range wants {
		switch w.Target.Kind {
		case forms.Checkbox:
			if !allBoxes {
				clauses = append(clauses, pick(w.Value.N == 1, "check ", "uncheck ")+f.Name(w.Target))
			} else if !boxesSaid {
				boxesSaid = true
				on := checkedNames(f, boxes)
				switch {
				case len(on) == 0:
					clauses = append(clauses, "leave every checkbox unchecked")
				case len(on) == len(boxes) && len(on) > 1:
					clauses = append(clauses, "check every checkbox")
				case f.Refer == forms.ByOrdinal && len(on) > 1:
					clauses = append(clauses, "check only the "+joinAnd(ordinalsOf(boxes))+" checkboxes")
				default:
					clauses = append(clauses, "check only "+joinAnd(on))
				}
			}
		case forms.Slider:
			clauses = append(clauses, fmt.Sprintf("select %d with %s", w.Value.N, f.Name(w.Target)))
		case forms.Radio:
			clauses = append(clauses, "check "+f.Name(w.Target))
		case forms.TextBox:
			what := strconv.Quote(w.Value.S)
			if _, err := strconv.Atoi(w.Value.S); err == nil {
				what = "the number " + what
			}
			clauses = append(clauses, fmt.Sprintf("enter %s into %s", what, f.Name(w.Target)))
		}
	}
	if len(clauses) == 0 {
		return "Hit Submit."
	}
	return upperFirst(strings.Join(clauses, ", ")) + ", then hit Submit."
}

func checkedNames(f *forms.Form, boxes []Want) []string {
	var on []string
	for _, w := range boxes {
		if w.Value.N == 1 {
			on = append(on, f.Name(w.Target))
		}
	}
	return on
}

func ordinalsOf(boxes []Want) []string {
	var on []string
	for _, w := range boxes {
		if w.Value.N == 1 {
			on = append(on, forms.Ordinal(w.Target.Ordinal))
		}
	}
	return on
}

func joinAnd(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
