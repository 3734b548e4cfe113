package statesim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
)

// TestPrefixesSameAnswers checks the tree of step sequences against
// replaying each order from every value (appendHolding): for random
// distinct steps on every built-in family and a form whose parts
// conditions tie together, every order of the steps and Submit holds from
// the same values of each part, in the same order, and from the same
// random starts. One Prefixes and one Space are reset for every form, as
// plan_shuffle's pool reuses them (half the time the Prefixes was reset
// on the same judge for other steps first), while the replay runs on a
// space of its own. Some step sets hold a step the form cannot resolve,
// from which no order holds. It runs twice: with the hashes that find
// values and nodes, and with every hash the same, so that comparing them
// alone must tell values and nodes apart.
func TestPrefixesSameAnswers(t *testing.T) {
	t.Run("hashes", checkPrefixes)
	t.Run("every hash colliding", func(t *testing.T) {
		defer func(m uint64) { hashMask = m }(hashMask)
		hashMask = 0
		checkPrefixes(t)
	})
}

func checkPrefixes(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	fs := sampleForms(rng, 12, 6)
	px, reused := new(Prefixes), new(Space)
	compared, empty := 0, 0
	for n, f := range fs {
		steps := randomSteps(&f, rng, 5)
		if n%7 == 3 {
			// A step on an element the form lacks: no order resolves it.
			steps = append(steps, Action{Op: Check, Target: forms.Ref{Kind: forms.Checkbox, Label: "no such box"}})
		}
		out, err := Run(&f, RandomState(&f, rng, 0.5), []Action{steps[0], SubmitAction})
		if err != nil {
			t.Fatal(err)
		}
		g := Goal{Wants: wantsOf(&f, out.Final, rng, 3)}
		sp := NewSpace(&f, &g)
		plain := NewJudge(&f, sp, g, [][]Action{nil})
		reused.Reset(&f, &g)
		j := NewJudge(&f, reused, g, nil)
		if n%2 == 0 {
			// The Prefixes reset on this judge for other steps first.
			px.Reset(j, steps[len(steps)-1:])
			px.Extend(px.Root(), 0)
		}
		px.Reset(j, steps)
		items := append(slices.Clone(steps), SubmitAction)
		idx := make([]int, len(items))
		for k := range idx {
			idx[k] = k
		}
		for range 40 {
			rng.Shuffle(len(idx), func(a, b int) { idx[a], idx[b] = idx[b], idx[a] })
			order := make([]Action, len(idx))
			seq := px.Root()
			submitted := false
			for k, s := range idx {
				order[k] = items[s]
				if s == len(steps) {
					submitted = true
				}
				if !submitted {
					seq = px.Extend(seq, s)
				}
			}
			plain.SetPlan(0, order)
			vs := make([]int, len(sp.Parts))
			for p := range sp.Parts {
				want := appendHolding(plain, nil, 0, p)
				if got := px.Count(seq, p); got != len(want) {
					t.Fatalf("%s part %d order %v: %d values hold, want %d", f.Family, p, order, got, len(want))
				}
				for k, w := range want {
					if v := sp.Values[p][px.Nth(seq, p, k)]; !v.Equal(w) {
						t.Fatalf("%s part %d order %v: value %d is %v, want %v", f.Family, p, order, k, v, w)
					}
				}
				if len(want) == 0 {
					empty++
				}
				vs[p] = rng.IntN(len(sp.Values[p]))
				compared++
			}
			start := make(State, len(f.Elements))
			for p, v := range vs {
				sp.Put(start, p, sp.Values[p][v])
			}
			res, err := Run(&f, start, order)
			holds := err == nil && res.Submitted && g.Unmet(&f, res.Final) == 0
			if got := px.Holds(seq, vs); got != holds {
				t.Fatalf("%s order %v from %v: Holds says %v, running it %v", f.Family, order, start, got, holds)
			}
		}
	}
	if compared < 2000 || empty == 0 || empty == compared {
		t.Errorf("%d comparisons, %d of them with no value holding: too few of a kind", compared, empty)
	}
}

// TestPrefixesNoParts checks a form with nothing but Submit: a sequence
// holds from the form's one start exactly when a judge says the order can
// be correct, so an order whose Submit comes before a step the form cannot
// resolve holds (that step never happens) and one with the step first does
// not.
func TestPrefixesNoParts(t *testing.T) {
	f := forms.Form{Family: "bare", Elements: []forms.Element{{ID: "e1", Kind: forms.Submit, Ordinal: 1, Label: "Submit"}}}
	bad := Action{Op: Check, Target: forms.Ref{Kind: forms.Checkbox, Label: "no such box"}}
	g := Goal{}
	sp := NewSpace(&f, &g)
	if len(sp.Parts) != 0 {
		t.Fatalf("%d parts, want none", len(sp.Parts))
	}
	px := new(Prefixes)
	px.Reset(NewJudge(&f, sp, g, nil), []Action{bad})
	plain := NewJudge(&f, sp, g, [][]Action{nil})
	for _, c := range []struct {
		name  string
		seq   int
		order []Action
		want  bool
	}{
		{"Submit first", px.Root(), []Action{SubmitAction, bad}, true},
		{"the bad step first", px.Extend(px.Root(), 0), []Action{bad, SubmitAction}, false},
	} {
		plain.SetPlan(0, c.order)
		if judged := plain.CanBeCorrect(0); judged != c.want {
			t.Fatalf("%s: the judge says %v, want %v", c.name, judged, c.want)
		}
		if got := px.Holds(c.seq, nil); got != c.want {
			t.Errorf("%s: Holds says %v, want %v", c.name, got, c.want)
		}
	}
}
