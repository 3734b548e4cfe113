package suites

import (
	"math/rand/v2"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/statesim"
)

// TestLongestRecovery draws, for the built-in families, the conditional
// and mixed ones of the tests and one that asks a few of several groups,
// (and one whose task may also want an enabler beyond the few it asks),
// many edge_case starts as drawEdgeCase makes them (a task, then 1 to 3
// mistakes from the clean form) and checks that no recovery plan is longer
// than longestRecovery says: a horizon above it is given up unseen. It
// also checks the bounds of the built-ins, which decide what Fit allows.
func TestLongestRecovery(t *testing.T) {
	fams := append(testforms.Every(t), forms.Family{Name: "few_of_many", Refer: forms.ByOrdinal, Groups: []forms.Group{
		{Kind: forms.Checkbox, MinCount: 4, MaxCount: 6, InTask: 2},
		{Kind: forms.TextBox, MinCount: 2, MaxCount: 3, InTask: 1, TextPool: []string{"ab", "abc", "x"}, TextVocab: 3},
		{Kind: forms.Radio, MinCount: 2, MaxCount: 3},
	}}, forms.Family{Name: "gated_few", Refer: forms.ByOrdinal, Groups: []forms.Group{
		{Kind: forms.Checkbox, MinCount: 3, MaxCount: 3, InTask: 1},
		{Kind: forms.Slider, MinCount: 1, MaxCount: 1, Ranges: []forms.Range{{Min: 0, Max: 4, Step: 1}}, EnabledBy: &forms.Condition{Group: 0, Member: 2}},
	}})
	want := map[string]int{"checkboxes": 8, "slider_checkboxes": 4, "radio_textboxes": 3, "checkbox_textboxes": 5, "radio_slider": 2, "few_of_many": 5, "gated_few": 4}
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range fams {
		fam := &fams[i]
		if err := fam.Validate(); err != nil {
			t.Fatal(err)
		}
		bound := longestRecovery(fam)
		if w, ok := want[fam.Name]; ok && bound != w {
			t.Errorf("%s: bound %d, want %d", fam.Name, bound, w)
		}
		var mistakes perturb.Mistakes
		longest := 0
		for range 4000 {
			f := fam.NewForm(rng)
			clean := statesim.Clean(&f)
			g := statesim.Goal{Wants: perturb.Wants(fam, &f, rng)}
			_, start := mistakes.Make(&f, clean, g, 1+rng.IntN(MaxMistakes), rng)
			plan := recoveryPlan(&f, start, g, rng)
			longest = max(longest, len(plan))
			if len(plan) > bound {
				t.Fatalf("%s: a recovery plan of %d steps, above the bound %d: %v", fam.Name, len(plan), bound, plan)
			}
		}
		t.Logf("%s: longest plan %d, bound %d", fam.Name, longest, bound)
	}
}

// TestToggleOptions draws forms of checkbox families with goals as
// drawEdgeCase does, then many starts of each, and counts per horizon the
// options that do not clash (starts that leave different boxes wrong,
// each with the plan of that horizon from it). toggleOptions must never
// count fewer than the draws find (drawEdgeCase would give up a form that
// could give a question), and must count exactly as many where the draws
// can find them all; on other forms it must not answer. Where it counts 3
// or fewer, drawEdgeCase's own collect must find that many options and not
// one more.
func TestToggleOptions(t *testing.T) {
	box := forms.Group{Kind: forms.Checkbox, MinCount: 3, MaxCount: 6}
	few := box
	few.InTask = 2
	tests := []struct {
		fam   forms.Family
		known bool
	}{
		{forms.Builtins()[0], true}, // checkboxes
		{forms.Family{Name: "boxes", Refer: forms.ByOrdinal, Groups: []forms.Group{box}}, true},
		{forms.Family{Name: "two_groups", Refer: forms.ByOrdinal, Groups: []forms.Group{box, box}}, true},
		{forms.Family{Name: "few_boxes", Refer: forms.ByOrdinal, Groups: []forms.Group{few}}, false},
		{forms.Builtins()[1], false}, // slider_checkboxes
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range tests {
		fam := &tc.fam
		if err := fam.Validate(); err != nil {
			t.Fatal(err)
		}
		var mistakes perturb.Mistakes
		exact, checked := 0, 0
		for range 150 {
			f := fam.NewForm(rng)
			clean := statesim.Clean(&f)
			g := statesim.Goal{Wants: perturb.Wants(fam, &f, rng)}
			at := g.Indices(&f)
			unmet := g.Unmet(&f, clean)
			wrong := map[int]map[string]bool{} // per plan length, the boxes each start leaves wrong
			for range 600 {
				errs, start := mistakes.MakeAt(&f, clean, g, at, 1+rng.IntN(MaxMistakes), rng)
				if len(errs) == 0 {
					continue
				}
				plan := recoveryPlan(&f, start, g, rng)
				if wrong[len(plan)] == nil {
					wrong[len(plan)] = map[string]bool{}
				}
				key := ""
				for k, i := range at {
					if start[i] != g.Wants[k].Value {
						key += f.Elements[i].ID + " "
					}
				}
				wrong[len(plan)][key] = true
			}
			for h := 1; h <= 9; h++ {
				options, ok := toggleOptions(&f, at, unmet, h)
				if ok != tc.known {
					t.Fatalf("%s: toggleOptions answers %v, want %v", fam.Name, ok, tc.known)
				}
				if !ok {
					continue
				}
				found := len(wrong[h])
				if options < found {
					t.Fatalf("%s: %d boxes, %d wrong when clean, h %d: toggleOptions counts %d options, the draws found %d", fam.Name, len(at), unmet, h, options, found)
				}
				if options <= 4 {
					if options != found {
						t.Errorf("%s: %d boxes, %d wrong when clean, h %d: toggleOptions counts %d options, the draws found %d of them", fam.Name, len(at), unmet, h, options, found)
					}
					exact++
				}
				if options <= 3 && checked < 40 {
					// The clash rule itself: drawEdgeCase's own collect,
					// with its judge, finds the count and not one more.
					checked++
					j := newJudge(&f, g)
					var rec recovery
					draw := func() (candidate, bool) {
						errs, start := mistakes.MakeAt(&f, clean, g, at, 1+rng.IntN(MaxMistakes), rng)
						plan := rec.draw(&f, start, g, at, rng)
						if len(errs) == 0 || len(plan) != h {
							return candidate{}, false
						}
						return candidate{start: start, plan: append(plan, statesim.SubmitAction)}, true
					}
					if _, ok := collect(j, options+1, 1500, draw); ok {
						t.Fatalf("%s: %d boxes, %d wrong when clean, h %d: collect found %d options, toggleOptions counts %d", fam.Name, len(at), unmet, h, options+1, options)
					}
					if _, ok := collect(j, options, 1500, draw); options > 0 && !ok {
						t.Errorf("%s: %d boxes, %d wrong when clean, h %d: collect found fewer than the %d options toggleOptions counts", fam.Name, len(at), unmet, h, options)
					}
				}
			}
		}
		if tc.known && (exact == 0 || checked == 0) {
			t.Errorf("%s: %d counts checked against the draws, %d against collect", fam.Name, exact, checked)
		}
	}
}
