package actlang

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// planCase is a reply and how it reads as a plan: its steps (with their
// lines), the lines of its Ignored and Unparsed problems, and the error
// its Err wraps.
type planCase struct {
	name     string
	reply    string
	steps    []statesim.Action
	lines    []int // of the steps; nil: not checked
	ignored  []int
	unparsed []int
	err      error
}

func TestParsePlan(t *testing.T) {
	r1 := act(statesim.Select, nth(forms.Radio, 1))
	typed := txt(statesim.Type, box1, "12")
	cases := []planCase{
		{
			name:  "plain numbered plan",
			reply: "1. Select the 1st radio button\n2. Type \"12\" into the 1st textbox\n3. Hit Submit",
			steps: []statesim.Action{r1, typed, submit}, lines: []int{1, 2, 3},
		},
		{
			name: "plan marker after reasoning",
			reply: "The form shows the 2nd radio button selected.\n1. The task wants the 1st one.\n" +
				"- So I should select it.\n\nPlan:\n1. Select the 1st radio button\n2. Type \"12\" into the 1st textbox\n3. Hit Submit\n",
			steps: []statesim.Action{r1, typed, submit}, lines: []int{6, 7, 8},
		},
		{
			name:  "last marker wins, bold, commentary after",
			reply: "Plan: check everything\nwait, no.\n**Final Plan:**\n- Select the 1st radio button\n- Hit Submit\n\nThis completes the task.",
			steps: []statesim.Action{r1, submit}, lines: []int{4, 5}, ignored: []int{7},
		},
		{
			name:  "an explanation is no marker",
			reply: "Here is the plan:\n1. Select the 1st radio button\n2. Hit Submit\n\nThe plan: selects the button, then submits.",
			steps: []statesim.Action{r1, submit}, lines: []int{2, 3}, ignored: []int{5},
		},
		{
			name:  "the final plan",
			reply: "1. The form has 3 buttons.\nThe final plan is:\n1. Select the 1st radio button\n2. Hit Submit",
			steps: []statesim.Action{r1, submit}, lines: []int{3, 4},
		},
		{
			name:  "plan on the marker's line",
			reply: "Reasoning here.\nPlan: Select the 1st radio button; hit Submit",
			steps: []statesim.Action{r1, submit}, lines: []int{2, 2},
		},
		{
			name:  "heading marker",
			reply: "## Plan\n\n```\nSelect the 1st radio button\nHit Submit\n```",
			steps: []statesim.Action{r1, submit}, lines: []int{4, 5},
		},
		{
			name:  "preamble ignored",
			reply: "Sure! Here are the steps:\n\nStep 1: Select the 1st radio button.\nStep 2: Hit Submit.",
			steps: []statesim.Action{r1, submit}, ignored: []int{1},
		},
		{
			name:  "unreadable line between steps",
			reply: "1. Select the 1st radio button\nThen think about the slider\n2. Hit Submit",
			steps: []statesim.Action{r1, submit}, unparsed: []int{2},
		},
		{
			name:  "numbered line that is no step",
			reply: "1. Look at the form\n2. Select the 1st radio button\n3. Hit Submit",
			steps: []statesim.Action{r1, submit}, unparsed: []int{1},
		},
		{
			name:  "CRLF line ends",
			reply: "Plan:\r\n1. Select the 1st radio button\r\n2. Hit Submit\r\n",
			steps: []statesim.Action{r1, submit}, lines: []int{2, 3},
		},
		{name: "empty", reply: " \n\t\n", err: ErrEmpty},
		{name: "nothing after the marker", reply: "I will do it.\nPlan:\n  \n", err: ErrNoSteps},
		{name: "no step", reply: "I cannot tell from the picture.", ignored: []int{1}, err: ErrNoSteps},
		{name: "too long", reply: strings.Repeat("x", MaxReplyBytes+1), err: ErrTooLong},
		{name: "too many steps", reply: strings.Repeat("Hit Submit\n", MaxSteps+1), err: ErrTooManySteps},
	}
	for _, c := range cases {
		p := ParsePlan(mixedForm, c.reply)
		if !errors.Is(p.Err, c.err) || (c.err == nil) != (p.Err == nil) {
			t.Errorf("%s: Err %v, want %v", c.name, p.Err, c.err)
		}
		if got := p.Actions(); !slices.Equal(got, c.steps) {
			t.Errorf("%s: steps %v, want %v", c.name, got, c.steps)
		}
		if c.lines != nil {
			for k, s := range p.Steps {
				if k < len(c.lines) && s.Line != c.lines[k] {
					t.Errorf("%s: step %d on line %d, want %d", c.name, k+1, s.Line, c.lines[k])
				}
			}
		}
		if got := problemLines(p.Ignored); !slices.Equal(got, c.ignored) {
			t.Errorf("%s: ignored lines %v, want %v (%v)", c.name, got, c.ignored, p.Ignored)
		}
		if got := problemLines(p.Unparsed); !slices.Equal(got, c.unparsed) {
			t.Errorf("%s: unparsed lines %v, want %v (%v)", c.name, got, c.unparsed, p.Unparsed)
		}
		if want := c.err == nil && c.unparsed == nil; p.OK() != want {
			t.Errorf("%s: OK() = %v, want %v", c.name, p.OK(), want)
		}
	}
}

// TestPlanExactlyMaxSteps reads a plan of MaxSteps steps.
func TestPlanExactlyMaxSteps(t *testing.T) {
	p := ParsePlan(mixedForm, strings.Repeat("(clear textbox-1) ", MaxSteps-1)+"(submit)")
	if !p.OK() || len(p.Steps) != MaxSteps {
		t.Errorf("%d steps, err %v", len(p.Steps), p.Err)
	}
}

// TestProblemText checks what a Problem reports.
func TestProblemText(t *testing.T) {
	p := ParsePlan(labelForm, "1. Check iyHxAx\n2. Chek Br\n3. Hit Submit")
	if len(p.Unparsed) != 1 {
		t.Fatalf("unparsed %v", p.Unparsed)
	}
	u := p.Unparsed[0]
	if u.Line != 2 || u.Text != "2. Chek Br" || !errors.Is(u, ErrSyntax) || u.Error() != `line 2: not an action: unknown verb "Chek"` {
		t.Errorf("got %+v: %v", u, u)
	}
	if s := p.Steps[1]; s.Line != 3 || s.Text != "Hit Submit" {
		t.Errorf("step 2: %+v", s)
	}
}

func problemLines(ps []Problem) []int {
	var out []int
	for _, p := range ps {
		out = append(out, p.Line)
	}
	return out
}
