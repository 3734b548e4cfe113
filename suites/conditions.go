package suites

import (
	"slices"
	"strconv"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// disabledNote is the sentence that follows a form's conditions in every
// question about it.
const disabledNote = "A disabled (greyed-out) element ignores every action and keeps its value."

// FormNote returns the line a question about f begins with when f has
// conditional elements: which element enables which, and what disabled
// means. It is "" for other forms. The same line goes with every
// candidate, so it tells nothing of which one is pictured.
func FormNote(f *forms.Form) string {
	dep := forms.DependencyText(f)
	if dep == "" {
		return ""
	}
	return "On this form: " + dep + " " + disabledNote
}

// depth returns how many enablers stand above element i.
func depth(f *forms.Form, i int) int {
	d := 0
	for en := f.Elements[i].EnabledBy; en != nil; en = f.Elements[en.Element].EnabledBy {
		d++
	}
	return d
}

// EnablersFirst reorders plan, stably, so that the steps on an enabler come
// before the steps on the elements it enables: a person recovering a form
// checks the box before typing into what it opens. Plans on forms without
// conditions are returned as they are.
func EnablersFirst(f *forms.Form, plan []statesim.Action) []statesim.Action {
	if !f.Conditional() {
		return plan
	}
	slices.SortStableFunc(plan, func(a, b statesim.Action) int {
		i, _ := f.Find(a.Target)
		j, _ := f.Find(b.Target)
		return depth(f, i) - depth(f, j)
	})
	return plan
}

// disabledStep returns the first step of plan, before Submit, that acts
// on element i while i is disabled, run from s; -1 if there is none or the
// plan has an invalid step.
func disabledStep(f *forms.Form, s statesim.State, plan []statesim.Action, i int) int {
	if f.Elements[i].EnabledBy == nil {
		return -1
	}
	t := s.Clone()
	for k, a := range plan {
		j, err := statesim.Resolve(f, a)
		if err != nil || a.Op == statesim.Submit {
			return -1
		}
		if j == i && !statesim.Enabled(f, t, i) {
			return k
		}
		statesim.ApplyAt(f, t, j, a)
	}
	return -1
}

// disabledLabel words what step k of plan does to a disabled element:
// "step 2 types into the 1st textbox while it is disabled".
func disabledLabel(f *forms.Form, a statesim.Action, k int) string {
	b := []byte("step ")
	b = strconv.AppendInt(b, int64(k+1), 10)
	b = append(b, ' ')
	b = append(b, disabledVerbs[a.Op]...)
	b = f.AppendName(b, a.Target)
	return string(append(b, " while it is disabled"...))
}

// disabledVerbs begin disabledLabel per operation.
var disabledVerbs = map[statesim.Op]string{
	statesim.Check: "checks ", statesim.Uncheck: "unchecks ", statesim.Click: "clicks ",
	statesim.Select: "selects ", statesim.Set: "moves ", statesim.Move: "moves ",
	statesim.Type: "types into ", statesim.Clear: "clears ", statesim.Enter: "enters text into ",
}
