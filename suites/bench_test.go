package suites

import (
	"testing"

	"github.com/formplan/formplan/forms"
)

// BenchmarkBuild builds the default mix (the default families, 4 options,
// horizons 1-4 where the family allows them) of each suite.
func BenchmarkBuild(b *testing.B) {
	for _, s := range DrawnSuites() {
		b.Run(s.Name, func(b *testing.B) {
			sp := &Spec{Seed: 1, Families: forms.Defaults()}
			var err error
			if sp.Horizons, err = Fit(s, sp, false); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := s.Build(sp, int64(i)); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "questions/s")
		})
	}
}
