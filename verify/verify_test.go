package verify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/pipeline"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// perSuite is how many questions per suite the shared dataset holds.
const perSuite = 30

// clean is a dataset written by the real pipeline without pictures, shared
// by the tests, which copy it before changing anything.
var clean string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "verify-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := generateDataset(context.Background(), dir, 7, perSuite); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	clean = dir
	code := m.Run()
	os.RemoveAll(dir)
	removePictureSets()
	removeVariantSet()
	os.Exit(code)
}

// generateDataset writes every suite, n questions each spread evenly over the
// built-in families, into dir without pictures, as gen --no-images does.
func generateDataset(ctx context.Context, dir string, seed uint64, n int64) error {
	fams := forms.Builtins()
	for _, name := range suites.Drawn() {
		s, _ := suites.Lookup(name)
		spec := suites.Spec{Seed: seed, Families: fams, Mix: suites.Even(n, len(fams))}
		plan := pipeline.Plan{
			Out: dir, Suites: []suites.Suite{s}, Counts: []int64{spec.Total()}, Spec: spec,
			Workers: 2, Version: "test", Flags: "--no-images",
		}
		if _, err := pipeline.Run(ctx, plan); err != nil {
			return err
		}
	}
	return nil
}

// copyTree copies the dataset at src into a new temporary directory.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// suiteFile returns the single file of suite under dir.
func suiteFile(t *testing.T, dir, suite string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, suite, "*.parquet"))
	if err != nil || len(files) != 1 {
		t.Fatalf("%s: files %v, %v; want one", suite, files, err)
	}
	return files[0]
}

// rewrite replaces the file of suite under dir with the rows edit returns.
func rewrite(t *testing.T, dir, suite string, edit func(t *testing.T, rows []dataset.Row) []dataset.Row) {
	t.Helper()
	rewriteFile(t, suiteFile(t, dir, suite), edit)
}

// rewriteFile replaces the file at path with the rows edit returns.
func rewriteFile(t *testing.T, path string, edit func(t *testing.T, rows []dataset.Row) []dataset.Row) {
	t.Helper()
	rows, err := dataset.ReadRows(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := dataset.WriteFile(path, dataset.Options{}, edit(t, rows)...); err != nil {
		t.Fatal(err)
	}
}

// meta decodes a row's metadata.
func meta(t *testing.T, r *dataset.Row) question.Meta {
	t.Helper()
	var m question.Meta
	if err := json.Unmarshal([]byte(r.Metadata), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// editMeta decodes a row's metadata, lets edit change it and encodes it back.
func editMeta(t *testing.T, r *dataset.Row, edit func(m *question.Meta)) {
	t.Helper()
	m := meta(t, r)
	edit(&m)
	setMeta(t, r, m)
}

// setMeta encodes m into a row's metadata.
func setMeta(t *testing.T, r *dataset.Row, m question.Meta) {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	r.Metadata = string(b)
}

// relabel moves a row's answer to option k consistently in every column and
// in the metadata, so that only re-simulation can tell.
func relabel(t *testing.T, r *dataset.Row, k int, answer string) {
	t.Helper()
	old := int(*r.AnswerIdx)
	r.OptionLabels = slices.Clone(r.OptionLabels)
	r.OptionLabels[old], r.OptionLabels[k] = r.OptionLabels[k], r.OptionLabels[old]
	r.AnswerIdx = ptr(int64(k))
	r.Answer = answer
	editMeta(t, r, func(m *question.Meta) {
		m.Answer = answer
	})
}

// pngBytes returns a blank PNG of w x h pixels.
func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func ptr[T any](v T) *T { return &v }

// find returns the index of the first row ok accepts.
func find(t *testing.T, rows []dataset.Row, ok func(r *dataset.Row) bool) int {
	t.Helper()
	for i := range rows {
		if ok(&rows[i]) {
			return i
		}
	}
	t.Fatal("no row to tamper with")
	return -1
}

func TestCleanPasses(t *testing.T) {
	rep, err := Dir(context.Background(), clean)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Failures {
		t.Errorf("%s %s (index %d): %s", f.Suite, f.ID, f.Index, f.Reason)
	}
	if !rep.OK() || rep.Rows != perSuite*int64(len(suites.Drawn())) || len(rep.Files) != len(suites.Drawn()) {
		t.Fatalf("report %+v", rep)
	}
	var got []string
	for _, s := range rep.Suites {
		got = append(got, s.Suite)
		if s.Rows != perSuite || s.Files != 1 || s.Failed != 0 {
			t.Errorf("%+v", s)
		}
	}
	if want := slices.Sorted(slices.Values(suites.Drawn())); !slices.Equal(got, want) {
		t.Errorf("suites %v, want %v", got, want)
	}
}

// TestTampered changes one row of a copy of the clean dataset, in a way
// each check should catch, and expects exactly that row to fail.
func TestTampered(t *testing.T) {
	tests := []struct {
		name  string
		suite string
		// edit changes one row of rows and returns its index.
		edit func(t *testing.T, rows []dataset.Row) int
		want string // in the failure's reason
	}{
		{"MCQ answer and index", "edge_case", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[3]
			k := (int(*r.AnswerIdx) + 1) % len(r.Choices)
			r.AnswerIdx, r.Answer = ptr(int64(k)), question.Letters[k:k+1]
			return 3
		}, "reaches the goal"},
		{"MCQ answer moved consistently", "plan_semantic", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[5]
			k := (int(*r.AnswerIdx) + 1) % len(r.Choices)
			relabel(t, r, k, question.Letters[k:k+1])
			return 5
		}, "reaches the goal, but the answer is"},
		{"answer letter only", "plan_shuffle", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[2]
			k := (int(*r.AnswerIdx) + 1) % len(r.Choices)
			r.Answer = question.Letters[k : k+1]
			return 2
		}, "but answer_idx"},
		{"future_state Yes to No", "future_state", func(t *testing.T, rows []dataset.Row) int {
			i := find(t, rows, func(r *dataset.Row) bool { return r.Answer == "Yes" })
			relabel(t, &rows[i], 1, "No")
			return i
		}, "want Yes"},
		{"future_state No to Yes", "future_state", func(t *testing.T, rows []dataset.Row) int {
			i := find(t, rows, func(r *dataset.Row) bool { return r.Answer == "No" })
			relabel(t, &rows[i], 0, "Yes")
			return i
		}, "want No"},
		{"label with an invisible code point", "edge_case", func(t *testing.T, rows []dataset.Row) int {
			return relabelFirst(t, rows, func(l string) string { return l[:1] + "\u2060" + l[1:] })
		}, "invisible or control character U+2060"},
		{"label an ordinal word", "edge_case", func(t *testing.T, rows []dataset.Row) int {
			return relabelFirst(t, rows, func(string) string { return "second" })
		}, "a word of the task text or of replies"},
		{"two labels that look the same", "edge_case", func(t *testing.T, rows []dataset.Row) int {
			i := find(t, rows, func(r *dataset.Row) bool { return meta(t, r).Form.Refer == forms.ByLabel })
			editMeta(t, &rows[i], func(m *question.Meta) {
				m.Form.Elements[0].Label, m.Form.Elements[1].Label = "Ill", "lII" // one skeleton
			})
			return i
		}, `label "lII" looks the same as "Ill"`},
		{"image_needed cleared", "plan_shuffle", func(t *testing.T, rows []dataset.Row) int {
			rows[9].ImageNeeded = ptr(false)
			return 9
		}, "image_needed is false, but re-derived it is true"},
		{"future_state image_needed cleared", "future_state", func(t *testing.T, rows []dataset.Row) int {
			rows[9].ImageNeeded = ptr(false)
			return 9
		}, "image_needed is false, but re-derived it is true"},
		{"temporal_order image_needed cleared", "temporal_order", func(t *testing.T, rows []dataset.Row) int {
			rows[9].ImageNeeded = ptr(false)
			return 9
		}, "image_needed is false"},
		{"candidate start swapped", "edge_case", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[10]
			editMeta(t, r, func(m *question.Meta) {
				a := int(*r.AnswerIdx)
				b := (a + 1) % len(m.Starts)
				m.Starts[a], m.Starts[b] = m.Starts[b], m.Starts[a]
			})
			return 10
		}, "reaches the goal too"},
		{"candidate starts dropped, image_needed kept", "plan_semantic", func(t *testing.T, rows []dataset.Row) int {
			// Without witnesses the exact search decides; it still finds
			// that another start makes another option the only one.
			r := &rows[11]
			editMeta(t, r, func(m *question.Meta) {
				m.Starts = nil
			})
			r.ImageNeeded = ptr(false)
			return 11
		}, "image_needed is false, but re-derived it is true"},
		{"a fourth mistake", "edge_case", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[12]
			editMeta(t, r, func(m *question.Meta) {
				for len(m.History) < 4 {
					m.History = append(m.History, m.History[0], m.History[0])
				}
			})
			return 12
		}, "want 1 to 3"},
		{"option text", "plan_shuffle", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[4]
			r.Choices = slices.Clone(r.Choices)
			r.Choices[1] = strings.Replace(r.Choices[1], "1. ", "1. Then ", 1)
			r.B = ptr(r.Choices[1])
			return 4
		}, "choice B is not the text of plan 2"},
		{"letter column", "edge_case", func(t *testing.T, rows []dataset.Row) int {
			rows[6].C = ptr("something else")
			return 6
		}, "column C differs"},
		{"duplicate option", "plan_semantic", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[7]
			r.Choices = slices.Clone(r.Choices)
			r.Choices[2] = r.Choices[0]
			r.C = ptr(r.Choices[2])
			return 7
		}, "options A and C have the same text"},
		{"two correct labels", "edge_case", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[8]
			r.OptionLabels = slices.Clone(r.OptionLabels)
			r.OptionLabels[(*r.AnswerIdx+1)%int64(len(r.OptionLabels))] = "correct"
			return 8
		}, `is labelled "correct", but answer_idx is`},
		{"corrupted PNG", "plan_shuffle", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[9]
			r.Image = &dataset.Image{Bytes: []byte("\x89PNG\r\n\x1a\nnot really a picture")}
			r.ImageWidth, r.ImageHeight = 160, 210
			return 9
		}, "image does not decode as PNG"},
		{"PNG of the wrong size", "edge_case", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[10]
			r.Image = &dataset.Image{Bytes: pngBytes(t, 160, 200)}
			r.ImageWidth, r.ImageHeight = 160, 210
			return 10
		}, "image is 160 x 200 pixels"},
		{"one of two pictures", "temporal_order", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[1]
			r.Image = &dataset.Image{Bytes: pngBytes(t, 160, 210)}
			r.ImageWidth, r.ImageHeight = 160, 210
			return 1
		}, "only one of the two pictures"},
		{"temporal_order answer", "temporal_order", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[2]
			k := 1 - int(*r.AnswerIdx)
			relabel(t, r, k, question.Letters[k:k+1])
			return 2
		}, "is the earlier"},
		{"temporal_order order", "temporal_order", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[3]
			editMeta(t, r, func(m *question.Meta) {
				m.Order = map[string]string{suites.EarlierFirst: suites.LaterFirst, suites.LaterFirst: suites.EarlierFirst}[m.Order]
			})
			return 3
		}, "metadata order"},
		{"temporal_order run", "temporal_order", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[4]
			editMeta(t, r, func(m *question.Meta) {
				m.Plans[0] = m.Plans[0][len(m.Plans[0])-1:] // submit only: the run no longer completes the task
				m.Finals[0] = m.Start
			})
			return 4
		}, "does not complete the task"},
		{"recorded final", "plan_shuffle", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[11]
			editMeta(t, r, func(m *question.Meta) {
				m.Finals[0][0].N ^= 1 // differs from the true final, whatever it is
			})
			return 11
		}, "plan 1: metadata final"},
		{"id", "future_state", func(t *testing.T, rows []dataset.Row) int {
			rows[12].ID = question.ID(8, "future_state", 12)
			return 12
		}, "want " + question.ID(7, "future_state", 12)},
		{"metadata not JSON", "edge_case", func(t *testing.T, rows []dataset.Row) int {
			rows[13].Metadata = rows[13].Metadata[:40]
			return 13
		}, "metadata does not decode"},
		{"metadata state too short", "edge_case", func(t *testing.T, rows []dataset.Row) int {
			r := &rows[14]
			editMeta(t, r, func(m *question.Meta) {
				m.Start = m.Start[:1]
			})
			return 14
		}, "metadata start"},
		{"caption", "plan_semantic", func(t *testing.T, rows []dataset.Row) int {
			rows[15].Caption = ptr("The 1st checkbox is checked.")
			return 15
		}, "caption"},
		{"open-ended horizon", "next_action", func(t *testing.T, rows []dataset.Row) int {
			rows[1].Horizon = ptr(int64(99))
			return 1
		}, "but the horizon is 99 and metadata optimal"},
		{"gold plan not the answer", "plan_generation", func(t *testing.T, rows []dataset.Row) int {
			rows[2].Answer = "Hit Submit"
			return 2
		}, "answer is not the gold plan's text"},
		{"next_action format", "next_action", func(t *testing.T, rows []dataset.Row) int {
			editMeta(t, &rows[3], func(m *question.Meta) { m.Format = "yaml" })
			return 3
		}, `format "yaml": want text or json`},
		{"row missing", "plan_semantic", func(t *testing.T, rows []dataset.Row) int {
			copy(rows[16:], rows[17:])
			return 16 // now holds the row with index 17
		}, "index 17, want 16"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, clean)
			var id string
			var index int64
			rewrite(t, dir, tc.suite, func(t *testing.T, rows []dataset.Row) []dataset.Row {
				i := tc.edit(t, rows)
				id, index = rows[i].ID, *rows[i].Index
				if tc.name == "row missing" {
					return rows[:len(rows)-1]
				}
				return rows
			})
			f, rep := onlyFailure(t, dir, Options{})
			t.Logf("%s %s (index %d): %s", f.Suite, f.ID, f.Index, f.Reason)
			if f.ID != id || f.Index != index || f.Suite != tc.suite || f.File != suiteFile(t, dir, tc.suite) {
				t.Errorf("failure names %s %s (index %d) in %s, want %s %s (index %d)", f.Suite, f.ID, f.Index, f.File, tc.suite, id, index)
			}
			if !strings.Contains(f.Reason, tc.want) {
				t.Errorf("reason %q, want it to contain %q", f.Reason, tc.want)
			}
			for _, s := range rep.Suites {
				if want := int64(0); s.Suite == tc.suite {
					want = 1
					if s.Failed != want {
						t.Errorf("%s: %d failed, want %d", s.Suite, s.Failed, want)
					}
				} else if s.Failed != want {
					t.Errorf("%s: %d failed, want %d", s.Suite, s.Failed, want)
				}
			}
		})
	}
}

// TestShards checks that a suite split over several files is read in
// shard order, and that a lost shard is noticed.
func TestShards(t *testing.T) {
	dir := copyTree(t, clean)
	path := suiteFile(t, dir, "edge_case")
	rows, err := dataset.ReadRows(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	shard := func(k int) string {
		return filepath.Join(dir, "edge_case", fmt.Sprintf("test-%05d-of-00003.parquet", k))
	}
	for k := 0; k < 3; k++ {
		if err := dataset.WriteFile(shard(k), dataset.Options{}, rows[k*perSuite/3:(k+1)*perSuite/3]...); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := Dir(context.Background(), dir)
	if err != nil || !rep.OK() || rep.Suites[0].Files != 3 || rep.Suites[0].Rows != perSuite || rep.Suites[0].Missing != nil {
		t.Fatalf("sharded: %v, %+v", err, rep)
	}
	// Shards are written separately: a directory may hold some of them.
	if err := os.Remove(shard(1)); err != nil {
		t.Fatal(err)
	}
	rep, err = Dir(context.Background(), dir)
	if err != nil || !rep.OK() {
		t.Fatalf("lost shard: %v, %+v", err, rep.Failures)
	}
	if want := []string{filepath.Base(shard(1))}; !slices.Equal(rep.Suites[0].Missing, want) {
		t.Errorf("missing %v, want %v", rep.Suites[0].Missing, want)
	}
	// Within a shard, and from one shard to the next, indices run on.
	rewriteFile(t, shard(2), func(t *testing.T, rows []dataset.Row) []dataset.Row { return rows[1:] })
	rewriteFile(t, shard(0), func(t *testing.T, rows []dataset.Row) []dataset.Row { return rows[:len(rows)-1] })
	if err := os.Rename(shard(2), shard(1)); err != nil {
		t.Fatal(err)
	}
	rep, err = Dir(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Failed != 1 || !strings.Contains(rep.Failures[0].Reason, fmt.Sprintf("index %d, want %d", 2*perSuite/3+1, perSuite/3-1)) {
		t.Fatalf("rows lost between shards: %+v", rep.Failures)
	}
}

func TestDirErrors(t *testing.T) {
	empty := t.TempDir()
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	notParquet := copyTree(t, clean)
	if err := os.WriteFile(suiteFile(t, notParquet, "edge_case"), []byte("not parquet"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		dir  string
		is   error
		want string
	}{
		{"missing", filepath.Join(empty, "nope"), os.ErrNotExist, "does not exist"},
		{"empty", empty, ErrNoFiles, "<suite>"},
		{"suite directory", filepath.Join(clean, "edge_case"), ErrNoFiles, "pass its parent"},
		{"a file", file, nil, "not a directory"},
		{"not Parquet", notParquet, nil, "edge_case"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Dir(context.Background(), tc.dir)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %v is not %v", err, tc.is)
			}
		})
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Dir(ctx, clean); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
}

// TestFailureCap checks that failures past MaxFailures are counted but not
// listed.
func TestFailureCap(t *testing.T) {
	dir := copyTree(t, clean)
	rewrite(t, dir, "future_state", func(t *testing.T, rows []dataset.Row) []dataset.Row {
		var out []dataset.Row
		for len(out) <= MaxFailures+len(rows) {
			out = append(out, rows...) // every repeat has wrong indices and repeated ids
		}
		return out
	})
	rep, err := Dir(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	want := rep.Rows - perSuite*int64(len(suites.Drawn()))
	if rep.Failed != want || len(rep.Failures) != MaxFailures {
		t.Fatalf("%d failed, %d listed; want %d and %d", rep.Failed, len(rep.Failures), want, MaxFailures)
	}
	if f := rep.Failures[0]; f.Index != 0 || !strings.Contains(f.Reason, "id repeats the row with index 0") {
		t.Errorf("first failure %+v", f)
	}
}

// onlyFailure checks dir with opt and returns its one failing row and the
// report, failing the test unless exactly one row fails.
func onlyFailure(t *testing.T, dir string, opt Options) (Failure, Report) {
	t.Helper()
	rep, err := DirWith(context.Background(), dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK() || rep.Failed != 1 || len(rep.Failures) != 1 {
		t.Fatalf("%d failing rows, want 1: %+v", rep.Failed, rep.Failures)
	}
	return rep.Failures[0], rep
}

// relabelFirst changes, in the first row whose form names elements by
// label, the first element's label to what to returns, and returns the
// row's index.
func relabelFirst(t *testing.T, rows []dataset.Row, to func(string) string) int {
	i := find(t, rows, func(r *dataset.Row) bool { return meta(t, r).Form.Refer == forms.ByLabel })
	editMeta(t, &rows[i], func(m *question.Meta) {
		m.Form.Elements[0].Label = to(m.Form.Elements[0].Label)
	})
	return i
}
