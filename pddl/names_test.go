package pddl

import (
	"regexp"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

func TestTextNames(t *testing.T) {
	tests := []struct {
		text, name string
	}{
		{"", "empty"},
		{"12", "txt-12"},
		{"abc9", "txt-abc9"},
		{"Ab", "txt-u-4162"},
		{"ab", "txt-ab"},
		{"other", "txt-u-6f74686572"},
		{"x-1", "txt-u-782d31"},
		{"ÄÖ", "txt-u-c384c396"},
		{"a b", "txt-u-612062"},
		{"empty", "txt-empty"},
	}
	for _, tc := range tests {
		if got := TextName(tc.text); got != tc.name {
			t.Errorf("TextName(%q) = %s, want %s", tc.text, got, tc.name)
		}
		if back, err := ParseTextName(tc.name); err != nil || back != tc.text {
			t.Errorf("ParseTextName(%s) = %q, %v; want %q", tc.name, back, err, tc.text)
		}
	}
	for _, bad := range []string{Sink, "txt-", "txt-u-", "txt-u-zz", "txt-A", "txt-a_b", "pos-3", "text-1"} {
		if got, err := ParseTextName(bad); err == nil {
			t.Errorf("ParseTextName(%s) = %q, want an error", bad, got)
		}
	}
}

func TestNumberNames(t *testing.T) {
	tests := []struct {
		n             int
		position, amt string
	}{
		{0, "pos-0", "by-0"},
		{3, "pos-3", "by-3"},
		{-3, "pos-m3", "by-m3"},
		{-10, "pos-m10", "by-m10"},
	}
	for _, tc := range tests {
		if got := PositionName(tc.n); got != tc.position {
			t.Errorf("PositionName(%d) = %s, want %s", tc.n, got, tc.position)
		}
		if got := AmountName(tc.n); got != tc.amt {
			t.Errorf("AmountName(%d) = %s, want %s", tc.n, got, tc.amt)
		}
		if n, err := ParsePositionName(tc.position); err != nil || n != tc.n {
			t.Errorf("ParsePositionName(%s) = %d, %v", tc.position, n, err)
		}
		if n, err := ParseAmountName(tc.amt); err != nil || n != tc.n {
			t.Errorf("ParseAmountName(%s) = %d, %v", tc.amt, n, err)
		}
	}
	for _, bad := range []string{"pos-", "pos-m", "pos-m0", "pos-03", "pos-+3", "pos-x", "by-3", "pos--3"} {
		if n, err := ParsePositionName(bad); err == nil {
			t.Errorf("ParsePositionName(%s) = %d, want an error", bad, n)
		}
	}
}

// labelled is a form named by labels, with labels PDDL could not take.
func labelled() *forms.Form {
	return &forms.Form{
		Family: "x",
		Refer:  forms.ByLabel,
		Elements: []forms.Element{
			{ID: "e0", Kind: forms.Checkbox, Ordinal: 1, Label: "Größe", Group: "g0"},
			{ID: "e1", Kind: forms.Checkbox, Ordinal: 2, Label: "ab", Group: "g0"},
			{ID: "e2", Kind: forms.Slider, Ordinal: 1, Min: -10, Max: 10, Step: 1, Group: "g1"},
			{ID: "e3", Kind: forms.Radio, Ordinal: 1, Label: "Tak", Group: "g2"},
			{ID: "e4", Kind: forms.TextBox, Ordinal: 1, Label: "Имя", Group: "g3"},
			{ID: "e5", Kind: forms.Submit, Ordinal: 1, Label: "Submit"},
		},
	}
}

// TestPlanNames checks the names statesim.PDDL and forms.Form.Term give
// every kind of step, those a form cannot take included.
func TestPlanNames(t *testing.T) {
	f := labelled()
	cb := func(label string) forms.Ref { return forms.Ref{Kind: forms.Checkbox, Label: label} }
	tb := forms.Ref{Kind: forms.TextBox, Label: "Имя"}
	sl := forms.Ref{Kind: forms.Slider, Ordinal: 1}
	tests := []struct {
		a    statesim.Action
		want string
	}{
		{statesim.Action{Op: statesim.Check, Target: cb("Größe")}, "(check checkbox-1)"},
		{statesim.Action{Op: statesim.Click, Target: cb("ab")}, "(click checkbox-2)"},
		{statesim.Action{Op: statesim.Uncheck, Target: forms.Ref{Kind: forms.Checkbox, Ordinal: 2}}, "(uncheck checkbox-2)"},
		{statesim.Action{Op: statesim.Select, Target: forms.Ref{Kind: forms.Radio, Label: "Tak"}}, "(select radio-1)"},
		{statesim.Action{Op: statesim.Move, Target: sl, N: -3}, "(move slider-1 by-m3)"},
		{statesim.Action{Op: statesim.Move, Target: sl, N: 2}, "(move slider-1 by-2)"},
		{statesim.Action{Op: statesim.Set, Target: sl, N: 15}, "(set slider-1 pos-15)"},
		{statesim.Action{Op: statesim.Set, Target: sl}, "(set slider-1 pos-0)"},
		{statesim.Action{Op: statesim.Enter, Target: tb, Text: "12"}, "(enter textbox-1 txt-12)"},
		{statesim.Action{Op: statesim.Type, Target: tb, Text: "Ab"}, "(type textbox-1 txt-u-4162)"},
		{statesim.Action{Op: statesim.Enter, Target: tb}, "(enter textbox-1 empty)"},
		{statesim.Action{Op: statesim.Clear, Target: tb}, "(clear textbox-1)"},
		{statesim.SubmitAction, "(submit)"},
		// Steps the form cannot take render with names no problem declares.
		{statesim.Action{Op: statesim.Check, Target: forms.Ref{Kind: forms.Checkbox, Ordinal: 4}}, "(check checkbox-4)"},
		{statesim.Action{Op: statesim.Check, Target: cb("AB")}, "(check checkbox-l-4142)"},
		{statesim.Action{Op: statesim.Check, Target: cb("Tak")}, "(check checkbox-l-54616b)"},
		{statesim.Action{Op: statesim.Check, Target: forms.Ref{Kind: forms.Checkbox, Ordinal: -1}}, "(check checkbox-m1)"},
		{statesim.Action{Op: statesim.Submit, Target: forms.Ref{Kind: forms.Submit, Ordinal: 2}}, "(submit submit-2)"},
		{statesim.Action{Op: statesim.Submit, Target: cb("ab")}, "(submit checkbox-2)"},
		{statesim.Action{Op: "hover", Target: cb("ab")}, "(hover checkbox-2)"},
	}
	for _, tc := range tests {
		if got := statesim.PDDL(f, tc.a); got != tc.want {
			t.Errorf("PDDL(%+v) = %s, want %s", tc.a, got, tc.want)
		}
	}
	plan := []statesim.Action{tests[0].a, tests[4].a, tests[8].a, statesim.SubmitAction}
	if got, want := suites.PlanPDDL(f, plan), "((check checkbox-1) (move slider-1 by-m3) (enter textbox-1 txt-12) (submit))"; got != want {
		t.Errorf("PlanPDDL = %s, want %s", got, want)
	}
}

var pddlName = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)

// TestNamesAgreeOnCorpus checks, on every row of the corpus, that each
// step of each plan renders with the names this package gives the
// element, value, amount or text it resolves to, and that problems name
// everything in lower-case ASCII outside their comments.
func TestNamesAgreeOnCorpus(t *testing.T) {
	for _, r := range corpus(t) {
		m := &r.q.Meta
		f := &m.Form
		for _, p := range m.Plans {
			for _, a := range p {
				i, err := statesim.Resolve(f, a)
				if err != nil {
					t.Fatalf("%s %d: the builders wrote a step the form cannot take: %v", r.suite, r.q.Index, err)
				}
				want := "(" + string(a.Op) + " " + ElementName(&f.Elements[i])
				switch a.Op {
				case statesim.Set:
					want += " " + PositionName(a.N)
				case statesim.Move:
					want += " " + AmountName(a.N)
				case statesim.Type, statesim.Enter:
					want += " " + TextName(a.Text)
				case statesim.Submit:
					want = "(submit"
				}
				if got := statesim.PDDL(f, a); got != want+")" {
					t.Fatalf("%s %d: %s renders as %s, want %s)", r.suite, r.q.Index, statesim.English(f, a), got, want)
				}
			}
		}
		if r.q.Index%10 != 0 {
			continue
		}
		prob, err := Problem(m, "p")
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(prob, "\n") {
			code, _, _ := strings.Cut(line, ";")
			for _, tok := range strings.FieldsFunc(code, func(c rune) bool { return c == ' ' || c == '(' || c == ')' }) {
				if tok != "-" && !strings.HasPrefix(tok, ":") && !pddlName.MatchString(tok) {
					t.Fatalf("%s %d: problem token %q is not a lower-case PDDL name", r.suite, r.q.Index, tok)
				}
			}
		}
	}
}

func TestProblemErrors(t *testing.T) {
	f := labelled()
	start := statesim.Clean(f)
	goal := &statesim.Goal{Wants: []statesim.Want{{Target: forms.Ref{Kind: forms.Checkbox, Ordinal: 3}, Value: statesim.Value{N: 1}}}}
	tests := []struct {
		name        string
		m           question.Meta
		pname, want string
	}{
		{"bad name", question.Meta{Form: *f, Start: start}, "1st", "problem name"},
		{"missing element", question.Meta{Form: *f, Start: start, Goal: goal}, "p", "no such element"},
		{"short start", question.Meta{Form: *f, Start: start[:2]}, "p", "has 2 values for 6 elements"},
		{"impossible value", question.Meta{Form: *f, Start: start, Goal: &statesim.Goal{Wants: []statesim.Want{
			{Target: forms.Ref{Kind: forms.Checkbox, Ordinal: 1}, Value: statesim.Value{N: 2}}}}}, "p", "cannot hold"},
	}
	for _, tc := range tests {
		if _, err := Problem(&tc.m, tc.pname); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want %q", tc.name, err, tc.want)
		}
	}
}
