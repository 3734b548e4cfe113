package blind

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// TestNoReaderBeatsChance runs every reader on a sample of every cell of
// horizons 1-4 at 2, 3, 4, 6 and 8 options, and of the open-ended suites
// (gen blind runs the full table, with enough rows per cell for the
// 3-point bound). On an open-ended row the exact bound's hit is a draw
// whose odds are the row's bound, so only the test below checks it.
func TestNoReaderBeatsChance(t *testing.T) {
	rows := 240
	if testing.Short() {
		rows = 60
	}
	checkNoLeak(t, Config{
		Seed: 7, Suites: suites.Drawn(), Families: forms.Defaults(), Options: []int{2, 3, 4, 6, 8},
		HorizonMin: 1, HorizonMax: 4, Rows: func(int) int { return rows }, Workers: 2,
	}, 100)
}

// TestNoReaderBeatsChanceLong is TestNoReaderBeatsChance on the long
// families at 4 options and horizons 9-12 (make blind-long runs them all).
func TestNoReaderBeatsChanceLong(t *testing.T) {
	rows := 240
	if testing.Short() {
		rows = 60
	}
	checkNoLeak(t, Config{
		Seed: 7, Suites: suites.Drawn(), Families: forms.Long(), Options: []int{4},
		HorizonMin: 9, HorizonMax: 12, Rows: func(int) int { return rows }, Workers: 2,
	}, 56)
}

// checkNoLeak runs gen blind's readers on the cells of cfg, at least
// cells of them, and fails on any that beats chance or an exact bound
// that is not exactly chance.
func checkNoLeak(t *testing.T, cfg Config, least int) {
	t.Helper()
	cells, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) < least {
		t.Fatalf("only %d cells", len(cells))
	}
	for _, c := range cells {
		for _, s := range c.Scores {
			if c.Options > 0 && strings.HasPrefix(s.Reader, "exact") && math.Abs(c.Accuracy(s)-c.Chance()) > 1e-9 {
				t.Errorf("%s %s %d options horizon %d: the exact bound is %.3f, want exactly %.3f: some option is the only correct one from no start",
					c.Suite, c.Family, c.Options, c.Horizon, c.Accuracy(s), c.Chance())
			}
		}
	}
	for _, f := range Check(cells, 0.03, 1000, 0.01) {
		t.Errorf("%s %s %d options horizon %d: %q %s", f.Cell.Suite, f.Cell.Family, f.Cell.Options, f.Cell.Horizon, f.Score.Reader, f.Reason)
	}
}

// TestCheckFindsLeaks feeds the readers questions whose answer is always
// the longest option, and whose options other than the answer can never
// be correct: the surface, symbolic and exact readers must all flag them.
func TestCheckFindsLeaks(t *testing.T) {
	f := forms.Builtin("checkboxes").NewForm(suites.Source(1, "leak", 0))
	box := func(k int) forms.Ref { return f.RefOf(k) }
	g := statesim.Goal{Wants: []statesim.Want{{Target: box(0), Value: statesim.Value{N: 1}}}}
	plans := [][]statesim.Action{
		{{Op: statesim.Check, Target: box(0)}, {Op: statesim.Uncheck, Target: box(1)}, statesim.SubmitAction},
		{{Op: statesim.Uncheck, Target: box(0)}, statesim.SubmitAction},
	}
	var c Cell
	c.Options = 2
	for range 400 {
		q := question.Question{Suite: "edge_case", Choices: []string{"long option text", "short"}, AnswerIdx: 0,
			Meta: question.Meta{Form: f, Goal: &g, Plans: plans}}
		c.Add(&q)
	}
	flagged := map[string]bool{}
	for _, fl := range Check([]Cell{c}, 0.03, 100, 0.01) {
		flagged[fl.Score.Reader] = true
	}
	for _, want := range []string{"longest option", "symbolic: can be correct from some start", "exact bound: only correct from some start"} {
		if !flagged[want] {
			t.Errorf("%q was not flagged; flagged: %v", want, flagged)
		}
	}
}

func TestRowsFor(t *testing.T) {
	for _, tc := range []struct{ n, want int }{{2, 5625}, {4, 4219}, {8, 2461}} {
		if got := RowsFor(tc.n); got != tc.want {
			t.Errorf("RowsFor(%d) = %d, want %d", tc.n, got, tc.want)
		}
	}
}

// TestPaperProtocol measures questions made under the seed paper's
// settings: plan_shuffle's fixed reorderings give the answer to a reader
// of the text (as its rows' image_needed false says), while future_state
// and temporal_order (groups of four) stay at chance.
func TestPaperProtocol(t *testing.T) {
	cells, err := Run(context.Background(), Config{
		Seed: 3, Suites: []string{"plan_shuffle", "future_state", "temporal_order"}, Families: forms.Paper(), Options: []int{4},
		HorizonMin: 1, HorizonMax: 5, Protocol: suites.Paper, Rows: func(int) int { return 120 }, Workers: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	shuffles := 0
	for _, c := range cells {
		for _, s := range c.Scores {
			if c.Suite == "plan_shuffle" && s.Reader == "the paper's original order" {
				shuffles++
				if c.Accuracy(s) != 1 {
					t.Errorf("plan_shuffle %s horizon %d: the paper's original order scores %.3f, want 1", c.Family, c.Horizon, c.Accuracy(s))
				}
			}
			if c.Suite == "temporal_order" && s.Reader == "always Picture 1" && c.Accuracy(s) != 0.5 {
				t.Errorf("temporal_order %s horizon %d: always Picture 1 scores %.3f, want exactly 0.5 in groups of four", c.Family, c.Horizon, c.Accuracy(s))
			}
		}
	}
	if shuffles != 6 {
		t.Errorf("%d plan_shuffle cells, want 3 families x horizons 4-5", shuffles)
	}
	for _, f := range Check(cells, 0.03, 1000, 0.01) {
		if f.Cell.Suite != "plan_shuffle" {
			t.Errorf("%s %s horizon %d: %q %s", f.Cell.Suite, f.Cell.Family, f.Cell.Horizon, f.Score.Reader, f.Reason)
		}
	}
}
