package statesim

import (
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
)

// TestConditionalSemantics has one case per row of the package
// documentation's tables on disabled and conditional elements.
func TestConditionalSemantics(t *testing.T) {
	f := testforms.Gated()
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	clean := Clean(f)
	set := func(pairs ...any) State {
		s := clean.Clone()
		for k := 0; k < len(pairs); k += 2 {
			s[pairs[k].(int)] = pairs[k+1].(Value)
		}
		return s
	}
	on := Value{N: 1}
	sl2 := forms.Ref{Kind: forms.Slider, Ordinal: 2}
	tests := []struct {
		name  string
		start State
		plan  []Action
		want  State
	}{
		{"type into a disabled text box", clean, []Action{{Op: Type, Target: tb(1), Text: "12"}}, clean},
		{"clear a disabled text box", set(1, Value{S: "5"}), []Action{{Op: Clear, Target: tb(1)}}, set(1, Value{S: "5"})},
		{"enter into a disabled text box", set(1, Value{S: "5"}), []Action{{Op: Enter, Target: tb(1), Text: "12"}}, set(1, Value{S: "5"})},
		{"move a disabled slider", clean, []Action{{Op: Move, Target: sl(), N: 3}}, clean},
		{"set a disabled slider", clean, []Action{{Op: Set, Target: sl(), N: 3}}, clean},
		{"click a disabled checkbox", clean, []Action{{Op: Click, Target: cb(2)}}, clean},
		{"check a disabled checkbox", clean, []Action{{Op: Check, Target: cb(2)}}, clean},
		{"checkbox enables", clean, []Action{{Op: Check, Target: cb(1)}, {Op: Type, Target: tb(1), Text: "12"}}, set(0, on, 1, Value{S: "12"})},
		{"act, then enable: the act is lost", clean, []Action{{Op: Type, Target: tb(1), Text: "12"}, {Op: Check, Target: cb(1)}}, set(0, on)},
		{"unchecking disables and keeps the value", set(0, on, 1, Value{S: "12"}), []Action{{Op: Uncheck, Target: cb(1)}, {Op: Type, Target: tb(1), Text: "5"}}, set(1, Value{S: "12"})},
		{"re-enabling finds the kept value", set(1, Value{S: "12"}), []Action{{Op: Click, Target: cb(1)}, {Op: Type, Target: tb(1), Text: "5"}}, set(0, on, 1, Value{S: "125"})},
		{"radio enables", clean, []Action{{Op: Select, Target: rb(2)}, {Op: Set, Target: sl(), N: 4}}, set(3, on, 4, Value{N: 4})},
		{"another radio disables", set(3, on, 4, Value{N: 4}), []Action{{Op: Select, Target: rb(1)}, {Op: Move, Target: sl(), N: 2}}, set(2, on, 4, Value{N: 4})},
		{"slider at the threshold enables", clean, []Action{{Op: Set, Target: sl2, N: 5}, {Op: Check, Target: cb(2)}}, set(5, Value{N: 5}, 6, on)},
		{"slider one step below disables", set(5, Value{N: 5}), []Action{{Op: Move, Target: sl2, N: -1}, {Op: Check, Target: cb(2)}}, set(5, Value{N: 4})},
		{"a disabled enabler still enables", set(6, on), []Action{{Op: Type, Target: tb(2), Text: "5"}}, set(6, on, 7, Value{S: "5"})},
	}
	for _, tc := range tests {
		out, err := Run(f, tc.start, tc.plan)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !out.Final.Equal(tc.want) {
			t.Errorf("%s: got %s, want %s", tc.name, out.Final, tc.want)
		}
	}
}

// TestEnabled checks Enabled on each kind of enabler.
func TestEnabled(t *testing.T) {
	f := testforms.Gated()
	s := Clean(f)
	for i, want := range []bool{true, false, true, true, false, true, false, false, true} {
		if got := Enabled(f, s, i); got != want {
			t.Errorf("clean: element %d enabled %v, want %v", i, got, want)
		}
	}
	s[0].N, s[3].N, s[5].N = 1, 1, 7
	for _, i := range []int{1, 4, 6} {
		if !Enabled(f, s, i) {
			t.Errorf("element %d disabled with its enabler on", i)
		}
	}
}

// TestGoalNeedsEnabler checks that a goal naming a conditional element's
// value must want its enabler enabling.
func TestGoalNeedsEnabler(t *testing.T) {
	f := testforms.Gated()
	tests := []struct {
		name  string
		wants []Want
		ok    bool
	}{
		{"text without the box", []Want{{Target: tb(1), Value: Value{S: "12"}}}, false},
		{"text with the box unchecked", []Want{{Target: cb(1)}, {Target: tb(1), Value: Value{S: "12"}}}, false},
		{"text with the box checked", []Want{{Target: cb(1), Value: Value{N: 1}}, {Target: tb(1), Value: Value{S: "12"}}}, true},
		{"slider with the other radio", []Want{{Target: rb(1), Value: Value{N: 1}}, {Target: sl(), Value: Value{N: 3}}}, false},
		{"slider with its radio", []Want{{Target: rb(2), Value: Value{N: 1}}, {Target: sl(), Value: Value{N: 3}}}, true},
		{"checkbox below the threshold", []Want{{Target: forms.Ref{Kind: forms.Slider, Ordinal: 2}, Value: Value{N: 4}}, {Target: cb(2), Value: Value{N: 1}}}, false},
		{"checkbox at the threshold", []Want{{Target: forms.Ref{Kind: forms.Slider, Ordinal: 2}, Value: Value{N: 5}}, {Target: cb(2), Value: Value{N: 1}}}, true},
		{"only the enabler", []Want{{Target: cb(1)}}, true},
	}
	for _, tc := range tests {
		err := NewGoal(f, tc.wants).Validate(f)
		if (err == nil) != tc.ok {
			t.Errorf("%s: Validate gives %v", tc.name, err)
		}
	}
}
