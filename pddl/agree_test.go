package pddl

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/pddl/interp"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// tally counts what an agreement run checked.
type tally struct {
	rows, plans, fromStarts, broken int
	bad                             []string
}

// agree writes each row's problem, runs every plan of the row under the
// interpreter with the domain domainOf gives for the row's form, and
// checks it against the simulator. Every fourth row is checked again
// from each of its candidate starts (the problem written for that start,
// the simulator's outcomes recomputed), and every fourth row, another,
// with plans the form cannot take.
func agree(rows []row, domainOf func(*forms.Form) string) tally {
	var (
		mu      sync.Mutex
		domains = map[string]*interp.Domain{}
	)
	domain := func(f *forms.Form) (*interp.Domain, error) {
		text := domainOf(f)
		mu.Lock()
		defer mu.Unlock()
		if d, ok := domains[text]; ok {
			return d, nil
		}
		d, err := interp.ParseDomain(text)
		domains[text] = d
		return d, err
	}
	results := make([]tally, len(rows))
	var wg sync.WaitGroup
	const workers = 4
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := w; k < len(rows); k += workers {
				results[k] = agreeRow(&rows[k], domain, k%4 == 0, k%4 == 2)
			}
		}()
	}
	wg.Wait()
	var all tally
	for _, r := range results {
		all.rows += r.rows
		all.plans += r.plans
		all.fromStarts += r.fromStarts
		all.broken += r.broken
		all.bad = append(all.bad, r.bad...)
	}
	return all
}

func agreeRow(r *row, domain func(*forms.Form) (*interp.Domain, error), starts, broken bool) tally {
	var t tally
	m := &r.q.Meta
	where := fmt.Sprintf("%s %d (%s, protocol %q)", r.suite, r.q.Index, r.q.Family, r.protocol)
	d, err := domain(&m.Form)
	if err != nil {
		t.bad = append(t.bad, where+": domain: "+err.Error())
		return t
	}
	check := func(m *question.Meta, what string) int {
		prob, err := Problem(m, fmt.Sprintf("%s-%d", r.suite, r.q.Index))
		if err == nil {
			var n int
			n, err = CheckRow(d, prob, m, renderAll(&m.Form, m.Plans))
			if err == nil {
				return n
			}
		}
		t.bad = append(t.bad, where+what+": "+err.Error())
		return 0
	}
	t.rows = 1
	t.plans = check(m, "")
	for k, s := range m.Starts {
		if !starts {
			break
		}
		alt := *m
		alt.Start = s
		alt.Finals, alt.Valid = simulate(&m.Form, s, m.Plans)
		t.fromStarts += check(&alt, fmt.Sprintf(" from starts[%d]", k))
	}
	if broken {
		bad := *m
		bad.Plans = brokenPlans(&m.Form, m.Plans[0])
		bad.Finals, bad.Valid = simulate(&m.Form, m.Start, bad.Plans)
		t.broken = check(&bad, " (plans the form cannot take)")
	}
	return t
}

func renderAll(f *forms.Form, plans [][]statesim.Action) []string {
	out := make([]string, len(plans))
	for j, p := range plans {
		out[j] = suites.PlanPDDL(f, p)
	}
	return out
}

// brokenPlans returns variants of plan with a first step the form cannot
// take: an element it lacks, an operation the element's kind does not
// have, an unknown operation, a label nothing has, a label of another
// kind, and a Submit that names no Submit button.
func brokenPlans(f *forms.Form, plan []statesim.Action) [][]statesim.Action {
	first := func(a statesim.Action) []statesim.Action { return append([]statesim.Action{a}, plan...) }
	e := f.Elements[0]
	misfit := map[forms.Kind]statesim.Action{
		forms.Checkbox: {Op: statesim.Set, N: 1},
		forms.Slider:   {Op: statesim.Check},
		forms.Radio:    {Op: statesim.Uncheck},
		forms.TextBox:  {Op: statesim.Move, N: -2},
	}[e.Kind]
	misfit.Target = f.RefOf(0)
	out := [][]statesim.Action{
		first(statesim.Action{Op: statesim.Click, Target: forms.Ref{Kind: forms.Checkbox, Ordinal: f.Count(forms.Checkbox) + 1}}),
		first(statesim.Action{Op: statesim.Move, Target: forms.Ref{Kind: forms.Slider, Ordinal: f.Count(forms.Slider) + 1}, N: -3}),
		first(statesim.Action{Op: statesim.Enter, Target: forms.Ref{Kind: forms.TextBox, Ordinal: f.Count(forms.TextBox) + 1}, Text: "Zz"}),
		first(misfit),
		first(statesim.Action{Op: "hover", Target: f.RefOf(0)}),
		first(statesim.Action{Op: statesim.Check, Target: forms.Ref{Kind: forms.Checkbox, Label: "Nowhere"}}),
		append(plan[:0:0], statesim.Action{Op: statesim.Submit, Target: forms.Ref{Kind: forms.Submit, Ordinal: 2}}),
	}
	for _, e := range f.Elements {
		if e.Label != "" && e.Kind == forms.Radio {
			out = append(out, first(statesim.Action{Op: statesim.Check, Target: forms.Ref{Kind: forms.Checkbox, Label: e.Label}}))
			break
		}
	}
	return out
}

// simulate runs each plan from s with statesim.
func simulate(f *forms.Form, s statesim.State, plans [][]statesim.Action) ([]statesim.State, []bool) {
	finals, valid := make([]statesim.State, len(plans)), make([]bool, len(plans))
	for j, p := range plans {
		out, err := statesim.Run(f, s, p)
		if err == nil {
			finals[j], valid[j] = out.Final, true
		}
	}
	return finals, valid
}

// TestAgreement checks the domains and problems against the simulator on
// the corpus: every plan's validity, final state and goal verdict, from
// the pictured start and from every candidate start. No row may disagree.
func TestAgreement(t *testing.T) {
	rows := corpus(t)
	start := time.Now()
	got := agree(rows, DomainOf)
	for _, b := range got.bad[:min(len(got.bad), 10)] {
		t.Error(b)
	}
	if len(got.bad) > 0 {
		t.Fatalf("%d disagreements", len(got.bad))
	}
	t.Logf("%d rows, %d plans from the pictured start, %d from the other candidate starts and %d plans the form cannot take: 0 disagreements, in %v",
		got.rows, got.plans, got.fromStarts, got.broken, time.Since(start).Round(time.Millisecond))
	if !testing.Short() && got.rows < 10000 {
		t.Errorf("checked %d rows, want 10,000", got.rows)
	}
}

// TestCorpusCovers checks that the corpus holds every suite x family x
// protocol it is meant to, steps on disabled elements and steps after
// Submit, so the agreement means something. (The builders write no plan
// the form cannot take, so the agreement test adds such plans itself.)
func TestCorpusCovers(t *testing.T) {
	cells := map[string]int{}
	var afterSubmit, disabledSteps int
	for _, r := range corpus(t) {
		cells[r.suite+"/"+r.q.Family+"/"+r.protocol]++
		m := &r.q.Meta
		for _, p := range m.Plans {
			s := m.Start
			for k, a := range p {
				if a.Op == statesim.Submit {
					if k < len(p)-1 {
						afterSubmit++
					}
					break
				}
				i, err := statesim.Resolve(&m.Form, a)
				if err != nil {
					break
				}
				if !statesim.Enabled(&m.Form, s, i) {
					disabledSteps++
				}
				s, _ = statesim.Apply(&m.Form, s, a)
			}
		}
	}
	for _, su := range suites.DrawnSuites() {
		if su.NoPlans {
			continue // no plans for the domain to run (perception)
		}
		s := su.Name
		for _, f := range append(forms.Defaults(), testforms.Mixed()) {
			protocols := []string{"", suites.Paper}
			if f.Name == "mixed_test" {
				protocols = protocols[:1]
			}
			for _, p := range protocols {
				if cells[s+"/"+f.Name+"/"+p] == 0 {
					t.Errorf("no %s rows of %s under protocol %q", s, f.Name, p)
				}
			}
		}
	}
	if afterSubmit == 0 || disabledSteps == 0 {
		t.Errorf("%d plans with steps after Submit, %d steps on disabled elements: want some of each", afterSubmit, disabledSteps)
	}
	t.Logf("%d plans with steps after Submit, %d steps on disabled elements", afterSubmit, disabledSteps)
}

// TestWrongDomainCaught checks that the agreement test can fail: each
// deliberately wrong domain must disagree with the simulator somewhere.
func TestWrongDomainCaught(t *testing.T) {
	rows := corpus(t)
	tests := []struct {
		name, family, old, new string
	}{
		{"click checks instead of toggling", "checkboxes",
			"(when (and (not (submitted)) (checked ?c)) (not (checked ?c)))", "(checked ?c)"},
		{"select keeps the group", "radio_textboxes",
			"(forall (?o - radio) (when (and (not (submitted)) (same-group ?r ?o)) (not (selected ?o))))", "(and)"},
		{"steps after Submit happen", "slider_checkboxes", "(not (submitted))", "(and)"},
		{"disabled elements act", "checkbox_textboxes", "(enabled ?b)", "(and)"},
		{"moves ignore the leads", "slider_checkboxes", "(move-leads ?s ?p ?d ?q)", "(set-leads ?s ?p ?q)"},
		{"typing replaces", "radio_textboxes", "(appends ?p ?t ?q)", "(= ?q ?t)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var all, some []row
			for _, r := range rows {
				if r.q.Family == tc.family {
					all = append(all, r)
				}
			}
			for k := 0; k < len(all); k += max(1, len(all)/400) {
				some = append(some, all[k]) // up to 400 rows, from every suite
			}
			wrong := func(f *forms.Form) string {
				d := DomainOf(f)
				if f.Family != tc.family {
					return d
				}
				if !strings.Contains(d, tc.old) {
					t.Fatalf("the domain of %s has no %s", tc.family, tc.old)
				}
				d = strings.ReplaceAll(d, tc.old, tc.new)
				if strings.Contains(tc.new, "=") && !strings.Contains(d, ":equality") {
					d = strings.Replace(d, ":strips", ":strips :equality", 1)
				}
				return d
			}
			got := agree(some, wrong)
			if len(got.bad) == 0 {
				t.Fatalf("%d rows of %s: no disagreement", len(some), tc.family)
			}
			t.Logf("%d disagreements in %d rows, such as %s", len(got.bad), len(some), got.bad[0])
		})
	}
}

// TestDomainOfFormIsFamilyDomain checks that the domain read off a form is
// its family's.
func TestDomainOfFormIsFamilyDomain(t *testing.T) {
	fams := map[string]forms.Family{}
	for _, f := range append(forms.Defaults(), testforms.Mixed()) {
		fams[f.Name] = f
	}
	seen := map[string]bool{}
	for _, r := range corpus(t) {
		if seen[r.q.Family] {
			continue
		}
		seen[r.q.Family] = true
		fam := fams[r.q.Family]
		if got, want := DomainOf(&r.q.Meta.Form), Domain(&fam); got != want {
			t.Errorf("%s: DomainOf the form differs from Domain of the family:\n%s\nwant\n%s", r.q.Family, got, want)
		}
	}
}
