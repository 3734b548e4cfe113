package score

import (
	"testing"
)

// TestScorePoint scores replies to a grounding row whose boxes are set by
// hand: points inside the named element's box (its edge included), a
// point in another element's box, an action instead of a point, two
// points, and a point on a row without boxes.
func TestScorePoint(t *testing.T) {
	q := built(t, "grounding", 1, 0)[0]
	named := q.Meta.Probe.Element
	boxes := []Box{{ID: named, Pixels: [4]float64{10, 20, 30, 40}}, {ID: "other", Pixels: [4]float64{100, 20, 30, 40}}}
	tests := []struct {
		name   string
		boxes  []Box
		reply  string
		parsed bool
		inBox  bool
	}{
		{"centre as JSON", boxes, `{"x": 25, "y": 40}`, true, true},
		{"corner as a pair", boxes, "Answer: (10, 20)", true, true},
		{"far edge", boxes, `{"x": 40, "y": 60}`, true, true},
		{"just outside", boxes, `{"x": 40.5, "y": 60}`, true, false},
		{"another element", boxes, `{"x": 115, "y": 40}`, true, false},
		{"an action", boxes, "click the Submit button", false, false},
		{"two points", boxes, "{\"x\": 25, \"y\": 40}\n{\"x\": 115, \"y\": 40}", false, false},
		{"no boxes", nil, `{"x": 25, "y": 40}`, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := &OpenRow{Meta: q.Meta, Boxes: tc.boxes}
			r, ok := ScorePoint(o, tc.reply)
			if ok != tc.parsed || r.InBox != tc.inBox {
				t.Errorf("parsed %v, in box %v (%q); want %v, %v", ok, r.InBox, r.Problems, tc.parsed, tc.inBox)
			}
		})
	}
	if got := centre(&OpenRow{Meta: q.Meta, Boxes: boxes}); got != `{"x": 25, "y": 40}` {
		t.Errorf("oracle reply %q, want the centre of the named box", got)
	}
}
