package suites

import (
	"slices"
	"testing"

	"github.com/formplan/formplan/textonly"
)

func TestScoring(t *testing.T) {
	tests := []struct {
		m        Scoring
		open     bool
		options  int
		measures []string
	}{
		{ByLetter, false, 0, []string{"accuracy"}},
		{ByYesNo, false, 2, []string{"accuracy"}},
		{ByOrder, false, 2, []string{"accuracy"}},
		{ByPlan, true, 0, []string{"optimal", "success"}},
		{ByAction, true, 0, []string{"lenient", "strict"}},
		{ByPoint, true, 0, []string{"in_box"}},
	}
	for _, tc := range tests {
		if got := tc.m.Open(); got != tc.open {
			t.Errorf("Scoring %d: Open() = %v, want %v", tc.m, got, tc.open)
		}
		if got := tc.m.Options(); got != tc.options {
			t.Errorf("Scoring %d: Options() = %d, want %d", tc.m, got, tc.options)
		}
		if got := tc.m.Measures(); !slices.Equal(got, tc.measures) {
			t.Errorf("Scoring %d: Measures() = %v, want %v", tc.m, got, tc.measures)
		}
	}
}

// TestRegisteredReaders checks that what each suite registers for the
// packages that read its questions back fits the questions it builds: a
// suite scored with a fixed number of options has that many, an open
// suite has none and open readers (one scored by a point: readers that
// score each element it may name), and every reader scores each option.
func TestRegisteredReaders(t *testing.T) {
	for _, s := range DrawnSuites() {
		t.Run(s.Name, func(t *testing.T) {
			if s.Open != s.Scoring.Open() {
				t.Fatalf("Open %v, but scoring %d", s.Open, s.Scoring)
			}
			for _, q := range rows(t, s.Name)[:20] {
				if s.Scoring == ByPoint {
					// Its readers pick among the elements the question may name.
					v, answer := GroundView(&q)
					if q.Choices != nil || len(s.OpenReaders) != 0 || len(s.Readers) == 0 || answer < 0 {
						t.Fatalf("point suite: %d choices, %d open readers, %d readers, named element at %d", len(q.Choices), len(s.OpenReaders), len(s.Readers), answer)
					}
					for _, r := range s.Readers {
						if got := r.Score(&v); len(got) != len(v.Choices) {
							t.Errorf("%q scores %d of %d elements", r.Name, len(got), len(v.Choices))
						}
					}
					continue
				}
				if s.Open {
					if q.Choices != nil || len(s.OpenReaders) == 0 || len(s.Readers) != 0 {
						t.Fatalf("open suite: %d choices, %d open readers, %d readers", len(q.Choices), len(s.OpenReaders), len(s.Readers))
					}
					continue
				}
				if n := s.Scoring.Options(); n > 0 && len(q.Choices) != n {
					t.Fatalf("scoring %d asks for %d options, question %d has %d", s.Scoring, n, q.Index, len(q.Choices))
				}
				v := textonly.NewView(&q)
				for _, r := range append(slices.Clone(s.Readers), s.PaperReaders...) {
					if got := r.Score(&v); len(got) != len(q.Choices) {
						t.Errorf("%q scores %d of %d options", r.Name, len(got), len(q.Choices))
					}
				}
			}
		})
	}
}
