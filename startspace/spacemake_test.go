package startspace

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/statesim"
)

// TestSpaceReset checks one Space reset again and again, on forms of every
// built-in family, a conditional form and a form whose radio group starts
// with another kind of element, with and without goals and extra states,
// against a space made from nothing each time by the plain construction
// below (allocating every part and value anew): the same parts, the same
// part of each element and the same values in the same order.
func TestSpaceReset(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	fs := sampleForms(rng, 40, 10)
	mixed := *testforms.Small()
	for i := range mixed.Elements {
		if mixed.Elements[i].Kind == forms.Radio {
			mixed.Elements[0].Group = mixed.Elements[i].Group // a group led by another kind
			break
		}
	}
	fs = append(fs, mixed, mixed)
	sp := new(Space)
	tied := 0
	for n, f := range fs {
		var g *statesim.Goal
		if n%3 > 0 {
			out := statesim.RandomState(&f, rng, 0.5)
			var wants []statesim.Want
			for i, e := range f.Elements {
				if e.Kind != forms.Submit && rng.IntN(2) == 0 {
					wants = append(wants, statesim.Want{Target: f.RefOf(i), Value: out[i]})
				}
			}
			g = &statesim.Goal{Wants: wants}
		}
		var extra []statesim.State
		for range rng.IntN(3) {
			extra = append(extra, statesim.RandomState(&f, rng, 0.7))
		}
		want := freshSpace(&f, g, extra...)
		sp.Reset(&f, g, extra...)
		if !reflect.DeepEqual(sp.Parts, want.Parts) || !slices.Equal(sp.PartOf, want.PartOf) {
			t.Fatalf("form %d (%s): parts %v of %v, want %v of %v", n, f.Family, sp.Parts, sp.PartOf, want.Parts, want.PartOf)
		}
		if len(sp.Values) != len(want.Values) {
			t.Fatalf("form %d (%s): %d lists of values, want %d", n, f.Family, len(sp.Values), len(want.Values))
		}
		for p := range want.Values {
			if !slices.EqualFunc(sp.Values[p], want.Values[p], statesim.State.Equal) {
				t.Fatalf("form %d (%s) part %d: values %v, want %v", n, f.Family, p, sp.Values[p], want.Values[p])
			}
		}
		if len(want.Parts) < len(want.PartOf)-1 {
			tied++
		}
	}
	if tied < 40 {
		t.Errorf("only %d spaces with joined parts", tied)
	}
}

// freshSpace is NewSpace made plainly, every part and value allocated on
// its own: the construction Reset is checked against.
func freshSpace(f *forms.Form, g *statesim.Goal, extra ...statesim.State) *Space {
	sp := &Space{PartOf: make([]int, len(f.Elements))}
	for i, e := range f.Elements {
		sp.PartOf[i] = -1
		switch {
		case e.Kind == forms.Submit:
			continue
		case e.Kind == forms.Radio && f.First(e.Group) < i:
			p := sp.PartOf[f.First(e.Group)]
			sp.PartOf[i] = p
			sp.Parts[p] = append(sp.Parts[p], i)
			continue
		}
		sp.PartOf[i] = len(sp.Parts)
		sp.Parts = append(sp.Parts, []int{i})
	}
	sp.Values = make([][]statesim.State, len(sp.Parts))
	for p, members := range sp.Parts {
		e := &f.Elements[members[0]]
		add := func(v statesim.State) {
			if !slices.ContainsFunc(sp.Values[p], v.Equal) {
				sp.Values[p] = append(sp.Values[p], v)
			}
		}
		switch e.Kind {
		case forms.Checkbox:
			add(statesim.State{{N: 0}})
			add(statesim.State{{N: 1}})
		case forms.Slider:
			for v := e.Min; v <= e.Max; v += max(e.Step, 1) {
				add(statesim.State{{N: v}})
			}
		case forms.Radio:
			for k := -1; k < len(members); k++ {
				v := make(statesim.State, len(members))
				if k >= 0 {
					v[k].N = 1
				}
				add(v)
			}
		case forms.TextBox:
			add(statesim.State{{}})
			for _, t := range f.TextValues {
				add(statesim.State{{S: t}})
			}
			if g != nil {
				for _, w := range g.Wants {
					if w.Target == f.RefOf(members[0]) {
						for k := 1; k < len(w.Value.S); k++ {
							add(statesim.State{{S: w.Value.S[:k]}})
						}
					}
				}
			}
		}
		for _, s := range extra {
			if len(s) == len(f.Elements) {
				v := make(statesim.State, len(members))
				for k, m := range members {
					v[k] = s[m]
				}
				add(v)
			}
		}
	}
	tieFresh(sp, f)
	return sp
}

func tieFresh(sp *Space, f *forms.Form) {
	root := make([]int, len(sp.Parts))
	for p := range root {
		root[p] = p
	}
	find := func(p int) int {
		for root[p] != p {
			p = root[p]
		}
		return p
	}
	tied := false
	for i, e := range f.Elements {
		if e.EnabledBy == nil || sp.PartOf[i] < 0 || sp.PartOf[e.EnabledBy.Element] < 0 {
			continue
		}
		a, b := find(sp.PartOf[i]), find(sp.PartOf[e.EnabledBy.Element])
		if a != b {
			root[max(a, b)] = min(a, b)
		}
		tied = true
	}
	if !tied {
		return
	}
	var parts [][]int
	var values [][]statesim.State
	scratch := make(statesim.State, len(f.Elements))
	for r := range sp.Parts {
		if find(r) != r {
			continue
		}
		var pieces []int
		var members []int
		for p := range sp.Parts {
			if find(p) == r {
				pieces = append(pieces, p)
				members = append(members, sp.Parts[p]...)
			}
		}
		slices.Sort(members)
		count := 1
		for _, p := range pieces {
			count *= len(sp.Values[p])
		}
		// Every value of the tied part, one after another in one array.
		flat := make(statesim.State, 0, count*len(members))
		vals := make([]statesim.State, 0, count)
		var walk func(k int)
		walk = func(k int) {
			if k == len(pieces) {
				at := len(flat)
				for _, m := range members {
					flat = append(flat, scratch[m])
				}
				vals = append(vals, flat[at:len(flat):len(flat)])
				return
			}
			for _, v := range sp.Values[pieces[k]] {
				sp.Put(scratch, pieces[k], v)
				walk(k + 1)
			}
		}
		walk(0)
		for _, m := range members {
			sp.PartOf[m] = len(parts)
		}
		parts = append(parts, members)
		values = append(values, vals)
	}
	sp.Parts, sp.Values = parts, values
}

// TestSpaceTiesConditions checks that a conditional element and its
// enabler share a part holding every combination of their values.
func TestSpaceTiesConditions(t *testing.T) {
	f := testforms.Gated()
	sp := NewSpace(f, nil)
	if sp.PartOf[0] != sp.PartOf[1] || sp.PartOf[2] != sp.PartOf[4] || sp.PartOf[5] != sp.PartOf[7] || sp.PartOf[0] == sp.PartOf[2] {
		t.Fatalf("parts %v", sp.PartOf)
	}
	p := sp.PartOf[0]
	if got := len(sp.Values[p]); got != 2*3 { // box on or off x text "", "12", "5"
		t.Errorf("checkbox and text box: %d values, want 6", got)
	}
	if got := len(sp.Values[sp.PartOf[2]]); got != 3*11 {
		t.Errorf("radio group and slider: %d values, want 33", got)
	}
}
