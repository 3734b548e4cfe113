package suites

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/templates"
)

// paperRows builds n questions per default family of suite under the
// Paper protocol at horizons lo-hi.
func paperRows(t *testing.T, suite string, lo, hi int, n int64) []question.Question {
	t.Helper()
	s, _ := Lookup(suite)
	sp := &Spec{Seed: 5, Families: forms.Defaults(), Horizon: Range{Min: lo, Max: hi}, Protocol: Paper}
	sp.Mix = Even(n*int64(len(sp.Families)), len(sp.Families))
	var err error
	if sp.Horizons, err = Fit(s, sp, false); err != nil {
		t.Fatal(err)
	}
	var qs []question.Question
	for i := int64(0); i < sp.Total(); i++ {
		q, err := s.Build(sp, i)
		if err != nil {
			t.Fatal(err)
		}
		if q.Index != i || q.Meta.Protocol != Paper {
			t.Fatalf("%s %d: index %d, protocol %q", suite, i, q.Index, q.Meta.Protocol)
		}
		qs = append(qs, q)
	}
	return qs
}

func TestPaperTemporalOrderGroups(t *testing.T) {
	qs := paperRows(t, "temporal_order", 1, 4, 96)
	for g := 0; g < len(qs); g += 4 {
		group := qs[g : g+4]
		kinds := map[string]bool{}
		answers := map[string]int{}
		for _, q := range group {
			if q.Group != int64(g) {
				t.Fatalf("row %d: group %d, want %d", q.Index, q.Group, g)
			}
			if q.Family != group[0].Family || q.Horizon != group[0].Horizon || q.Task != group[0].Task {
				t.Fatalf("row %d: the group's rows differ in family, horizon or task", q.Index)
			}
			kinds[q.Meta.Order+"/"+q.Meta.Format] = true
			answers[q.Answer]++
			pics := q.Meta.Pictures
			first, last := pics[0], pics[1]
			if q.Meta.Order == LaterFirst {
				first, last = last, first
			}
			// The earlier picture is the start of the run, the later its
			// last state before Submit; the run is horizon actions long.
			if !first.Equal(q.Meta.Start) || !last.Equal(q.Meta.Finals[0]) || len(q.Meta.Plans[0]) != q.Horizon+1 {
				t.Fatalf("row %d: pictures are not the first and last state of a %d-action run", q.Index, q.Horizon)
			}
			other := group[0].Meta.Pictures
			if !(pics[0].Equal(other[0]) && pics[1].Equal(other[1])) && !(pics[0].Equal(other[1]) && pics[1].Equal(other[0])) {
				t.Fatalf("row %d: the group's rows show different pictures", q.Index)
			}
		}
		if len(kinds) != 4 || answers["A"] != 2 || answers["B"] != 2 {
			t.Fatalf("group at %d: order x format %v, answers %v; want all four and two of each", g, kinds, answers)
		}
	}
}

func TestPaperFutureStateLengths(t *testing.T) {
	qs := paperRows(t, "future_state", 1, 4, 160)
	type key struct {
		fam     string
		h       int
		differs bool
	}
	yes := map[key]int{}
	all := map[key]int{}
	differ := 0
	for _, q := range qs {
		a, b := len(q.Meta.Plans[0])-1, len(q.Meta.Plans[1])-1
		if a != q.Horizon {
			t.Fatalf("row %d: plan A has %d steps, horizon %d", q.Index, a, q.Horizon)
		}
		if b != a && b != PaperPartner(a) {
			t.Fatalf("row %d: plans of %d and %d steps: not in one class", q.Index, a, b)
		}
		if (a <= 2) != (b <= 2) {
			t.Fatalf("row %d: plans of %d and %d steps cross the short/long classes", q.Index, a, b)
		}
		k := key{q.Family, q.Horizon, a != b}
		all[k]++
		if q.Answer == "Yes" {
			yes[k]++
		}
		if a != b {
			differ++
		}
	}
	if differ*10 < len(qs)*3 {
		t.Errorf("%d of %d pairs differ in length, want at least 30%%", differ, len(qs))
	}
	for k, n := range all {
		if d := 2*yes[k] - n; d < -1 || d > 1 {
			t.Errorf("%v: %d Yes of %d", k, yes[k], n)
		}
	}
}

func TestPaperPlanShuffle(t *testing.T) {
	qs := paperRows(t, "plan_shuffle", 4, 5, 40)
	at := map[int]int{}
	for _, q := range qs {
		if q.Horizon != 4 && q.Horizon != 5 {
			t.Fatalf("row %d: horizon %d", q.Index, q.Horizon)
		}
		if got := PaperOriginal(q.Meta.Plans); got != q.AnswerIdx {
			t.Fatalf("row %d: the original order is option %d, the answer %d", q.Index, got, q.AnswerIdx)
		}
		j := newJudge(&q.Meta.Form, *q.Meta.Goal)
		for k, p := range q.Meta.Plans {
			if j.correct(p, q.Meta.Start) != (k == q.AnswerIdx) || p[len(p)-1].Op != statesim.Submit {
				t.Fatalf("row %d: option %d correct %v, answer %d", q.Index, k, j.correct(p, q.Meta.Start), q.AnswerIdx)
			}
		}
		if q.ImageNeeded || q.Meta.Starts != nil {
			t.Fatalf("row %d: image_needed %v, starts %v: the paper's rows give the answer away", q.Index, q.ImageNeeded, q.Meta.Starts)
		}
		at[q.AnswerIdx]++
	}
	for k := 0; k < 4; k++ {
		if at[k] < len(qs)/4-6 || at[k] > len(qs)/4+6 {
			t.Errorf("answer %d in %d of %d rows", k, at[k], len(qs))
		}
	}
}

func TestPaperPlanShuffleRefusesOtherHorizons(t *testing.T) {
	s, _ := Lookup("plan_shuffle")
	sp := &Spec{Seed: 1, Families: forms.Builtins()[:1], Horizon: Range{Min: 3, Max: 5}, Protocol: Paper}
	sp.Mix = Even(12, 1)
	_, err := Fit(s, sp, true)
	if err == nil || !strings.Contains(err.Error(), "horizon 3") || !strings.Contains(err.Error(), "largest 5") {
		t.Fatalf("Fit at horizons 3-5: %v", err)
	}
	sp.Choices = 5
	sp.Horizon.Min = 4
	if _, err := Fit(s, sp, true); err == nil {
		t.Fatal("Fit at 5 options: no error")
	}
}

func TestPaperOriginal(t *testing.T) {
	steps := []statesim.Action{{Op: statesim.Check, Target: forms.Ref{Kind: forms.Checkbox, Ordinal: 1}}}
	for k := 2; k <= 4; k++ {
		steps = append(steps, statesim.Action{Op: statesim.Uncheck, Target: forms.Ref{Kind: forms.Checkbox, Ordinal: k}})
	}
	var plans [][]statesim.Action
	for _, order := range PaperOrders[4] {
		var p []statesim.Action
		for _, from := range order {
			p = append(p, steps[from])
		}
		plans = append(plans, append(p, statesim.SubmitAction))
	}
	slices.Reverse(plans)
	tests := []struct {
		name  string
		plans [][]statesim.Action
		want  int
	}{
		{"the four orders, reversed", plans, 3},
		{"three of them", plans[:3], -1},
		{"the original twice", [][]statesim.Action{plans[3], plans[3], plans[1], plans[0]}, -1},
	}
	for _, tt := range tests {
		if got := PaperOriginal(tt.plans); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestPaperPrompts(t *testing.T) {
	for _, suite := range Drawn() {
		s, _ := Lookup(suite)
		lo, hi := 1, 4
		if s.PaperHorizon.Min > 0 {
			lo, hi = s.PaperHorizon.Min, s.PaperHorizon.Max
		}
		q := paperRows(t, suite, lo, hi, 4)[0]
		if !templates.HasPaper(suite) {
			// The paper has no such suite: its rows keep their own prompts.
			if own, err := templates.Prompt(suite, templates.CoT, templates.PromptData{Question: q.Question, Format: q.Meta.Format}); err != nil || own != q.PromptCoT {
				t.Errorf("%s: under the paper's protocol the prompt is not the suite's own (%v)", suite, err)
			}
			continue
		}
		for _, p := range []string{q.PromptInstruct, q.PromptCoT} {
			if strings.Contains(p, "How actions work") || !strings.Contains(p, "Output format:") {
				t.Errorf("%s: not the paper's structure:\n%s", suite, p)
			}
		}
		if !strings.Contains(q.PromptCoT, "\nOUTPUT: ") {
			t.Errorf("%s: the CoT prompt asks for no OUTPUT line:\n%s", suite, q.PromptCoT)
		}
		if (suite == "plan_shuffle" || suite == "plan_semantic") && !strings.Contains(q.PromptInstruct, fmt.Sprintf("finished in %d steps", len(q.Meta.Plans[0]))) {
			t.Errorf("%s: the plan length is not stated:\n%s", suite, q.PromptInstruct)
		}
	}
}
