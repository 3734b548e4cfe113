package suites

import (
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/rowcheck"
	"github.com/formplan/formplan/statesim"
)

// perceptionRows builds n perception questions of one family at choices
// options.
func perceptionRows(t *testing.T, fam forms.Family, choices int, n int64) []question.Question {
	t.Helper()
	return freeRows(t, "perception", 3, fam, choices, n)
}

// freeRows builds n questions of a suite without horizon on one family,
// from seed.
func freeRows(t *testing.T, suite string, seed uint64, fam forms.Family, choices int, n int64) []question.Question {
	t.Helper()
	s, _ := Lookup(suite)
	sp := &Spec{Seed: seed, Families: []forms.Family{fam}, Choices: choices, Mix: []Part{{Family: 0, Count: n}}}
	if _, err := Fit(s, sp, true); err != nil {
		t.Fatal(err)
	}
	qs := make([]question.Question, n)
	for i := range qs {
		q, err := s.Build(sp, int64(i))
		if err != nil {
			t.Fatal(err)
		}
		qs[i] = q
	}
	return qs
}

// TestPerceptionKinds checks which kinds of probe each family is asked
// and over how many slots each balances its answers.
func TestPerceptionKinds(t *testing.T) {
	text := forms.Group{Kind: forms.TextBox, MinCount: 1, MaxCount: 1, TextPool: []string{"a", "b", "c", "d", "e", "f"}}
	twoText := text
	twoText.TextVocab = 2
	tests := []struct {
		fam     forms.Family
		choices int
		want    string
	}{
		{*forms.Builtin("checkboxes"), 4, "[{checked 2}]"},
		{*forms.Builtin("slider_checkboxes"), 4, "[{checked 2} {slider 4}]"},
		{*forms.Builtin("slider_checkboxes"), 8, "[{checked 2} {slider 8}]"},
		{*forms.Builtin("radio_textboxes"), 4, "[{selected 2} {member 3} {text 4}]"},
		{*forms.Builtin("radio_textboxes"), 2, "[{selected 2} {member 3} {text 2}]"},
		{*forms.Builtin("checkbox_textboxes"), 4, "[{checked 2} {enabled 2} {text 4}]"},
		{*forms.Builtin("radio_slider"), 6, "[{selected 2} {enabled 2} {member 3} {slider 6}]"},
		{*forms.Builtin("mixed_form"), 4, "[{checked 2} {selected 2} {enabled 2} {member 3} {slider 4} {text 4}]"},
		// Radio groups of 1 to 4 members: 2, 3 or 4 options, lcm 12.
		{forms.Family{Name: "r", Groups: []forms.Group{{Kind: forms.Radio, MinCount: 1, MaxCount: 4}}}, 4, "[{selected 2} {member 12}]"},
		// Two text groups of 3 and 2 values, which may share some: 3 to 5
		// distinct, so 4 to 6 options at 8 choices.
		{forms.Family{Name: "t", Groups: []forms.Group{text, twoText}}, 8, "[{text 60}]"},
		{forms.Family{Name: "t", Groups: []forms.Group{text, twoText}}, 4, "[{text 4}]"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%d", tc.fam.Name, tc.choices), func(t *testing.T) {
			if got := fmt.Sprint(perceptionKinds(&tc.fam, tc.choices)); got != tc.want {
				t.Errorf("kinds %s, want %s", got, tc.want)
			}
		})
	}
}

// TestPerceptionBalanced builds whole blocks of questions on every
// built-in family and checks that kinds take turns, that every kind's
// answers (and a Yes/No kind's wordings) are spread exactly evenly, that
// every answer is what ProbeAnswer gives on the pictured state, and that
// every candidate start answers its own option.
func TestPerceptionBalanced(t *testing.T) {
	for _, fam := range forms.Builtins() {
		for _, choices := range []int{2, 4, 8} {
			t.Run(fmt.Sprintf("%s/%d", fam.Name, choices), func(t *testing.T) {
				kinds := perceptionKinds(&fam, choices)
				block := 1
				for _, k := range kinds {
					block = lcm(block, k.slots)
				}
				per := int64(2 * block) // rows a kind, two blocks of its slots
				qs := perceptionRows(t, fam, choices, per*int64(len(kinds)))
				byKind := map[string]int{}
				answers := map[string]map[string]int{}
				negated := map[string]int{}
				for _, q := range qs {
					p := q.Meta.Probe
					byKind[p.Kind]++
					if answers[p.Kind] == nil {
						answers[p.Kind] = map[string]int{}
					}
					answers[p.Kind][q.Answer]++
					if p.Negated {
						negated[p.Kind]++
					}
					got, err := ProbeAnswer(&q.Meta.Form, q.Meta.Pictures[0], p)
					if err != nil || got != q.Choices[q.AnswerIdx] {
						t.Fatalf("row %d: ProbeAnswer %q (%v), the row answers %q", q.Index, got, err, q.Choices[q.AnswerIdx])
					}
					for k, s := range q.Meta.Starts {
						if a, err := ProbeAnswer(&q.Meta.Form, s, p); err != nil || a != q.Choices[k] {
							t.Fatalf("row %d: candidate %d answers %q (%v), not %q", q.Index, k, a, err, q.Choices[k])
						}
					}
					if !q.ImageNeeded || q.Horizon != 0 || len(q.Choices) < 2 {
						t.Fatalf("row %d: image_needed %v, horizon %d, %d options", q.Index, q.ImageNeeded, q.Horizon, len(q.Choices))
					}
				}
				for _, k := range kinds {
					if byKind[k.kind] != int(per) {
						t.Errorf("%d rows of kind %s, want %d (kinds %v)", byKind[k.kind], k.kind, per, byKind)
					}
					counts := answers[k.kind]
					n := len(counts)
					for a, c := range counts {
						if c != int(per)/n {
							t.Errorf("kind %s: answer %s %d times, want %d (%v)", k.kind, a, c, int(per)/n, counts)
						}
					}
					if YesNoProbe(k.kind) && negated[k.kind] != int(per)/2 {
						t.Errorf("kind %s: %d of %d worded negated", k.kind, negated[k.kind], per)
					}
				}
			})
		}
	}
}

// perceptionRow is q as its dataset row has it, for the row check.
func perceptionRow(q *question.Question) *rowcheck.Row {
	h, idx, needed, history := int64(q.Horizon), int64(q.AnswerIdx), q.ImageNeeded, q.History
	col := &dataset.Row{Suite: q.Suite, Family: q.Family, Horizon: &h, Question: q.Question, Choices: q.Choices,
		Answer: q.Answer, AnswerIdx: &idx, OptionLabels: q.Labels, ImageNeeded: &needed, History: &history}
	m := q.Meta
	return &rowcheck.Row{Col: col, Meta: &m, P: &rowcheck.Problems{}}
}

// TestCheckPerception checks that the row check passes every row the
// builder makes and finds each kind of tampering.
func TestCheckPerception(t *testing.T) {
	var qs []question.Question
	for _, fam := range forms.Builtins() {
		qs = append(qs, perceptionRows(t, fam, 4, 24)...)
	}
	for _, q := range qs {
		r := perceptionRow(&q)
		checkPerception(r)
		if len(*r.P) > 0 {
			t.Fatalf("%s row %d: %q", q.Family, q.Index, *r.P)
		}
	}
	find := func(kind string) question.Question {
		for _, q := range qs {
			if q.Meta.Probe.Kind == kind {
				return q
			}
		}
		t.Fatalf("no %s probe", kind)
		return question.Question{}
	}
	tests := []struct {
		name   string
		kind   string
		tamper func(r *rowcheck.Row)
	}{
		{"answer moved", question.ProbeChecked, func(r *rowcheck.Row) {
			k := 1 - *r.Col.AnswerIdx
			r.Col.AnswerIdx, r.Col.Answer = &k, question.Letters[k:k+1]
		}},
		{"negation flipped", question.ProbeSelected, func(r *rowcheck.Row) {
			p := *r.Meta.Probe
			p.Negated = !p.Negated
			r.Meta.Probe = &p
		}},
		{"slider value off its step", question.ProbeSlider, func(r *rowcheck.Row) {
			c := slices.Clone(r.Col.Choices)
			v, _ := strconv.Atoi(c[0])
			c[0] = strconv.Itoa(v - 100)
			r.Col.Choices = c
		}},
		{"text not in the vocabulary", question.ProbeText, func(r *rowcheck.Row) {
			c := slices.Clone(r.Col.Choices)
			c[len(c)-1] = `"nowhere"`
			r.Col.Choices = c
		}},
		{"members reordered", question.ProbeMember, func(r *rowcheck.Row) {
			c := slices.Clone(r.Col.Choices)
			c[0], c[1] = c[1], c[0]
			r.Col.Choices = c
		}},
		{"a candidate start lost", question.ProbeEnabled, func(r *rowcheck.Row) {
			r.Meta.Starts = r.Meta.Starts[:1]
		}},
		{"candidate starts swapped", question.ProbeChecked, func(r *rowcheck.Row) {
			r.Meta.Starts = []statesim.State{r.Meta.Starts[1], r.Meta.Starts[0]}
		}},
		{"image not needed", question.ProbeText, func(r *rowcheck.Row) {
			no := false
			r.Col.ImageNeeded = &no
		}},
		{"a horizon", question.ProbeSlider, func(r *rowcheck.Row) {
			h := int64(2)
			r.Col.Horizon = &h
		}},
		{"no probe", question.ProbeChecked, func(r *rowcheck.Row) { r.Meta.Probe = nil }},
		{"probe about a submit button", question.ProbeChecked, func(r *rowcheck.Row) {
			p := *r.Meta.Probe
			p.Element = r.Meta.Form.Elements[len(r.Meta.Form.Elements)-1].ID
			r.Meta.Probe = &p
		}},
		{"labels", question.ProbeMember, func(r *rowcheck.Row) {
			l := slices.Clone(r.Col.OptionLabels)
			l[(*r.Col.AnswerIdx+1)%int64(len(l))] = "wrong"
			r.Col.OptionLabels = l
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := find(tc.kind)
			r := perceptionRow(&q)
			tc.tamper(r)
			checkPerception(r)
			if len(*r.P) == 0 {
				t.Errorf("the check finds nothing wrong")
			}
		})
	}
}
