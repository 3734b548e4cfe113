package startspace

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/statesim"
)

func TestNewSpace(t *testing.T) {
	f := testforms.Small()
	g := statesim.Goal{Wants: []statesim.Want{{Target: tb(1), Value: statesim.Value{S: "123"}}}}
	sp := NewSpace(f, &g)
	for p, members := range sp.Parts {
		e := f.Elements[members[0]]
		var want int
		switch e.Kind {
		case forms.Checkbox:
			want = 2
		case forms.Slider:
			want = (e.Max-e.Min)/e.Step + 1
		case forms.Radio:
			want = len(members) + 1
		case forms.TextBox:
			want = 1 + len(f.TextValues) // empty and every value
			if f.RefOf(members[0]) == tb(1) {
				want++ // "1", a start of the wanted text ("12" is a value already)
			}
		}
		if got := len(sp.Values[p]); got != want {
			t.Errorf("part %d (%s): %d values, want %d", p, e.Kind, got, want)
		}
	}
	if !sp.Contains(statesim.Clean(f)) {
		t.Error("the clean state is not in the space")
	}
	odd := statesim.Clean(f)
	odd[len(odd)-2].S = "zzz"
	if sp.Contains(odd) {
		t.Error("a text outside the family's values is in the space")
	}
	if !NewSpace(f, &g, odd).Contains(odd) {
		t.Error("an extra state is not in the space made with it")
	}
}

func TestJudge(t *testing.T) {
	f := testforms.Small()
	click := func(n int) statesim.Action { return statesim.Action{Op: statesim.Click, Target: cb(n)} }
	check := func(n int) statesim.Action { return statesim.Action{Op: statesim.Check, Target: cb(n)} }
	g := statesim.Goal{Wants: []statesim.Want{{Target: cb(1), Value: statesim.Value{N: 1}}, {Target: cb(2), Value: statesim.Value{N: 1}}}}
	tests := []struct {
		name       string
		plans      [][]statesim.Action
		can, only  []bool
		same, diff bool // for two plans, judged as future_state pairs
	}{
		{"absolute plan always works, so a click plan is never the only one",
			[][]statesim.Action{{check(1), check(2), statesim.SubmitAction}, {click(1), check(2), statesim.SubmitAction}},
			[]bool{true, true}, []bool{true, false}, true, true},
		{"clicks on different boxes each win from their own start",
			[][]statesim.Action{{click(1), check(2), statesim.SubmitAction}, {check(1), click(2), statesim.SubmitAction}},
			[]bool{true, true}, []bool{true, true}, true, true},
		{"a plan without Submit never works",
			[][]statesim.Action{{check(1), check(2)}, {click(1), click(2), statesim.SubmitAction}},
			[]bool{false, true}, []bool{false, true}, false, false},
		{"a plan that unchecks a wanted box never works",
			[][]statesim.Action{{check(1), {Op: statesim.Uncheck, Target: cb(2)}, statesim.SubmitAction}, {check(1), check(2), statesim.SubmitAction}},
			[]bool{false, true}, []bool{false, true}, false, true},
		{"a step on a missing element is invalid",
			[][]statesim.Action{{check(9), statesim.SubmitAction}, {check(1), check(2), statesim.SubmitAction}},
			[]bool{false, true}, []bool{false, true}, false, false},
		{"three plans: beside one that always works, the others are never alone",
			[][]statesim.Action{{click(1), click(2), statesim.SubmitAction}, {check(1), check(2), statesim.SubmitAction}, {click(1), check(2), statesim.SubmitAction}},
			[]bool{true, true, true}, []bool{false, true, false}, false, false},
	}
	for _, tc := range tests {
		j := NewJudge(f, NewSpace(f, &g), g, tc.plans)
		for k := range tc.plans {
			if got := j.CanBeCorrect(k); got != tc.can[k] {
				t.Errorf("%s: CanBeCorrect(%d) = %v, want %v", tc.name, k, got, tc.can[k])
			}
			if got := j.OnlyCorrect(k); got != tc.only[k] {
				t.Errorf("%s: OnlyCorrect(%d) = %v, want %v", tc.name, k, got, tc.only[k])
			}
		}
		if len(tc.plans) == 2 {
			same, diff := j.Verdicts()
			if same != tc.same || diff != tc.diff {
				t.Errorf("%s: Verdicts() = %v, %v, want %v, %v", tc.name, same, diff, tc.same, tc.diff)
			}
		}
	}
}

// TestOnlyCorrectAgainstBruteForce compares the part-by-part search with
// trying every state of a small space.
func TestOnlyCorrectAgainstBruteForce(t *testing.T) {
	f := testforms.Small()
	g := statesim.Goal{Wants: []statesim.Want{{Target: cb(1), Value: statesim.Value{N: 1}}, {Target: cb(2), Value: statesim.Value{}}, {Target: sl(), Value: statesim.Value{N: 2}}}}
	ops := []statesim.Action{
		{Op: statesim.Click, Target: cb(1)}, {Op: statesim.Check, Target: cb(1)}, {Op: statesim.Click, Target: cb(2)}, {Op: statesim.Uncheck, Target: cb(2)},
		{Op: statesim.Move, Target: sl(), N: 1}, {Op: statesim.Move, Target: sl(), N: -2}, {Op: statesim.Set, Target: sl(), N: 2}, {Op: statesim.Move, Target: sl(), N: 2},
	}
	sp := NewSpace(f, &g)
	var all []statesim.State
	var grow func(p int, s statesim.State)
	grow = func(p int, s statesim.State) {
		if p == len(sp.Parts) {
			all = append(all, s.Clone())
			return
		}
		for _, v := range sp.Values[p] {
			for x, m := range sp.Parts[p] {
				s[m] = v[x]
			}
			grow(p+1, s)
		}
	}
	grow(0, statesim.Clean(f))
	for trial := 0; trial < 200; trial++ {
		var plans [][]statesim.Action
		for k := 0; k < 3; k++ {
			plans = append(plans, []statesim.Action{ops[(trial*7+k*3)%len(ops)], ops[(trial*5+k)%len(ops)], ops[(trial*3+k*5)%len(ops)], statesim.SubmitAction})
		}
		j := NewJudge(f, sp, g, plans)
		for k := range plans {
			want := false
			for _, s := range all {
				alone := true
				for o, p := range plans {
					out, err := statesim.Run(f, s, p)
					ok := err == nil && out.Submitted && g.Met(f, out.Final)
					alone = alone && ok == (o == k)
				}
				want = want || alone
			}
			if got := j.OnlyCorrect(k); got != want {
				t.Fatalf("trial %d plan %d %v: OnlyCorrect = %v, brute force %v", trial, k, plans[k], got, want)
			}
		}
	}
}

// TestJudgeReset reuses one Judge over many forms, goals and plans, more
// plans or fewer than the time before, and checks each of its answers
// against a Judge made field by field (freshJudge).
func TestJudgeReset(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	var j Judge
	checked := 0
	for _, f := range sampleForms(rng, 20, 10) {
		vocab := statesim.Vocabulary(&f)
		s := statesim.RandomState(&f, rng, 0.5)
		var wants []statesim.Want
		for i, e := range f.Elements {
			if e.Kind != forms.Submit && rng.IntN(2) == 0 {
				wants = append(wants, statesim.Want{Target: f.RefOf(i), Value: s[i]})
			}
		}
		g := statesim.Goal{Wants: wants}
		sp := NewSpace(&f, &g)
		plans := make([][]statesim.Action, 1+rng.IntN(3))
		for k := range plans {
			for range rng.IntN(4) {
				plans[k] = append(plans[k], vocab[rng.IntN(len(vocab))])
			}
			if rng.IntN(5) > 0 {
				plans[k] = append(plans[k], statesim.SubmitAction)
			}
		}
		j.Reset(&f, sp, g, plans)
		fresh := freshJudge(&f, sp, g, plans)
		for k := range plans {
			if got, want := j.CanBeCorrect(k), fresh.CanBeCorrect(k); got != want {
				t.Fatalf("%s, plan %v: CanBeCorrect %v after Reset, %v new", f.Family, plans[k], got, want)
			}
			if got, want := j.OnlyCorrect(k), fresh.OnlyCorrect(k); got != want {
				t.Fatalf("%s, plan %v: OnlyCorrect %v after Reset, %v new", f.Family, plans[k], got, want)
			}
			checked++
		}
		same, differ := j.Verdicts()
		if s2, d2 := fresh.Verdicts(); same != s2 || differ != d2 {
			t.Fatalf("%s, plans %v: Verdicts %v %v after Reset, %v %v new", f.Family, plans, same, differ, s2, d2)
		}
	}
	if checked < 150 {
		t.Errorf("only %d plans checked", checked)
	}
}

// freshJudge makes a Judge field by field, in memory of its own, as
// NewJudge did before Reset: the oracle of TestJudgeReset.
func freshJudge(f *forms.Form, sp *Space, g statesim.Goal, plans [][]statesim.Action) *Judge {
	j := &Judge{f: f, sp: sp, g: g, plans: slices.Clone(plans), ok: make([]bool, len(plans)), at: make([][]int, len(plans)),
		wantAt: g.Indices(f), tmp: make(statesim.State, len(f.Elements))}
	for k, plan := range plans {
		j.SetPlan(k, plan)
	}
	return j
}
