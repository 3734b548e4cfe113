package score

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/formplan/formplan/actlang"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// OpenRow is what scoring an open-ended row (plan_generation,
// next_action) needs besides its answer: the row's metadata, which the
// simulator judges any reply against, and the element boxes of its
// screenshot, which click points are judged against (nil for a row
// written without pictures).
type OpenRow struct {
	Meta  question.Meta
	Boxes []Box
}

// Box is an element's box in a row's screenshot, in its pixels.
type Box struct {
	ID     string     `json:"id"`
	Pixels [4]float64 `json:"pixels"` // x, y, width, height
}

// Contains reports whether the point (x, y) falls in the box.
func (b Box) Contains(x, y float64) bool {
	return x >= b.Pixels[0] && y >= b.Pixels[1] && x <= b.Pixels[0]+b.Pixels[2] && y <= b.Pixels[1]+b.Pixels[3]
}

// openRow decodes the metadata of an open-ended row judged as scoring
// says.
func openRow(metadata string, scoring suites.Scoring) (*OpenRow, error) {
	o := &OpenRow{}
	if err := json.Unmarshal([]byte(metadata), &o.Meta); err != nil {
		return nil, fmt.Errorf("metadata: %w", err)
	}
	if scoring == suites.ByPoint {
		if o.Meta.Probe == nil || o.Meta.Form.Index(o.Meta.Probe.Element) < 0 {
			return nil, fmt.Errorf("metadata: a grounding row needs a probe naming an element of its form")
		}
		return o, nil
	}
	if o.Meta.Goal == nil || len(o.Meta.Plans) != 1 {
		return nil, fmt.Errorf("metadata: an open-ended row needs a goal and one gold plan")
	}
	return o, nil
}

// setBoxes records the boxes of the row's first picture, from its boxes
// column ("" for a row without pictures).
func (o *OpenRow) setBoxes(boxes string) error {
	if boxes == "" {
		return nil
	}
	var b struct {
		Pictures [][]Box `json:"pictures"`
	}
	if err := json.Unmarshal([]byte(boxes), &b); err != nil {
		return fmt.Errorf("boxes: %w", err)
	}
	if len(b.Pictures) > 0 {
		o.Boxes = b.Pictures[0]
	}
	return nil
}

// Open is the score of one reply to an open-ended question. Which fields
// apply depends on the suite: see ScorePlan, ScoreNext and ScorePoint.
type Open struct {
	// plan_generation
	Success    bool    `json:"success"`    // the goal holds when the plan ends
	Optimal    bool    `json:"optimal"`    // success in the fewest steps
	Partial    float64 `json:"partial"`    // share of the goal's wants met when the plan ends
	Valid      bool    `json:"valid"`      // every step names an element and an action it has
	Efficiency float64 `json:"efficiency"` // shortest length / length, for a successful plan
	Length     int     `json:"length"`     // actions before Submit
	Submitted  bool    `json:"submitted"`  // the plan hits Submit
	Repeats    int     `json:"repeats"`    // steps equal to an earlier step
	// next_action
	Strict  bool `json:"strict"`  // the gold step
	Lenient bool `json:"lenient"` // an action that begins some shortest plan
	Point   bool `json:"point"`   // the reply is a click point
	InBox   bool `json:"in_box"`  // the click point falls in the gold step's target box (grounding: the named element's)
	// Problems says what could not be read, for an unparsed reply, and
	// lines of commentary passed over.
	Problems []string `json:"problems,omitempty"`
}

// ScorePlan scores reply as a plan for an open-ended row: it is read in
// the action language (see package actlang) and run from the pictured
// start. A plan need not end with Submit; steps after a Submit never
// happen. It reports false for a reply that cannot be read.
func ScorePlan(o *OpenRow, reply string) (Open, bool) {
	m := &o.Meta
	f := &m.Form
	p := actlang.ParsePlan(f, reply)
	var r Open
	r.Problems = problems(&p)
	if !p.OK() {
		return r, false
	}
	plan := p.Actions()
	r.Valid = true
	seen := map[statesim.Action]bool{}
	for _, a := range plan {
		if a.Op == statesim.Submit {
			break
		}
		if seen[a] {
			r.Repeats++
		}
		seen[a] = true
	}
	out, err := statesim.Run(f, m.Start, plan)
	if err != nil {
		r.Valid = false
		return r, true
	}
	r.Length, r.Submitted = out.Steps, out.Submitted
	unmet := m.Goal.Unmet(f, out.Final)
	if n := len(m.Goal.Wants); n > 0 {
		r.Partial = float64(n-unmet) / float64(n)
	}
	r.Success = unmet == 0
	if r.Success {
		r.Efficiency = 1
		if r.Length > 0 {
			r.Efficiency = float64(m.Optimal) / float64(r.Length)
		}
		r.Optimal = r.Length == m.Optimal
	}
	return r, true
}

// ScoreNext scores reply as the next action of a next_action row: text,
// JSON or a click point. A click point acts as a click on the element
// whose box holds it (nothing, if none does) and needs the row's boxes.
func ScoreNext(o *OpenRow, reply string) (Open, bool) {
	m := &o.Meta
	f := &m.Form
	var r Open
	n, err := actlang.ParseNext(f, reply)
	if err != nil {
		r.Problems = []string{err.Error()}
		return r, false
	}
	gold := m.Plans[0][0]
	var a statesim.Action
	switch {
	case n.Point != nil:
		if o.Boxes == nil {
			r.Problems = []string{"a click point, but the row has no screenshot boxes: generate with pictures to score points"}
			return r, false
		}
		r.Point = true
		gi, err := statesim.Resolve(f, gold)
		if err == nil {
			r.InBox = inBox(o.Boxes, f.Elements[gi].ID, n.Point.X, n.Point.Y)
		}
		click, ok := clickAt(f, o.Boxes, n.Point.X, n.Point.Y)
		if !ok {
			return r, true // a click on no element does nothing
		}
		a = click
	default:
		a = *n.Action
	}
	r.Lenient = suites.Begins(f, m.Start, *m.Goal, a)
	r.Strict = sameAction(f, a, gold)
	if r.Point {
		// A point names no operation: it matches the gold step when it
		// clicks the gold step's element and that click begins a
		// shortest plan.
		r.Strict = r.InBox && r.Lenient
	}
	return r, true
}

// sameAction reports whether a and b are one action: the same operation
// and value on the same element.
func sameAction(f *forms.Form, a, b statesim.Action) bool {
	i, errA := statesim.Resolve(f, a)
	j, errB := statesim.Resolve(f, b)
	return errA == nil && errB == nil && i == j && a.Op == b.Op && a.N == b.N && a.Text == b.Text
}

// inBox reports whether (x, y) falls in the box of element id.
func inBox(boxes []Box, id string, x, y float64) bool {
	for _, b := range boxes {
		if b.ID == id {
			return b.Contains(x, y)
		}
	}
	return false
}

// clickAt returns the click on the checkbox, radio button or Submit
// button whose box holds (x, y); false when none does.
func clickAt(f *forms.Form, boxes []Box, x, y float64) (statesim.Action, bool) {
	for _, b := range boxes {
		if !b.Contains(x, y) {
			continue
		}
		for i, e := range f.Elements {
			if e.ID != b.ID {
				continue
			}
			switch e.Kind {
			case forms.Checkbox, forms.Radio:
				return statesim.Action{Op: statesim.Click, Target: f.RefOf(i)}, true
			case forms.Submit:
				return statesim.SubmitAction, true
			}
		}
	}
	return statesim.Action{}, false
}

// problems words what the parser could not read or passed over.
func problems(p *actlang.Plan) []string {
	var out []string
	if p.Err != nil {
		out = append(out, p.Err.Error())
	}
	for _, u := range p.Unparsed {
		out = append(out, fmt.Sprintf("line %d: %v", u.Line, u.Err))
	}
	for _, u := range p.Ignored {
		out = append(out, fmt.Sprintf("line %d ignored: %v", u.Line, u.Err))
	}
	return out
}

// scoreOpen scores a reply to an open-ended question.
func scoreOpen(q *Question, rep Reply) Result {
	var o Open
	var parsed, correct bool
	switch q.Scoring {
	case suites.ByPoint:
		o, parsed = ScorePoint(q.Open, rep.Response)
		correct = o.InBox
	case suites.ByAction:
		o, parsed = ScoreNext(q.Open, rep.Response)
		correct = o.Lenient
	default:
		o, parsed = ScorePlan(q.Open, rep.Response)
		correct = o.Optimal
	}
	r := Result{Reply: rep, Q: q, Parsed: parsed, Correct: parsed && correct, Open: &o}
	r.Strict = r.Correct
	if !parsed {
		r.Why = strings.Join(o.Problems, "; ")
	}
	return r
}

// Chance returns what a reader of q's text alone scores at most: 1/options
// (1/2 for Yes/No), or an open-ended row's bound (Meta.Chance).
func (q *Question) Chance() float64 {
	if q.Open != nil {
		return q.Open.Meta.Chance
	}
	if q.Options.YesNo {
		return 0.5
	}
	if n := len(q.Options.Choices); n > 0 {
		return 1 / float64(n)
	}
	return 0
}

// The sums behind the means of Cell.Metrics: counts in keys ending in
// "_n" are what a mean is over when it is not every reply.
const (
	successesKey = "efficiency_n"
	pointsKey    = "in_box_n"
)

// addMetrics adds result r's measures to cell c's sums.
func addMetrics(c *Cell, r *Result) {
	if c.Metrics == nil {
		c.Metrics = map[string]float64{}
	}
	o, m := r.Open, c.Metrics
	if r.Q.Scoring == suites.ByPoint {
		m["in_box"] += b2f(o.InBox)
		m[pointsKey]++
		return
	}
	if r.Q.Scoring == suites.ByAction {
		m["strict"] += b2f(o.Strict)
		m["lenient"] += b2f(o.Lenient)
		if o.Point {
			m["points"]++
			m["in_box"] += b2f(o.InBox)
			m[pointsKey]++
		}
		return
	}
	m["success"] += b2f(o.Success)
	m["optimal"] += b2f(o.Optimal)
	m["partial"] += o.Partial
	m["valid"] += b2f(o.Valid)
	m["repeats"] += float64(o.Repeats)
	if o.Success {
		m["efficiency"] += o.Efficiency
		m[successesKey]++
	}
}

// meanMetrics turns cell c's sums into means.
func meanMetrics(c *Cell) {
	m := c.Metrics
	if m == nil {
		return
	}
	over := map[string]string{"efficiency": successesKey, "in_box": pointsKey}
	for k, v := range m {
		if k == successesKey || k == pointsKey {
			continue
		}
		n := float64(c.N)
		if key, ok := over[k]; ok {
			n = m[key]
		}
		m[k] = v / n
	}
	delete(m, successesKey)
	delete(m, pointsKey)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// openReply returns responder's reply to the open-ended question q, and
// false for a responder that answers none (see Responders).
func openReply(q *Question, responder string) (string, bool) {
	switch responder {
	case "oracle":
		if q.Scoring == suites.ByPoint {
			return centre(q.Open), true
		}
		return q.Answer, true
	case "set-all":
		if q.Scoring == suites.ByPoint {
			return "", false // no task to set
		}
		return setAll(q), true
	}
	return "", false
}

// setAll is the set-all responder's reply: what a reader of the text
// alone can write that works from any state.
func setAll(q *Question) string {
	m := &q.Open.Meta
	f := &m.Form
	named := suites.Taken(*m.Goal, m.History)
	var plan []statesim.Action
	for k, w := range m.Goal.Wants {
		if !named[k] {
			plan = append(plan, suites.SetAction(f, w))
		}
	}
	plan = suites.EnablersFirst(f, plan) // what an enabler enables takes the steps after it
	if q.Scoring == suites.ByAction {
		return statesim.English(f, plan[0])
	}
	return suites.PlanText(f, append(plan, statesim.SubmitAction))
}
