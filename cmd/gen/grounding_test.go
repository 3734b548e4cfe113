package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// TestGroundingRun generates the grounding suite with pictures in
// Chromium, checks that gen verify passes on it, and scores it: the gold
// replies (the centre of the named element's box), points just inside
// the named box's corner written as "(x, y)", and the centre of another
// element of the same kind.
func TestGroundingRun(t *testing.T) {
	dir := t.TempDir()
	if _, stderr, err := runGen(t, "--suites", "grounding", "--n", "40", "--seed", "2", "--quiet", "--out", dir); err != nil {
		t.Fatalf("gen: %v\n%s", err, stderr)
	}
	out, stderr, err := runGen(t, "verify", dir)
	if err != nil || !strings.Contains(out, "grounding           40 rows ok") || !strings.Contains(out, "(40 pictures probed)") {
		t.Fatalf("gen verify: %v\n%s%s", err, out, stderr)
	}
	rows, err := dataset.ReadRows(filepath.Join(dir, "grounding", "test-00000-of-00001.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	var corner, wrong []string
	for _, r := range rows {
		if r.Image == nil || *r.Horizon != 0 || r.Choices != nil {
			t.Fatalf("row %d: no picture, a horizon %d or options", *r.Index, *r.Horizon)
		}
		var m question.Meta
		if err := json.Unmarshal([]byte(r.Metadata), &m); err != nil {
			t.Fatal(err)
		}
		var b struct {
			Pictures [][]struct {
				ID     string     `json:"id"`
				Pixels [4]float64 `json:"pixels"`
			} `json:"pictures"`
		}
		if err := json.Unmarshal([]byte(r.Boxes), &b); err != nil {
			t.Fatal(err)
		}
		box := map[string][4]float64{}
		for _, x := range b.Pictures[0] {
			box[x.ID] = x.Pixels
		}
		var other string
		for _, i := range suites.GroundTargets(&m.Form, m.Probe.Kind) {
			if id := m.Form.Elements[i].ID; id != m.Probe.Element {
				other = id
			}
		}
		reply := func(text string) string {
			j, _ := json.Marshal(map[string]string{"id": r.ID, "response": text})
			return string(j)
		}
		named, another := box[m.Probe.Element], box[other]
		corner = append(corner, reply(fmt.Sprintf("The named element is at its top-left corner.\nAnswer: (%g, %g)", named[0]+1, named[1]+1)))
		wrong = append(wrong, reply(fmt.Sprintf(`{"x": %g, "y": %g}`, another[0]+another[2]/2, another[1]+another[3]/2)))
	}
	replies := t.TempDir()
	for name, lines := range map[string][]string{"corner": corner, "wrong": wrong} {
		if err := os.WriteFile(filepath.Join(replies, name+".jsonl"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, stderr, err = runGen(t, "score", dir, filepath.Join(replies, "corner.jsonl"), filepath.Join(replies, "wrong.jsonl"), "--oracle", "--by", "suite,horizon")
	if err != nil {
		t.Fatalf("gen score: %v\n%s", err, stderr)
	}
	for _, want := range [][]string{
		{"grounding", "-", "oracle", "100.0%", "n=40"},
		{"grounding", "-", "corner", "100.0%", "n=40"},
		{"grounding", "-", "wrong", "0.0%", "n=40"},
	} {
		if !hasLine(out, want) {
			t.Errorf("no line with %q:\n%s", want, out)
		}
	}
}
