package publish

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/pipeline"
	"github.com/formplan/formplan/suites"
)

// BenchmarkCardPass generates next_action without pictures (cardRows rows,
// the tally kept as gen keeps it) and then writes the card twice: from
// the tally (CardKept, as gen does after a run) and by reading every file
// again (Card, as gen card does on a directory, and as gen did after every
// run before). It reports each as a share of the generation's time (the
// target for the kept card is under 2%) and the ratio between them. It
// leaves radio_slider out: its 1,226 distinct next_action questions are
// fewer than a fifth of cardRows.
func BenchmarkCardPass(b *testing.B) {
	const cardRows = 50000
	s, _ := suites.Lookup("next_action")
	fams := slices.DeleteFunc(forms.Defaults(), func(f forms.Family) bool { return f.Name == "radio_slider" })
	var gen, kept, scan time.Duration
	for i := 0; i < b.N; i++ {
		dir := b.TempDir()
		tally := NewTally(dir)
		spec := suites.Spec{Seed: 1, Families: fams, Mix: suites.Even(cardRows, len(fams))}
		plan := pipeline.Plan{Out: dir, Suites: []suites.Suite{s}, Counts: []int64{cardRows}, Spec: spec,
			Workers: 2, Version: "bench", Observe: tally.Rows}
		start := time.Now()
		res, err := pipeline.Run(context.Background(), plan)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range res {
			tally.Written(r.File, r.Size, r.SHA256, r.Metadata)
		}
		gen += time.Since(start)
		start = time.Now()
		if err := CardKept(dir, Info{Seed: 1}, tally); err != nil {
			b.Fatal(err)
		}
		kept += time.Since(start)
		start = time.Now()
		if err := Card(dir, Info{Seed: 1}); err != nil {
			b.Fatal(err)
		}
		scan += time.Since(start)
	}
	b.ReportMetric(100*kept.Seconds()/gen.Seconds(), "%kept_card")
	b.ReportMetric(100*scan.Seconds()/gen.Seconds(), "%read_card")
	b.ReportMetric(scan.Seconds()/kept.Seconds(), "xread/kept")
}
