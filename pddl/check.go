package pddl

import (
	"fmt"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/pddl/interp"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

// Decode reads a form state back from the fluent facts of a state of a
// problem of form f: checked boxes, selected radio buttons, each slider's
// one position and each text box's one content. (submitted) is ignored.
func Decode(f *forms.Form, fluents []interp.Atom) (statesim.State, error) {
	index := map[string]int{}
	for i := range f.Elements {
		index[ElementName(&f.Elements[i])] = i
	}
	s := make(statesim.State, len(f.Elements))
	seen := make([]bool, len(f.Elements))
	for _, a := range fluents {
		if len(a) == 1 && a[0] == "submitted" {
			continue
		}
		i, ok := -1, false
		if len(a) >= 2 {
			i, ok = index[a[1]]
		}
		want := map[string]forms.Kind{"checked": forms.Checkbox, "selected": forms.Radio, "slider-at": forms.Slider, "contains": forms.TextBox}[a[0]]
		arity := 3
		if want == forms.Checkbox || want == forms.Radio {
			arity = 2
		}
		if !ok || want == 0 || f.Elements[i].Kind != want || len(a) != arity {
			return nil, fmt.Errorf("pddl: decode: unexpected fact %s", a)
		}
		if seen[i] {
			return nil, fmt.Errorf("pddl: decode: %s holds two values", a[1])
		}
		seen[i] = true
		var err error
		switch want {
		case forms.Checkbox, forms.Radio:
			s[i].N = 1
		case forms.Slider:
			s[i].N, err = ParsePositionName(a[2])
		case forms.TextBox:
			s[i].S, err = ParseTextName(a[2])
		}
		if err != nil {
			return nil, fmt.Errorf("pddl: decode %s: %w", a, err)
		}
	}
	for i, e := range f.Elements {
		if (e.Kind == forms.Slider || e.Kind == forms.TextBox) && !seen[i] {
			return nil, fmt.Errorf("pddl: decode: %s holds no value", ElementName(&f.Elements[i]))
		}
	}
	return s, nil
}

// CheckRow parses a row's problem with domain d, runs each of the row's
// PDDL plans (plans_pddl) from its init, and checks the interpreter
// against the row's metadata, which the simulator computed: a plan is
// valid exactly when m.Valid says so, a valid plan's final state is
// m.Finals' entry, and the goal holds exactly when statesim finds the plan
// completes the task from m.Start (for a row without a goal, when it
// reaches Submit). It returns the number of plans checked and the first
// disagreement.
func CheckRow(d *interp.Domain, problem string, m *question.Meta, plans []string) (int, error) {
	p, err := d.ParseProblem(problem)
	if err != nil {
		return 0, fmt.Errorf("pddl: %w", err)
	}
	if len(plans) != len(m.Plans) || len(m.Valid) != len(m.Plans) || len(m.Finals) != len(m.Plans) {
		return 0, fmt.Errorf("pddl: %d PDDL plans, %d plans, %d valid and %d finals", len(plans), len(m.Plans), len(m.Valid), len(m.Finals))
	}
	f := &m.Form
	for j, text := range plans {
		steps, err := interp.ParsePlan(text)
		if err != nil {
			return j, fmt.Errorf("pddl: plan %d: %w", j+1, err)
		}
		res := p.Run(steps)
		if res.Valid != m.Valid[j] {
			return j, fmt.Errorf("pddl: plan %d: the interpreter finds it valid %v (%v), the simulator %v", j+1, res.Valid, res.Err, m.Valid[j])
		}
		if res.Valid {
			got, err := Decode(f, res.Fluents)
			if err != nil {
				return j, fmt.Errorf("pddl: plan %d: %w", j+1, err)
			}
			if !got.Equal(m.Finals[j]) {
				return j, fmt.Errorf("pddl: plan %d: the interpreter ends in %v, the simulator in %v", j+1, got, m.Finals[j])
			}
		}
		out, err := statesim.Run(f, m.Start, m.Plans[j])
		met := err == nil && out.Submitted && (m.Goal == nil || m.Goal.Met(f, out.Final))
		if res.GoalMet != met {
			return j, fmt.Errorf("pddl: plan %d: the interpreter finds the goal met %v, the simulator %v", j+1, res.GoalMet, met)
		}
	}
	return len(plans), nil
}
