package openenv

import (
	"reflect"
	"testing"

	"github.com/formplan/formplan/internal/opencount"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/score"
)

// TestLoadRowsReadsOnce counts the opens of each data file as LoadRows
// reads a dataset: one, and the questions it scores against are those gen
// score reads (score.Load).
func TestLoadRowsReadsOnce(t *testing.T) {
	dir := textDataset(t, 12)
	files, err := layout.Scan(dir)
	if err != nil {
		t.Fatal(err)
	}
	w, err := opencount.Watch(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	rows, err := LoadRows(dir)
	if err != nil {
		t.Fatal(err)
	}
	opens, err := w.Opens()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files.Files() {
		if opens[f.Path] != 1 {
			t.Errorf("%s opened %d times: want once", f.Rel(), opens[f.Path])
		}
	}
	if len(opens) != len(files.Files()) {
		t.Errorf("opened %v: want the %d data files only", opens, len(files.Files()))
	}
	want, err := score.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rows.qs, want) {
		t.Error("the questions LoadRows scores against differ from score.Load's")
	}
	if rows.Len() != len(want.Order) {
		t.Errorf("%d rows shown, %d questions", rows.Len(), len(want.Order))
	}
}
