package forms

import "fmt"

// Layouts of a Group: how its elements are placed in a picture, after the
// MiniWoB task the family stands for.
const (
	// LayoutColumn puts each element on a line of its own, as
	// click-checkboxes and click-option do: a box or radio button before
	// its label, then a line break. It is the default.
	LayoutColumn = "column"
	// LayoutRow puts the whole group side by side in one row, as
	// form-sequence does with its checkboxes and form-sequence-2 with its
	// radio buttons and text boxes.
	LayoutRow = "row"
)

// checkLayout reports a layout a Group may not have.
func checkLayout(l string) error {
	switch l {
	case "", LayoutColumn, LayoutRow:
		return nil
	}
	return fmt.Errorf("layout %q: use %q (each element on its own line, the default) or %q (the group side by side in one row)", l, LayoutColumn, LayoutRow)
}

// elementLayout is the Layout an element of a group laid out as l gets:
// LayoutRow, or "" for a column, so that forms of column groups keep the
// JSON they had before layouts existed.
func elementLayout(l string) string {
	if l == LayoutRow {
		return LayoutRow
	}
	return ""
}

// SharesRow reports whether element i is drawn in the row of element i-1:
// both are laid out in a row (LayoutRow) and come from the same group.
func (f *Form) SharesRow(i int) bool {
	if i <= 0 || i >= len(f.Elements) {
		return false
	}
	e, prev := &f.Elements[i], &f.Elements[i-1]
	return e.Layout == LayoutRow && prev.Layout == LayoutRow && prev.Group == e.Group
}
