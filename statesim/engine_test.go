package statesim

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
)

// smallForms are forms small enough to enumerate every plan of up to 4 actions.
func smallForms() map[string]*forms.Form {
	return map[string]*forms.Form{
		"checkboxes": {Family: "t", Refer: forms.ByLabel, Elements: []forms.Element{
			{ID: "e0", Kind: forms.Checkbox, Ordinal: 1, Label: "ab"},
			{ID: "e1", Kind: forms.Checkbox, Ordinal: 2, Label: "Cd"},
			{ID: "e2", Kind: forms.Checkbox, Ordinal: 3, Label: "x9"},
			{ID: "e3", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
		}},
		"slider": {Family: "t", Refer: forms.ByOrdinal, Elements: []forms.Element{
			{ID: "e0", Kind: forms.Slider, Ordinal: 1, Min: -2, Max: 2, Step: 2},
			{ID: "e1", Kind: forms.Checkbox, Ordinal: 1},
			{ID: "e2", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
		}},
		"radio_text": {Family: "t", Refer: forms.ByOrdinal, TextValues: []string{"1", "12"}, Elements: []forms.Element{
			{ID: "e0", Kind: forms.Radio, Ordinal: 1, Group: "g"},
			{ID: "e1", Kind: forms.Radio, Ordinal: 2, Group: "g"},
			{ID: "e2", Kind: forms.TextBox, Ordinal: 1},
			{ID: "e3", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
		}},
	}
}

// bruteCounts enumerates every plan of exactly h actions.
func bruteCounts(t *testing.T, f *forms.Form, start State, h int) map[string]uint64 {
	t.Helper()
	vocab := Vocabulary(f)
	counts := map[string]uint64{}
	plan := make([]Action, h)
	var rec func(k int)
	rec = func(k int) {
		if k == h {
			out, err := Run(f, start, plan)
			if err != nil {
				t.Fatal(err)
			}
			counts[out.Final.Key()]++
			return
		}
		for _, a := range vocab {
			plan[k] = a
			rec(k + 1)
		}
	}
	rec(0)
	return counts
}

func TestReachMatchesBruteForce(t *testing.T) {
	for name, f := range smallForms() {
		for _, seed := range []uint64{1, 2} {
			start := RandomState(f, rand.New(rand.NewPCG(seed, 0)), 0.5)
			e := NewEngine(f)
			r, err := e.Reach(start, 4)
			if err != nil {
				t.Fatal(err)
			}
			for h := 0; h <= 4; h++ {
				t.Run(fmt.Sprintf("%s/seed%d/h%d", name, seed, h), func(t *testing.T) {
					want := bruteCounts(t, f, start, h)
					got := r.Finals(h)
					if len(got) != len(want) {
						t.Fatalf("%d final states, brute force finds %d", len(got), len(want))
					}
					for _, fin := range got {
						if want[fin.State.Key()] != fin.Plans {
							t.Errorf("state %s: %d plans, brute force %d", fin.State, fin.Plans, want[fin.State.Key()])
						}
						if r.Count(h, fin.State) != fin.Plans {
							t.Errorf("Count disagrees with Finals for %s", fin.State)
						}
					}
				})
			}
			atMost, err := r.FinalsAtMost()
			if err != nil {
				t.Fatal(err)
			}
			total := map[string]uint64{}
			for h := 0; h <= 4; h++ {
				for k, c := range bruteCounts(t, f, start, h) {
					total[k] += c
				}
			}
			if len(atMost) != len(total) {
				t.Fatalf("%s: FinalsAtMost has %d states, want %d", name, len(atMost), len(total))
			}
			for _, fin := range atMost {
				if total[fin.State.Key()] != fin.Plans {
					t.Errorf("%s: at most 4: state %s: %d plans, want %d", name, fin.State, fin.Plans, total[fin.State.Key()])
				}
			}
		}
	}
}

// TestSampleUniform checks that Sample draws every plan to a state about
// equally often.
func TestSampleUniform(t *testing.T) {
	f := smallForms()["checkboxes"]
	start := Clean(f)
	r, err := NewEngine(f).Reach(start, 2)
	if err != nil {
		t.Fatal(err)
	}
	target := start.Clone()
	target[0].N = 1
	n := r.Count(2, target)
	if n < 5 {
		t.Fatalf("only %d plans reach the target", n)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	seen := map[string]int{}
	const draws = 20000
	for i := 0; i < draws; i++ {
		plan, err := r.Sample(rng, 2, target)
		if err != nil {
			t.Fatal(err)
		}
		seen[fmt.Sprint(plan)]++
	}
	if uint64(len(seen)) != n {
		t.Fatalf("sampled %d distinct plans, %d exist", len(seen), n)
	}
	expect := float64(draws) / float64(n)
	for p, c := range seen {
		if float64(c) < 0.8*expect || float64(c) > 1.2*expect {
			t.Errorf("plan %s drawn %d times, expected about %.0f", p, c, expect)
		}
	}
}

func TestSampleNoPlan(t *testing.T) {
	f := smallForms()["checkboxes"]
	r, err := NewEngine(f).Reach(Clean(f), 1)
	if err != nil {
		t.Fatal(err)
	}
	far := Clean(f)
	far[0].N, far[1].N = 1, 1 // two changes cannot happen in one action
	if _, err := r.Sample(rand.New(rand.NewPCG(1, 1)), 1, far); err == nil {
		t.Fatal("Sample found a plan of 1 action making 2 changes")
	}
}

func TestShortestEqualsUnmet(t *testing.T) {
	for _, fam := range forms.Defaults() {
		rng := rand.New(rand.NewPCG(3, 4))
		for i := 0; i < 30; i++ {
			f := fam.NewForm(rng)
			e := NewEngine(&f)
			start := RandomState(&f, rng, 0.5)
			var wants []Want
			for j, el := range f.Elements {
				switch el.Kind {
				case forms.Checkbox:
					wants = append(wants, Want{Target: f.RefOf(j), Value: Value{N: rng.IntN(2)}})
				case forms.Slider:
					wants = append(wants, Want{Target: f.RefOf(j), Value: Value{N: el.Min + rng.IntN(el.Max-el.Min+1)}})
				case forms.TextBox:
					if el.Ordinal == 1 {
						wants = append(wants, Want{Target: f.RefOf(j), Value: Value{S: f.TextValues[0]}})
					}
				case forms.Radio:
					if el.Ordinal == 2 {
						wants = append(wants, Want{Target: f.RefOf(j), Value: Value{N: 1}})
					}
				}
			}
			g := NewGoal(&f, enableAll(&f, wants))
			if err := g.Validate(&f); err != nil {
				t.Fatal(err)
			}
			plan, err := e.Shortest(start, g, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(plan) != g.Unmet(&f, start) {
				t.Errorf("%s: shortest plan has %d steps, Unmet says %d", fam.Name, len(plan), g.Unmet(&f, start))
			}
			out, err := Run(&f, start, plan)
			if err != nil || !g.Met(&f, out.Final) {
				t.Errorf("%s: shortest plan %v does not meet the goal (%v)", fam.Name, plan, err)
			}
		}
	}
}

// checkSampleReplay draws a form, a start state and a horizon from seed,
// samples a plan to a reachable state and replays it.
func checkSampleReplay(t *testing.T, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, seed>>1))
	fams := forms.Defaults()
	fam := fams[rng.IntN(len(fams))]
	f := fam.NewForm(rng)
	start := RandomState(&f, rng, 0.5)
	h := rng.IntN(5)
	r, err := NewEngine(&f).Reach(start, h)
	if err != nil {
		t.Fatal(err)
	}
	plan, final, err := r.SamplePlan(rng, h)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan) != h {
		t.Fatalf("plan has %d actions, want %d", len(plan), h)
	}
	out, err := Run(&f, start, plan)
	if err != nil {
		t.Fatal(err)
	}
	if !out.Final.Equal(final) {
		t.Fatalf("replayed plan ends in %s, engine promised %s", out.Final, final)
	}
	again, err := r.Sample(rng, h, final)
	if err != nil {
		t.Fatal(err)
	}
	if out, _ := Run(&f, start, again); !out.Final.Equal(final) {
		t.Fatalf("Sample's plan ends in %s, want %s", out.Final, final)
	}
	if err := Validate(&f, final); err != nil {
		t.Fatal(err)
	}
}

func TestSampleReplay(t *testing.T) {
	for seed := uint64(0); seed < 200; seed++ {
		checkSampleReplay(t, seed)
	}
}

func FuzzSampleReplay(f *testing.F) {
	for _, s := range []uint64{0, 1, 42, 1 << 40} {
		f.Add(s)
	}
	f.Fuzz(checkSampleReplay)
}

// FuzzKey checks that keys are equal exactly when states are.
func FuzzKey(f *testing.F) {
	f.Add(int64(1), "a", int64(1), "a", int64(0), "")
	f.Add(int64(0), "\x01", int64(0), "", int64(1), "")
	f.Add(int64(-3), "", int64(3), "", int64(-3), "x")
	f.Fuzz(func(t *testing.T, n1 int64, s1 string, n2 int64, s2 string, n3 int64, s3 string) {
		a := State{{N: int(n1), S: s1}, {N: int(n2), S: s2}}
		b := State{{N: int(n2), S: s2}, {N: int(n3), S: s3}}
		c := State{{N: int(n1), S: s1 + s2}}
		for _, p := range [][2]State{{a, b}, {a, c}, {b, c}, {a, a}} {
			if (p[0].Key() == p[1].Key()) != p[0].Equal(p[1]) {
				t.Fatalf("key equality %v but state equality %v for %v and %v", p[0].Key() == p[1].Key(), p[0].Equal(p[1]), p[0], p[1])
			}
		}
	})
}

func TestReachTooMany(t *testing.T) {
	f := forms.Builtin("slider_checkboxes").NewForm(rand.New(rand.NewPCG(1, 1)))
	if _, err := NewEngine(&f).Reach(Clean(&f), 14); err == nil {
		t.Fatal("no overflow error for more than 40^14 plans")
	}
}

func benchmarkSample(b *testing.B, family string, h int) {
	fam := forms.Builtin(family)
	rng := rand.New(rand.NewPCG(1, 2))
	f := fam.NewForm(rng)
	r, err := NewEngine(&f).Reach(RandomState(&f, rng, 0.5), h)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := r.SamplePlan(rng, h); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSample(b *testing.B) {
	for _, fam := range forms.Defaults() {
		for _, h := range []int{2, 4, 8} {
			b.Run(fmt.Sprintf("%s/h%d", fam.Name, h), func(b *testing.B) { benchmarkSample(b, fam.Name, h) })
		}
	}
}

// BenchmarkReach measures building the tables for one form and start state.
func BenchmarkReach(b *testing.B) {
	for _, fam := range forms.Defaults() {
		for _, h := range []int{2, 4, 8} {
			b.Run(fmt.Sprintf("%s/h%d", fam.Name, h), func(b *testing.B) {
				rng := rand.New(rand.NewPCG(1, 2))
				f := fam.NewForm(rng)
				start := RandomState(&f, rng, 0.5)
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					if _, err := NewEngine(&f).Reach(start, h); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// tenElementForms are the 10-element forms the horizon-8 benchmark uses.
func tenElementForms() map[string]*forms.Form {
	boxes := &forms.Form{Family: "t", Refer: forms.ByOrdinal}
	for i := 1; i <= 10; i++ {
		boxes.Elements = append(boxes.Elements, forms.Element{ID: fmt.Sprint("e", i), Kind: forms.Checkbox, Ordinal: i})
	}
	boxes.Elements = append(boxes.Elements, forms.Element{ID: "s", Kind: forms.Submit, Ordinal: 1, Label: "Submit"})
	mixed := &forms.Form{Family: "t", Refer: forms.ByOrdinal, TextValues: []string{"4", "27"}, Elements: []forms.Element{
		{ID: "e0", Kind: forms.Slider, Ordinal: 1, Min: 0, Max: 10, Step: 1},
		{ID: "e1", Kind: forms.Checkbox, Ordinal: 1}, {ID: "e2", Kind: forms.Checkbox, Ordinal: 2}, {ID: "e3", Kind: forms.Checkbox, Ordinal: 3},
		{ID: "e4", Kind: forms.Checkbox, Ordinal: 4}, {ID: "e5", Kind: forms.Checkbox, Ordinal: 5},
		{ID: "e6", Kind: forms.Radio, Ordinal: 1, Group: "g"}, {ID: "e7", Kind: forms.Radio, Ordinal: 2, Group: "g"}, {ID: "e8", Kind: forms.Radio, Ordinal: 3, Group: "g"},
		{ID: "e9", Kind: forms.TextBox, Ordinal: 1},
		{ID: "s", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
	}}
	return map[string]*forms.Form{"10_checkboxes": boxes, "mixed_10": mixed}
}

// BenchmarkSampleTenElements samples horizon-8 plans on 10-element forms,
// once their tables are built.
func BenchmarkSampleTenElements(b *testing.B) {
	for name, f := range tenElementForms() {
		b.Run(name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			e := NewEngine(f)
			r, err := e.Reach(RandomState(f, rng, 0.5), 8)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(e.States()), "states")
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, _, err := r.SamplePlan(rng, 8); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// enableAll moves the want on the enabler of every wanted conditional
// element to a value that enables it (a radio button's group to that
// button), so that the wants make a valid goal.
func enableAll(f *forms.Form, wants []Want) []Want {
	for x := 0; x < len(wants); x++ {
		i, _ := f.Find(wants[x].Target)
		en := f.Elements[i].EnabledBy
		if en == nil {
			continue
		}
		k := en.Element
		if f.Elements[k].Kind == forms.Radio && !slices.Contains(wants, Want{Target: f.RefOf(k), Value: Value{N: 1}}) {
			wants = slices.DeleteFunc(wants, func(w Want) bool {
				j, _ := f.Find(w.Target)
				return f.Elements[j].Group == f.Elements[k].Group
			})
			wants = append(wants, Want{Target: f.RefOf(k), Value: Value{N: 1}})
			x = -1 // the indices moved: look again
			continue
		}
		for y := range wants {
			if j, _ := f.Find(wants[y].Target); j == k && f.Elements[k].Kind != forms.Radio {
				wants[y].Value = EnablingValue(f, i, wants[y].Value)
			}
		}
	}
	return wants
}

// TestActions checks that Actions yields Vocabulary's actions in its
// order, on every built-in family, and stops where the loop over it
// breaks, at every length.
func TestActions(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 7))
	for _, fam := range forms.Defaults() {
		f := fam.NewForm(rng)
		vocab := Vocabulary(&f)
		if len(vocab) == 0 {
			t.Fatalf("%s: no actions", fam.Name)
		}
		for stop := range len(vocab) + 1 {
			var got []Action
			for a := range Actions(&f) {
				if len(got) == stop {
					break
				}
				got = append(got, a)
			}
			if !slices.Equal(got, vocab[:stop]) {
				t.Fatalf("%s, stopping after %d: %v, want %v", fam.Name, stop, got, vocab[:stop])
			}
		}
	}
}
