package layout

import (
	"path/filepath"
	"testing"
)

func TestFileName(t *testing.T) {
	tests := []struct {
		k, shards int
		want      string
	}{
		{0, 1, "test-00000-of-00001.parquet"},
		{0, 0, "test-00000-of-00001.parquet"},
		{3, 4, "test-00003-of-00004.parquet"},
		{12, 100, "test-00012-of-00100.parquet"},
	}
	for _, tc := range tests {
		got := FileName(tc.k, tc.shards)
		if got != tc.want {
			t.Errorf("FileName(%d, %d) = %q, want %q", tc.k, tc.shards, got, tc.want)
		}
		if p := FilePath("out", "edge_case", tc.k, tc.shards); p != filepath.Join("out", "edge_case", tc.want) {
			t.Errorf("FilePath = %q", p)
		}
		if ok, _ := filepath.Match(Glob, got); !ok {
			t.Errorf("%s does not match %s", got, Glob)
		}
		k, n, ok := ParseFileName(filepath.Join("out", "edge_case", got))
		if !ok || k != tc.k || n != max(tc.shards, 1) {
			t.Errorf("ParseFileName(%q) = %d, %d, %v", got, k, n, ok)
		}
	}
}

func TestParseFileName(t *testing.T) {
	tests := []struct {
		name      string
		k, shards int
		ok        bool
	}{
		{"test-00001-of-00002.parquet", 1, 2, true},
		{"test-00005-of-00002.parquet", 5, 2, true}, // the form only: out of range
		{"test-1-of-2.parquet", 0, 0, false},
		{"test-000001-of-000002.parquet", 0, 0, false},
		{".test-00001-of-00002.parquet.tmp-12", 0, 0, false},
		{"test-00001-of-00002.parquet.bak", 0, 0, false},
		{"train-00000-of-00001.parquet", 0, 0, false},
	}
	for _, tc := range tests {
		k, n, ok := ParseFileName(tc.name)
		if k != tc.k || n != tc.shards || ok != tc.ok {
			t.Errorf("ParseFileName(%q) = %d, %d, %v; want %d, %d, %v", tc.name, k, n, ok, tc.k, tc.shards, tc.ok)
		}
	}
}

func TestDomainPath(t *testing.T) {
	if got, want := DomainPath("out", "checkboxes"), filepath.Join("out", "pddl", "checkboxes.domain.pddl"); got != want {
		t.Errorf("DomainPath = %q, want %q", got, want)
	}
}
