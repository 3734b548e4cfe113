package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
)

// conditionalConfig is a custom family with a chain of conditions: the
// last radio button enables a slider, and the slider from 3 up enables two
// checkboxes.
const conditionalConfig = `families:
  - name: donation
    refer: label
    elements:
      - kind: radio
        min_count: 2
        max_count: 2
        labels: list
        label_list: [once, custom]
      - kind: slider
        min_count: 1
        max_count: 1
        ranges: [{min: 0, max: 6, step: 1}]
        enabled_by: {group: 0, member: -1}
      - kind: checkbox
        min_count: 2
        max_count: 2
        labels: list
        label_list: [gift, receipt]
        enabled_by: {group: 1, at_least: 3}
`

// TestConditionalConfig runs every suite on a custom family with
// conditions and checks the rows with gen verify.
func TestConditionalConfig(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "donation.yaml")
	if err := os.WriteFile(cfg, []byte(conditionalConfig), 0o644); err != nil {
		t.Fatal(err)
	}
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
