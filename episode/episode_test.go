package episode

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// builtins maps the built-in families by name.
func builtins() map[string]*forms.Family { return ByName(forms.Builtins()) }

var textOnly = []string{ObserveText}

func reset(t *testing.T, seed int64, spec Spec) (*Episode, Observation) {
	t.Helper()
	e, o, err := Reset(context.Background(), seed, spec, builtins(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return e, o
}

// solve runs a shortest plan from the episode's state, in English.
func solve(t *testing.T, e *Episode) Observation {
	t.Helper()
	plan, err := statesim.NewEngine(&e.Form).Shortest(e.State, e.Goal, 0)
	if err != nil {
		t.Fatal(err)
	}
	var o Observation
	for _, a := range append(plan, statesim.SubmitAction) {
		if o, err = e.Step(context.Background(), statesim.English(&e.Form, a)); err != nil {
			t.Fatal(err)
		}
		if o.LastActionError != "" {
			t.Fatalf("%s: %s", statesim.English(&e.Form, a), o.LastActionError)
		}
	}
	return o
}

func TestResetIsPure(t *testing.T) {
	for _, fam := range forms.Defaults() {
		for _, start := range []string{StartClean, StartMistakes} {
			spec := Spec{Family: fam.Name, Start: start, Observe: textOnly}
			a, oa := reset(t, 7, spec)
			b, ob := reset(t, 7, spec)
			if !reflect.DeepEqual(a.Form, b.Form) || !a.Start.Equal(b.Start) || !reflect.DeepEqual(a.Goal, b.Goal) || !reflect.DeepEqual(oa, ob) {
				t.Fatalf("%s %s: two resets of seed 7 differ", fam.Name, start)
			}
			c, _ := reset(t, 8, spec)
			if reflect.DeepEqual(a.Form, c.Form) && a.Start.Equal(c.Start) && a.Goal.Text == c.Goal.Text {
				t.Errorf("%s %s: seeds 7 and 8 give the same episode", fam.Name, start)
			}
		}
	}
}

// TestShortestPlanEarnsReward runs a breadth-first shortest plan of the
// simulator from clean starts and starts with mistakes: it must earn the
// reward in exactly the episode's Optimal steps, which Reset counts
// without a search (statesim.Goal.Unmet).
func TestShortestPlanEarnsReward(t *testing.T) {
	for _, fam := range forms.Defaults() {
		for _, spec := range []Spec{{Horizon: 1}, {Horizon: 2}, {Horizon: 3}, {Start: StartMistakes, Mistakes: 2}} {
			h := spec.Horizon
			for seed := range int64(20) {
				spec.Family, spec.Observe = fam.Name, textOnly
				e, o, err := Reset(context.Background(), seed, spec, builtins(), nil)
				if err != nil && h == 3 {
					continue // a family without tasks of 3 wants
				} else if err != nil {
					t.Fatal(err)
				}
				if o.Metadata.UnmetAfter == 0 || o.Done {
					t.Fatalf("%s h%d seed %d: the start meets the task", fam.Name, h, seed)
				}
				o = solve(t, e)
				if !o.Done || o.Reward != 1 || o.Metadata.UnmetAfter != 0 || o.Metadata.StepsUsed != e.Optimal {
					t.Fatalf("%s h%d seed %d: after a shortest plan: done %v reward %g unmet %d steps %d optimal %d",
						fam.Name, h, seed, o.Done, o.Reward, o.Metadata.UnmetAfter, o.Metadata.StepsUsed, e.Optimal)
				}
				if _, err := e.Step(context.Background(), "Submit"); err != ErrDone {
					t.Fatalf("a step after the end: %v, want ErrDone", err)
				}
			}
		}
	}
}

// TestLongFamiliesSolvedInOptimal plays the long families, whose state
// spaces no breadth-first search covers, at every horizon up to 12: one
// action per unmet want (an element enabled first), then Submit, must earn
// the reward in exactly Optimal steps.
func TestLongFamiliesSolvedInOptimal(t *testing.T) {
	fams := builtins()
	for _, name := range forms.Names(forms.Long()) {
		for h := 1; h <= 12; h++ {
			for seed := range int64(10) {
				e, _, err := Reset(context.Background(), seed, Spec{Family: name, Horizon: h, Observe: textOnly}, fams, nil)
				if err != nil {
					t.Fatal(err)
				}
				var o Observation
				for k := 0; k < e.Optimal && !e.Done; k++ {
					action := statesim.SubmitAction
					for _, w := range e.Goal.Wants {
						i, _ := e.Form.Find(w.Target)
						if e.State[i] != w.Value && statesim.Enabled(&e.Form, e.State, i) {
							action = suites.SetAction(&e.Form, w)
							break
						}
					}
					if o, err = e.Step(context.Background(), statesim.English(&e.Form, action)); err != nil {
						t.Fatal(err)
					}
					if o.LastActionError != "" {
						t.Fatalf("%s h%d seed %d: %s", name, h, seed, o.LastActionError)
					}
				}
				if !o.Done || o.Reward != 1 || o.Metadata.StepsUsed != e.Optimal {
					t.Fatalf("%s h%d seed %d: done %t reward %g after %d steps, optimal %d", name, h, seed, o.Done, o.Reward, o.Metadata.StepsUsed, e.Optimal)
				}
			}
		}
	}
}

func TestEarlySubmitEarnsNothing(t *testing.T) {
	e, _ := reset(t, 1, Spec{Family: "checkboxes", Horizon: 2, Observe: textOnly})
	o, err := e.Step(context.Background(), "click('"+e.Form.Elements[len(e.Form.Elements)-1].ID+"')")
	if err != nil || !o.Done || o.Reward != 0 || o.Metadata.UnmetAfter != 2 {
		t.Fatalf("submit at once: %v %+v", err, o)
	}
}

func TestBudgetEnds(t *testing.T) {
	e, _ := reset(t, 3, Spec{Family: "slider_checkboxes", Budget: 3, Observe: textOnly})
	var o Observation
	for range 3 {
		o, _ = e.Step(context.Background(), "noop()")
	}
	if !o.Done || o.Reward != 0 || o.Step != 3 {
		t.Fatalf("after the budget: %+v", o)
	}
}

func TestBrowserGymActions(t *testing.T) {
	e, _ := reset(t, 5, Spec{Family: "checkbox_textboxes", Budget: 40, Observe: textOnly})
	box := -1
	var text int
	for i, el := range e.Form.Elements {
		switch el.Kind {
		case forms.Checkbox:
			box = i
		case forms.TextBox:
			text = i
		}
	}
	ctx := context.Background()
	was := e.State[box].N
	o, _ := e.Step(ctx, "click('"+e.Form.Elements[box].ID+"')")
	if e.State[box].N == was || o.LastActionError != "" || !o.Metadata.Valid {
		t.Fatalf("click did not toggle the checkbox: %+v", o)
	}
	id := e.Form.Elements[text].ID
	if o, _ = e.Step(ctx, "fill('"+id+"', '12')"); o.LastActionError != "" && !strings.Contains(o.LastActionError, "disabled") {
		t.Fatalf("fill: %s", o.LastActionError)
	}
	tests := []struct{ action, want string }{
		{"select_option('" + id + "', 'a')", "click a radio button"},
		{"click('zz')", `no element "zz"`},
		{"fill('" + e.Form.Elements[box].ID + "', '3')", "no text box"},
		{"frobnicate the form", "actlang"},
		{"click(", "actlang"},
		{"", "no action"},
		{"mouse_down()", "not supported"},
		{"mouse_up()", "not supported"},
		{"keyboard_press('Tab')", "not supported"},
		{"keyboard_press('Control+a')", "not supported"},
		{"fill('" + id + "', '12\\n')", "control character"},
		{"fill('" + id + "', '1\u0007')", "control character"},
		{"fill('" + id + "', '🙂')", "cannot draw"},
		{"fill('" + id + "', '漢字')", "cannot draw"},
		{`Enter "🙂" into the 1st textbox`, "cannot draw"},
	}
	for _, tc := range tests {
		before := e.State.Clone()
		steps := e.Steps
		o, err := e.Step(ctx, tc.action)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(o.LastActionError, tc.want) || o.Metadata.Valid || !e.State.Equal(before) || e.Steps != steps+1 {
			t.Errorf("%q: error %q (want %q), valid %v, state changed %v", tc.action, o.LastActionError, tc.want, o.Metadata.Valid, !e.State.Equal(before))
		}
	}
}

// TestFocusRing follows, in a text-only episode, whether the focus shows a
// ring after each action, by the rules TestFidelity checks against
// Chromium's pixels: a click shows it on a text box only, unless the
// focus stays where it was; any key shows it; the page's focus call (fill,
// clear, focus) shows it on a text box, or when it showed already.
func TestFocusRing(t *testing.T) {
	e, _ := reset(t, 5, Spec{Family: "radio_textboxes", Budget: 40, Observe: textOnly})
	var boxes, texts []string
	for _, el := range e.Form.Elements {
		switch el.Kind {
		case forms.Radio:
			boxes = append(boxes, el.ID)
		case forms.TextBox:
			texts = append(texts, el.ID)
		}
	}
	if len(boxes) < 2 || len(texts) < 1 {
		t.Fatalf("want 2 radio buttons and a text box, got %v and %v", boxes, texts)
	}
	b0, b1, tx := boxes[0], boxes[1], texts[0]
	steps := []struct {
		action string
		focus  string
		ring   bool
	}{
		{"click('" + b0 + "')", b0, false},
		{"keyboard_press('Home')", b0, true},
		{"click('" + b0 + "')", b0, true}, // the focus stays: the ring too
		{"click('" + b1 + "')", b1, false},
		{"noop()", b1, false},
		{"press('" + b0 + "', ' ')", b0, true},
		{"focus('" + b1 + "')", b1, true}, // the ring shows already
		{"click('" + b1 + "')", b1, true},
		{"hover('" + b0 + "')", b1, true},
		{"keyboard_type(' ')", b1, true},
		{"fill('" + tx + "', '7')", tx, true},
		{"click('" + b0 + "')", b0, false},
		{"focus('" + b1 + "')", b1, false},
	}
	for k, st := range steps {
		o, err := e.Step(context.Background(), st.action)
		if err != nil {
			t.Fatal(err)
		}
		if o.LastActionError != "" && !strings.Contains(o.LastActionError, "disabled") {
			t.Fatalf("step %d %q: %s", k, st.action, o.LastActionError)
		}
		p := e.pose()
		if p.Focus != st.focus || p.FocusVisible != st.ring {
			t.Fatalf("step %d %q: focus %q ring %v, want %q ring %v", k, st.action, p.Focus, p.FocusVisible, st.focus, st.ring)
		}
	}
}

func TestSpecRefused(t *testing.T) {
	tests := []struct {
		spec Spec
		want string
	}{
		{Spec{Family: "nope"}, "choose one of checkbox_textboxes, checkboxes"},
		{Spec{Horizon: 99}, "want 1 to 24"},
		{Spec{Family: "radio_slider", Horizon: 9, Observe: textOnly}, "ask for horizon 1 to"},
		{Spec{Start: "dirty"}, `start "dirty"`},
		{Spec{Mistakes: 2}, "mistakes come with start"},
		{Spec{Observe: []string{"smell"}}, `observe "smell"`},
		{Spec{}, "needs pictures"},
	}
	for _, tc := range tests {
		_, _, err := Reset(context.Background(), 1, tc.spec, builtins(), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.spec, err, tc.want)
		}
	}
}

// TestFillSlider sets a slider with BrowserGym's fill, as Playwright's
// fill sets a range input: snapped to a step between the ends.
func TestFillSlider(t *testing.T) {
	e, _ := reset(t, 2, Spec{Family: "slider_checkboxes", Observe: textOnly})
	el := e.Form.Elements[0]
	for _, tc := range []struct {
		v    string
		want int
	}{{fmt.Sprint(el.Max), el.Max}, {fmt.Sprint(el.Min - 50), el.Min}, {fmt.Sprint(el.Max + 50), el.Max}} {
		o, err := e.Step(context.Background(), "fill('e0', '"+tc.v+"')")
		if err != nil || o.LastActionError != "" || e.State[0].N != tc.want {
			t.Fatalf("fill('e0', %s): %v %q, value %d, want %d", tc.v, err, o.LastActionError, e.State[0].N, tc.want)
		}
	}
	if o, _ := e.Step(context.Background(), "fill('e0', 'high')"); !strings.Contains(o.LastActionError, "whole number") {
		t.Fatalf("fill with a word: %q", o.LastActionError)
	}
}

// TestDisabledTakesNoFocus focuses and presses keys on a disabled control:
// as in a browser, the focus stays where it was.
func TestDisabledTakesNoFocus(t *testing.T) {
	for seed := range int64(50) {
		e, _ := reset(t, seed, Spec{Family: "radio_slider", Budget: 40, Observe: textOnly})
		for i, el := range e.Form.Elements {
			if el.Kind == forms.Submit || statesim.Enabled(&e.Form, e.State, i) {
				continue
			}
			for _, a := range []string{"focus('" + el.ID + "')", "press('" + el.ID + "', 'ArrowLeft')"} {
				if _, err := e.Step(context.Background(), a); err != nil {
					t.Fatal(err)
				}
				if p := e.pose(); p.Focus != "" {
					t.Fatalf("seed %d, %s on disabled %s: the focus went to %q", seed, a, el.ID, p.Focus)
				}
			}
			return
		}
	}
	t.Fatal("no radio_slider start with a disabled control in 50 seeds")
}
