package suites

import (
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/startspace"
	"github.com/formplan/formplan/statesim"
)

// everyStart calls fn with every start of sp, built part by part from
// base (a state of f), by brute force: the product of the parts' values.
func everyStart(sp *startspace.Space, base statesim.State, fn func(statesim.State)) {
	s := base.Clone()
	var walk func(p int)
	walk = func(p int) {
		if p == len(sp.Parts) {
			fn(s)
			return
		}
		for _, v := range sp.Values[p] {
			sp.Put(s, p, v)
			walk(p + 1)
		}
	}
	walk(0)
}

// TestPaperShuffleNoOtherOrder checks, by running every start the family
// can give, that no paper reordering but the original completes the task:
// the documented claim the text-only reader of the protocol relies on.
func TestPaperShuffleNoOtherOrder(t *testing.T) {
	qs := paperRows(t, "plan_shuffle", 4, 5, 40)
	conditional := 0
	for _, q := range qs {
		m := &q.Meta
		sp := startspace.NewSpace(&m.Form, m.Goal, m.Start)
		everyStart(sp, m.Start, func(s statesim.State) {
			for k, p := range m.Plans {
				if k != q.AnswerIdx && correctFrom(m, p, s) {
					t.Fatalf("row %d (%s): option %d completes the task from %s", q.Index, q.Family, k, s)
				}
			}
		})
		if q.Family == "checkbox_textboxes" {
			conditional++
		}
	}
	if conditional == 0 {
		t.Fatal("no checkbox_textboxes rows: the conditional family, where the claim failed, was not drawn")
	}
}

// TestPaperTemporalOneFixPerStep checks that under the paper protocol the
// start misses exactly horizon wants and every step of the run fixes one.
func TestPaperTemporalOneFixPerStep(t *testing.T) {
	for _, q := range paperRows(t, "temporal_order", 1, 4, 96) {
		m := &q.Meta
		s := m.Start.Clone()
		if got := m.Goal.Unmet(&m.Form, s); got != q.Horizon {
			t.Fatalf("row %d (%s): horizon %d, the start misses %d wants", q.Index, q.Family, q.Horizon, got)
		}
		for k, a := range m.Plans[0][:q.Horizon] {
			before := m.Goal.Unmet(&m.Form, s)
			if err := statesim.ApplyInPlace(&m.Form, s, a); err != nil {
				t.Fatal(err)
			}
			if after := m.Goal.Unmet(&m.Form, s); after != before-1 {
				t.Fatalf("row %d (%s): step %d (%s) leaves %d wants unmet after %d", q.Index, q.Family, k+1, statesim.English(&m.Form, a), after, before)
			}
		}
	}
}

// TestNextActionNeedsPicture checks that no next_action row's steps shown
// tell a missed want for certain: its text-only bound is below 1, as
// image_needed true says. On checkbox_textboxes a typed text shown used to
// tell that the box enabling it is checked and, at horizon 1, which box is
// left.
func TestNextActionNeedsPicture(t *testing.T) {
	withSteps := 0
	for _, q := range rows(t, "next_action") {
		m := &q.Meta
		if !q.ImageNeeded || m.Chance >= 1 {
			t.Fatalf("row %d (%s): image_needed %v, chance %g", q.Index, q.Family, q.ImageNeeded, m.Chance)
		}
		// Independently of NextChance: a want the steps shown leave
		// certainly missed would be one the steps shown name nothing
		// of while every other is named or ruled out by depth.
		if q.Family == "checkbox_textboxes" && q.Horizon == 1 && len(m.History) == 1 {
			withSteps++
			i, _ := m.Form.Find(m.History[0].Target)
			if m.Form.Elements[i].Kind == forms.TextBox {
				t.Fatalf("row %d: a typed text shown at horizon 1 tells the one box left", q.Index)
			}
		}
	}
	if withSteps == 0 {
		t.Fatal("no checkbox_textboxes row at horizon 1 shows a step")
	}
}
