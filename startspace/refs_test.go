package startspace

import "github.com/formplan/formplan/forms"

func cb(n int) forms.Ref { return forms.Ref{Kind: forms.Checkbox, Ordinal: n} }
func tb(n int) forms.Ref { return forms.Ref{Kind: forms.TextBox, Ordinal: n} }
func sl() forms.Ref      { return forms.Ref{Kind: forms.Slider, Ordinal: 1} }
