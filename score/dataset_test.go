package score

import (
	"reflect"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/internal/fixture"
	"github.com/formplan/formplan/layout"
)

// TestAddRowIsLoad builds a Dataset from whole rows (AddRow, then Pair)
// and finds it equal to Load's, under both protocols (paper pairs rows).
func TestAddRowIsLoad(t *testing.T) {
	for _, protocol := range []string{"", "paper"} {
		t.Run("protocol "+protocol, func(t *testing.T) {
			dir := t.TempDir()
			fixture.Write(t, dir, 2, 24, protocol)
			want, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			files, err := layout.Scan(dir)
			if err != nil {
				t.Fatal(err)
			}
			got := NewDataset()
			for _, f := range files.Files() {
				rows, err := dataset.ReadRows(f.Path)
				if err != nil {
					t.Fatal(err)
				}
				for i := range rows {
					if err := got.AddRow(f.Path, &rows[i]); err != nil {
						t.Fatal(err)
					}
				}
			}
			got.Pair()
			if !reflect.DeepEqual(got, want) {
				t.Error("the Dataset built from whole rows differs from Load's")
			}
			paired := 0
			for _, q := range got.Order {
				if q.Paired {
					paired++
				}
			}
			if (protocol == "paper") != (paired > 0) {
				t.Errorf("%d questions paired under protocol %q", paired, protocol)
			}
		})
	}
}

// TestAddRowErrors adds a row that clashes with one added before, or
// cannot be read.
func TestAddRowErrors(t *testing.T) {
	dir := t.TempDir()
	fixture.Write(t, dir, 2, 4, "")
	files, err := layout.Scan(dir)
	if err != nil {
		t.Fatal(err)
	}
	path := files.Files()[0].Path
	rows, err := dataset.ReadRows(path)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		edit func(r *dataset.Row)
		want string
	}{
		{"the same id again", func(*dataset.Row) {}, "appears twice in the dataset"},
		{"the same index again", func(r *dataset.Row) { r.ID += "-other" }, "appears twice in suite"},
		{"metadata not JSON", func(r *dataset.Row) { r.ID += "-bad"; r.Metadata = "{" }, "metadata"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := NewDataset()
			if err := d.AddRow(path, &rows[0]); err != nil {
				t.Fatal(err)
			}
			again := rows[0]
			tt.edit(&again)
			err := d.AddRow(path, &again)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), path) {
				t.Errorf("got %v, want an error naming %s and saying %q", err, path, tt.want)
			}
		})
	}
}
