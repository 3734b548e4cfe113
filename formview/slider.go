package formview

// HandleX returns the x, in pixels, of the centre of the handle of a
// slider from min to max showing value v, whose box (the track, as the
// read-back reports it) starts at x and is w pixels wide in a picture at
// scale: as templates/form.html.tmpl draws it, the centre runs from 2 CSS
// px right of the box's left edge, at min, to its right edge, at max.
func HandleX(min, max, v int, x, w, scale float64) float64 {
	frac := float64(v-min) / float64(max-min)
	return x + 2*scale + frac*(w-2*scale)
}
