package score

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/formplan/formplan/internal/fixture"
)

// BenchmarkTally scores 100,000 replies of 1,000 models as gen score does,
// streamed through a Tally, and, in the same run, as a whole slice of
// results (Score, then Breakdown), as gen score did before it streamed;
// it reports the time and the bytes allocated each way, and the ratio of
// the times.
func BenchmarkTally(b *testing.B) {
	dir := b.TempDir()
	fixture.Write(b, dir, 2, 100, "")
	d, err := Load(dir)
	if err != nil {
		b.Fatal(err)
	}
	rs, err := Respond(d, "random", 1, false)
	if err != nil {
		b.Fatal(err)
	}
	const models = 1000
	replies := make([]Reply, 0, 100_000)
	for k := 0; len(replies) < cap(replies); k++ {
		r := rs[k%len(rs)]
		r.Model = fmt.Sprintf("model-%04d", k/len(rs)%models)
		r.PromptStyle = fmt.Sprint(k / (len(rs) * models))
		replies = append(replies, r)
	}
	measure := func(f func()) (time.Duration, uint64) {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		f()
		elapsed := time.Since(start)
		runtime.ReadMemStats(&after)
		return elapsed, after.TotalAlloc - before.TotalAlloc
	}
	var tStream, tSlice time.Duration
	var aStream, aSlice uint64
	for range b.N {
		t, a := measure(func() {
			tl := NewTally(d, []string{"suite", "family", "horizon"}, false)
			for _, r := range replies {
				if _, err := tl.Add(r, "x"); err != nil {
					b.Fatal(err)
				}
			}
			tl.Summary()
		})
		tStream, aStream = tStream+t, aStream+a
		t, a = measure(func() {
			res, err := Score(d, replies)
			if err != nil {
				b.Fatal(err)
			}
			Breakdown(res, []string{"suite", "family", "horizon"})
		})
		tSlice, aSlice = tSlice+t, aSlice+a
	}
	n := float64(b.N)
	b.ReportMetric(tStream.Seconds()/n, "stream-s/op")
	b.ReportMetric(tSlice.Seconds()/n, "slice-s/op")
	b.ReportMetric(tStream.Seconds()/tSlice.Seconds(), "time-ratio")
	b.ReportMetric(float64(aStream)/n/1e6, "stream-MB-alloc/op")
	b.ReportMetric(float64(aSlice)/n/1e6, "slice-MB-alloc/op")
}
