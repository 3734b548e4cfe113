package pddl

import (
	"fmt"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/pddl/interp"
)

// TestProblemWithoutPlans writes the problems of rows stripped of their
// plans and starts, whose pictured state holds a text no pool has and
// every slider at its top, and checks that each parses with its domain
// and holds that state: the objects cover the start even when no plan
// runs from it.
func TestProblemWithoutPlans(t *testing.T) {
	checked := 0
	for _, r := range corpus(t) {
		m := r.q.Meta
		m.Form.Elements = append([]forms.Element(nil), r.q.Meta.Form.Elements...)
		m.Plans, m.Finals, m.Valid, m.Starts = nil, nil, nil, nil
		m.Start = r.q.Meta.Start.Clone()
		changed := false
		for i, e := range m.Form.Elements {
			switch e.Kind {
			case forms.TextBox:
				m.Start[i].S, changed = "zq9 é", true
			case forms.Slider:
				m.Start[i].N, changed = e.Max, true
			}
		}
		if !changed {
			continue
		}
		d, err := interp.ParseDomain(DomainOf(&m.Form))
		if err != nil {
			t.Fatal(err)
		}
		prob, err := Problem(&m, fmt.Sprintf("bare-%d", checked))
		if err != nil {
			t.Fatal(err)
		}
		p, err := d.ParseProblem(prob)
		if err != nil {
			t.Fatalf("%s %d: %v\n%s", r.suite, r.q.Index, err, prob)
		}
		if got, err := Decode(&m.Form, p.Init()); err != nil || !got.Equal(m.Start) {
			t.Fatalf("%s %d: the init holds %v (%v), want %v", r.suite, r.q.Index, got, err, m.Start)
		}
		if checked++; checked == 40 {
			break
		}
	}
	if checked == 0 {
		t.Fatal("no row with a text box or a slider")
	}
}
