package forms

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 101: "101st", 111: "111th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
		if got := string(AppendOrdinal([]byte("the "), n)); got != "the "+want {
			t.Errorf("AppendOrdinal(%d) = %q, want %q", n, got, "the "+want)
		}
	}
}

func TestBuiltinForms(t *testing.T) {
	tests := []struct {
		family string
		counts map[Kind][2]int // min, max
		refer  RefStyle
	}{
		{"checkboxes", map[Kind][2]int{Checkbox: {3, 8}, Submit: {1, 1}}, ByLabel},
		{"slider_checkboxes", map[Kind][2]int{Slider: {1, 1}, Checkbox: {3, 3}, Submit: {1, 1}}, ByOrdinal},
		{"radio_textboxes", map[Kind][2]int{Radio: {3, 3}, TextBox: {3, 3}, Submit: {1, 1}}, ByOrdinal},
		{"checkbox_textboxes", map[Kind][2]int{Checkbox: {1, 1}, TextBox: {2, 2}, Submit: {1, 1}}, ByOrdinal},
		{"radio_slider", map[Kind][2]int{Radio: {3, 3}, Slider: {1, 1}, Submit: {1, 1}}, ByOrdinal},
	}
	for _, tc := range tests {
		t.Run(tc.family, func(t *testing.T) {
			fam := Builtin(tc.family)
			if fam == nil {
				t.Fatal("missing")
			}
			if err := fam.Validate(); err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(9, 9))
			sizes := map[int]bool{}
			for i := 0; i < 2000; i++ {
				f := fam.NewForm(rng)
				if err := f.Validate(); err != nil {
					t.Fatalf("form %d: %v", i, err)
				}
				if f.Refer != tc.refer {
					t.Fatalf("refer %q, want %q", f.Refer, tc.refer)
				}
				total := 0
				for k, mm := range tc.counts {
					n := f.Count(k)
					total += n
					if n < mm[0] || n > mm[1] {
						t.Fatalf("%d %ss, want %d..%d", n, k, mm[0], mm[1])
					}
				}
				if total != len(f.Elements) {
					t.Fatalf("form has unexpected kinds: %+v", f.Elements)
				}
				sizes[len(f.Elements)] = true
				for _, e := range f.Elements {
					if tc.family == "checkboxes" && e.Kind == Checkbox {
						if len(e.Label) < 2 || len(e.Label) > 7 || strings.Trim(e.Label, labelAlphabet) != "" {
							t.Fatalf("label %q is not 2-7 characters of a-z, A-Z, 0-9", e.Label)
						}
					}
					if e.Kind == Slider && !((e.Min == -10 || e.Min == 0) && e.Max == 10 && e.Step == 1) {
						t.Fatalf("slider range %d..%d", e.Min, e.Max)
					}
				}
				if f.Count(TextBox) > 0 && len(f.TextValues) != 3 {
					t.Fatalf("text vocabulary %v, want 3 values", f.TextValues)
				}
			}
			if tc.family == "checkboxes" && len(sizes) != 6 {
				t.Errorf("form sizes drawn: %v, want all of 4..9 elements", sizes)
			}
		})
	}
}

func TestNewFormDeterministic(t *testing.T) {
	for _, fam := range Builtins() {
		a := fam.NewForm(rand.New(rand.NewPCG(5, 6)))
		b := fam.NewForm(rand.New(rand.NewPCG(5, 6)))
		if len(a.Elements) != len(b.Elements) || a.Elements[0] != b.Elements[0] || strings.Join(a.TextValues, ",") != strings.Join(b.TextValues, ",") {
			t.Errorf("%s: same seed gave different forms", fam.Name)
		}
	}
}

func TestFindAndName(t *testing.T) {
	f := &Form{Refer: ByOrdinal, Elements: []Element{
		{ID: "e0", Kind: Slider, Ordinal: 1, Min: 0, Max: 10, Step: 1},
		{ID: "e1", Kind: Checkbox, Ordinal: 1, Label: "Br"},
		{ID: "e2", Kind: Checkbox, Ordinal: 2, Label: "iyHxAx"},
		{ID: "e3", Kind: Radio, Ordinal: 1, Label: "Yes"},
		{ID: "e4", Kind: Submit, Ordinal: 1, Label: "Submit"},
	}}
	tests := []struct {
		ref  Ref
		idx  int
		err  error
		name string
	}{
		{Ref{Kind: Checkbox, Ordinal: 2}, 2, nil, "the 2nd checkbox"},
		{Ref{Kind: Checkbox, Label: "Br"}, 1, nil, "Br"},
		{Ref{Kind: Slider, Ordinal: 1}, 0, nil, "the slider"},
		{Ref{Kind: Submit, Ordinal: 1}, 4, nil, "Submit"},
		{Ref{Kind: Checkbox, Ordinal: 3}, -1, ErrNoSuchElement, "the 3rd checkbox"},
		{Ref{Kind: Checkbox, Label: "zz"}, -1, ErrNoSuchElement, "zz"},
		{Ref{Kind: Checkbox, Label: "Yes"}, -1, ErrWrongKind, "Yes"},
		{Ref{Kind: TextBox, Ordinal: 1}, -1, ErrNoSuchElement, "the 1st textbox"},
	}
	for _, tc := range tests {
		i, err := f.Find(tc.ref)
		if i != tc.idx || !errors.Is(err, tc.err) {
			t.Errorf("Find(%s) = %d, %v; want %d, %v", tc.ref, i, err, tc.idx, tc.err)
		}
		if got := f.Name(tc.ref); got != tc.name {
			t.Errorf("Name(%s) = %q, want %q", tc.ref, got, tc.name)
		}
		if got := string(f.AppendName([]byte("> "), tc.ref)); got != "> "+tc.name {
			t.Errorf("AppendName(%s) = %q, want %q", tc.ref, got, "> "+tc.name)
		}
	}
	f.Refer = ByLabel
	if r := f.RefOf(2); r.Label != "iyHxAx" {
		t.Errorf("RefOf by label = %+v", r)
	}
}

func TestFamilyValidate(t *testing.T) {
	good := func() Family { return *Builtin("radio_textboxes") }
	tests := []struct {
		name   string
		change func(*Family)
		want   string
	}{
		{"no name", func(f *Family) { f.Name = "" }, "name is empty"},
		{"bad refer", func(f *Family) { f.Refer = "color" }, `refer is "color"`},
		{"no groups", func(f *Family) { f.Groups = nil }, "elements is empty"},
		{"bad kind", func(f *Family) { f.Groups[0].Kind = 0 }, "kind is missing or unknown"},
		{"submit group", func(f *Family) { f.Groups[0].Kind = Submit }, "added to every form"},
		{"counts", func(f *Family) { f.Groups[0].MinCount = 4 }, "min_count 4, max_count 3"},
		{"labels", func(f *Family) { f.Groups[0].Labels = "fancy" }, `labels "fancy"`},
		{"short list", func(f *Family) { f.Groups[0].Labels = LabelsList; f.Groups[0].LabelList = []string{"a"} }, "label_list has 1 labels"},
		{"no pool", func(f *Family) { f.Groups[1].TextPool = nil }, "needs text_pool"},
		{"in_task", func(f *Family) { f.Groups[1].InTask = 5 }, "in_task 5"},
		{"layout", func(f *Family) { f.Groups[1].Layout = "grid" }, `layout "grid": use "column"`},
		{"refer label without labels", func(f *Family) { f.Refer = ByLabel }, "refer is label but this group has no labels"},
		{"slider no ranges", func(f *Family) { f.Groups[0] = Group{Kind: Slider, MinCount: 1, MaxCount: 1} }, "needs ranges"},
		{"slider bad range", func(f *Family) {
			f.Groups[0] = Group{Kind: Slider, MinCount: 1, MaxCount: 1, Ranges: []Range{{0, 10, 3}}}
		}, "ranges[0] 0..10 step 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := good()
			tc.change(&f)
			err := f.Validate()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Validate() = %v, want an error containing %q", err, tc.want)
			}
		})
	}
	f := good()
	if err := f.Validate(); err != nil {
		t.Fatalf("good family: %v", err)
	}
}

func TestKindText(t *testing.T) {
	for _, k := range Kinds() {
		b, err := k.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Kind
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Errorf("round trip of %s gave %s, %v", k, back, err)
		}
	}
	if _, err := ParseKind("button"); err == nil {
		t.Error("ParseKind accepted an unknown kind")
	}
}

func TestGroupName(t *testing.T) {
	for gi, want := range map[int]string{0: "g0", 7: "g7", 31: "g31", 32: "g32", 140: "g140"} {
		if got := GroupName(gi); got != want {
			t.Errorf("GroupName(%d) = %q, want %q", gi, got, want)
		}
	}
	// radio_textboxes draws its radio buttons from group 0, its text boxes
	// from group 1.
	group := map[Kind]string{Radio: GroupName(0), TextBox: GroupName(1)}
	f := Builtin("radio_textboxes").NewForm(rand.New(rand.NewPCG(4, 5)))
	if m := f.Members(GroupName(0)); len(m) != 3 || f.Elements[m[0]].Kind != Radio || f.Elements[m[2]].Ordinal != 3 {
		t.Errorf("Members(g0) = %v, want the three radio buttons", m)
	}
	if f.First(GroupName(1)) != 3 || f.First("none") != -1 {
		t.Errorf("First(g1), First(none) = %d, %d; want 3, -1", f.First(GroupName(1)), f.First("none"))
	}
	for _, e := range f.Elements {
		if e.Kind != Submit && e.Group != group[e.Kind] {
			t.Errorf("element %s (%s) is in group %q, want %q", e.ID, e.Kind, e.Group, group[e.Kind])
		}
	}
}
