package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/internal/filetree"
	"github.com/formplan/formplan/job"
)

// runGen runs gen with args and returns its output and error.
func runGen(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		args  []string
		usage bool
		want  string
	}{
		{"unknown flag", []string{"--colour"}, true, "unknown flag"},
		{"unknown suite", []string{"--suites", "edge_cases"}, true, `unknown suite "edge_cases"`},
		{"unknown family", []string{"--families", "sliders"}, true, `unknown family "sliders"`},
		{"horizon min above max", []string{"--horizon", "4-2"}, true, "MIN is greater than MAX"},
		{"horizon zero", []string{"--horizon", "0-3"}, true, "at least 1 action"},
		{"horizon too long", []string{"--horizon", "1-40"}, true, "at most 12"},
		{"horizon garbage", []string{"--horizon", "long"}, true, "write MIN-MAX"},
		{"n zero", []string{"--n", "0"}, true, "at least 1"},
		{"n negative", []string{"--n", "-5"}, true, "at least 1"},
		{"choices one", []string{"--choices", "1"}, true, "use 2 to 8"},
		{"choices nine", []string{"--choices", "9"}, true, "use 2 to 8"},
		{"vlmevalkit without pictures", []string{"--no-images", "--format", "vlmevalkit"}, true, "--format vlmevalkit needs screenshots"},
		{"bad preset", []string{"--preset", "huge"}, true, `use "paper" or "long"`},
		{"n with preset long", []string{"--preset", "long", "--n", "5"}, true, `leave out --n`},
		{"stray argument", []string{"extra"}, true, "unexpected argument"},
		{"unwritable out", []string{"--out", filepath.Join(blocker, "sub"), "--no-images"}, false, "choose a writable --out"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "o")
			args := append([]string{"--out", out}, tc.args...)
			_, _, err := runGen(t, args...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			var u usageError
			if errors.As(err, &u) != tc.usage {
				t.Errorf("usage error = %v, want %v", errors.As(err, &u), tc.usage)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("a bad command left %s behind", out)
			}
		})
	}
}

// sameFiles reports, with format (which takes the file's name), every
// file of want that got lacks or holds with other bytes.
func sameFiles(t *testing.T, want, got map[string]string, format string) {
	t.Helper()
	for name, h := range want {
		if got[name] != h {
			t.Errorf(format, name)
		}
	}
}

func TestDeterministicAcrossWorkers(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for _, run := range []struct{ dir, workers string }{{a, "1"}, {b, "4"}} {
		if _, _, err := runGen(t, "--out", run.dir, "--n", "60", "--no-images", "--workers", run.workers, "--quiet", "--seed", "9"); err != nil {
			t.Fatal(err)
		}
	}
	ha, hb := filetree.MustHashes(t, a), filetree.MustHashes(t, b)
	if len(ha) != 30 { // 7 suites, the card, croissant.json, utils.py, 2 caption tasks a suite, the run's manifest and 5 PDDL domains
		t.Fatalf("%d files, want one per suite, the card, croissant.json, the lmms-eval tasks and a PDDL domain per family: %v", len(ha), ha)
	}
	sameFiles(t, ha, hb, "%s differs between --workers 1 and 4")
}

func TestGenerateRows(t *testing.T) {
	dir := t.TempDir()
	stdout, _, err := runGen(t, "--out", dir, "--n", "30", "--no-images", "--suites", "future_state,edge_case", "--families", "checkboxes,radio_textboxes", "--horizon", "2")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, "60 questions") {
		t.Errorf("summary: %q", stdout)
	}
	rows, err := dataset.ReadRows(filepath.Join(dir, "future_state", "test-00000-of-00001.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	fams := map[string]int{}
	for _, r := range rows {
		fams[r.Family]++
		if *r.Horizon != 2 {
			t.Errorf("horizon %d, want 2", *r.Horizon)
		}
		if r.Answer != "Yes" && r.Answer != "No" {
			t.Errorf("answer %q", r.Answer)
		}
	}
	if len(rows) != 30 || fams["checkboxes"] != 15 || fams["radio_textboxes"] != 15 {
		t.Errorf("%d rows, by family %v", len(rows), fams)
	}
	for _, f := range []string{"README.md", "croissant.json", "lmms-eval/future_state_caption.yaml"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("missing %s beside the data: %v", f, err)
		}
	}
}

// TestHorizonRefused asks for horizons a family cannot give: gen refuses
// with the horizons it allows, before looking for a browser, and writes
// nothing; without --horizon the same run leaves those horizons out.
func TestHorizonRefused(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	_, _, err := runGen(t, "--out", dir, "--n", "12", "--suites", "edge_case", "--families", "radio_textboxes", "--horizon", "2-3", "--chrome", "/nonexistent/chromium")
	var u usageError
	if !errors.As(err, &u) || !strings.Contains(err.Error(), "horizon 3") || !strings.Contains(err.Error(), "largest 2") {
		t.Fatalf("err = %v, want a usage error naming horizon 3 and the largest horizon 2", err)
	}
	if _, statErr := os.Stat(dir); !errors.Is(statErr, os.ErrNotExist) {
		t.Errorf("the refused run left %s behind", dir)
	}
	if _, _, err := runGen(t, "--out", dir, "--n", "12", "--no-images", "--suites", "edge_case", "--families", "radio_textboxes"); err != nil {
		t.Fatalf("default horizons: %v", err)
	}
	rows, err := dataset.ReadRows(filepath.Join(dir, "edge_case", "test-00000-of-00001.parquet"))
	if err != nil || len(rows) != 12 {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	for _, r := range rows {
		if *r.Horizon != 2 {
			t.Errorf("horizon %d, want 2, the only one radio_textboxes gives edge_case at 4 options", *r.Horizon)
		}
	}
}

func TestHelpAndVersion(t *testing.T) {
	_, stderr, err := runGen(t, "--help")
	if err != nil || !strings.Contains(stderr, "Examples:") || !strings.Contains(stderr, "--horizon") {
		t.Errorf("--help: %v\n%s", err, stderr)
	}
	stdout, _, err := runGen(t, "--version")
	if err != nil || !strings.HasPrefix(stdout, "gen ") {
		t.Errorf("--version: %q, %v", stdout, err)
	}
}

func TestShardsMakeTheSingleRun(t *testing.T) {
	single, sharded := t.TempDir(), t.TempDir()
	args := []string{"--n", "40", "--no-images", "--quiet", "--suites", "edge_case,temporal_order"}
	if _, _, err := runGen(t, append(args, "--out", single)...); err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 3; k++ {
		if _, _, err := runGen(t, append(args, "--out", sharded, "--shard", fmt.Sprintf("%d/3", k))...); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(sharded, "README.md")); err == nil {
		t.Error("a shard wrote the dataset card before the other shards were done")
	}
	if _, _, err := runGen(t, "card", "--keep-shards", sharded); err != nil {
		t.Fatal(err)
	}
	card, err := os.ReadFile(filepath.Join(sharded, "README.md"))
	if err != nil || strings.Count(string(card), "num_examples: 40") != 2 {
		t.Errorf("card after the shards: %v\n%s", err, card)
	}
	for _, suite := range []string{"edge_case", "temporal_order"} {
		want, err := dataset.ReadRows(filepath.Join(single, suite, "test-00000-of-00001.parquet"))
		if err != nil {
			t.Fatal(err)
		}
		var got []dataset.Row
		for k := 0; k < 3; k++ {
			rows, err := dataset.ReadRows(filepath.Join(sharded, suite, fmt.Sprintf("test-%05d-of-00003.parquet", k)))
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, rows...)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: shards hold %d rows, the single run %d", suite, len(got), len(want))
		}
		for i := range want {
			if got[i].ID != want[i].ID || got[i].Metadata != want[i].Metadata || got[i].Answer != want[i].Answer {
				t.Fatalf("%s: row %d differs between the shards and the single run", suite, i)
			}
		}
	}
}

func TestResume(t *testing.T) {
	full, broken := t.TempDir(), t.TempDir()
	args := []string{"--n", "30", "--no-images", "--quiet"}
	for _, dir := range []string{full, broken} {
		if _, _, err := runGen(t, append(args, "--out", dir)...); err != nil {
			t.Fatal(err)
		}
	}
	// An interrupted run: one suite's file never completed (only a temporary
	// file was left), another is intact.
	victim := filepath.Join(broken, "plan_shuffle", "test-00000-of-00001.parquet")
	if err := os.Remove(victim); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(broken, "plan_shuffle", ".test-00000-of-00001.parquet.tmp-1"), []byte("partial"), 0o644)
	kept := filepath.Join(broken, "edge_case", "test-00000-of-00001.parquet")
	before, _ := os.Stat(kept)
	stdout, _, err := runGen(t, "--n", "30", "--no-images", "--out", broken, "--resume")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, "already complete, kept") {
		t.Errorf("resume redid everything:\n%s", stdout)
	}
	after, _ := os.Stat(kept)
	if !after.ModTime().Equal(before.ModTime()) {
		t.Error("resume rewrote a complete file")
	}
	hf, hb := filetree.MustHashes(t, full), filetree.MustHashes(t, broken)
	sameFiles(t, hf, hb, "%s differs from the uninterrupted run")
	if _, err := os.Stat(filepath.Join(broken, "plan_shuffle", ".test-00000-of-00001.parquet.tmp-1")); err == nil {
		t.Error("resume left the interrupted run's temporary file")
	}
	// Files made with other flags are another run's: refused, and with
	// --force replaced, with the suites the new run does not have.
	_, _, err = runGen(t, "--n", "31", "--no-images", "--out", broken, "--resume", "--suites", "edge_case")
	var u usageError
	if !errors.As(err, &u) || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("a run with other flags into a dataset: %v, want a usage error offering --force", err)
	}
	stdout, _, err = runGen(t, "--n", "31", "--no-images", "--out", broken, "--resume", "--suites", "edge_case", "--force")
	if err != nil || strings.Contains(stdout, "kept") {
		t.Errorf("resume kept a file made with other flags: %v\n%s", err, stdout)
	}
	if _, err := os.Stat(filepath.Join(broken, "plan_shuffle")); err == nil {
		t.Error("--force left a suite the new run does not have")
	}
}

func TestConfig(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.yaml", job.ConfigExample)
	out := filepath.Join(dir, "out")
	if _, _, err := runGen(t, "--config", good, "--out", out, "--no-images", "--quiet"); err != nil {
		t.Fatal(err)
	}
	rows, err := dataset.ReadRows(filepath.Join(out, "future_state", "test-00000-of-00001.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 600 || rows[0].Family != "fruit_boxes" {
		t.Fatalf("%d rows of family %q, want 600 of fruit_boxes", len(rows), rows[0].Family)
	}
	if _, err := os.Stat(filepath.Join(out, "plan_shuffle")); err == nil {
		t.Error("a suite missing from the config's mix was generated")
	}
	jsonCfg := write("good.json", `{"use_families": ["checkboxes"], "suites": {"plan_semantic": 9}}`)
	if _, _, err := runGen(t, "--config", jsonCfg, "--out", filepath.Join(dir, "out2"), "--no-images", "--quiet"); err != nil {
		t.Fatal(err)
	}
	bad := []struct {
		name, text, want string
	}{
		{"malformed.yaml", "families: [\n", "malformed.yaml"},
		{"unknown.yaml", "famlies: []\n", `unknown key "famlies": did you mean "families"?`},
		{"badkind.yaml", "families:\n  - name: x\n    refer: ordinal\n    elements:\n      - kind: dial\n        min_count: 1\n        max_count: 1\n", `unknown element kind "dial"`},
		{"badcount.yaml", "families:\n  - name: x\n    refer: ordinal\n    elements:\n      - kind: checkbox\n        min_count: 3\n        max_count: 2\n", "families[0]: family \"x\": elements[0]: min_count 3, max_count 2"},
		{"taken.yaml", "families:\n  - name: checkboxes\n    refer: ordinal\n    elements:\n      - kind: checkbox\n        min_count: 3\n        max_count: 3\n", `the name "checkboxes" is taken`},
		{"suite.yaml", "suites:\n  edge_cases: 10\n", `unknown suite "edge_cases"`},
		{"zero.yaml", "suites:\n  edge_case: 0\n", "at least 1"},
		{"use.yaml", "use_families: [nope]\n", `no family "nope"`},
		{"empty.yaml", "{}\n", "sets nothing"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			p := write(tc.name, tc.text)
			o := filepath.Join(dir, "bad-"+tc.name)
			_, _, err := runGen(t, "--config", p, "--out", o, "--no-images")
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.name) {
				t.Fatalf("error %v, want one naming %s and containing %q", err, tc.name, tc.want)
			}
			if _, err := os.Stat(o); err == nil {
				t.Error("a bad config left output behind")
			}
		})
	}
	_, _, err = runGen(t, "--config", filepath.Join(dir, "missing.yaml"), "--out", filepath.Join(dir, "o3"))
	if err == nil || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("missing config: %v", err)
	}
}

func TestMoreBadInput(t *testing.T) {
	tests := []struct {
		args  []string
		usage bool
		want  string
	}{
		{[]string{"--shard", "3/3"}, true, "0 <= K < N"},
		{[]string{"--shard", "x"}, true, "write K/N"},
		{[]string{"--scale", "0"}, true, "--scale 0"},
		{[]string{"--scale", "-2"}, true, "--scale -2"},
		{[]string{"--format", "csv"}, true, `unknown format "csv"`},
		{[]string{"--chrome", "/nonexistent/chromium"}, false, "/nonexistent/chromium"},
	}
	for _, tc := range tests {
		out := filepath.Join(t.TempDir(), "o")
		_, _, err := runGen(t, append([]string{"--out", out}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one containing %q", tc.args, err, tc.want)
			continue
		}
		var u usageError
		if errors.As(err, &u) != tc.usage {
			t.Errorf("%v: usage error %v, want %v", tc.args, errors.As(err, &u), tc.usage)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v left output behind", tc.args)
		}
	}
}

// TestCardAgain checks that gen card, run on what gen wrote, writes the same
// card and files beside the data: what a sharded run ends with equals what
// a single run writes.
func TestCardAgain(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := runGen(t, "--n", "12", "--no-images", "--quiet", "--suites", "edge_case,temporal_order", "--out", dir); err != nil {
		t.Fatal(err)
	}
	before := filetree.MustHashes(t, dir)
	if _, _, err := runGen(t, "card", dir); err != nil {
		t.Fatal(err)
	}
	after := filetree.MustHashes(t, dir)
	sameFiles(t, before, after, "gen card rewrote %s differently")
	if len(after) != len(before) {
		t.Errorf("gen card left %d files, gen wrote %d", len(after), len(before))
	}
}

// TestBlindCommand runs gen blind on a small sample and checks its table
// and its refusal of bad flags.
func TestBlindCommand(t *testing.T) {
	stdout, _, err := runGen(t, "blind", "--suites", "temporal_order,edge_case", "--options", "2", "--horizon", "1-2", "--rows", "60")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| temporal_order | checkboxes | 2 | 1 | 60 |", "| edge_case | slider_checkboxes | 2 | 2 | 60 |", "no reader of the text alone beats chance"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("gen blind output lacks %q:\n%s", want, stdout)
		}
	}
	var u usageError
	if _, _, err := runGen(t, "blind", "--options", "9"); !errors.As(err, &u) {
		t.Errorf("--options 9: %v, want a usage error", err)
	}
}
