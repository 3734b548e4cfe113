package main

import (
	"os"
	"path/filepath"
	"testing"
)

// thinConfig is a family whose texts end in a thin stroke ("l", "i"),
// which anti-aliasing may draw without a dark pixel, in boxes enabled and
// disabled.
const thinConfig = `families:
  - name: thin
    refer: ordinal
    elements:
      - {kind: checkbox, min_count: 1, max_count: 1}
      - kind: textbox
        min_count: 2
        max_count: 2
        text_pool: ["él", "Öl", "il", "fil", "ll", "ïl", "Ål", "ñi", "él1l"]
        text_vocab: 3
        enabled_by: {group: 0, member: 1}
`

// TestThinStrokesVerify draws texts ending in a thin stroke with real
// Chromium at two scales and checks that gen verify's probes read their
// width right: the last stroke counts though it has no dark pixel.
func TestThinStrokesVerify(t *testing.T) {
	if testing.Short() {
		t.Skip("draws pictures")
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "thin.yaml")
	if err := os.WriteFile(cfg, []byte(thinConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, scale := range []string{"1", "2"} {
		out := filepath.Join(dir, "out"+scale)
		if _, stderr, err := runGen(t, "--config", cfg, "--out", out, "--quiet", "--suites", "edge_case,next_action", "--n", "150", "--scale", scale); err != nil {
			t.Fatalf("gen: %v\n%s", err, stderr)
		}
		if _, stderr, err := runGen(t, "verify", "--quiet", "--rerender=off", out); err != nil {
			t.Fatalf("verify at scale %s: %v\n%s", scale, err, stderr)
		}
	}
}
