package verify

import "github.com/formplan/formplan/formview"

// textWidth returns the width in CSS px of s set in a text box (see
// formview.TextWidth), and false when it is not known.
func textWidth(s string) (float64, bool) { return formview.TextWidth(s, formview.TextPx) }
