package forms

import "strconv"

// numbers returns the decimal numbers lo to hi, the text values of the
// built-in families' text boxes.
func numbers(lo, hi int) []string {
	var s []string
	for i := lo; i <= hi; i++ {
		s = append(s, strconv.Itoa(i))
	}
	return s
}

// builtins are the built-in families, in the order Builtins gives them.
var builtins = []Family{
	{
		Name:  "checkboxes",
		Refer: ByLabel,
		Groups: []Group{
			{Kind: Checkbox, MinCount: 3, MaxCount: 8, Labels: LabelsRandom},
		},
	},
	{
		Name:  "slider_checkboxes",
		Refer: ByOrdinal,
		Groups: []Group{
			{Kind: Slider, MinCount: 1, MaxCount: 1, Ranges: []Range{{-10, 10, 1}, {0, 10, 1}}, Layout: LayoutRow},
			{Kind: Checkbox, MinCount: 3, MaxCount: 3, Layout: LayoutRow},
		},
	},
	{
		Name:  "radio_textboxes",
		Refer: ByOrdinal,
		Groups: []Group{
			{Kind: Radio, MinCount: 3, MaxCount: 3, InTask: 1, Layout: LayoutRow},
			{Kind: TextBox, MinCount: 3, MaxCount: 3, TextPool: numbers(1000, 9999), TextVocab: 3, InTask: 1, Layout: LayoutRow},
		},
	},
	{
		// A box that, once checked, opens two text boxes, as a form's
		// "I have a promo code" does.
		Name:  "checkbox_textboxes",
		Refer: ByOrdinal,
		Groups: []Group{
			{Kind: Checkbox, MinCount: 1, MaxCount: 1},
			{Kind: TextBox, MinCount: 2, MaxCount: 2, TextPool: numbers(1000, 9999), TextVocab: 3, EnabledBy: &Condition{Group: 0, Member: 1}},
		},
	},
	{
		// Radio buttons whose last ("Custom amount") opens a slider.
		Name:  "radio_slider",
		Refer: ByOrdinal,
		Groups: []Group{
			{Kind: Radio, MinCount: 3, MaxCount: 3, Layout: LayoutRow},
			{Kind: Slider, MinCount: 1, MaxCount: 1, Ranges: []Range{{-10, 10, 1}, {0, 10, 1}}, EnabledBy: &Condition{Group: 0, Member: -1}, Layout: LayoutRow},
		},
	},
	{
		// MiniWoB's click-checkboxes at length: 12 to 16 boxes, one a
		// line, enough for a task that names a dozen of them.
		Name:    "long_checkboxes",
		Refer:   ByLabel,
		Picture: &Size{Width: 200, Height: 330},
		Groups: []Group{
			{Kind: Checkbox, MinCount: 12, MaxCount: 16, Labels: LabelsRandom},
		},
	},
	{
		// A form of the kind people fill on the web: three text boxes,
		// a radio group, two sliders, a row of checkboxes, and a box
		// ("Add a second address") that opens two more text boxes.
		Name:    "mixed_form",
		Refer:   ByOrdinal,
		Picture: &Size{Width: 240, Height: 350},
		Groups: []Group{
			{Kind: TextBox, MinCount: 3, MaxCount: 3, TextPool: numbers(1000, 9999), TextVocab: 3},
			{Kind: Radio, MinCount: 3, MaxCount: 3, Layout: LayoutRow},
			{Kind: Slider, MinCount: 2, MaxCount: 2, Ranges: []Range{{0, 10, 1}}},
			{Kind: Checkbox, MinCount: 4, MaxCount: 4, Layout: LayoutRow},
			{Kind: Checkbox, MinCount: 1, MaxCount: 1},
			{Kind: TextBox, MinCount: 2, MaxCount: 2, TextPool: numbers(1000, 9999), TextVocab: 3, EnabledBy: &Condition{Group: 4, Member: 1}},
		},
	},
}

// defaults is how many of builtins a run uses unless told otherwise: the
// five families of MiniWoB's size, so that a default run stays as it was
// when the long ones came.
const defaults = 5

// Builtins returns the built-in families in a fixed order: the five a run
// uses by default (Defaults), then those with forms too big for MiniWoB's
// picture, for long horizons.
func Builtins() []Family {
	out := make([]Family, len(builtins))
	for i, f := range builtins {
		out[i] = f.clone()
	}
	return out
}

// Defaults returns the built-in families a run uses when it names none:
// every built-in of MiniWoB's picture size, in Builtins' order.
func Defaults() []Family { return Builtins()[:defaults] }

// Long returns the built-in families whose forms are big enough for plans
// of a dozen steps in every suite.
func Long() []Family { return Builtins()[defaults:] }

// Paper returns the three built-in families the seed paper's synthetic
// tests stand for (checkboxes, slider_checkboxes, radio_textboxes), in the
// order the paper preset's mix refers to them.
func Paper() []Family { return Builtins()[:3] }

// Builtin returns the built-in family called name, or nil.
func Builtin(name string) *Family {
	for _, f := range builtins {
		if f.Name == name {
			c := f.clone()
			return &c
		}
	}
	return nil
}
