package suites

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/statesim"
)

// perFamily is how many questions per family and suite the invariant and
// blind-baseline tests draw.
const perFamily = 1000

// generated caches the rows the tests share.
var generated = map[string][]Question{}

func rows(t testing.TB, suite string) []Question {
	if qs, ok := generated[suite]; ok {
		return qs
	}
	s, ok := Lookup(suite)
	if !ok {
		t.Fatalf("no suite %s", suite)
	}
	sp := &Spec{Seed: 11, Families: forms.Builtins(), HorizonMin: 1, HorizonMax: 6}
	var qs []Question
	for i := int64(0); i < int64(perFamily*len(sp.Families)); i++ {
		q, err := s.Build(sp, i)
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, q)
	}
	generated[suite] = qs
	return qs
}

// recheck re-simulates a question from its metadata JSON alone and returns
// the answer index the simulation gives.
func recheck(t *testing.T, q Question) int {
	t.Helper()
	raw, err := json.Marshal(q.Meta)
	if err != nil {
		t.Fatal(err)
	}
	var m Meta
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	f := &m.Form
	switch q.Suite {
	case "future_state":
		a, errA := statesim.Run(f, m.Start, m.Plans[0])
		b, errB := statesim.Run(f, m.Start, m.Plans[1])
		if errA != nil || errB != nil || !a.Submitted || !b.Submitted {
			t.Fatalf("%s %d: plans do not run: %v %v", q.Suite, q.Index, errA, errB)
		}
		if len(m.Plans[0]) != q.Horizon+1 || len(m.Plans[1]) != q.Horizon+1 {
			t.Fatalf("%s %d: plan lengths %d, %d for horizon %d", q.Suite, q.Index, len(m.Plans[0]), len(m.Plans[1]), q.Horizon)
		}
		if a.Final.Equal(b.Final) {
			return 0
		}
		return 1
	case "temporal_order":
		d0, d1 := m.Goal.Unmet(f, m.Pictures[0]), m.Goal.Unmet(f, m.Pictures[1])
		// Both pictures lie on the recorded run, which completes the task.
		out, err := statesim.Run(f, m.Start, m.Plans[0])
		if err != nil || !m.Goal.Met(f, out.Final) {
			t.Fatalf("%s %d: the recorded run does not complete the task", q.Suite, q.Index)
		}
		onRun := func(s statesim.State) bool {
			cur := m.Start
			for _, a := range m.Plans[0] {
				if cur.Equal(s) {
					return true
				}
				cur, _ = statesim.Apply(f, cur, a)
			}
			return cur.Equal(s)
		}
		if !onRun(m.Pictures[0]) || !onRun(m.Pictures[1]) {
			t.Fatalf("%s %d: a picture is not on the run", q.Suite, q.Index)
		}
		switch {
		case d0 > d1:
			return 0
		case d1 > d0:
			return 1
		}
		t.Fatalf("%s %d: pictures equally far from the goal", q.Suite, q.Index)
	default:
		correct := -1
		for j, p := range m.Plans {
			out, err := statesim.Run(f, m.Start, p)
			if err == nil && out.Submitted && m.Goal.Met(f, out.Final) {
				if correct >= 0 {
					t.Fatalf("%s %d: options %d and %d both reach the goal", q.Suite, q.Index, correct, j)
				}
				correct = j
			}
		}
		return correct
	}
	return -1
}

func TestInvariants(t *testing.T) {
	for _, suite := range Names() {
		t.Run(suite, func(t *testing.T) {
			qs := rows(t, suite)
			pos := map[int]int{}
			for _, q := range qs {
				if got := recheck(t, q); got != q.AnswerIdx {
					t.Fatalf("%s %d: simulation says option %d, label says %d", suite, q.Index, got, q.AnswerIdx)
				}
				want := Letters[q.AnswerIdx : q.AnswerIdx+1]
				if suite == "future_state" {
					want = []string{"Yes", "No"}[q.AnswerIdx]
				}
				if q.Answer != want || q.Meta.Answer != q.Answer {
					t.Fatalf("%s %d: answer %q, index %d", suite, q.Index, q.Answer, q.AnswerIdx)
				}
				if len(q.Labels) != len(q.Choices) || q.Labels[q.AnswerIdx] != "correct" {
					t.Fatalf("%s %d: labels %v", suite, q.Index, q.Labels)
				}
				for j, l := range q.Labels {
					if (l == "correct") != (j == q.AnswerIdx) {
						t.Fatalf("%s %d: labels %v", suite, q.Index, q.Labels)
					}
				}
				if len(slices.Compact(slices.Sorted(slices.Values(q.Choices)))) != len(q.Choices) {
					t.Fatalf("%s %d: an option appears twice", suite, q.Index)
				}
				if q.PromptInstruct == "" || q.PromptCoT == "" || !strings.Contains(q.PromptCoT, q.Question) {
					t.Fatalf("%s %d: prompts missing", suite, q.Index)
				}
				if err := statesim.Validate(&q.Meta.Form, q.Meta.Start); err != nil {
					t.Fatal(err)
				}
				pos[q.AnswerIdx]++
			}
			// The correct answer's position is uniform over the options.
			n := len(qs[0].Choices)
			for k := 0; k < n; k++ {
				if exp := float64(len(qs)) / float64(n); float64(pos[k]) < 0.85*exp || float64(pos[k]) > 1.15*exp {
					t.Errorf("answer position %d: %d of %d rows", k, pos[k], len(qs))
				}
			}
		})
	}
}

func TestFutureStateBalance(t *testing.T) {
	qs := rows(t, "future_state")
	type cell struct {
		fam string
		h   int
	}
	yes, all := map[cell]int{}, map[cell]int{}
	var nearMiss, no, yesOtherActions, yesTotal int
	for _, q := range qs {
		c := cell{q.Family, q.Horizon}
		all[c]++
		if q.Answer == "Yes" {
			yes[c]++
			yesTotal++
			if !sameActions(q.Meta.Plans[0], q.Meta.Plans[1]) {
				yesOtherActions++
			}
		} else {
			no++
			if len(q.Meta.Finals[0].Diff(q.Meta.Finals[1])) == 1 {
				nearMiss++
			}
		}
	}
	if len(all) != 3*6 {
		t.Fatalf("%d family x horizon cells, want 18", len(all))
	}
	for c, n := range all {
		if d := 2*yes[c] - n; d < -1 || d > 1 {
			t.Errorf("%v: %d Yes of %d", c, yes[c], n)
		}
	}
	if float64(nearMiss) < 0.5*float64(no) {
		t.Errorf("only %d of %d No rows are near misses", nearMiss, no)
	}
	if float64(yesOtherActions) < 0.3*float64(yesTotal) {
		t.Errorf("only %d of %d Yes rows use different actions", yesOtherActions, yesTotal)
	}
}

func TestTemporalOrderBalance(t *testing.T) {
	counts := map[string]int{}
	for _, q := range rows(t, "temporal_order") {
		counts[q.Meta.Order+"/"+q.Meta.Format]++
	}
	for _, k := range []string{"earlier_first/mcq", "earlier_first/free", "later_first/mcq", "later_first/free"} {
		if counts[k] != 3*perFamily/4 {
			t.Errorf("%s: %d rows, want %d", k, counts[k], 3*perFamily/4)
		}
	}
}

func TestImageNeeded(t *testing.T) {
	for _, suite := range Names() {
		need := 0
		qs := rows(t, suite)
		for _, q := range qs {
			if q.ImageNeeded {
				need++
			}
		}
		share := float64(need) / float64(len(qs))
		t.Logf("%s: image needed in %.1f%% of rows", suite, 100*share)
		if suite == "edge_case" && share < 0.9 {
			t.Errorf("edge_case: image needed in only %.1f%% of rows, want at least 90%%", 100*share)
		}
	}
}

// TestImageNeededExact checks dependsOnStart against trying every start
// state of small forms, for every suite that computes it and both families
// whose state spaces are small enough to list.
func TestImageNeededExact(t *testing.T) {
	sp := &Spec{Seed: 5, Families: []forms.Family{*forms.Builtin("slider_checkboxes"), *forms.Builtin("radio_textboxes")}}
	for _, suite := range []string{"edge_case", "plan_semantic", "plan_shuffle", "future_state"} {
		s, _ := Lookup(suite)
		seen := map[bool]int{}
		for i := int64(0); i < 80; i++ {
			q, err := s.Build(sp, i)
			if err != nil {
				t.Fatal(err)
			}
			f := &q.Meta.Form
			differs := false
			allStates(f, func(st statesim.State) {
				if differs || st.Equal(q.Meta.Start) {
					return
				}
				var ans string
				if suite == "future_state" {
					a, _ := statesim.Run(f, st, q.Meta.Plans[0])
					b, _ := statesim.Run(f, st, q.Meta.Plans[1])
					ans = fmt.Sprint(a.Final.Equal(b.Final))
				} else {
					var ok []int
					for j, p := range q.Meta.Plans {
						if reaches(f, st, *q.Meta.Goal, p) {
							ok = append(ok, j)
						}
					}
					ans = fmt.Sprint(ok)
				}
				want := fmt.Sprint(q.Answer == "Yes")
				if suite != "future_state" {
					want = fmt.Sprint([]int{q.AnswerIdx})
				}
				differs = ans != want
			})
			if differs != q.ImageNeeded {
				t.Errorf("%s %d (%s): image_needed %v, exhaustive search says %v", suite, i, q.Family, q.ImageNeeded, differs)
			}
			seen[differs]++
		}
		if suite != "edge_case" && (seen[true] == 0 || seen[false] == 0) {
			t.Errorf("%s: image_needed was %v in all 80 rows; the check needs both", suite, seen[true] > 0)
		}
	}
}

// allStates calls fn with every start state a form's family can produce:
// each checkbox on or off, each slider at every position, each radio group
// with none or one selected, each text box empty or holding one text value.
func allStates(f *forms.Form, fn func(statesim.State)) {
	var rec func(i int, s statesim.State)
	rec = func(i int, s statesim.State) {
		if i == len(f.Elements) {
			fn(s.Clone())
			return
		}
		e := f.Elements[i]
		switch e.Kind {
		case forms.Checkbox:
			for n := 0; n <= 1; n++ {
				s[i].N = n
				rec(i+1, s)
			}
		case forms.Slider:
			for v := e.Min; v <= e.Max; v += e.Step {
				s[i].N = v
				rec(i+1, s)
			}
		case forms.Radio:
			var group []int
			for j := range f.Elements {
				if f.Elements[j].Kind == forms.Radio && f.Elements[j].Group == e.Group {
					group = append(group, j)
				}
			}
			if group[0] != i {
				rec(i+1, s) // set with the group's first button
				return
			}
			for k := -1; k < len(group); k++ {
				for x, j := range group {
					s[j].N = 0
					if x == k {
						s[j].N = 1
					}
				}
				rec(i+1, s)
			}
		case forms.TextBox:
			for _, v := range append([]string{""}, f.TextValues...) {
				s[i].S = v
				rec(i+1, s)
			}
		default:
			rec(i+1, s)
		}
	}
	rec(0, statesim.Clean(f))
}

func TestDeterministic(t *testing.T) {
	sp := &Spec{Seed: 3, Families: forms.Builtins()}
	for _, s := range All() {
		a, err1 := s.Build(sp, 17)
		b, err2 := s.Build(sp, 17)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Errorf("%s: the same (seed, suite, index) gave different questions", s.Name)
		}
		sp2 := *sp
		sp2.Seed = 4
		c, _ := s.Build(&sp2, 17)
		if jc, _ := json.Marshal(c); string(jc) == string(ja) {
			t.Errorf("%s: another seed gave the same question", s.Name)
		}
	}
}

func TestChoicesFlag(t *testing.T) {
	for _, n := range []int{2, 3, 5, 8} {
		sp := &Spec{Seed: 2, Families: forms.Builtins(), Choices: n}
		for _, suite := range []string{"edge_case", "plan_shuffle", "plan_semantic"} {
			s, _ := Lookup(suite)
			for i := int64(0); i < 30; i++ {
				q, err := s.Build(sp, i)
				if err != nil {
					t.Fatalf("%s with %d choices: %v", suite, n, err)
				}
				if len(q.Choices) != n {
					t.Fatalf("%s: %d choices, want %d", suite, len(q.Choices), n)
				}
			}
		}
	}
}

func benchmarkSuite(b *testing.B, suite string) {
	s, _ := Lookup(suite)
	sp := &Spec{Seed: 1, Families: forms.Builtins()}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := s.Build(sp, int64(i)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "questions/s")
}

func BenchmarkBuild(b *testing.B) {
	for _, name := range Names() {
		b.Run(name, func(b *testing.B) { benchmarkSuite(b, name) })
	}
}

// TestFutureStateEquivalenceKinds checks that Yes rows include the
// non-obvious equivalences: the same actions in another order, an action
// undone later, a slider move clamped at an end, and the same slider value
// reached by different moves; and that No rows include reorderings.
func TestFutureStateEquivalenceKinds(t *testing.T) {
	kinds := map[string]int{}
	for _, q := range rows(t, "future_state") {
		f := &q.Meta.Form
		a, b := q.Meta.Plans[0], q.Meta.Plans[1]
		yes := q.Answer == "Yes"
		if sameActions(a, b) {
			kinds[fmt.Sprintf("reordered, %v", yes)]++
		}
		if !yes {
			continue
		}
		for _, p := range [][]statesim.Action{a, b} {
			s := q.Meta.Start.Clone()
			seen := []statesim.State{s.Clone()}
			for _, act := range p[:len(p)-1] {
				i, _ := f.Find(act.Target)
				e := f.Elements[i]
				if act.Op == statesim.Move && (s[i].N+act.N > e.Max || s[i].N+act.N < e.Min) {
					kinds["clamped"]++
				}
				next, _ := statesim.Apply(f, s, act)
				for _, earlier := range seen[:len(seen)-1] {
					if next[i] == earlier[i] && next[i] != s[i] {
						kinds["undone"]++
						break
					}
				}
				s = next
				seen = append(seen, s.Clone())
			}
		}
		moves := func(p []statesim.Action) (n int) {
			for _, act := range p {
				if act.Op == statesim.Move || act.Op == statesim.Set {
					n++
				}
			}
			return n
		}
		if moves(a) != moves(b) && moves(a) > 0 && moves(b) > 0 {
			kinds["slider reached by other moves"]++
		}
	}
	t.Log(kinds)
	for _, k := range []string{"reordered, true", "reordered, false", "clamped", "undone", "slider reached by other moves"} {
		if kinds[k] < 10 {
			t.Errorf("only %d rows of kind %q", kinds[k], k)
		}
	}
}

// TestEdgeCaseShortcuts checks edge_case's cap on mistakes and its early
// rejection against what they stand for: with at most maxMistakes mistakes
// the recovery plan leaves enough boxes alone for variable, with one more
// it does not; and when variable says no, no option set that repeats no
// step exists (pickMutations finds none).
func TestEdgeCaseShortcuts(t *testing.T) {
	fam := forms.Builtin("checkboxes")
	rng := rand.New(rand.NewPCG(9, 9))
	rejected, checked := 0, 0
	for i := 0; i < 3000; i++ {
		f := fam.NewForm(rng)
		clean := statesim.Clean(&f)
		g := perturb.Goal(fam, &f, rng)
		most := maxMistakes(&f, clean, g, 4)
		k := 1 + rng.IntN(3)
		errs, start := perturb.Errors(&f, clean, g, k, rng)
		if len(errs) < k {
			continue // too few boxes to make k mistakes on
		}
		gold := recoveryPlan(&f, start, g, rng)
		if ok := variable(&f, gold, 4); ok != (k <= most) {
			t.Fatalf("%d mistakes, at most %d allowed, but variable says %v for plan %v", k, most, ok, gold)
		}
		if !variable(&f, gold, 4) {
			rejected++
			for try := 0; try < 20; try++ {
				if pickMutations(&f, gold, func(out []mutation, p int) []mutation { return recoveryMistakes(out, &f, clean, start, gold, p, rng) }, 4, rng) != nil {
					t.Fatalf("variable rejected plan %v, but pickMutations found options", gold)
				}
			}
		}
		checked++
	}
	if rejected == 0 || rejected == checked {
		t.Errorf("%d of %d plans rejected: the check needs both kinds", rejected, checked)
	}
}

// TestEdgeCaseManyBoxes builds edge_case on a family with more boxes than
// a shift can count (36, three of them in the task): the early rejections
// must let it through.
func TestEdgeCaseManyBoxes(t *testing.T) {
	g := forms.Group{Kind: forms.Checkbox, MinCount: 12, MaxCount: 12, InTask: 1}
	fam := forms.Family{Name: "many", Refer: forms.ByOrdinal, Groups: []forms.Group{g, g, g}}
	if err := fam.Validate(); err != nil {
		t.Fatal(err)
	}
	s, _ := Lookup("edge_case")
	sp := &Spec{Seed: 1, Families: []forms.Family{fam}, Choices: 8}
	for i := int64(0); i < 5; i++ {
		if _, err := s.Build(sp, i); err != nil {
			t.Fatal(err)
		}
	}
}
