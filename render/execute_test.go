package render

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// executeFixture has two checkboxes (cb2 checked), three radio buttons (r1
// checked), a text box holding "ab", a slider s1 (0 to 10, step 1, at 5), a
// slider s2 (-10 to 10, step 5, at 0), each slider with its printed value,
// and a submit button.
var executeFixture = Job{HTML: mustRead("testdata/execute.html"), Width: 160, Height: 210}

// state is the part of an Element that Execute changes.
type state struct {
	Checked      bool
	Value, Shown string
}

func elementStates(els []Element) map[string]state {
	m := make(map[string]state, len(els))
	for _, e := range els {
		m[e.ID] = state{e.Checked, e.Value, e.Shown}
	}
	return m
}

func click(id string) Input        { return Input{Op: "click", Element: id} }
func typeText(s string) Input      { return Input{Op: "type", Text: s} }
func key(name string, n int) Input { return Input{Op: "key", Key: name, Repeat: n} }

var selectAll = Input{Op: "selectall"}

func TestExecute(t *testing.T) {
	tests := []struct {
		name   string
		inputs []Input
		want   map[string]state // elements that must have this state
	}{
		{"nothing", nil, map[string]state{
			"cb1": {}, "cb2": {Checked: true}, "r1": {Checked: true}, "r2": {},
			"t1": {Value: "ab"}, "s1": {Value: "5", Shown: "5"}, "s2": {Value: "0", Shown: "0"},
		}},
		{"checkbox click checks", []Input{click("cb1")}, map[string]state{"cb1": {Checked: true}, "cb2": {Checked: true}}},
		{"checkbox clicked twice", []Input{click("cb1"), click("cb1")}, map[string]state{"cb1": {}}},
		{"checked checkbox click unchecks", []Input{click("cb2")}, map[string]state{"cb2": {}, "cb1": {}}},
		{"radio select", []Input{click("r2")}, map[string]state{"r1": {}, "r2": {Checked: true}, "r3": {}}},
		{"radio reselect stays", []Input{click("r2"), click("r2")}, map[string]state{"r1": {}, "r2": {Checked: true}}},
		{"radio checked one click stays", []Input{click("r1")}, map[string]state{"r1": {Checked: true}, "r2": {}}},
		{"radio back", []Input{click("r3"), click("r1")}, map[string]state{"r1": {Checked: true}, "r3": {}}},
		{"type appends to prefilled", []Input{click("t1"), typeText("cd")}, map[string]state{"t1": {Value: "abcd"}}},
		{"type without focus does nothing", []Input{typeText("cd")}, map[string]state{"t1": {Value: "ab"}}},
		{"home then type", []Input{click("t1"), key("Home", 1), typeText("Z9")}, map[string]state{"t1": {Value: "Z9ab"}}},
		{"backspace", []Input{click("t1"), key("End", 0), key("Backspace", 1)}, map[string]state{"t1": {Value: "a"}}},
		{"select all and backspace clears", []Input{click("t1"), selectAll, key("Backspace", 1)}, map[string]state{"t1": {}}},
		{"select all and type replaces", []Input{click("t1"), selectAll, typeText("xY 7")}, map[string]state{"t1": {Value: "xY 7"}}},
		{"slider right by step", []Input{click("s1"), key("ArrowRight", 3)}, map[string]state{"s1": {Value: "8", Shown: "8"}}},
		{"slider left by step", []Input{click("s1"), key("ArrowLeft", 2)}, map[string]state{"s1": {Value: "3", Shown: "3"}}},
		{"slider clamps at max", []Input{click("s1"), key("ArrowRight", 9)}, map[string]state{"s1": {Value: "10", Shown: "10"}}},
		{"slider clamps at min", []Input{click("s1"), key("ArrowLeft", 9)}, map[string]state{"s1": {Value: "0", Shown: "0"}}},
		{"slider step 5", []Input{click("s2"), key("ArrowLeft", 1)}, map[string]state{"s2": {Value: "-5", Shown: "-5"}}},
		{"slider step 5 clamps", []Input{click("s2"), key("ArrowRight", 3), key("ArrowLeft", 1)}, map[string]state{"s2": {Value: "5", Shown: "5"}}},
		{"keys go to the focused slider only", []Input{click("s1"), key("ArrowRight", 1), click("s2"), key("ArrowRight", 1)},
			map[string]state{"s1": {Value: "6", Shown: "6"}, "s2": {Value: "5", Shown: "5"}}},
	}
	for _, scale := range []float64{1, 2} {
		r := newRenderer(t, Options{Scale: scale})
		for _, tt := range tests {
			t.Run(fmt.Sprintf("scale=%g/%s", scale, tt.name), func(t *testing.T) {
				els, err := r.Execute(context.Background(), executeFixture, tt.inputs)
				if err != nil {
					t.Fatal(err)
				}
				got := elementStates(els)
				for id, want := range tt.want {
					if g, ok := got[id]; !ok || g != want {
						t.Errorf("%s = %+v, want %+v", id, g, want)
					}
				}
			})
		}
	}
}

// TestExecuteClickAt clicks at the centre of the boxes that Render reports,
// in output pixels, and checks that the click lands on the element.
func TestExecuteClickAt(t *testing.T) {
	for _, scale := range []float64{1, 2} {
		t.Run(fmt.Sprintf("scale=%g", scale), func(t *testing.T) {
			r := newRenderer(t, Options{Scale: scale})
			res, err := r.Render(context.Background(), []Job{executeFixture})
			if err != nil {
				t.Fatal(err)
			}
			boxes := map[string]Box{}
			for _, e := range res[0].Elements {
				boxes[e.ID] = e.Box
			}
			at := func(id string) Input {
				b := boxes[id]
				return Input{Op: "click", X: b.X + b.W/2, Y: b.Y + b.H/2}
			}
			els, err := r.Execute(context.Background(), executeFixture, []Input{at("cb1"), at("r3"), at("t1"), typeText("!")})
			if err != nil {
				t.Fatal(err)
			}
			got := elementStates(els)
			for id, want := range map[string]state{"cb1": {Checked: true}, "r3": {Checked: true}, "r1": {}, "t1": {Value: "ab!"}} {
				if got[id] != want {
					t.Errorf("%s = %+v, want %+v", id, got[id], want)
				}
			}
			// The elements read back by Execute have the boxes of Render.
			for _, e := range els {
				if !near(e.Box, boxes[e.ID]) {
					t.Errorf("%s: Execute box %+v, Render box %+v", e.ID, e.Box, boxes[e.ID])
				}
			}
		})
	}
}

func TestExecuteErrors(t *testing.T) {
	r := newRenderer(t, Options{})
	hidden := Job{HTML: `<div style="width:50px;height:50px"><input data-el="h" style="display:none"></div>`, Width: 50, Height: 50}
	tests := []struct {
		name   string
		job    Job
		inputs []Input
		index  int
		want   string
	}{
		{"no such element", executeFixture, []Input{click("cb1"), click("nope")}, 1, `no element with data-el="nope"`},
		{"hidden element", hidden, []Input{click("h")}, 0, "not shown"},
		{"unknown key", executeFixture, []Input{click("t1"), key("Hyperspace", 1)}, 1, `unknown key "Hyperspace"`},
		{"negative repeat", executeFixture, []Input{key("End", -1)}, 0, "repeat -1"},
		{"unknown op", executeFixture, []Input{{Op: "drag"}}, 0, `unknown op "drag"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := r.Execute(context.Background(), tt.job, tt.inputs)
			var ie *InputError
			if !errors.As(err, &ie) || ie.Index != tt.index || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want an InputError for input %d containing %q", err, tt.index, tt.want)
			}
		})
	}
	_, err := r.Execute(context.Background(), Job{HTML: `<p>x</p>`, Width: 50, Height: 50}, nil)
	var je *JobError
	if !errors.As(err, &je) {
		t.Errorf("bad job: error %v, want a JobError", err)
	}
}
