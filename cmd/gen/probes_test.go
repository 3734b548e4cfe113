package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
)

// TestProbes runs gen --probes 3 with pictures, as a researcher would,
// and checks the pairs from the files: every planning row heads a pair
// of 3 probes that show its very picture bytes; gen verify passes, and
// fails a probe whose picture is another's; the oracle scores 100% on the
// probes.
func TestProbes(t *testing.T) {
	dir := t.TempDir()
	if _, stderr, err := runGen(t, "--quiet", "--seed", "3", "--n", "10", "--probes", "3", "--suites", "edge_case,temporal_order,next_action", "--out", dir); err != nil {
		t.Fatalf("gen --probes: %v\n%s", err, stderr)
	}
	planning := map[string]*dataset.Row{}
	for _, suite := range []string{"edge_case", "temporal_order", "next_action"} {
		rows, err := dataset.ReadRows(layout.FilePath(dir, suite, 0, 1))
		if err != nil {
			t.Fatal(err)
		}
		for i := range rows {
			if rows[i].PairID != rows[i].ID || rows[i].Image == nil {
				t.Fatalf("%s row %s: pair_id %q, picture %v", suite, rows[i].ID, rows[i].PairID, rows[i].Image != nil)
			}
			planning[rows[i].ID] = &rows[i]
		}
	}
	probePath := layout.FilePath(dir, "probes", 0, 1)
	probes, err := dataset.ReadRows(probePath)
	if err != nil {
		t.Fatal(err)
	}
	if len(probes) != 3*len(planning) {
		t.Fatalf("%d probes for %d planning rows, want 3 each", len(probes), len(planning))
	}
	count := map[string]int{}
	for _, p := range probes {
		head, ok := planning[p.PairID]
		if !ok || !bytes.Equal(p.Image.Bytes, head.Image.Bytes) || p.Family != head.Family || *p.Horizon != *head.Horizon {
			t.Fatalf("probe %s: pair_id %q names no planning row with its picture, family and horizon", p.ID, p.PairID)
		}
		count[p.PairID]++
	}
	for id := range planning {
		if count[id] != 3 {
			t.Errorf("planning row %s has %d probes, want 3", id, count[id])
		}
	}
	if out, stderr, err := runGen(t, "verify", dir); err != nil || !regexpLine(out, "probes", "90 rows ok") {
		t.Fatalf("gen verify: %v\n%s%s", err, out, stderr)
	}
	out, stderr, err := runGen(t, "score", dir, "--oracle", "--by", "suite")
	if err != nil || !regexpLine(out, "probes", "oracle", "100.0%") {
		t.Fatalf("gen score --oracle: %v\n%s%s", err, out, stderr)
	}

	// A probe showing another planning row's picture fails verify, and
	// only that probe.
	other := ""
	for id := range planning {
		if !bytes.Equal(planning[id].Image.Bytes, planning[probes[0].PairID].Image.Bytes) {
			other = id
		}
	}
	probes[0].Image = &dataset.Image{Bytes: planning[other].Image.Bytes}
	r, err := dataset.Open(probePath)
	if err != nil {
		t.Fatal(err)
	}
	meta := map[string]string{}
	for _, k := range []string{layout.SeedKey, layout.VersionKey, layout.FlagsKey, layout.ChromiumKey, layout.FontsKey, layout.ScaleKey} {
		if v, ok := r.Metadata(k); ok {
			meta[k] = v
		}
	}
	r.Close()
	if err := dataset.WriteFile(filepath.Join(dir, "probes", filepath.Base(probePath)), dataset.Options{Metadata: meta}, probes...); err != nil {
		t.Fatal(err)
	}
	out, stderr, err = runGen(t, "verify", "--rerender=off", dir)
	if err == nil || !strings.Contains(out, "90 rows 1 failed") || !strings.Contains(stderr, "its picture is not the bytes of its planning row's") {
		t.Fatalf("gen verify passed a probe with another row's picture: %v\n%s%s", err, out, stderr)
	}
}
