package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/formplan/formplan/datarow"
	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/suites"
)

// pictured returns what a row without pictures is drawn from: its prompts
// and, for each picture, the page formview would render (the form, the
// state and the task).
func pictured(t *testing.T, r *dataset.Row) string {
	t.Helper()
	var m question.Meta
	if err := json.Unmarshal([]byte(r.Metadata), &m); err != nil {
		t.Fatal(err)
	}
	key := r.PromptInstruct + "\x00" + r.PromptCoT
	for _, s := range m.Pictures {
		job, err := formview.Job(&m.Form, s, r.Task, "u")
		if err != nil {
			t.Fatal(err)
		}
		key += "\x00" + job.HTML
	}
	return key
}

// duplicates counts the rows that ask what a row before them asks, by
// key.
func duplicates(rows []dataset.Row, key func(r *dataset.Row) string) (int, string) {
	seen := map[string]int64{}
	n, first := 0, ""
	for k := range rows {
		r := &rows[k]
		if i, ok := seen[key(r)]; ok {
			if n == 0 {
				first = fmt.Sprintf("rows %d and %d", i, *r.Index)
			}
			n++
			continue
		}
		seen[key(r)] = *r.Index
	}
	return n, first
}

// distinctPlan is a plan of n questions of one suite over fams, fitted as
// gen fits it.
func distinctPlan(t *testing.T, out, suite string, n int64, fams []forms.Family, protocol string) Plan {
	t.Helper()
	s, _ := suites.Lookup(suite)
	sp := suites.Spec{Seed: 5, Families: fams, Mix: suites.Even(n, len(fams)), Protocol: protocol}
	var err error
	if sp.Horizons, err = suites.Fit(s, &sp, false); err != nil {
		t.Fatal(err)
	}
	return Plan{Out: out, Suites: []suites.Suite{s}, Counts: []int64{n}, Specs: []suites.Spec{sp}, Workers: 2, Version: "test"}
}

// runRows runs p and returns its one suite's rows and file.
func runRows(t *testing.T, p Plan) ([]dataset.Row, string) {
	t.Helper()
	res, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := dataset.ReadRows(res[0].File)
	if err != nil {
		t.Fatal(err)
	}
	return rows, res[0].File
}

// TestRunDistinct runs cells that hold few more distinct questions than
// are asked of them, so that many rows are drawn again: no two rows ask
// the same question of the same picture; the files are the same bytes on
// 1 and 3 workers; 3 shards, which start inside the Paper protocol's
// groups of 4, give the single run's rows; a group's rows still share
// their item; and Check finds nothing to refuse.
func TestRunDistinct(t *testing.T) {
	if testing.Short() {
		t.Skip("runs each cell 5 times")
	}
	radioSlider := []forms.Family{*forms.Builtin("radio_slider")}
	tests := []struct {
		suite    string
		n        int64
		protocol string
	}{
		{"plan_generation", 600, ""}, // of 613
		{"next_action", 1100, ""},    // of about 1,230
		{"temporal_order", 1000, suites.Paper},
	}
	for _, tc := range tests {
		t.Run(tc.suite+tc.protocol, func(t *testing.T) {
			p := distinctPlan(t, t.TempDir(), tc.suite, tc.n, radioSlider, tc.protocol)
			if err := Check(context.Background(), p); err != nil {
				t.Fatal(err)
			}
			p.Workers = 1
			rows, file := runRows(t, p)
			if n, first := duplicates(rows, func(r *dataset.Row) string { return pictured(t, r) }); n > 0 {
				t.Errorf("%d rows ask what a row before them asks (first %s)", n, first)
			}
			redrawn := 0
			for k := range rows {
				q, err := p.Suites[0].Build(&p.Specs[0], int64(k))
				if err != nil {
					t.Fatal(err)
				}
				if want, err := datarow.Of(&q, 5, "test"); err != nil || want.Metadata != rows[k].Metadata {
					redrawn++
				}
			}
			if redrawn < int(tc.n)/20 {
				t.Errorf("only %d rows of %d drawn again: the test asks too little of the cell", redrawn, tc.n)
			}
			t.Logf("%d rows of %d drawn again", redrawn, tc.n)
			if tc.protocol == suites.Paper {
				checkGroups(t, rows)
			}
			want, _ := os.ReadFile(file)
			p.Out, p.Workers = t.TempDir(), 3
			if _, three := runRows(t, p); !bytes.Equal(readFile(t, three), want) {
				t.Error("3 workers wrote other bytes than 1")
			}
			var sharded []dataset.Row
			for k := range 3 {
				p.Out, p.Shard, p.Shards = t.TempDir(), k, 3
				part, _ := runRows(t, p)
				sharded = append(sharded, part...)
			}
			if len(sharded) != len(rows) {
				t.Fatalf("3 shards hold %d rows, the single run %d", len(sharded), len(rows))
			}
			for k := range rows {
				a, b := &rows[k], &sharded[k]
				if a.ID != b.ID || a.PromptInstruct != b.PromptInstruct || a.PromptCoT != b.PromptCoT || a.Metadata != b.Metadata {
					t.Fatalf("row %d differs between the single run and its shards", k)
				}
			}
		})
	}
}

// checkGroups checks that the rows of each group of 4 (Paper protocol)
// picture one run of one form: the same form, start and task.
func checkGroups(t *testing.T, rows []dataset.Row) {
	t.Helper()
	for k := 0; k+4 <= len(rows); k += 4 {
		var first question.Meta
		for j := k; j < k+4; j++ {
			var m question.Meta
			if err := json.Unmarshal([]byte(rows[j].Metadata), &m); err != nil {
				t.Fatal(err)
			}
			if j == k {
				first = m
				continue
			}
			a, _ := json.Marshal([]any{first.Form, first.Start, first.Goal})
			b, _ := json.Marshal([]any{m.Form, m.Start, m.Goal})
			if !bytes.Equal(a, b) || rows[j].GroupID != rows[k].GroupID {
				t.Fatalf("rows %d and %d of one group ask about different items", k, j)
			}
		}
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRunExhausted asks for more plan_generation questions of
// radio_slider at horizon 1 than its 613 distinct ones: Check and Run
// give the same *ExhaustedError, naming the cell, and Run leaves no file
// of the suite.
func TestRunExhausted(t *testing.T) {
	out := t.TempDir()
	p := distinctPlan(t, out, "plan_generation", 700, []forms.Family{*forms.Builtin("radio_slider")}, "")
	var checked, ran *ExhaustedError
	if err := Check(context.Background(), p); !errors.As(err, &checked) {
		t.Fatalf("Check: %v, want an *ExhaustedError", err)
	}
	if _, err := Run(context.Background(), p); !errors.As(err, &ran) {
		t.Fatalf("Run: %v, want an *ExhaustedError", err)
	}
	if *checked != *ran {
		t.Errorf("Check gave %+v, Run %+v", *checked, *ran)
	}
	e := ran
	if e.Suite != "plan_generation" || e.Family != "radio_slider" || e.Horizon != 1 || e.Choices != 0 || e.Asked != 700 ||
		e.Distinct < 600 || e.Distinct > 613 || e.Draws != maxRedraws {
		t.Errorf("error %+v", *e)
	}
	t.Log(e)
	if left, _ := filepath.Glob(filepath.Join(out, "plan_generation", "*")); len(left) > 0 {
		t.Errorf("the refused run left %v", left)
	}
}

// TestRunNoDuplicatePictures generates every suite, 300 questions each
// over the built-in families as gen does, with screenshots, and counts the
// rows whose prompts and pictures, byte for byte, a row before has: none.
func TestRunNoDuplicatePictures(t *testing.T) {
	if _, err := exec.LookPath("chromium"); err != nil {
		t.Skip("Chromium is not installed")
	}
	if testing.Short() {
		t.Skip("paints 2,100 questions")
	}
	r, err := render.New(context.Background(), render.Options{Head: formview.Head(), Fonts: formview.Fonts()})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	heights, err := formview.Fit(context.Background(), r, forms.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	p := Plan{Out: t.TempDir(), Workers: 2, Version: "test", Painter: &Screens{Renderer: r, Scale: 1, Heights: heights}}
	fams := forms.Defaults()
	for _, s := range suites.DrawnSuites() {
		sp := suites.Spec{Seed: 1, Families: fams, Mix: suites.Even(300, len(fams))}
		var err error
		if sp.Horizons, err = suites.Fit(s, &sp, false); err != nil {
			t.Fatal(err)
		}
		p.Suites, p.Counts, p.Specs = append(p.Suites, s), append(p.Counts, 300), append(p.Specs, sp)
	}
	res, err := Run(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, sr := range res {
		rows, err := dataset.ReadRows(sr.File)
		if err != nil {
			t.Fatal(err)
		}
		key := func(r *dataset.Row) string {
			k := r.PromptInstruct + "\x00" + r.PromptCoT + "\x00" + string(r.Image.Bytes)
			if r.Image2 != nil {
				k += "\x00" + string(r.Image2.Bytes)
			}
			return k
		}
		if n, first := duplicates(rows, key); n > 0 {
			t.Errorf("%s: %d rows show what a row before them shows (first %s)", sr.Suite, n, first)
		}
	}
}
