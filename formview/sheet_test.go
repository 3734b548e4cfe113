package formview

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/render"
)

// update rewrites docs/look: go test ./formview -run TestLookSheet -update
// (make look-sheet).
var update = flag.Bool("update", false, "rewrite docs/look, the side-by-side sheet of formplan's pictures and the MiniWoB tasks they stand for")

// sheetDir is where the sheet lives, from this package's directory.
const sheetDir = "../docs/look"

// sheetRows are the sheet's rows: a family, a task in its wording, and
// the MiniWoB task the family stands for, described.
var sheetRows = []struct {
	family, task, miniwob string
}{
	{"checkboxes", "Select Br, iyHxAx and click Submit.",
		"**click-checkboxes**: 2 to 6 checkboxes with random labels of 2 to 7 letters and digits, one a line (the box before its label, rows 19 px apart), a line break, then Submit (95 x 31 px, 13.33 px text). formplan draws 3 to 8 boxes; a form of 7 or 8 tightens its rows to 15 px and drops the line break so that Submit stays in the picture."},
	{"slider_checkboxes", "Select 3 with the slider, click the 2nd checkbox, then hit Submit.",
		"**form-sequence**: three rows 10 px apart. A jQuery UI slider (a 100 x 8 px white track in a 1 px #c5c5c5 frame, a 14 px square #f6f6f6 handle standing 2 px above and below it, no fill) with its value printed 5 px after it; three unlabelled checkboxes side by side; Submit, 40 px tall. MiniWoB draws the track 50 to 114 px wide; formplan always 100."},
	{"radio_textboxes", "Check the 1st radio button and enter the number \"4821\" into the 3rd textbox, then hit Submit.",
		"**form-sequence-2**: three rows 10 px apart. Three unlabelled radio buttons side by side; three text boxes 30 px wide (38 px with frame) side by side, 13.33 px text; Submit, 40 px tall."},
	{"checkbox_textboxes", "Check the 1st checkbox, enter \"4821\" into the 1st textbox, then hit Submit.",
		"No MiniWoB task: a checkbox that enables two text boxes. Drawn in click-checkboxes' way (one element a line) with enter-text's 120 px text boxes of core.css; a disabled text box takes the browser's grey look."},
	{"radio_slider", "Select the 3rd radio button, select 4 with the slider, then hit Submit.",
		"No MiniWoB task: three radio buttons whose last enables a slider. Drawn in form-sequence's rows; the disabled slider takes jQuery UI's disabled look (opacity .35)."},
	{"long_checkboxes", "Select Br, iyHxAx, Qm, p8K, ZZt0, uuF, kk2, R7w, Lp and click Submit.",
		"**click-checkboxes** at length: 12 to 16 boxes with its random labels, one a line, in its tight 15 px rows, on a picture of 200 x 330 px so that they all fit. For plans of up to a dozen steps."},
	{"mixed_form", "Enter \"4821\" into the 1st textbox, check the 2nd radio button, select 7 with the 2nd slider, check the 5th checkbox, then hit Submit.",
		"No MiniWoB task: a form as people fill them on the web, in MiniWoB's look: three 120 px text boxes, three radio buttons in a row, two sliders, four checkboxes in a row, and a checkbox that enables two more text boxes, on a picture of 240 x 350 px. For plans of up to a dozen steps."},
}

// TestLookSheet renders a form of each built-in family at scale 2 and
// checks that docs/look/README.md is the sheet this code writes; -update
// writes it and the pictures.
func TestLookSheet(t *testing.T) {
	if *update {
		if err := os.MkdirAll(sheetDir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var pics []randomPicture
	for _, row := range sheetRows {
		fam := forms.Builtin(row.family)
		if fam == nil {
			t.Fatalf("no family %q", row.family)
		}
		pics = append(pics, randomPicture{fam, row.task})
	}
	r := newRenderer(t, 2)
	_, res := renderRandom(t, r, rand.New(rand.NewPCG(3, 14)), pics, "sheet")
	longest := longestPictures(t, r)
	var md bytes.Buffer
	md.WriteString(`# How formplan's forms look next to MiniWoB's

Each built-in family at ` + "`--scale 2`" + ` (320 x 420 pixels; ` + "`--scale 1`" + ` gives MiniWoB's
160 x 210; the two long families' pictures are larger, 200 x 330 and 240 x 350 CSS px),
beside the MiniWoB++ task it stands for. Both pages share MiniWoB's frame:
a 160 x 210 px white form on #555, in Liberation Sans (metric-compatible with MiniWoB's
Arial; gen ships the font and loads it from its own bytes, so no installed font changes
a picture), the instruction in a yellow bar of 10 px text, 50 px tall, the form area
below it in 10 px text with 2 px padding. The test TestMiniWoBGeometry checks every
element's box at scale 1 against the MiniWoB task's, within 2 px.

A task too long for the bar's three lines grows the bar, and the picture with it, in
steps of 10 px; the form keeps its place below the bar. The last column shows each
family's longest task on its largest form (the case gen measures before a run), whole.
Written by ` + "`make look-sheet`" + `; do not edit by hand.

| family | formplan | the MiniWoB task | the family's longest task |
|---|---|---|---|
`)
	for k, row := range sheetRows {
		fmt.Fprintf(&md, "| `%s` | ![%s](%s.png) | %s | ![%s, longest task](%s_longest.png) |\n", row.family, row.family, row.family, row.miniwob, row.family, row.family)
		if *update {
			if err := os.WriteFile(filepath.Join(sheetDir, row.family+".png"), res[k].PNG, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(sheetDir, row.family+"_longest.png"), longest[k], 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	path := filepath.Join(sheetDir, "README.md")
	if *update {
		if err := os.WriteFile(path, md.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, md.Bytes()) {
		t.Fatalf("%s is not the sheet this code writes (%v): run make look-sheet", path, err)
	}
	for _, row := range sheetRows {
		for _, name := range []string{row.family + ".png", row.family + "_longest.png"} {
			if _, err := os.Stat(filepath.Join(sheetDir, name)); err != nil {
				t.Errorf("the sheet's picture %s: %v: run make look-sheet", name, err)
			}
		}
	}
}

// longestPictures renders, for each row of the sheet, its family's largest
// form under the longest of its longest tasks, as Fit measures them.
func longestPictures(t *testing.T, r *render.Renderer) [][]byte {
	t.Helper()
	var jobs []render.Job
	for k, row := range sheetRows {
		f := forms.Builtin(row.family).Largest()
		task := ""
		for _, x := range longestTasks(&f) {
			if len(x) > len(task) {
				task = x
			}
		}
		job, err := Job(&f, fitState(&f), task, fmt.Sprint("longest", k))
		if err != nil {
			t.Fatal(err)
		}
		job.Height = MaxHeight
		jobs = append(jobs, job)
	}
	return renderPNGs(t, r, jobs)
}
