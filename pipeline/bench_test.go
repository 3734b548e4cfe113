package pipeline

import (
	"context"
	"testing"
	"time"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/suites"
)

// BenchmarkRunWithoutPictures times the whole pipeline without screenshots
// on one worker: building every suite's questions, turning them into rows
// and writing the Parquet files. In the same iterations it times building
// the same questions alone, and reports the share of the pipeline's time
// that building takes: the rest is rows and files. (ns/op covers both.)
func BenchmarkRunWithoutPictures(b *testing.B) {
	const perSuite = 2000
	all := suites.DrawnSuites()
	counts := make([]int64, len(all))
	for k := range counts {
		counts[k] = perSuite
	}
	spec := suites.Spec{Seed: 1, Families: forms.Defaults(), Mix: suites.Even(perSuite, len(forms.Defaults()))}
	// Building alone uses each suite's spec fitted as Run fits it, so that
	// it builds the same questions (a family leaves out the horizons it
	// cannot give).
	fitted := make([]suites.Spec, len(all))
	for k, s := range all {
		fitted[k] = spec
		var err error
		if fitted[k].Horizons, err = suites.Fit(s, &fitted[k], false); err != nil {
			b.Fatal(err)
		}
	}
	var run, build time.Duration
	for i := 0; i < b.N; i++ {
		p := Plan{Out: b.TempDir(), Suites: all, Counts: counts, Spec: spec, Workers: 1, Version: "bench"}
		start := time.Now()
		if _, err := Run(context.Background(), p); err != nil {
			b.Fatal(err)
		}
		run += time.Since(start)
		start = time.Now()
		for k, s := range all {
			for idx := int64(0); idx < perSuite; idx++ {
				if _, err := s.Build(&fitted[k], idx); err != nil {
					b.Fatal(err)
				}
			}
		}
		build += time.Since(start)
	}
	questions := float64(b.N * perSuite * len(all))
	b.ReportMetric(questions/run.Seconds(), "questions/s")
	b.ReportMetric(100*build.Seconds()/run.Seconds(), "%building")
}
