package statesim

import (
	"math/rand/v2"
	"testing"

	"github.com/formplan/formplan/forms"
)

// TestAppendRandomState checks that AppendRandomState, appending to a
// buffer reused from one state to the next (empty, or holding values
// before), draws what RandomState draws from a twin source, and leaves
// what was before it alone; and that AppendClean appends Clean.
func TestAppendRandomState(t *testing.T) {
	for _, c := range []struct {
		name   string
		before State
	}{
		{"empty buffer", nil},
		{"after other values", State{{N: 7}, {S: "kept"}}},
	} {
		a, b := rand.New(rand.NewPCG(5, 5)), rand.New(rand.NewPCG(5, 5))
		var buf State
		for _, fam := range forms.Defaults() {
			for range 50 {
				f := fam.NewForm(a)
				fam.NewForm(b)
				want := RandomState(&f, b, 0.5)
				buf = AppendRandomState(append(buf[:0], c.before...), &f, a, 0.5)
				if got := buf[len(c.before):]; !got.Equal(want) {
					t.Fatalf("%s, %s: appended %s, RandomState drew %s", c.name, fam.Name, got, want)
				}
				if !buf[:len(c.before)].Equal(c.before) {
					t.Fatalf("%s, %s: the values before became %s", c.name, fam.Name, buf[:len(c.before)])
				}
				if got := AppendClean(append(State{}, c.before...), &f)[len(c.before):]; !got.Equal(Clean(&f)) {
					t.Fatalf("%s, %s: AppendClean appended %s, Clean is %s", c.name, fam.Name, got, Clean(&f))
				}
			}
		}
	}
}
