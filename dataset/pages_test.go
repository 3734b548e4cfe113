package dataset_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/internal/fixture"
)

// A byte flipped inside a page leaves the footer intact, so Open succeeds,
// but CheckPages finds the page's checksum wrong.
func TestCheckPagesFindsCorruptPage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "test-00000-of-00001.parquet")
	w, err := dataset.Create(path, dataset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var rows []dataset.Row
	for i := range 50 {
		id := fmt.Sprintf("id-%03d", i)
		rows = append(rows, dataset.Row{ID: id, Suite: "s", Question: fmt.Sprintf("question number %03d %s", i, strings.Repeat("x", 40)), GeneratorVersion: "v"})
	}
	if err := w.Write(rows...); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	check := func() error {
		r, err := dataset.Open(path)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		defer r.Close()
		return r.CheckPages()
	}
	if err := check(); err != nil {
		t.Fatalf("intact file: %v", err)
	}
	fixture.FlipPageByte(t, path, "question")
	if err := check(); err == nil || !strings.Contains(err.Error(), "checksum") && !strings.Contains(err.Error(), "corrupt") {
		t.Fatalf("corrupt page: CheckPages = %v, want a checksum error", err)
	}
}
