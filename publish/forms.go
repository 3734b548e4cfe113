package publish

import (
	"bytes"
	"fmt"
)

// builtinAbout says in a line what each built-in family's forms hold.
var builtinAbout = map[string]string{
	"checkboxes":         "3 to 8 checkboxes with random MiniWoB labels, named by label",
	"slider_checkboxes":  "a slider and three checkboxes, named by ordinal",
	"radio_textboxes":    "three radio buttons and three text boxes, named by ordinal",
	"checkbox_textboxes": "a checkbox that enables two text boxes (conditional elements), named by ordinal",
	"radio_slider":       "three radio buttons, the last of which enables a slider (conditional elements), named by ordinal",
	"long_checkboxes":    "12 to 16 checkboxes with random MiniWoB labels, named by label, in a 200 x 330 px picture: for long plans",
	"mixed_form":         "three text boxes, three radio buttons, two sliders, four checkboxes and a checkbox that enables two more text boxes (conditional elements), named by ordinal, in a 240 x 350 px picture: for long plans",
}

// writeForms writes the card's section on the form families of the
// dataset and on conditional elements.
func writeForms(b *bytes.Buffer, stats []*suiteStats) {
	seen := map[string]bool{}
	for _, st := range stats {
		for fam := range st.byHorizon {
			seen[fam] = true
		}
	}
	b.WriteString("## Forms\n\n")
	b.WriteString("| family | forms |\n|---|---|\n")
	for _, fam := range sortedKeys(seen) {
		about, ok := builtinAbout[fam]
		if !ok {
			about = "a family from the generator's config (its elements are in each row's `metadata.form`)"
		}
		fmt.Fprintf(b, "| %s | %s |\n", mdCode(fam), mdCell(about))
	}
	b.WriteString("\nA **conditional** element (`enabled_by` in `metadata.form`) is enabled only while another holds a value; " +
		"disabled, it ignores every action and keeps its value. Questions on such forms name the conditions first.\n\n")
}
