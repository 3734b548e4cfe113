package variant

import (
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/statesim"
)

func TestBar(t *testing.T) {
	tests := []struct {
		bar  string
		want [Wordings]string
	}{
		{"Select Br, iyHxAx and click Submit.", [3]string{"Select Br, iyHxAx and click Submit.", "Select Br, iyHxAx and press Submit.", "Select Br, iyHxAx, then click Submit."}},
		{"Select nothing and click Submit.", [3]string{"Select nothing and click Submit.", "Select nothing and press Submit.", "Select nothing, then click Submit."}},
		{"Check the 2nd checkbox, then hit Submit.", [3]string{"Check the 2nd checkbox, then hit Submit.", "Check the 2nd checkbox, then press Submit.", "Check the 2nd checkbox, then click Submit."}},
		{"Hit Submit.", [3]string{"Hit Submit.", "Press Submit.", "Click Submit."}},
		{"Fill in the form and click Submit.", [3]string{"Fill in the form and click Submit.", "Fill in the form and press Submit.", "Fill in the form, then click Submit."}},
		{"Type a poem.", [3]string{"Type a poem.", "Type a poem.", "Type a poem."}},
		{" and click Submit.", [3]string{" and click Submit.", " and click Submit.", " and click Submit."}},
	}
	for _, tc := range tests {
		for k := range Wordings {
			if got := Bar(tc.bar, k); got != tc.want[k] {
				t.Errorf("Bar(%q, %d) = %q, want %q", tc.bar, k, got, tc.want[k])
			}
		}
		if got, want := Rewordable(tc.bar), tc.want[1] != tc.bar; got != want {
			t.Errorf("Rewordable(%q) = %v, want %v", tc.bar, got, want)
		}
	}
}

// TestBarOfEveryInstruction words the tasks statesim.Instruction gives on
// every built-in family: each is Rewordable, so every row's bar has three
// wordings.
func TestBarOfEveryInstruction(t *testing.T) {
	for _, fam := range forms.Builtins() {
		f := fam.Largest()
		var wants [][]statesim.Want
		wants = append(wants, nil)
		var all []statesim.Want
		for i := range f.Elements {
			e := &f.Elements[i]
			switch e.Kind {
			case forms.Checkbox:
				all = append(all, statesim.Want{Target: f.RefOf(i), Value: statesim.Value{N: 1}})
			case forms.Slider:
				all = append(all, statesim.Want{Target: f.RefOf(i), Value: statesim.Value{N: e.Max}})
			}
			wants = append(wants, append([]statesim.Want(nil), all...))
		}
		for _, w := range wants {
			bar := statesim.Instruction(&f, w)
			if !Rewordable(bar) {
				t.Errorf("%s: the bar %q has no closing to word another way", fam.Name, bar)
			}
		}
	}
}
