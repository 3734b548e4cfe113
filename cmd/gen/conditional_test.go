package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
)

// TestConditionalConfig runs every suite on a custom family with
// conditions and checks the rows with gen verify.
func TestConditionalConfig(t *testing.T) {
	dir := t.TempDir()
	// A custom family with a chain of conditions: the last radio button
	// enables a slider, and the slider from 3 up enables two checkboxes.
	cfg := filepath.Join("..", "..", "job", "testdata", "donation.yaml")
	out := filepath.Join(dir, "out")
	if _, _, err := runGen(t, "--config", cfg, "--out", out, "--no-images", "--quiet", "--n", "60"); err != nil {
		t.Fatal(err)
	}
	if _, stderr, err := runGen(t, "verify", "--quiet", out); err != nil {
		t.Fatalf("verify: %v\n%s", err, stderr)
	}
	rows, err := dataset.ReadRows(filepath.Join(out, "plan_shuffle", "test-00000-of-00001.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Family != "donation" || !strings.HasPrefix(r.Question, "On this form: ") || !strings.Contains(r.Question, "can be used only while") {
			t.Fatalf("row %d of %q does not state the form's conditions: %q", r.Index, r.Family, r.Question)
		}
		if r.Metadata == "" || !strings.Contains(r.Metadata, `"enabled_by":{"element":`) {
			t.Fatalf("row %d: metadata holds no enabled_by", r.Index)
		}
	}
}
