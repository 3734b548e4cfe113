package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
)

// TestPerceptionRun generates the perception suite with pictures in
// Chromium, checks that gen verify passes on it, and scores it: the gold
// replies, replies naming the answer's words rather than its letter, and
// replies naming another option.
func TestPerceptionRun(t *testing.T) {
	dir := t.TempDir()
	if _, stderr, err := runGen(t, "--suites", "perception", "--n", "60", "--seed", "2", "--quiet", "--out", dir); err != nil {
		t.Fatalf("gen: %v\n%s", err, stderr)
	}
	out, stderr, err := runGen(t, "verify", dir)
	if err != nil || !strings.Contains(out, "perception          60 rows ok") || !strings.Contains(out, "(60 pictures probed)") {
		t.Fatalf("gen verify: %v\n%s%s", err, out, stderr)
	}
	rows, err := dataset.ReadRows(filepath.Join(dir, "perception", "test-00000-of-00001.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	var words, wrong []string
	for _, r := range rows {
		if r.Image == nil || *r.Horizon != 0 {
			t.Fatalf("row %d: no picture, or horizon %d", *r.Index, *r.Horizon)
		}
		reply := func(text string) string {
			b, _ := json.Marshal(map[string]string{"id": r.ID, "response": text})
			return string(b)
		}
		words = append(words, reply("The screenshot shows it.\nAnswer: "+r.Choices[*r.AnswerIdx]))
		other := (*r.AnswerIdx + 1) % int64(len(r.Choices))
		wrong = append(wrong, reply("Answer: "+string(rune('A'+other))))
	}
	replies := t.TempDir()
	for name, lines := range map[string][]string{"words": words, "wrong": wrong} {
		if err := os.WriteFile(filepath.Join(replies, name+".jsonl"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, stderr, err = runGen(t, "score", dir, filepath.Join(replies, "words.jsonl"), filepath.Join(replies, "wrong.jsonl"), "--oracle", "--by", "suite,horizon")
	if err != nil {
		t.Fatalf("gen score: %v\n%s", err, stderr)
	}
	for _, want := range [][]string{
		{"perception", "-", "oracle", "100.0%", "n=60"},
		{"perception", "-", "words", "100.0%", "n=60"},
		{"perception", "-", "wrong", "0.0%", "n=60"},
	} {
		if !hasLine(out, want) {
			t.Errorf("no line with %q:\n%s", want, out)
		}
	}
}

// hasLine reports whether some line of out holds every field of want,
// in order.
func hasLine(out string, want []string) bool {
	for _, l := range strings.Split(out, "\n") {
		k := 0
		for _, f := range strings.Fields(l) {
			if k < len(want) && f == want[k] {
				k++
			}
		}
		if k == len(want) {
			return true
		}
	}
	return false
}
