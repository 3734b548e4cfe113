package question

// Look is how the pictures of one row of a variant group (gen --variants)
// show the group's item: every row of a group asks the same question of
// the same form, start and plans, and only its pictures differ, in ways
// that change no answer. The zero Look but for Of and Scale is the row as
// a run without variants draws it.
type Look struct {
	// Variant is the row's place in its group, from 0; Of is the number
	// of rows in the group. Variant 0 is drawn as without variants.
	Variant int `json:"variant"`
	Of      int `json:"of"`
	// Order, if set, is the order in which the picture draws the form's
	// elements: position k shows element Order[k] of Meta.Form. Elements
	// move only within their group, and only on a form whose instructions
	// name them by label (a group of unlabelled members never moves).
	Order []int `json:"order,omitempty"`
	// Flip names the group (forms.Element.Group) drawn in the other
	// layout, if any: a row of side by side elements as a column, one a
	// line, or a column as a row. It holds one group at most.
	Flip []string `json:"flip,omitempty"`
	// Scale is the device pixel ratio of the row's pictures, as the
	// scale column says.
	Scale float64 `json:"scale"`
	// Bar is the wording of the instruction bar: 0 the task as written,
	// 1 and 2 the same task with its closing "click Submit" or "hit
	// Submit" worded another way (package variant, Bar).
	Bar int `json:"bar,omitempty"`
}
