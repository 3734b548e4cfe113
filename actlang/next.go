package actlang

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

// Point is a click point in screenshot pixels, from the top left corner.
type Point struct {
	X, Y float64
}

// String returns the point as "(12.5, 40)".
func (p Point) String() string {
	return "(" + strconv.FormatFloat(p.X, 'g', -1, 64) + ", " + strconv.FormatFloat(p.Y, 'g', -1, 64) + ")"
}

// Next is a reply read as a single next action: exactly one of Action
// and Point is set.
type Next struct {
	Action *statesim.Action
	Point  *Point
}

// ParseNext reads a reply giving the one next action on form f: a line
// of the action language, a PDDL action, a JSON object {"op", "target",
// "value"}, or a click point as JSON {"x": 12.5, "y": 40} or text
// "(12.5, 40)". Where the reply has an answer marker, "Action:", "Next
// action:" or "Answer:", only what follows the last one is read, from the
// marker's own line on.
//
// Lines that are no action are passed over, and an action written twice
// counts once; but a reply holding two different actions (or an action
// and a point) is ambiguous and an error wrapping ErrAmbiguous, never a
// guess. A reply with no action gives an error wrapping ErrNoSteps.
func ParseNext(f *forms.Form, reply string) (Next, error) {
	body, first, err := prepare(reply, nextMarkerRE)
	if err != nil {
		return Next{}, err
	}
	r := newReader(f)
	r.points = true
	items, over := r.scan(body, first)
	if over {
		return Next{}, fmt.Errorf("actlang: %w: more than %d actions", ErrAmbiguous, MaxSteps)
	}
	var got []item
	var problem *item
	for k := range items {
		it := &items[k]
		switch {
		case it.err != nil:
			if problem == nil {
				problem = it
			}
		case !slices.ContainsFunc(got, it.same):
			got = append(got, *it)
		}
	}
	switch {
	case len(got) == 1 && got[0].point != nil:
		return Next{Point: got[0].point}, nil
	case len(got) == 1:
		return Next{Action: &got[0].act}, nil
	case len(got) > 1:
		return Next{}, fmt.Errorf("actlang: %w: two different actions: %s (line %d) and %s (line %d)",
			ErrAmbiguous, r.describe(got[0]), got[0].line, r.describe(got[1]), got[1].line)
	case problem != nil:
		return Next{}, fmt.Errorf("actlang: %w found (line %d: %w)", ErrNoSteps, problem.line, problem.err)
	}
	return Next{}, fmt.Errorf("actlang: %w found", ErrNoSteps)
}

// same reports whether g is the reply it: the same click point, or the
// same action.
func (it *item) same(g item) bool {
	if (g.point == nil) != (it.point == nil) {
		return false
	}
	return g.point != nil && *g.point == *it.point || g.point == nil && g.act == it.act
}

// describe words an item for an error message.
func (r *reader) describe(it item) string {
	if it.point != nil {
		return "a click at " + it.point.String()
	}
	return strconv.Quote(statesim.English(r.f, it.act))
}
