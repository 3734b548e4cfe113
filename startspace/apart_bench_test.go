package startspace

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// BenchmarkApart times Apart(4) on random steps (2 to 5) of each built-in
// family, walking the sequences on kept tables from their ends, as Apart
// does, and, interleaved in the same run on the same inputs, through the
// parts' trees; it reports each's time per call and the ratio (families
// without a kept table of minBackValues values walk the same way twice).
// Both walks share the Prefixes and its kept tables.
func BenchmarkApart(b *testing.B) {
	for _, fam := range forms.Defaults() {
		b.Run(fam.Name, func(b *testing.B) { benchmarkApart(b, fam) })
	}
}

// benchmarkApart is BenchmarkApart on 40 forms of family fam.
func benchmarkApart(b *testing.B, fam forms.Family) {
	type input struct {
		j     *Judge
		steps []statesim.Action
	}
	rng := rand.New(rand.NewPCG(7, 3))
	var in []input
	for range 40 {
		f := fam.NewForm(rng)
		steps := randomSteps(&f, rng, 5)
		for len(steps) < 2 {
			steps = randomSteps(&f, rng, 5)
		}
		g := reachedGoal(b, &f, steps, rng, 0.3, 8)
		in = append(in, input{NewJudge(&f, NewSpace(&f, &g), g, nil), steps})
	}
	defer func() { walkBack = true }()
	px := new(Prefixes)
	var took [2]time.Duration // walking back, and forward
	calls := 0                // inputs walked both ways
	for b.Loop() {
		for _, x := range in {
			// Each goes first half the time: the first after a new input
			// finds its memory colder.
			for k := range 2 {
				k = (k + calls) % 2
				walkBack = k == 0
				px.Reset(x.j, x.steps)
				t := time.Now()
				px.Apart(4)
				took[k] += time.Since(t)
			}
			calls++
		}
	}
	b.ReportMetric(float64(took[0].Nanoseconds())/float64(calls), "ns/back")
	b.ReportMetric(float64(took[1].Nanoseconds())/float64(calls), "ns/forward")
	b.ReportMetric(float64(took[1])/float64(took[0]), "x")
}
