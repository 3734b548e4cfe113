package suites

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
)

// perCell is how many questions per family x horizon cell the tests draw.
const perCell = 40

// generated caches the rows the tests share.
var generated = map[string][]question.Question{}

// rows builds perCell questions of every built-in family at horizons 1-4
// (those the family allows) at 4 options.
func rows(t testing.TB, suite string) []question.Question {
	if qs, ok := generated[suite]; ok {
		return qs
	}
	s, ok := Lookup(suite)
	if !ok {
		t.Fatalf("no suite %s", suite)
	}
	sp := &Spec{Seed: 11, Families: forms.Builtins(), Horizon: Range{Min: 1, Max: 4}}
	var err error
	if sp.Horizons, err = Fit(s, sp, false); err != nil {
		t.Fatal(err)
	}
	sp.Mix = Even(int64(perCell*4*len(sp.Families)), len(sp.Families))
	var qs []question.Question
	for i := int64(0); i < sp.Total(); i++ {
		q, err := s.Build(sp, i)
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, q)
	}
	generated[suite] = qs
	return qs
}

// decoded returns the question's metadata after a JSON round trip, as a
// user of the dataset reads it.
func decoded(t *testing.T, q question.Question) question.Meta {
	t.Helper()
	raw, err := json.Marshal(q.Meta)
	if err != nil {
		t.Fatal(err)
	}
	var m question.Meta
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func correctFrom(m *question.Meta, plan []statesim.Action, s statesim.State) bool {
	out, err := statesim.Run(&m.Form, s, plan)
	return err == nil && out.Submitted && m.Goal.Met(&m.Form, out.Final)
}

// TestEveryOptionHasItsStart re-simulates every multiple-choice question
// from its metadata alone: each option is correct from its own start and
// from no other, the answer's start is the pictured one, and every option
// has the horizon's steps.
func TestEveryOptionHasItsStart(t *testing.T) {
	for _, suite := range []string{"edge_case", "plan_semantic", "plan_shuffle"} {
		for _, q := range rows(t, suite) {
			m := decoded(t, q)
			if len(m.Starts) != len(q.Choices) || len(m.Plans) != len(q.Choices) {
				t.Fatalf("%s %d: %d starts and %d plans for %d choices", suite, q.Index, len(m.Starts), len(m.Plans), len(q.Choices))
			}
			for k, s := range m.Starts {
				if err := statesim.Validate(&m.Form, s); err != nil {
					t.Fatalf("%s %d: start %d: %v", suite, q.Index, k, err)
				}
				for j, plan := range m.Plans {
					if correctFrom(&m, plan, s) != (j == k) {
						t.Fatalf("%s %d: option %d from the start of option %d: correct=%v", suite, q.Index, j, k, j != k)
					}
				}
				steps := len(m.Plans[k]) - 1
				if suite != "plan_shuffle" {
					steps = strings.Count(q.Choices[k], "\n") // steps before the last line, Hit Submit
				}
				if steps != q.Horizon {
					t.Fatalf("%s %d: option %d has %d steps, horizon %d", suite, q.Index, k, steps, q.Horizon)
				}
			}
			if !m.Starts[q.AnswerIdx].Equal(m.Start) || !m.Pictures[0].Equal(m.Start) {
				t.Fatalf("%s %d: the answer's start is not the pictured one", suite, q.Index)
			}
			if !q.ImageNeeded || q.Labels[q.AnswerIdx] != "correct" {
				t.Fatalf("%s %d: image_needed %v, labels %v", suite, q.Index, q.ImageNeeded, q.Labels)
			}
		}
	}
}

// TestBalancedCells checks that a family's horizon cells hold as many
// questions as each other (give or take one) and that answers are spread
// exactly evenly within each cell (give or take one per answer); in a
// suite without horizon, the kinds of probe take the horizons' place.
func TestBalancedCells(t *testing.T) {
	for _, s := range DrawnSuites() {
		type key struct {
			fam  string
			h    int
			kind string
		}
		cells := map[key]int{}
		answers := map[key]map[string]int{}
		for _, q := range rows(t, s.Name) {
			k := key{q.Family, q.Horizon, ""}
			if s.NoHorizon {
				k.kind = q.Meta.Probe.Kind
			}
			cells[k]++
			if answers[k] == nil {
				answers[k] = map[string]int{}
			}
			a := q.Answer
			switch {
			case s.Name == "temporal_order":
				a += q.Meta.Format
			case s.Open:
				a = q.Meta.Format // answers are gold replies; next_action balances its reply formats
			}
			answers[k][a]++
		}
		least, most := map[string]int{}, map[string]int{}
		for k, n := range cells {
			if least[k.fam] == 0 || n < least[k.fam] {
				least[k.fam] = n
			}
			most[k.fam] = max(most[k.fam], n)
		}
		for fam := range most {
			if most[fam]-least[fam] > 1 {
				t.Errorf("%s %s: horizon cells hold %d to %d questions", s.Name, fam, least[fam], most[fam])
			}
		}
		for k, n := range cells {
			lo, hi := n, 0
			for _, c := range answers[k] {
				lo, hi = min(lo, c), max(hi, c)
			}
			if hi-lo > 1 {
				t.Errorf("%s %v: answers %v are not balanced", s.Name, k, answers[k])
			}
		}
	}
}

// TestFutureStateStarts checks that the two recorded starts give the two
// verdicts and that the pictured one gives the answer.
func TestFutureStateStarts(t *testing.T) {
	for _, q := range rows(t, "future_state") {
		m := decoded(t, q)
		if len(m.Starts) != 2 {
			t.Fatalf("%d: %d starts", q.Index, len(m.Starts))
		}
		for k, s := range m.Starts {
			a, errA := statesim.Run(&m.Form, s, m.Plans[0])
			b, errB := statesim.Run(&m.Form, s, m.Plans[1])
			if errA != nil || errB != nil || a.Final.Equal(b.Final) != (k == 0) {
				t.Fatalf("%d: start %d does not give its verdict", q.Index, k)
			}
		}
		if !m.Starts[q.AnswerIdx].Equal(m.Start) || len(m.Plans[0]) != q.Horizon+1 || len(m.Plans[1]) != q.Horizon+1 {
			t.Fatalf("%d: pictured start or plan lengths wrong", q.Index)
		}
	}
}

// TestEdgeCaseMistakes checks 1 to 3 mistakes, each made from the clean
// form, and that partly typed text boxes occur.
func TestEdgeCaseMistakes(t *testing.T) {
	partly := 0
	for _, q := range rows(t, "edge_case") {
		m := decoded(t, q)
		if n, most := len(m.History), MaxHistory(&m.Form); n < 1 || n > most {
			t.Fatalf("%d: %d steps of mistakes", q.Index, n)
		}
		out, err := statesim.Run(&m.Form, statesim.Clean(&m.Form), m.History)
		if err != nil || !out.Final.Equal(m.Start) {
			t.Fatalf("%d: the history does not make the start", q.Index)
		}
		for _, a := range m.History {
			for _, w := range m.Goal.Wants {
				if a.Op == statesim.Type && a.Target == w.Target && strings.HasPrefix(w.Value.S, a.Text) {
					partly++
				}
			}
		}
	}
	if partly == 0 {
		t.Error("no edge_case start holds a partly typed text")
	}
}

func TestDeterministic(t *testing.T) {
	for _, s := range DrawnSuites() {
		sp := &Spec{Seed: 5, Families: forms.Builtins()}
		var err error
		if sp.Horizons, err = Fit(s, sp, false); err != nil {
			t.Fatal(err)
		}
		for _, i := range []int64{0, 7, 31} {
			a, errA := s.Build(sp, i)
			b, errB := s.Build(sp, i)
			if errA != nil || errB != nil {
				t.Fatal(errA, errB)
			}
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if string(ja) != string(jb) {
				t.Errorf("%s %d: two builds differ", s.Name, i)
			}
		}
	}
}

// TestFit checks that a horizon a family cannot give is refused with the
// horizons it allows, and left out when not asked for.
func TestFit(t *testing.T) {
	s, _ := Lookup("edge_case")
	sp := &Spec{Seed: 1, Families: []forms.Family{*forms.Builtin("radio_textboxes")}, Horizon: Range{Min: 1, Max: 4}}
	_, err := Fit(s, sp, true)
	if err == nil || !strings.Contains(err.Error(), "it allows horizon 2 (largest 2)") {
		t.Fatalf("strict Fit: %v", err)
	}
	if sp.Horizons, err = Fit(s, sp, false); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(sp.Horizons) != "[[2]]" {
		t.Fatalf("horizons %v, want [[2]]", sp.Horizons)
	}
	sp = &Spec{Seed: 1, Families: []forms.Family{*forms.Builtin("radio_textboxes")}, Choices: 8}
	if _, err := Fit(s, sp, false); err == nil || !strings.Contains(err.Error(), "allows no horizon at 8 options") {
		t.Fatalf("8 options: %v", err)
	}
}

// TestPlace checks the cell scheme: families take turns, then horizons.
func TestPlace(t *testing.T) {
	sp := &Spec{Families: forms.Paper(), Horizon: Range{Min: 2, Max: 4}}
	for i, want := range []struct {
		fam, h int
		local  int64
	}{{0, 2, 0}, {1, 2, 0}, {2, 2, 0}, {0, 3, 0}, {1, 3, 0}, {2, 3, 0}, {0, 4, 0}, {1, 4, 0}, {2, 4, 0}, {0, 2, 1}} {
		c := sp.place("x", int64(i))
		if c.family != want.fam || c.h != want.h || c.local != want.local {
			t.Errorf("index %d: family %d horizon %d local %d, want %+v", i, c.family, c.h, c.local, want)
		}
	}
}

// TestFitAboveRange checks that a family allowing none of the default
// horizons gets the smallest it allows above them, and its questions are
// built there.
func TestFitAboveRange(t *testing.T) {
	s, _ := Lookup("plan_shuffle")
	fam := *forms.Builtin("radio_textboxes")
	sp := &Spec{Seed: 20, Families: []forms.Family{fam}, Horizon: Range{Min: 1, Max: 2}}
	var err error
	if sp.Horizons, err = Fit(s, sp, false); err != nil {
		t.Fatal(err)
	}
	if len(sp.Horizons[0]) != 1 || sp.Horizons[0][0] <= 2 {
		t.Fatalf("horizons %v, want one above 2", sp.Horizons)
	}
	for i := int64(0); i < 6; i++ {
		q, err := s.Build(sp, i)
		if err != nil {
			t.Fatal(err)
		}
		if q.Horizon != sp.Horizons[0][0] {
			t.Fatalf("question %d: horizon %d, want %d", i, q.Horizon, sp.Horizons[0][0])
		}
	}
}
