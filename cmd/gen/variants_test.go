package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/internal/filetree"
	"github.com/formplan/formplan/question"
)

// variantSuites are the suites the tests of --variants run: one of each
// kind of question (options, Yes/No and two pictures, open-ended).
var variantSuites = []string{"edge_case", "temporal_order", "next_action"}

func readSuite(t *testing.T, dir, suite string) []dataset.Row {
	t.Helper()
	rows, err := dataset.ReadRows(filepath.Join(dir, suite, "test-00000-of-00001.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestVariants makes a small default run with --variants 3 and the same
// run without: every question is three rows of one variant_group, the
// first of them the row the run without variants makes (its picture
// byte for byte), the three asking the same text and showing three
// pictures; gen verify passes, and the oracle is right on every group.
func TestVariants(t *testing.T) {
	one, three := t.TempDir(), t.TempDir()
	args := []string{"--n", "10", "--quiet", "--suites", strings.Join(variantSuites, ",")}
	if _, _, err := runGen(t, append(args, "--out", one)...); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runGen(t, append(args, "--out", three, "--variants", "3")...); err != nil {
		t.Fatal(err)
	}
	for _, suite := range variantSuites {
		single, rows := readSuite(t, one, suite), readSuite(t, three, suite)
		if len(rows) != 3*len(single) {
			t.Fatalf("%s: %d rows for %d questions", suite, len(rows), len(single))
		}
		for i, row := range rows {
			b, v := i/3, i%3
			first := &rows[3*b]
			var m question.Meta
			if err := json.Unmarshal([]byte(row.Metadata), &m); err != nil {
				t.Fatal(err)
			}
			if m.Look == nil || m.Look.Variant != v || m.Look.Of != 3 || row.VariantGroup != first.ID || *row.Index != int64(i) {
				t.Fatalf("%s row %d: look %+v, variant_group %q, want variant %d of 3 of group %s", suite, i, m.Look, row.VariantGroup, v, first.ID)
			}
			// The text is the same across the group: it says nothing the
			// first row does not.
			if row.Question != first.Question || row.PromptInstruct != first.PromptInstruct || row.PromptCoT != first.PromptCoT ||
				row.Task != first.Task || row.Answer != first.Answer || fmt.Sprint(row.Choices) != fmt.Sprint(first.Choices) ||
				fmt.Sprint(row.OptionLabels) != fmt.Sprint(first.OptionLabels) || *row.Caption != *first.Caption {
				t.Fatalf("%s row %d asks otherwise than the first row of its group", suite, i)
			}
			for w := 3 * b; w < i; w++ {
				if bytes.Equal(rows[w].Image.Bytes, row.Image.Bytes) {
					t.Fatalf("%s rows %d and %d of one group show the same picture", suite, w, i)
				}
			}
			if v == 0 {
				s := &single[b]
				if !bytes.Equal(row.Image.Bytes, s.Image.Bytes) || row.Question != s.Question || row.PromptCoT != s.PromptCoT ||
					row.Answer != s.Answer || row.Scale != s.Scale || row.Boxes != s.Boxes {
					t.Fatalf("%s: the first row of group %d is not the row a run without variants makes", suite, b)
				}
			}
		}
	}
	out, _, err := runGen(t, "verify", three)
	if err != nil || !strings.Contains(out, "ok") {
		t.Fatalf("verify: %v\n%s", err, out)
	}
	scores := filepath.Join(t.TempDir(), "scores.json")
	if _, _, err := runGen(t, "score", three, "--responder", "oracle", "--json", scores); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(scores)
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Variants []struct {
			Suite  string `json:"suite"`
			Groups int    `json:"groups"`
			Worst  struct {
				Accuracy float64 `json:"accuracy"`
			} `json:"worst"`
		} `json:"variants"`
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	groups := 0
	for _, c := range s.Variants {
		groups += c.Groups
		if c.Worst.Accuracy != 1 {
			t.Errorf("the oracle's worst case on %s is %g", c.Suite, c.Worst.Accuracy)
		}
	}
	if groups != 10*len(variantSuites) {
		t.Errorf("scores over %d groups, want %d", groups, 10*len(variantSuites))
	}
}

// TestVariantsShardsAndResume makes a run with --variants 2 in three
// shards, joined by gen card, and checks that it holds the single run's
// rows (made on one worker), every group whole in one shard; and that
// --resume keeps its files.
func TestVariantsShardsAndResume(t *testing.T) {
	single, sharded := t.TempDir(), t.TempDir()
	args := []string{"--n", "7", "--quiet", "--suites", "edge_case", "--families", "checkboxes,radio_textboxes", "--variants", "2"}
	// One worker for the single run, one per CPU for the shards: neither
	// changes a byte.
	if _, _, err := runGen(t, append(args, "--out", single, "--workers", "1")...); err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 3; k++ {
		if _, _, err := runGen(t, append(args, "--out", sharded, "--shard", fmt.Sprintf("%d/3", k))...); err != nil {
			t.Fatal(err)
		}
		rows, err := dataset.ReadRows(filepath.Join(sharded, "edge_case", fmt.Sprintf("test-%05d-of-00003.parquet", k)))
		if err != nil {
			t.Fatal(err)
		}
		if len(rows)%2 != 0 || len(rows) > 0 && rows[0].VariantGroup != rows[0].ID {
			t.Fatalf("shard %d/3 holds %d rows, starting with a row of group %s: not whole groups", k, len(rows), rows[0].VariantGroup)
		}
	}
	if _, _, err := runGen(t, "card", sharded); err != nil {
		t.Fatal(err)
	}
	want, got := readSuite(t, single, "edge_case"), readSuite(t, sharded, "edge_case")
	if len(got) != 14 || len(got) != len(want) {
		t.Fatalf("joined shards hold %d rows, the single run %d", len(got), len(want))
	}
	for i := range want {
		if got[i].ID != want[i].ID || got[i].Metadata != want[i].Metadata || !bytes.Equal(got[i].Image.Bytes, want[i].Image.Bytes) {
			t.Fatalf("row %d differs between the shards and the single run", i)
		}
	}
	if out, _, err := runGen(t, "verify", sharded); err != nil {
		t.Fatalf("verify of the joined shards: %v\n%s", err, out)
	}
	before := filetree.MustHashes(t, single)
	stdout, _, err := runGen(t, "--n", "7", "--suites", "edge_case", "--families", "checkboxes,radio_textboxes", "--variants", "2", "--out", single, "--resume")
	if err != nil || !strings.Contains(stdout, "already complete, kept") {
		t.Fatalf("resume: %v\n%s", err, stdout)
	}
	sameFiles(t, before, filetree.MustHashes(t, single), "%s changed on --resume")
}

// TestVariantsBadInput refuses what --variants cannot do, with a usage
// error, before any browser starts (--chrome names none).
func TestVariantsBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"none", []string{"--variants", "0"}, "--variants 0: use 1"},
		{"too many", []string{"--variants", "7"}, "to 6"},
		{"without pictures", []string{"--variants", "2", "--no-images"}, "needs screenshots"},
		{"grouped suite", []string{"--variants", "2", "--protocol", "paper", "--suites", "temporal_order", "--n", "8"}, "asks about each item in 4 rows already"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "o")
			_, _, err := runGen(t, append([]string{"--out", out, "--chrome", "/nonexistent/chromium"}, tc.args...)...)
			var u usageError
			if !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) || strings.Count(err.Error(), "\n") > 0 {
				t.Fatalf("error %v, want a one-line usage error saying %q", err, tc.want)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("a refused run made %s", out)
			}
		})
	}
}
