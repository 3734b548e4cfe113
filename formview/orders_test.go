package formview

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/statesim"
)

// gate is how a plan enables and disables a conditional element: steps on
// its enabler.
type gate struct {
	name            string
	enable, disable statesim.Action
}

// gates returns ways to enable and disable conditional element i of f: for
// a checkbox enabler, check and uncheck it, or click it twice; for a radio
// button, select it and then another of its group, by select or by click;
// for a slider, set it at the threshold and move it one step below, or
// move it right across its whole span and set it at its minimum.
func gates(f *forms.Form, i int) []gate {
	en := f.Elements[i].EnabledBy
	e := &f.Elements[en.Element]
	ref := f.RefOf(en.Element)
	act := func(op statesim.Op, r forms.Ref, n int) statesim.Action {
		return statesim.Action{Op: op, Target: r, N: n}
	}
	switch e.Kind {
	case forms.Checkbox:
		return []gate{
			{"check/uncheck", act(statesim.Check, ref, 0), act(statesim.Uncheck, ref, 0)},
			{"click/click", act(statesim.Click, ref, 0), act(statesim.Click, ref, 0)},
		}
	case forms.Radio:
		var other forms.Ref
		for _, j := range f.Members(e.Group) {
			if j != en.Element {
				other = f.RefOf(j)
				break
			}
		}
		return []gate{
			{"select/select another", act(statesim.Select, ref, 0), act(statesim.Select, other, 0)},
			{"click/click another", act(statesim.Click, ref, 0), act(statesim.Click, other, 0)},
		}
	case forms.Slider:
		return []gate{
			{"set at threshold/move below", act(statesim.Set, ref, en.AtLeast), act(statesim.Move, ref, -e.Step)},
			{"move right/set min", act(statesim.Move, ref, e.Max-e.Min), act(statesim.Set, ref, e.Min)},
		}
	}
	return nil
}

// acts returns steps on element i of f that change it from most states.
func acts(f *forms.Form, i int) []statesim.Action {
	e := &f.Elements[i]
	ref := f.RefOf(i)
	a := func(op statesim.Op, n int, text string) statesim.Action {
		return statesim.Action{Op: op, Target: ref, N: n, Text: text}
	}
	switch e.Kind {
	case forms.TextBox:
		return []statesim.Action{a(statesim.Type, 0, f.TextValues[0]), a(statesim.Enter, 0, f.TextValues[1]), a(statesim.Clear, 0, "")}
	case forms.Slider:
		return []statesim.Action{a(statesim.Set, e.Max-2*e.Step, ""), a(statesim.Move, 3*e.Step, ""), a(statesim.Move, -4*e.Step, "")}
	case forms.Checkbox:
		return []statesim.Action{a(statesim.Click, 0, ""), a(statesim.Check, 0, ""), a(statesim.Uncheck, 0, "")}
	case forms.Radio:
		return []statesim.Action{a(statesim.Select, 0, ""), a(statesim.Click, 0, "")}
	}
	return nil
}

// orders are the six orders of three steps.
var orders = [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// enableCase is a plan of one enable, one act and one disable step, in
// some order, from a start.
type enableCase struct {
	name  string
	f     *forms.Form
	start statesim.State
	plan  []statesim.Action
}

// enableCases draws, for every conditional family, forms and for each
// conditional element, gate and act, starts with the enabler enabling and
// not, and the plans of every order of the three steps.
func enableCases(t *testing.T) []enableCase {
	rng := rand.New(rand.NewPCG(8, 8))
	var out []enableCase
	for _, fam := range testforms.Conditional(t) {
		for k := range 2 {
			f := fam.NewForm(rng)
			for i, e := range f.Elements {
				if e.EnabledBy == nil || (i+k)%2 == 1 && e.Kind != forms.Slider {
					continue // half the elements of a group, by turns
				}
				for gi, g := range gates(&f, i) {
					for ai, act := range acts(&f, i) {
						start := statesim.RandomState(&f, rng, 0.7)
						// The enabler starts enabling or not, by turns.
						s, err := statesim.Apply(&f, start, pick((gi+ai+k)%2 == 0, g.enable, g.disable))
						if err != nil {
							t.Fatal(err)
						}
						steps := [3]statesim.Action{g.enable, act, g.disable}
						for _, o := range orders {
							out = append(out, enableCase{
								name: fmt.Sprintf("%s form %d %s %s %s %s %s from %s", fam.Name, k, e.ID, g.name, act.Op,
									[]string{"enable", "act", "disable"}[o[0]], []string{"enable", "act", "disable"}[o[1]], s),
								f: &f, start: s, plan: []statesim.Action{steps[o[0]], steps[o[1]], steps[o[2]]},
							})
						}
					}
				}
			}
		}
	}
	return out
}

func pick[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

// TestEnableOrders carries out, with real clicks and key presses in
// Chromium, plans that enable a conditional element, act on it and disable
// it, in every order (an act while disabled is ignored), for every kind of
// enabler and of conditional element, and compares the page with the
// simulator's final state, disabled flags included.
func TestEnableOrders(t *testing.T) {
	r := newRenderer(t, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	cases := enableCases(t)
	kinds := map[string]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, tc := range cases {
		want, err := statesim.Run(tc.f, tc.start, tc.plan)
		if err != nil {
			t.Fatal(err)
		}
		job, err := Job(tc.f, tc.start, "task", "x")
		if err != nil {
			t.Fatal(err)
		}
		in, err := Inputs(tc.f, tc.start, tc.plan)
		if err != nil {
			t.Fatal(err)
		}
		// Count what the cases exercise: an act on a disabled element.
		s := tc.start.Clone()
		for _, a := range tc.plan {
			if i, err := tc.f.Find(a.Target); err == nil && tc.f.Elements[i].EnabledBy != nil && !statesim.Enabled(tc.f, s, i) {
				kinds[tc.f.Family+" act while disabled"]++
			}
			s, _ = statesim.Apply(tc.f, s, a)
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			dom, err := r.Execute(ctx, job, in)
			if err == nil {
				err = Check(tc.f, want.Final, dom)
			}
			if err != nil {
				mu.Lock()
				t.Errorf("%s: plan %v: %v", tc.name, tc.plan, err)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	t.Logf("%d plans; acts on disabled elements: %v", len(cases), kinds)
	for _, fam := range testforms.Conditional(t) {
		if kinds[fam.Name+" act while disabled"] == 0 {
			t.Errorf("%s: no plan acts on a disabled element", fam.Name)
		}
	}
}
