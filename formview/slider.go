package formview

// HandleInset is how far, in CSS px, the centre of a slider's handle
// stands right of the left edge of the slider's box (the track, as the
// read-back reports it) at the slider's least value, as
// templates/form.html.tmpl draws it; at the greatest it is on the box's
// right edge.
const HandleInset = 2

// HandleX returns the x, in pixels, of the centre of the handle of a
// slider from min to max showing value v, whose box starts at x and is w
// pixels wide in a picture at scale: the centre runs from HandleInset CSS
// px right of the box's left edge, at min, to its right edge, at max.
func HandleX(min, max, v int, x, w, scale float64) float64 {
	frac := float64(v-min) / float64(max-min)
	return x + HandleInset*scale + frac*(w-HandleInset*scale)
}
