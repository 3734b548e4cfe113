package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/internal/fixture"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/suites"
)

// verifyDataset writes every suite (the opt-in ones too), n rows each, without pictures into a
// new directory and returns it.
func verifyDataset(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	if _, stderr, err := runGen(t, "--no-images", "--quiet", "--seed", "5", "--n", fmt.Sprint(n), "--out", dir, "--suites", strings.Join(fixture.TextOnly(), ",")); err != nil {
		t.Fatalf("gen: %v\n%s", err, stderr)
	}
	return dir
}

func TestVerify(t *testing.T) {
	const n = 12
	dir := verifyDataset(t, n)

	t.Run("ok", func(t *testing.T) {
		stdout, stderr, err := runGen(t, "verify", dir)
		if err != nil {
			t.Fatalf("gen verify: %v\n%s", err, stderr)
		}
		for _, s := range suites.Defaults() {
			if !strings.Contains(stdout, s) {
				t.Errorf("no summary line for %s:\n%s", s, stdout)
			}
		}
		if want := fmt.Sprintf("%6d rows ok", n); strings.Count(stdout, want) != len(fixture.TextOnly()) {
			t.Errorf("want one %q per suite:\n%s", want, stdout)
		}
		if stderr != "" {
			t.Errorf("stderr: %s", stderr)
		}
	})

	t.Run("quiet", func(t *testing.T) {
		stdout, stderr, err := runGen(t, "verify", "--quiet", dir)
		if err != nil || stdout != "" || stderr != "" {
			t.Fatalf("gen verify --quiet: %v, stdout %q, stderr %q", err, stdout, stderr)
		}
	})

	t.Run("tampered", func(t *testing.T) {
		bad := t.TempDir()
		var id string
		for _, s := range suites.Defaults() {
			files, err := filepath.Glob(filepath.Join(dir, s, "*.parquet"))
			if err != nil || len(files) != 1 {
				t.Fatalf("%s: %v %v", s, files, err)
			}
			rows, err := dataset.ReadRows(files[0])
			if err != nil {
				t.Fatal(err)
			}
			if s == "edge_case" {
				r := &rows[2]
				k := (*r.AnswerIdx + 1) % int64(len(r.Choices))
				r.AnswerIdx, r.Answer = &k, question.Letters[k:k+1]
				id = r.ID
			}
			if err := dataset.WriteFile(filepath.Join(bad, s, filepath.Base(files[0])), dataset.Options{}, rows...); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.CopyFS(filepath.Join(bad, "pddl"), os.DirFS(filepath.Join(dir, "pddl"))); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, err := runGen(t, "verify", bad)
		want := fmt.Sprintf("verify: 1 of %d rows failed", n*len(suites.Defaults()))
		if err == nil || err.Error() != want {
			t.Fatalf("error %v, want %q", err, want)
		}
		var u usageError
		if errors.As(err, &u) {
			t.Errorf("a failing row gave a usage error")
		}
		if line := fmt.Sprintf("FAIL edge_case %s (index 2): ", id); !strings.Contains(stderr, line) {
			t.Errorf("stderr does not name the row (%q):\n%s", line, stderr)
		}
		if !strings.Contains(stdout, "1 failed") {
			t.Errorf("summary does not count the failure:\n%s", stdout)
		}
	})
}

func TestVerifyBadInput(t *testing.T) {
	empty := t.TempDir()
	tests := []struct {
		name  string
		args  []string
		usage bool
		want  string
	}{
		{"no argument", nil, true, "missing DIR"},
		{"two arguments", []string{empty, empty}, true, "give exactly one DIR"},
		{"unknown flag", []string{"--colour", empty}, true, "unknown flag"},
		{"missing directory", []string{filepath.Join(empty, "nope")}, false, "does not exist"},
		{"empty directory", []string{empty}, false, "no Parquet files"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := runGen(t, append([]string{"verify"}, tc.args...)...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			var u usageError
			if errors.As(err, &u) != tc.usage {
				t.Errorf("usage error = %v, want %v", errors.As(err, &u), tc.usage)
			}
		})
	}
}

func TestVerifyHelp(t *testing.T) {
	_, stderr, err := runGen(t, "verify", "--help")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"gen verify [flags] DIR", "--quiet", "Example:"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("help lacks %q:\n%s", want, stderr)
		}
	}
}

// TestVerifyPictures checks gen verify on a dataset with pictures at scale
// 2: it passes, and a picture with one checkbox painted over fails, the
// element named.
func TestVerifyPictures(t *testing.T) {
	if _, err := render.FindChrome(""); err != nil {
		t.Skipf("no Chromium: %v", err)
	}
	dir := t.TempDir()
	if _, stderr, err := runGen(t, "--quiet", "--seed", "5", "--n", "6", "--scale", "2", "--suites", "plan_semantic", "--families", "checkboxes", "--out", dir); err != nil {
		t.Fatalf("gen: %v\n%s", err, stderr)
	}
	if stdout, stderr, err := runGen(t, "verify", dir); err != nil || !strings.Contains(stdout, "6 rows ok") {
		t.Fatalf("gen verify: %v\n%s%s", err, stdout, stderr)
	}
	files, err := filepath.Glob(filepath.Join(dir, "plan_semantic", "*.parquet"))
	if err != nil || len(files) != 1 {
		t.Fatalf("files %v, %v", files, err)
	}
	rows, err := dataset.ReadRows(files[0])
	if err != nil {
		t.Fatal(err)
	}
	r := &rows[3]
	img, err := png.Decode(bytes.NewReader(r.Image.Bytes))
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, image.Point{}, draw.Src)
	// Paint the first checkbox white, where the row's boxes put it.
	var boxes struct {
		Pictures [][]formview.Box `json:"pictures"`
	}
	if err := json.Unmarshal([]byte(r.Boxes), &boxes); err != nil || len(boxes.Pictures) == 0 || len(boxes.Pictures[0]) == 0 || boxes.Pictures[0][0].ID != "e0" || boxes.Pictures[0][0].Kind != "checkbox" {
		t.Fatalf("boxes %s: %v", r.Boxes, err)
	}
	px := boxes.Pictures[0][0].Pixels
	draw.Draw(rgba, image.Rect(int(px[0]), int(px[1]), int(px[0]+px[2]+1), int(px[1]+px[3]+1)), image.White, image.Point{}, draw.Src)
	var b bytes.Buffer
	if err := png.Encode(&b, rgba); err != nil {
		t.Fatal(err)
	}
	r.Image.Bytes = b.Bytes()
	if err := dataset.WriteFile(files[0], dataset.Options{}, rows...); err != nil {
		t.Fatal(err)
	}
	_, stderr, err := runGen(t, "verify", dir)
	if err == nil || !strings.Contains(stderr, fmt.Sprintf("FAIL plan_semantic %s (index 3): image: the checkbox", r.ID)) ||
		!strings.Contains(stderr, "(e0) looks neither checked nor unchecked") {
		t.Fatalf("gen verify: %v\n%s", err, stderr)
	}
}

// TestVerifyNotRegular checks that gen verify stops at once, naming the
// file, when a shard's name is taken by something that is not a regular
// file (here a directory; a named pipe is tested in package verify).
func TestVerifyNotRegular(t *testing.T) {
	dir := verifyDataset(t, 3)
	path := filepath.Join(dir, "edge_case", "test-00000-of-00001.parquet")
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, _, err := runGen(t, "verify", dir)
	if err == nil || err.Error() != "verify: "+path+" is not a regular file (a directory)" {
		t.Fatalf("error %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
}
