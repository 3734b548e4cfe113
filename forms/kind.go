// Package forms describes web forms: the kinds of element they hold, how an
// element is referred to in English, and the families that forms are drawn from.
//
// A Form is plain data; it knows nothing of states, questions or pictures:
//
//	fam := forms.Builtin("slider_checkboxes")
//	form := fam.NewForm(rand.New(rand.NewPCG(1, 2)))
//	fmt.Println(form.Name(forms.Ref{Kind: forms.Checkbox, Ordinal: 2})) // the 2nd checkbox
package forms

import (
	"fmt"
	"strconv"
)

// Kind is the kind of a form element.
type Kind uint8

// The element kinds. The zero Kind is invalid.
const (
	Checkbox Kind = iota + 1
	Slider
	Radio
	TextBox
	Submit
)

var kindNames = [...]string{Checkbox: "checkbox", Slider: "slider", Radio: "radio", TextBox: "textbox", Submit: "submit"}

// nouns are the English words for one element of a kind.
var nouns = [...]string{Checkbox: "checkbox", Slider: "slider", Radio: "radio button", TextBox: "textbox", Submit: "Submit button"}

// Kinds lists every valid kind in a fixed order.
func Kinds() []Kind { return []Kind{Checkbox, Slider, Radio, TextBox, Submit} }

// String returns the kind's name as used in JSON and configs ("checkbox", ...).
func (k Kind) String() string {
	if k == 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("kind(%d)", uint8(k))
	}
	return kindNames[k]
}

// Noun returns the English noun for one element of the kind ("radio button").
func (k Kind) Noun() string {
	if k == 0 || int(k) >= len(nouns) {
		return k.String()
	}
	return nouns[k]
}

// ParseKind returns the kind named s.
func ParseKind(s string) (Kind, error) {
	for _, k := range Kinds() {
		if k.String() == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("forms: unknown element kind %q (want checkbox, slider, radio, textbox or submit)", s)
}

// MarshalText encodes the kind as its name.
func (k Kind) MarshalText() ([]byte, error) {
	if k == 0 || int(k) >= len(kindNames) {
		return nil, fmt.Errorf("forms: cannot encode invalid kind %d", uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText decodes a kind from its name.
func (k *Kind) UnmarshalText(b []byte) error {
	v, err := ParseKind(string(b))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// Ordinal returns the English ordinal of n: 1st, 2nd, 3rd, 4th, 11th, 21st.
func Ordinal(n int) string { return string(AppendOrdinal(nil, n)) }

// AppendOrdinal appends the English ordinal of n to dst and returns the
// extended buffer.
func AppendOrdinal(dst []byte, n int) []byte {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return append(strconv.AppendInt(dst, int64(n), 10), suffix...)
}
