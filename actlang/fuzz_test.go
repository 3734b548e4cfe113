package actlang

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// fuzzForms are the forms the fuzz tests read replies against: the test
// forms and one drawn from each built-in family.
var fuzzForms = func() []*forms.Form {
	out := []*forms.Form{labelForm, mixedForm, twoForm}
	for k, fam := range forms.Defaults() {
		f := fam.NewForm(rand.New(rand.NewPCG(uint64(k), 7)))
		out = append(out, &f)
	}
	return out
}()

// hostile are replies meant to break a parser.
var hostile = []string{
	"",
	" \n\t\r\n ",
	strings.Repeat("a", 1<<20),
	strings.Repeat("a\n", 10000),
	strings.Repeat("1. x\n", 10000),
	strings.Repeat("[\n", 10000),
	strings.Repeat("{\n", 10000),
	strings.Repeat("(\n", 10000),
	strings.Repeat("Hit Submit\n", 5000),
	strings.Repeat("(submit)", 5000),
	strings.Repeat("[", 30000) + strings.Repeat("]", 30000),
	strings.Repeat(`{"plan":`, 7000) + "[]" + strings.Repeat("}", 7000),
	"[" + strings.Repeat(`{"op":"submit"},`, 3000) + `{"op":"submit"}]`,
	"[" + strings.Repeat(`"Check the 1st checkbox",`, 2500) + `"x"]`,
	"[" + strings.Repeat(`{"op":"fly"},`, 5000) + `{"op":"submit"}]`,
	"[" + strings.Repeat(`1,`, 30000) + `1]`,
	strings.Repeat("Check the 1st checkbox and ", 2000),
	strings.Repeat("Fill the 1st textbox with ", 20) + `"x"`,
	strings.Repeat("Plan:\n", 5000),
	"((((((",
	"))))))",
	"(check",
	`Type "12 into the 1st textbox`,
	`Type '12 into the 1st textbox`,
	"Type “12 into the 1st textbox",
	`Type "\" into the 1st textbox`,
	`Type "\xff\q" into the 1st textbox`,
	"\xff\xfe Check \xff the 1st checkbox",
	"Check\x00 the 1st checkbox",
	"\x00\x00\x00",
	`{"op": [], "target": {}, "value": {}}`,
	`{"op": "set", "target": {"kind": 1, "ordinal": "x"}, "value": true}`,
	`{"op": "set", "target": {"kind": "slider", "ordinal": 1e300}, "value": 1}`,
	`{"op": null, "target": null}`,
	`[1, "a", null, true, [], {}]`,
	`{"x": 1e999, "y": 1}`,
	`{"x": "a", "y": []}`,
	"Move the slider to 99999999999999999999",
	"Move the slider by -99999999999999999999",
	"(set slider-1 pos-99999999999999999999)",
	"Check the 99999999999999999999th checkbox",
	"(click checkbox-m99999999999999999999)",
	"(type textbox-1 txt-u-zz)",
	"Click (99999999999999999999999999, 1)",
	"Action: " + strings.Repeat("x", MaxStepBytes*4),
	"Check " + strings.Repeat("\"", 1000),
	strings.Repeat("the ", 10000),
	strings.Repeat("**", 10000),
	strings.Repeat("- ", 10000),
	`["", "**"]`,
	`{"plan": [" "]}`,
	`["- ", "Hit Submit"]`,
}

// TestHostile reads every hostile reply, as a plan, a next action and an
// action, in bounded time and without a panic.
func TestHostile(t *testing.T) {
	for _, f := range fuzzForms[:3] {
		for _, reply := range hostile {
			start := time.Now()
			p := ParsePlan(f, reply)
			checkPlanRefs(t, f, reply, &p)
			n, err := ParseNext(f, reply)
			checkNext(t, f, reply, n, err)
			if a, err := ParseAction(f, reply); err == nil {
				checkAction(t, f, reply, a)
			}
			// Each takes well under 0.1s; a parse quadratic in the length
			// of a 64 KiB reply takes tens of seconds.
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("%s: %q: %v", f.Family, clip(reply), d)
			}
		}
	}
	if p := ParsePlan(mixedForm, strings.Repeat("a", 1<<20)); !errors.Is(p.Err, ErrTooLong) || p.Steps != nil {
		t.Errorf("1 MiB: %+v", p.Err)
	}
	if p := ParsePlan(mixedForm, strings.Repeat("Hit Submit\n", 5000)); !errors.Is(p.Err, ErrTooManySteps) || p.Steps != nil {
		t.Errorf("5000 steps: %+v", p.Err)
	}
}

// checkPlanRefs checks that an OK plan holds only actions statesim.Resolve
// accepts, with the form's own references, or references as written that
// name nothing on the form; and that a refused reply holds nothing.
func checkPlanRefs(t *testing.T, f *forms.Form, reply string, p *Plan) {
	t.Helper()
	if errors.Is(p.Err, ErrTooLong) || errors.Is(p.Err, ErrTooManySteps) {
		if p.Steps != nil || p.Unparsed != nil || p.Ignored != nil {
			t.Errorf("%q: refused, yet parsed", clip(reply))
		}
		return
	}
	if p.OK() && len(p.Steps) == 0 {
		t.Errorf("%q: OK without a step", clip(reply))
	}
	if !p.OK() {
		return
	}
	for _, s := range p.Steps {
		checkAction(t, f, reply, s.Action)
	}
}

func checkAction(t *testing.T, f *forms.Form, reply string, a statesim.Action) {
	t.Helper()
	i, err := statesim.Resolve(f, a)
	switch {
	case errors.Is(err, statesim.ErrInvalidAction):
		t.Errorf("%q: %+v: %v", clip(reply), a, err)
	case err == nil && f.RefOf(i) != a.Target:
		t.Errorf("%q: %+v: reference not the form's own, %v", clip(reply), a, f.RefOf(i))
	case err != nil:
		if _, ferr := f.Find(a.Target); ferr == nil {
			t.Errorf("%q: %+v resolves, yet Resolve says %v", clip(reply), a, err)
		}
	}
}

func checkNext(t *testing.T, f *forms.Form, reply string, n Next, err error) {
	t.Helper()
	switch {
	case err != nil && (n.Action != nil || n.Point != nil):
		t.Errorf("%q: an error and an answer", clip(reply))
	case err == nil && (n.Action == nil) == (n.Point == nil):
		t.Errorf("%q: want exactly one of Action and Point: %+v", clip(reply), n)
	case n.Action != nil:
		checkAction(t, f, reply, *n.Action)
	}
}

// fuzzSeeds are the seed replies of the fuzz tests: plans in every
// wording, and the hostile replies that are short.
func fuzzSeeds() []string {
	seeds := []string{
		"1. Check the 2nd checkbox\n2. Hit Submit",
		"Plan:\n- Move the slider handle left by 2\n- Type \"12\" into the 1st textbox\n- Hit Submit",
		"((check checkbox-2) (move slider-1 by-m3) (enter textbox-2 txt-12) (submit))",
		`[{"op": "set", "target": "the slider", "value": 4}, {"op": "submit"}]`,
		`Action: {"x": 12.5, "y": 40}`,
		"Answer: Click the 2nd radio button",
		"Fill the 1st textbox with 'don't'; then submit",
	}
	for _, f := range fuzzForms {
		plan := []statesim.Action{}
		for _, a := range statesim.Vocabulary(f) {
			if len(plan) < 4 && a.N >= -2 && a.N <= 2 {
				plan = append(plan, a)
			}
		}
		plan = append(plan, statesim.SubmitAction)
		seeds = append(seeds, suites.PlanText(f, plan), suites.PlanPDDL(f, plan))
	}
	for _, h := range hostile {
		if len(h) < 200 {
			seeds = append(seeds, h)
		}
	}
	return seeds
}

func FuzzParsePlan(f *testing.F) {
	for k, s := range fuzzSeeds() {
		f.Add(uint8(k), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, reply string) {
		form := fuzzForms[int(which)%len(fuzzForms)]
		p := ParsePlan(form, reply)
		checkPlanRefs(t, form, reply, &p)
		if a, err := ParseAction(form, reply); err == nil {
			checkAction(t, form, reply, a)
		}
	})
}

func FuzzParseNext(f *testing.F) {
	for k, s := range fuzzSeeds() {
		f.Add(uint8(k), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, reply string) {
		form := fuzzForms[int(which)%len(fuzzForms)]
		n, err := ParseNext(form, reply)
		checkNext(t, form, reply, n, err)
	})
}
