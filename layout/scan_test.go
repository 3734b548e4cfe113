package layout

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tree makes the files of names under a new directory (a name ending in
// "/" makes a folder) and returns the directory.
func tree(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, n := range names {
		p := filepath.Join(dir, filepath.FromSlash(n))
		if strings.HasSuffix(n, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestScan checks what Scan finds, and its errors, on directories of
// every kind a reader meets.
func TestScan(t *testing.T) {
	tests := []struct {
		name    string
		files   []string
		want    []string // Rel of every file found, in order
		missing map[string][]string
		err     error  // wrapped by the error, if any
		errText string // in the error, if any
	}{
		{"whole run", []string{
			"future_state/test-00000-of-00001.parquet", "edge_case/test-00000-of-00001.parquet",
			"pddl/checkboxes.domain.pddl", "README.md", "preview/index.html",
		}, []string{"edge_case/test-00000-of-00001.parquet", "future_state/test-00000-of-00001.parquet"}, nil, nil, ""},
		{"shards, some missing", []string{
			"plan/test-00002-of-00004.parquet", "plan/test-00000-of-00004.parquet", "plan/test-00001-of-00002.parquet",
		}, []string{"plan/test-00000-of-00004.parquet", "plan/test-00001-of-00002.parquet", "plan/test-00002-of-00004.parquet"},
			map[string][]string{"plan": {"test-00000-of-00002.parquet", "test-00001-of-00004.parquet", "test-00003-of-00004.parquet"}}, nil, ""},
		{"hidden names left out", []string{
			"plan/test-00000-of-00001.parquet", "plan/.test-00000-of-00001.parquet.tmp-12", ".old/test-00000-of-00001.parquet", "plan/notes.txt",
		}, []string{"plan/test-00000-of-00001.parquet"}, nil, nil, ""},
		{"missing directory", []string{"nope/"}, nil, nil, fs.ErrNotExist, "open "},
		{"empty directory", []string{"pddl/"}, nil, nil, ErrNoFiles, "<suite>/test-*.parquet; give the directory gen --out wrote"},
		{"a suite's folder", []string{"test-00000-of-00001.parquet"}, nil, nil, ErrNoFiles, "it looks like a suite directory, so pass its parent"},
		{"a name gen does not write", []string{"plan/test-00000-of-00001.parquet", "plan/other.parquet"}, nil, nil, nil,
			"other.parquet is not the name of a formplan data file (test-0000K-of-0000N.parquet, K < N): rename or remove it"},
		{"a shard past the count", []string{"plan/test-00004-of-00004.parquet"}, nil, nil, nil, "test-00004-of-00004.parquet is not the name of a formplan data file"},
		{"a folder named like a shard", []string{"plan/test-00000-of-00001.parquet/"}, nil, nil, nil, "test-00000-of-00001.parquet is not a regular file (a directory)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := tree(t, tc.files...)
			if tc.name == "missing directory" {
				dir = filepath.Join(dir, "nope", "gone")
			}
			d, err := Scan(dir)
			if tc.err != nil || tc.errText != "" {
				if err == nil || (tc.err != nil && !errors.Is(err, tc.err)) || !strings.Contains(err.Error(), tc.errText) {
					t.Fatalf("Scan: %v, want an error wrapping %v with %q", err, tc.err, tc.errText)
				}
				if !strings.Contains(err.Error(), dir) || strings.Contains(err.Error(), "\n") {
					t.Errorf("error %q: want one line naming %s", err, dir)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range d.Files() {
				if f.Path != filepath.Join(dir, f.Suite, f.Name) || f.Name != FileName(f.Shard, f.Shards) {
					t.Errorf("file %+v", f)
				}
				got = append(got, f.Rel())
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("files %q, want %q", got, tc.want)
			}
			for _, s := range d.Suites {
				if m := s.Missing(); !slices.Equal(m, tc.missing[s.Name]) {
					t.Errorf("%s: missing %q, want %q", s.Name, m, tc.missing[s.Name])
				}
			}
		})
	}
}
