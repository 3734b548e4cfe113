package suites

import (
	"testing"
	"time"

	"github.com/formplan/formplan/forms"
)

// BenchmarkHorizon builds each suite's questions on the long built-in
// families (forms.Long) at horizons 9-12 and, interleaved in the same run
// so that a busy machine slows both alike, at the first four horizons the
// family allows (1-4 but for edge_case), and reports the cost of each and
// their ratio: long/short is how much more a long question costs.
func BenchmarkHorizon(b *testing.B) {
	for _, s := range DrawnSuites() {
		b.Run(s.Name, func(b *testing.B) {
			var short, long []*Spec
			for _, fam := range forms.Long() {
				probe := &Spec{Seed: 1, Families: []forms.Family{fam}}
				hs := Reach(s, probe, 0)
				if len(hs) < 4 || hs[len(hs)-1] < 12 {
					b.Fatalf("%s allows horizons %s on %s: want four and 12", s.Name, Spans(hs), fam.Name)
				}
				short = append(short, benchSpec(b, s, fam, hs[0], hs[3]))
				long = append(long, benchSpec(b, s, fam, 9, 12))
			}
			var tShort, tLong time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				k := i % len(short)
				index := int64(i / len(short))
				t0 := time.Now()
				if _, err := s.Build(short[k], index); err != nil {
					b.Fatal(err)
				}
				t1 := time.Now()
				if _, err := s.Build(long[k], index); err != nil {
					b.Fatal(err)
				}
				tShort += t1.Sub(t0)
				tLong += time.Since(t1)
			}
			b.ReportMetric(float64(tShort.Microseconds())/float64(b.N), "short-µs/q")
			b.ReportMetric(float64(tLong.Microseconds())/float64(b.N), "long-µs/q")
			b.ReportMetric(float64(tLong)/float64(tShort), "long/short")
		})
	}
}

// benchSpec returns a spec of family fam at horizons lo-hi, fitted as gen
// fits it.
func benchSpec(b *testing.B, s Suite, fam forms.Family, lo, hi int) *Spec {
	sp := &Spec{Seed: 1, Families: []forms.Family{fam}, Horizon: Range{Min: lo, Max: hi}}
	var err error
	if sp.Horizons, err = Fit(s, sp, true); err != nil {
		b.Fatal(err)
	}
	return sp
}
