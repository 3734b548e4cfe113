package render

import (
	"context"
	"fmt"
	"testing"
)

// disabledFixture has, beside enabled controls of every kind (a checkbox
// cb1, radio buttons r1 and r2 with r1 selected, a text box t1 holding
// "ab", a slider s1 from 0 to 10 at 5), disabled ones: an unchecked box
// dcb, a checked box dcb2, a radio button dr of another group, a text box
// dt holding "cd" and a slider ds from 0 to 10 at 5.
var disabledFixture = Job{HTML: `<div id="wrap"><div id="query">Disabled fixture.</div><div id="area">
<label><input type="checkbox" data-el="cb1" data-kind="checkbox">kz</label>
<label><input type="checkbox" data-el="dcb" data-kind="checkbox" disabled>dz</label>
<label><input type="checkbox" data-el="dcb2" data-kind="checkbox" checked disabled>d2</label><br>
<label><input type="radio" name="r" data-el="r1" data-kind="radio" checked>a</label>
<label><input type="radio" name="r" data-el="r2" data-kind="radio">b</label>
<label><input type="radio" name="q" data-el="dr" data-kind="radio" disabled>c</label><br>
<input type="text" data-el="t1" data-kind="textbox" value="ab"><br>
<input type="text" data-el="dt" data-kind="textbox" value="cd" disabled><br>
<input type="range" min="0" max="10" step="1" value="5" data-el="s1" data-kind="slider" style="width:100px"><span data-value-for="s1">5</span><br>
<input type="range" min="0" max="10" step="1" value="5" data-el="ds" data-kind="slider" style="width:100px" disabled><span data-value-for="ds">5</span><br>
<button class="secondary-action" data-el="submit" data-kind="submit">Submit</button>
</div></div>`, Width: 160, Height: 210}

// disabledStart is every element of disabledFixture as loaded.
var disabledStart = map[string]state{
	"cb1": {}, "dcb": {}, "dcb2": {Checked: true}, "r1": {Checked: true}, "r2": {}, "dr": {},
	"t1": {Value: "ab"}, "dt": {Value: "cd"}, "s1": {Value: "5", Shown: "5"}, "ds": {Value: "5", Shown: "5"}, "submit": {},
}

// TestReadbackDisabled checks that Render and Execute report which
// controls are disabled.
func TestReadbackDisabled(t *testing.T) {
	r := newRenderer(t, Options{})
	res, err := r.Render(context.Background(), []Job{disabledFixture, executeFixture})
	if err != nil {
		t.Fatal(err)
	}
	els, err := r.Execute(context.Background(), disabledFixture, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, got := range [][]Element{res[0].Elements, els, res[1].Elements} {
		for _, e := range got {
			want := k < 2 && (e.ID == "dcb" || e.ID == "dcb2" || e.ID == "dr" || e.ID == "dt" || e.ID == "ds")
			if e.Disabled != want {
				t.Errorf("read-back %d: %s disabled %v, want %v", k, e.ID, e.Disabled, want)
			}
		}
	}
}

// TestExecuteDisabled measures what Chromium does with real inputs on
// disabled controls: a click neither changes nor focuses one, and it takes
// the focus off the element that had it, so keys pressed after it reach no
// element. formview.Inputs relies on this to try a step on a disabled
// element with the same inputs as on an enabled one.
func TestExecuteDisabled(t *testing.T) {
	tests := []struct {
		name   string
		inputs []Input
		want   map[string]state // elements that differ from disabledStart
	}{
		{"click disabled boxes and radio", []Input{click("dcb"), click("dcb2"), click("dr")}, nil},
		{"type into a disabled text box", []Input{click("dt"), key("End", 0), typeText("9")}, nil},
		{"clear a disabled text box", []Input{click("dt"), selectAll, key("Backspace", 1)}, nil},
		{"keys on a disabled slider", []Input{click("ds"), key("Home", 0), key("ArrowRight", 3)}, nil},
		// The element focused before the click on a disabled one gets none
		// of the keys after it.
		{"text box focused first", []Input{click("t1"), click("dt"), key("End", 0), typeText("9")}, nil},
		{"text box focused, then select all", []Input{click("t1"), click("dt"), selectAll, key("Backspace", 1)}, nil},
		{"slider focused first", []Input{click("s1"), click("ds"), key("Home", 0), key("ArrowRight", 2)}, nil},
		{"radio focused first", []Input{click("r1"), click("ds"), key("Home", 0), key("ArrowRight", 1), key("ArrowDown", 1)}, nil},
		{"checkbox focused first", []Input{click("cb1"), click("dt"), typeText(" ")}, map[string]state{"cb1": {Checked: true}}},
		{"slider focused, disabled box clicked", []Input{click("s1"), click("dcb"), key("ArrowLeft", 2)}, nil},
		// The same keys without the click on a disabled control reach the
		// focused element: the test above would see them.
		{"control: keys reach the slider", []Input{click("s1"), key("ArrowRight", 2)}, map[string]state{"s1": {Value: "7", Shown: "7"}}},
		{"control: keys reach the radio", []Input{click("r1"), key("ArrowDown", 1)}, map[string]state{"r1": {}, "r2": {Checked: true}}},
		{"control: space reaches the box", []Input{click("cb1"), typeText(" ")}, nil}, // checked, then unchecked
	}
	for _, scale := range []float64{1, 2} {
		r := newRenderer(t, Options{Scale: scale})
		for _, tt := range tests {
			t.Run(fmt.Sprintf("scale=%g/%s", scale, tt.name), func(t *testing.T) {
				els, err := r.Execute(context.Background(), disabledFixture, tt.inputs)
				if err != nil {
					t.Fatal(err)
				}
				got := elementStates(els)
				for id, want := range disabledStart {
					if w, ok := tt.want[id]; ok {
						want = w
					}
					if g, ok := got[id]; !ok || g != want {
						t.Errorf("%s = %+v, want %+v", id, g, want)
					}
				}
				for _, e := range els {
					if e.Disabled != (e.ID[0] == 'd') {
						t.Errorf("%s disabled %v after the inputs", e.ID, e.Disabled)
					}
				}
			})
		}
	}
}
