package suites

import (
	"fmt"
	"slices"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/rowcheck"
	"github.com/formplan/formplan/statesim"
)

// groundingRows builds n grounding questions of one family.
func groundingRows(t *testing.T, fam forms.Family, n int64) []question.Question {
	t.Helper()
	return freeRows(t, "grounding", 5, fam, 0, n)
}

// TestGroundKinds checks which kinds each family is asked and over how
// many places each balances the named element.
func TestGroundKinds(t *testing.T) {
	tests := []struct {
		fam  forms.Family
		want string
	}{
		{*forms.Builtin("checkboxes"), "[{ground_checked 840}]"}, // 3 to 8 checkboxes
		{*forms.Builtin("slider_checkboxes"), "[{ground_checked 3}]"},
		{*forms.Builtin("radio_textboxes"), "[{ground_selected 3} {ground_text 3}]"},
		{*forms.Builtin("checkbox_textboxes"), "[{ground_text 2}]"}, // one checkbox: never asked
		{*forms.Builtin("mixed_form"), "[{ground_checked 5} {ground_selected 3} {ground_text 5}]"},
		// More than maxGroundTargets: the counts above it are never asked.
		{forms.Family{Name: "c", Groups: []forms.Group{{Kind: forms.Checkbox, MinCount: 15, MaxCount: 20}}}, "[{ground_checked 240}]"},
		{forms.Family{Name: "s", Groups: []forms.Group{{Kind: forms.Slider, MinCount: 2, MaxCount: 2}}}, "[]"},
	}
	for _, tc := range tests {
		t.Run(tc.fam.Name, func(t *testing.T) {
			if got := fmt.Sprint(groundKinds(&tc.fam)); got != tc.want {
				t.Errorf("kinds %s, want %s", got, tc.want)
			}
		})
	}
}

// TestGroundingBalanced builds whole cycles of questions on every
// built-in family (up to 60 rows a kind) and checks that kinds take turns
// and that each row's bound is 1/(elements of its kind); and, for a kind
// whose forms always have as many elements of it (its cycle is that
// count), that the named element is at every place exactly as often.
func TestGroundingBalanced(t *testing.T) {
	for _, fam := range forms.Builtins() {
		kinds := groundKinds(&fam)
		if len(kinds) == 0 {
			continue
		}
		t.Run(fam.Name, func(t *testing.T) {
			cycle := 1
			for _, k := range kinds {
				cycle = lcm(cycle, k.slots)
			}
			// Two cycles of every kind, or 120 rows of each where the
			// cycle is longer (a built-in family then has no fixed kind).
			n := int64(2 * len(kinds) * min(cycle, 60))
			counts := map[string][]int{}
			fixed := map[string]bool{}
			for _, k := range kinds {
				fixed[k.kind] = true
			}
			turn := map[string]bool{}
			for _, q := range groundingRows(t, fam, n) {
				p := q.Meta.Probe
				f := &q.Meta.Form
				targets := GroundTargets(f, p.Kind)
				place := slices.IndexFunc(targets, func(i int) bool { return f.Elements[i].ID == p.Element })
				if place < 0 || q.Meta.Chance != 1/float64(len(targets)) {
					t.Fatalf("row %d: element at %d, chance %g for %d elements", q.Index, place, q.Meta.Chance, len(targets))
				}
				if q.Index%int64(len(kinds)) == 0 {
					clear(turn)
				}
				if turn[p.Kind] {
					t.Fatalf("row %d: kind %s twice in one turn of %d kinds", q.Index, p.Kind, len(kinds))
				}
				turn[p.Kind] = true
				k := kinds[slices.IndexFunc(kinds, func(k groundKind) bool { return k.kind == p.Kind })]
				if len(targets) != k.slots {
					fixed[p.Kind] = false
				}
				if counts[p.Kind] == nil {
					counts[p.Kind] = make([]int, maxGroundTargets)
				}
				counts[p.Kind][place]++
			}
			if len(counts) != len(kinds) {
				t.Fatalf("kinds asked %d, want %v", len(counts), kinds)
			}
			for _, k := range kinds {
				if !fixed[k.kind] {
					continue
				}
				if c := counts[k.kind][:k.slots]; slices.Min(c) != slices.Max(c) {
					t.Errorf("%s: named element at each place %v times, want equal", k.kind, c)
				}
			}
		})
	}
}

// groundingRow is q as its dataset row has it, for the row check.
func groundingRow(q *question.Question) *rowcheck.Row {
	h, needed, history := int64(q.Horizon), q.ImageNeeded, q.History
	col := &dataset.Row{Suite: q.Suite, Family: q.Family, Horizon: &h, Question: q.Question,
		Answer: q.Answer, ImageNeeded: &needed, History: &history}
	m := q.Meta
	return &rowcheck.Row{Col: col, Meta: &m, P: &rowcheck.Problems{}}
}

// TestCheckGrounding checks that the row check passes every row the
// builder makes and finds each kind of tampering.
func TestCheckGrounding(t *testing.T) {
	var qs []question.Question
	for _, fam := range forms.Builtins() {
		if len(groundKinds(&fam)) > 0 {
			qs = append(qs, groundingRows(t, fam, 24)...)
		}
	}
	for _, q := range qs {
		r := groundingRow(&q)
		checkGrounding(r)
		if len(*r.P) > 0 {
			t.Fatalf("%s row %d: %q", q.Family, q.Index, *r.P)
		}
	}
	find := func(kind string) question.Question {
		for _, q := range qs {
			if q.Meta.Probe.Kind == kind {
				return q
			}
		}
		t.Fatalf("no %s question", kind)
		return question.Question{}
	}
	// other returns another element of the kind than the named one.
	other := func(r *rowcheck.Row) int {
		f := &r.Meta.Form
		for _, i := range GroundTargets(f, r.Meta.Probe.Kind) {
			if f.Elements[i].ID != r.Meta.Probe.Element {
				return i
			}
		}
		return -1
	}
	tests := []struct {
		name   string
		kind   string
		tamper func(r *rowcheck.Row)
	}{
		{"another element named", question.GroundChecked, func(r *rowcheck.Row) {
			p := *r.Meta.Probe
			p.Element = r.Meta.Form.Elements[other(r)].ID
			r.Meta.Probe = &p
		}},
		{"two selected", question.GroundSelected, func(r *rowcheck.Row) {
			s := r.Meta.Start.Clone()
			s[other(r)].N = 1
			r.Meta.Start, r.Meta.Pictures = s, []statesim.State{s}
		}},
		{"the text elsewhere too", question.GroundText, func(r *rowcheck.Row) {
			s := r.Meta.Start.Clone()
			s[other(r)].S = r.Meta.Probe.Value
			r.Meta.Start, r.Meta.Pictures = s, []statesim.State{s}
		}},
		{"a text outside the form", question.GroundText, func(r *rowcheck.Row) {
			p := *r.Meta.Probe
			p.Value = "nowhere"
			r.Meta.Probe = &p
		}},
		{"answer names another", question.GroundChecked, func(r *rowcheck.Row) {
			r.Col.Answer = r.Meta.Form.Name(r.Meta.Form.RefOf(other(r)))
		}},
		{"chance off", question.GroundSelected, func(r *rowcheck.Row) { r.Meta.Chance = 0.5 }},
		{"a candidate start lost", question.GroundChecked, func(r *rowcheck.Row) {
			r.Meta.Starts = r.Meta.Starts[:1]
		}},
		{"candidate starts swapped", question.GroundSelected, func(r *rowcheck.Row) {
			s := slices.Clone(r.Meta.Starts)
			s[0], s[1] = s[1], s[0]
			r.Meta.Starts = s
		}},
		{"image not needed", question.GroundText, func(r *rowcheck.Row) {
			no := false
			r.Col.ImageNeeded = &no
		}},
		{"a horizon", question.GroundChecked, func(r *rowcheck.Row) {
			h := int64(2)
			r.Col.Horizon = &h
		}},
		{"options", question.GroundChecked, func(r *rowcheck.Row) { r.Col.Choices = []string{"a", "b"} }},
		{"no probe", question.GroundChecked, func(r *rowcheck.Row) { r.Meta.Probe = nil }},
		{"probe about a submit button", question.GroundChecked, func(r *rowcheck.Row) {
			p := *r.Meta.Probe
			p.Element = r.Meta.Form.Elements[len(r.Meta.Form.Elements)-1].ID
			r.Meta.Probe = &p
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := find(tc.kind)
			r := groundingRow(&q)
			tc.tamper(r)
			checkGrounding(r)
			if len(*r.P) == 0 {
				t.Errorf("the check finds nothing wrong")
			}
		})
	}
}
