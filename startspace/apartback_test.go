package startspace

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
)

// TestWalkBack checks that the walk from the sequences' ends finds the
// same sets of starts as the part's tree, on random steps of forms whose
// kept tables are walked back: radio_slider's, and offGridForm's, whose
// table holds a value its space lacks (a slider moved off its grid).
func TestWalkBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 1))
	var fs []forms.Form
	for range 100 {
		fs = append(fs, forms.Builtin("radio_slider").NewForm(rng), *offGridForm())
	}
	px := new(Prefixes)
	defer func() { walkBack = true }()
	walked, beyond := 0, 0
	for _, f := range fs {
		steps := randomSteps(&f, rng, 5)
		g := reachedGoal(t, &f, steps, rng, 0.5, 4)
		px.Reset(NewJudge(&f, NewSpace(&f, &g), g, nil), steps)
		for p := range px.parts {
			if px.parts[p].steps == 0 || !px.walksBack(p) {
				continue
			}
			var got [2][]string
			for k, back := range []bool{true, false} {
				walkBack = back
				got[k] = px.marked(px.walk(p))
			}
			if !slices.Equal(got[0], got[1]) {
				t.Fatalf("%s, steps %v, part %d: walked back, the sets of starts are %v; in the part's tree, %v", f.Family, steps, p, got[0], got[1])
			}
			walked++
			if px.wid.back.beyond() {
				beyond++
			}
		}
	}
	if walked < 150 || beyond < 20 {
		t.Errorf("%d parts walked, %d with values beyond the space's in a set: too few", walked, beyond)
	}
}

// beyond reports whether a node's set holds a value beyond the space's.
func (b *backTree) beyond() bool {
	for x := range b.count {
		for u := b.vals; u < b.all; u++ {
			if b.sets[x*b.wide+u/64]&(1<<(u%64)) != 0 {
				return true
			}
		}
	}
	return false
}

// marked returns the distinct non-empty sets of hs's nodes that the last
// walk marked, sorted, and clears the marks.
func (px *Prefixes) marked(hs *holdSets) []string {
	w := &px.wid
	var sets []string
	for x, ok := range w.seen {
		if ok && hs.count[x] > 0 {
			s := fmt.Sprint(hs.hold[x*hs.words : (x+1)*hs.words])
			if !slices.Contains(sets, s) {
				sets = append(sets, s)
			}
		}
	}
	clear(w.seen)
	w.seen = w.seen[:0]
	slices.Sort(sets)
	return sets
}
