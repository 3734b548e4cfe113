package score

import (
	"strconv"

	"github.com/formplan/formplan/actlang"
)

// ScorePoint scores reply as the click point of a grounding row: right
// (InBox) when the point falls in the box of the element the row's probe
// names, judged as next_action judges points. It reports false for a
// reply that is no single point, or for a row without screenshot boxes.
func ScorePoint(o *OpenRow, reply string) (Open, bool) {
	f := &o.Meta.Form
	var r Open
	n, err := actlang.ParseNext(f, reply)
	switch {
	case err != nil:
		r.Problems = []string{err.Error()}
		return r, false
	case n.Point == nil:
		r.Problems = []string{"an action, but a grounding reply is a click point {\"x\": X, \"y\": Y}"}
		return r, false
	case o.Boxes == nil:
		r.Problems = []string{"a click point, but the row has no screenshot boxes: generate with pictures to score points"}
		return r, false
	}
	r.Point = true
	r.InBox = inBox(o.Boxes, o.Meta.Probe.Element, n.Point.X, n.Point.Y)
	return r, true
}

// centre returns the oracle's reply to a grounding row: the centre of the
// named element's box, as a click point; "" for a row without boxes.
func centre(o *OpenRow) string {
	for _, b := range o.Boxes {
		if b.ID == o.Meta.Probe.Element {
			x, y := b.Pixels[0]+b.Pixels[2]/2, b.Pixels[1]+b.Pixels[3]/2
			return `{"x": ` + strconv.FormatFloat(x, 'f', -1, 64) + `, "y": ` + strconv.FormatFloat(y, 'f', -1, 64) + `}`
		}
	}
	return ""
}
