package publish

import (
	"bytes"
	"strings"

	"github.com/formplan/formplan/suites"
)

// writePaperSettings says, for a run with the paper preset or protocol,
// which of the seed paper's settings the data follows.
func writePaperSettings(b *bytes.Buffer, flags string) {
	if strings.Contains(flags, "--preset paper") {
		b.WriteString("Counts follow the seed paper's synthetic sizes (its Table 10): future_state short (horizons 1-2) and long (3-4), edge_case per task; " +
			"the other suites take 510 rows per family. ")
		if strings.Contains(flags, "--paper-tasks figures") {
			b.WriteString("The paper's future-state Tasks 1-3 are read as its figures show them: Tasks 1 and 2 on `slider_checkboxes`, Task 3 on `checkboxes`. " +
				"`--paper-tasks appendix` gives the other reading (Task k on the k-th family of its appendix: checkboxes, slider_checkboxes, radio_textboxes).\n\n")
		} else {
			b.WriteString("The paper's Tasks 1-3 are read as its appendix numbers them, for every suite: `checkboxes`, `slider_checkboxes`, `radio_textboxes`. " +
				"Its future-state figures suggest another reading (Tasks 1 and 2 on slider and checkbox forms, Task 3 on labelled checkboxes), which `--paper-tasks figures` gives.\n\n")
		}
	}
	if strings.Contains(flags, "--protocol "+suites.Paper) {
		b.WriteString("The questions follow the seed paper's protocol (`--protocol paper`): its prompt structure (a reply ending in a line `OUTPUT: ...` for CoT), " +
			"and per suite the settings below. `metadata.protocol` is `paper` in every row. " +
			"Where the paper's settings let the text give the answer away (plan_shuffle's fixed reorderings), the rows have `image_needed` false.\n\n")
	}
}
