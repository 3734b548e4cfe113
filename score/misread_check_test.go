package score

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/fixture"
	"github.com/formplan/formplan/job"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// readMetas reads the metadata of every row of the dataset in dir, by id.
func readMetas(t *testing.T, dir string) map[string]question.Meta {
	t.Helper()
	files, err := layout.Scan(dir)
	if err != nil {
		t.Fatal(err)
	}
	metas := map[string]question.Meta{}
	for _, f := range files.Files() {
		r, err := dataset.Open(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		batch := make([]dataset.Summary, 256)
		for {
			n, err := r.ReadSummaries(batch)
			for _, s := range batch[:n] {
				var m question.Meta
				if err := json.Unmarshal([]byte(s.Metadata), &m); err != nil {
					t.Fatalf("%s: row %s: %v", f.Path, s.ID, err)
				}
				metas[s.ID] = m
			}
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		r.Close()
	}
	return metas
}

// pairsFrom groups the questions of d by pair_id, with their metadata.
func pairsFrom(t *testing.T, d *Dataset, metas map[string]question.Meta) []*pair {
	t.Helper()
	byID := map[string]*pair{}
	var out []*pair
	for _, q := range d.Order {
		if q.PairID == q.ID {
			p := &pair{plan: q, meta: metas[q.ID]}
			byID[q.ID] = p
			out = append(out, p)
		}
	}
	for _, q := range d.Order {
		if q.PairID == "" || q.PairID == q.ID {
			continue
		}
		p := byID[q.PairID]
		m := metas[q.ID]
		if p == nil || m.Probe == nil {
			t.Fatalf("probe %s: no planning row %q, or no probe in its metadata", q.ID, q.PairID)
		}
		p.probes = append(p.probes, probeRow{q: q, probe: *m.Probe})
	}
	out = slices.DeleteFunc(out, func(p *pair) bool { return len(p.probes) == 0 })
	for _, p := range out {
		if len(p.meta.Pictures) == 0 {
			t.Fatalf("planning row %s has no pictured state", p.plan.ID)
		}
		if p.plan.Scoring != suites.ByOrder && !p.meta.Pictures[0].Equal(p.meta.Start) {
			t.Fatalf("%s row %s pictures another state than its start", p.plan.Suite, p.plan.ID)
		}
	}
	return out
}

// checkMisreader scores the misreader at rate on pairs of d and checks
// its attribution against the rate it was built with: the pairs with
// perception wrong are exactly those it misread, their share holds rate
// within its interval (over all cells, and in all but the few cells a
// 95% interval may miss), planning given right perception is 100% in
// every cell, and so is the share of errors that follow a misreading. It
// returns the summary.
func checkMisreader(t *testing.T, d *Dataset, pairs []*pair, rate float64) *Summary {
	t.Helper()
	m := misreader{seed: 41, rate: rate}
	replies, misread := m.replies(t, pairs)
	tl := NewTally(d, []string{"suite"}, false)
	for _, r := range replies {
		if _, err := tl.Add(r, "misreader"); err != nil {
			t.Fatal(err)
		}
	}
	s := tl.Summary()
	var all attribCounts
	missed := 0
	for _, a := range s.Attribution {
		if a.Partial != 0 {
			t.Errorf("%s: %d pairs answered in part", fmtCell(&a), a.Partial)
		}
		if a.GivenRight.Correct != a.GivenRight.N {
			t.Errorf("%s: planning given right perception %d of %d", fmtCell(&a), a.GivenRight.Correct, a.GivenRight.N)
		}
		if a.ErrorsMisread.Correct != a.ErrorsMisread.N {
			t.Errorf("%s: %d of %d errors after a misreading", fmtCell(&a), a.ErrorsMisread.Correct, a.ErrorsMisread.N)
		}
		if right := 1 - rate; right < a.Perception.Low || right > a.Perception.High {
			missed++
		}
		all.pairs += a.Pairs
		all.n[1][1] += a.GivenRight.Correct
		all.n[1][0] += a.GivenRight.N - a.GivenRight.Correct
		all.n[0][1] += a.GivenMisread.Correct
		all.n[0][0] += a.GivenMisread.N - a.GivenMisread.Correct
	}
	// Read from the caption the misreader plans right every time: the
	// gap is the share of pairs it misread and then planned wrong.
	if len(s.PerceptionGaps) != len(s.Attribution) {
		t.Fatalf("%d perception gaps for %d attribution cells", len(s.PerceptionGaps), len(s.Attribution))
	}
	for k, g := range s.PerceptionGaps {
		a := &s.Attribution[k]
		lost := a.GivenMisread.N - a.GivenMisread.Correct
		if g.Suite != a.Suite || g.Family != a.Family || g.Horizon != a.Horizon || g.Caption.Correct != g.Caption.N ||
			g.Picture.Correct != a.Plan.Correct || g.Picture.N != a.Pairs || math.Abs(g.Gap-float64(lost)/float64(a.Pairs)) > 1e-12 {
			t.Errorf("%s: perception gap %+v, want caption 100%% and a gap of %d of %d", fmtCell(a), g, lost, a.Pairs)
		}
	}
	if all.pairs != len(pairs) {
		t.Fatalf("%d pairs counted, %d answered", all.pairs, len(pairs))
	}
	if got := all.n[0][0] + all.n[0][1]; got != misread {
		t.Errorf("%d pairs with perception wrong, the misreader misread %d", got, misread)
	}
	share := newRate(misread, all.pairs)
	if rate < share.Low || rate > share.High {
		t.Errorf("misread share %.3f [%.3f, %.3f] of %d pairs misses the rate %.3f", share.Accuracy, share.Low, share.High, all.pairs, rate)
	}
	// A 95% interval misses the truth in one cell of 20; more than a
	// quarter missing is no chance.
	if missed > max(1, len(s.Attribution)/4) {
		t.Errorf("the rate lies outside %d of %d cells' intervals", missed, len(s.Attribution))
	}
	if testing.Verbose() {
		var b strings.Builder
		if err := writeAttribution(&b, s); err != nil {
			t.Fatal(err)
		}
		t.Log(b.String())
	}
	t.Logf("rate %.2f: %d pairs in %d cells, misread %d (%.1f%% [%.1f, %.1f]); planning given a misreading %d of %d; %d cells' intervals miss the rate",
		rate, all.pairs, len(s.Attribution), misread, 100*share.Accuracy, 100*share.Low, 100*share.High,
		all.n[0][1], all.n[0][0]+all.n[0][1], missed)
	return s
}

// fmtCell names an attribution's cell in messages.
func fmtCell(a *Attribution) string {
	return fmt.Sprintf("%s/%s/%d %s", a.Suite, a.Family, a.Horizon, a.Run())
}

// withProbes pairs every question of d that has a pictured state with up
// to k probes of its own making, as gen --probes pairs them, and returns
// how many it paired: Yes/No probes about the first elements of its form
// (a checkbox checked, a radio button selected, a slider at its value, a
// text box empty, a conditional element enabled), each answered from the
// pictured state.
func withProbes(t *testing.T, d *Dataset, metas map[string]question.Meta, k int) int {
	t.Helper()
	planning := slices.Clone(d.Order)
	paired := 0
	for _, q := range planning {
		m := metas[q.ID]
		if len(m.Pictures) == 0 || m.Probe != nil {
			continue
		}
		paired++
		q.PairID = q.ID
		f := &m.Form
		for i := 0; i < len(f.Elements) && i < k; i++ {
			e := &f.Elements[i]
			pr := question.Probe{Element: e.ID, Negated: i%2 == 1}
			switch {
			case e.EnabledBy != nil:
				pr.Kind = question.ProbeEnabled
			case e.Kind == forms.Checkbox:
				pr.Kind = question.ProbeChecked
			case e.Kind == forms.Radio:
				pr.Kind = question.ProbeSelected
			case e.Kind == forms.Slider:
				pr.Kind, pr.Value = question.ProbeHolds, strconv.Itoa(m.Pictures[0][i].N)
			default:
				pr.Kind = question.ProbeEmpty
			}
			ans, err := suites.ProbeAnswer(f, m.Pictures[0], &pr)
			if err != nil {
				t.Fatalf("row %s: %v", q.ID, err)
			}
			id := fmt.Sprintf("%s-probe-%d", q.ID, i)
			p := &Question{ID: id, Index: int64(len(d.BySuite["probes"])), Suite: "probes", Family: q.Family, Horizon: q.Horizon, Answer: ans,
				Options: Options{Choices: []string{"Yes", "No"}, YesNo: true}, Scoring: suites.ByYesNo, PairID: q.ID, Pos: len(d.Order)}
			if d.BySuite["probes"] == nil {
				d.BySuite["probes"] = map[int64]*Question{}
			}
			d.BySuite["probes"][p.Index] = p
			d.ByID[id] = p
			d.Order = append(d.Order, p)
			metas[id] = question.Meta{Probe: &pr}
		}
	}
	return paired
}

// TestMisreaderOnBuiltProbes runs the misreader on every suite's rows
// of the seed paper's families, each paired with three probes made here,
// at two rates, and the oracle: 100% on probes and planning alike.
func TestMisreaderOnBuiltProbes(t *testing.T) {
	dir := t.TempDir()
	fixture.Write(t, dir, 3, 120, "")
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	metas := readMetas(t, dir)
	paired := withProbes(t, d, metas, 3)
	pairs := pairsFrom(t, d, metas)
	if len(pairs) != paired || paired < 120*len(suites.Defaults()) {
		t.Fatalf("%d pairs of %d rows paired", len(pairs), paired)
	}
	for _, rate := range []float64{0.2, 0.5} {
		checkMisreader(t, d, pairs, rate)
	}
	checkOracle(t, d)
}

// checkOracle checks that the oracle is right on every question of d,
// probes and planning alike, and that its attribution says so.
func checkOracle(t *testing.T, d *Dataset) {
	t.Helper()
	replies, err := Respond(d, "oracle", 1, false)
	if err != nil {
		t.Fatal(err)
	}
	tl := NewTally(d, []string{"suite"}, false)
	for _, r := range replies {
		if _, err := tl.Add(r, "oracle"); err != nil {
			t.Fatal(err)
		}
	}
	s := tl.Summary()
	for _, c := range s.Cells {
		if c.Correct != c.N {
			t.Errorf("oracle on %s: %d of %d", c.Key["suite"], c.Correct, c.N)
		}
	}
	if len(s.Attribution) == 0 {
		t.Fatal("no attribution of the oracle")
	}
	for _, a := range s.Attribution {
		if a.Perception.Correct != a.Pairs || a.Plan.Correct != a.Pairs || a.GivenMisread.N != 0 || a.ErrorsMisread.N != 0 {
			t.Errorf("oracle %s: %+v", fmtCell(&a), a)
		}
	}
}

// TestMisreaderOnGenProbes runs the misreader and the oracle on what gen
// --probes 3 writes of the default mix, with pictures: the probes are
// gen's own, about the elements whose pictured values decide each row.
func TestMisreaderOnGenProbes(t *testing.T) {
	dir := t.TempDir()
	req := job.Request{Settings: job.Settings{Out: dir, Seed: 1, N: 100, Horizon: suites.Range{Min: 1, Max: 4}, Choices: 4, Scale: 1,
		Shards: 1, Formats: []string{"parquet"}, Quiet: true, Probes: 3},
		PaperTasks: "appendix", Suites: strings.Join(suites.Defaults(), ","), Families: strings.Join(forms.Names(forms.Defaults()), ",")}
	env := job.Env{Version: "test", Published: func() (string, error) { return "2026-01-01", nil }, Stdout: io.Discard, Stderr: io.Discard}
	if err := job.Generate(context.Background(), req, env); err != nil {
		t.Fatal(err)
	}
	d, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	pairs := pairsFrom(t, d, readMetas(t, dir))
	if want := 100 * len(suites.Defaults()); len(pairs) != want {
		t.Fatalf("%d pairs, want one per planning row, %d", len(pairs), want)
	}
	for _, p := range pairs {
		if len(p.probes) != 3 {
			t.Fatalf("planning row %s has %d probes, want 3", p.plan.ID, len(p.probes))
		}
	}
	checkMisreader(t, d, pairs, 0.25)
	checkOracle(t, d)
}
