// Package probes writes the perception probes paired with a run's
// planning rows (gen --probes K): after the planning suites' files are
// written, it reads them back in order and, for every row with a picture,
// writes K rows of suite probes (suites.PairProbes) that show the very same
// picture bytes, each with pair_id the planning row's id. The probes add
// rows, not pictures: nothing is rendered again.
package probes

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"strconv"

	"github.com/formplan/formplan/datarow"
	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// Plan is what Write needs of a run.
type Plan struct {
	Out     string
	K       int      // probes per planning row
	Suites  []string // the run's planning suites, in the run's order
	Counts  []int64  // per suite, its questions
	Seed    uint64
	Version string
	Flags   string // the run's content flags, recorded in the file
	// Metadata is the rest of the run's file metadata (Chromium, fonts,
	// scale), as every suite's file holds it.
	Metadata map[string]string
	// Observe, if set, sees every batch of rows written, as the pipeline's
	// Observe does.
	Observe func(path string, qs []question.Question, rows []dataset.Row)
}

// Result says what Write wrote.
type Result struct {
	File     string
	Rows     int64
	Size     int64
	SHA256   string
	Metadata map[string]string
}

// Total returns how many probes the run's planning rows get.
func (p *Plan) Total() int64 {
	var n int64
	for _, c := range p.Counts {
		n += c
	}
	return n * int64(p.K)
}

// Write writes the probes file of the run p describes, from its planning
// suites' files, which must be complete. A planning row's place among the
// run's planning rows (its suite's offset plus its index) decides its
// probes' indices, so the file depends on the run's flags alone.
func Write(ctx context.Context, p Plan) (Result, error) {
	path := layout.FilePath(p.Out, suites.Probes, 0, 1)
	run := map[string]string{
		layout.SeedKey:    strconv.FormatUint(p.Seed, 10),
		layout.VersionKey: p.Version,
		layout.FlagsKey:   p.Flags,
	}
	meta := layout.FileMetadata(run, suites.Probes, p.Total(), 0, 1)
	maps.Copy(meta, p.Metadata)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return Result{}, fmt.Errorf("probes: %w", err)
	}
	w, err := dataset.Create(path, dataset.Options{Metadata: meta, RowGroupRows: layout.GroupRows(true)})
	if err != nil {
		return Result{}, fmt.Errorf("probes: %w", err)
	}
	var offset int64
	for k, name := range p.Suites {
		if err := p.pairSuite(ctx, w, path, name, offset); err != nil {
			w.Abort()
			return Result{}, err
		}
		offset += p.Counts[k]
	}
	if w.Rows() != p.Total() {
		w.Abort()
		return Result{}, fmt.Errorf("probes: %d probes made, want %d: every planning row needs a picture", w.Rows(), p.Total())
	}
	if err := w.Close(); err != nil {
		return Result{}, fmt.Errorf("probes: %w", err)
	}
	size, sum := w.Sum()
	return Result{File: path, Rows: w.Rows(), Size: size, SHA256: sum, Metadata: meta}, nil
}

// batch is how many planning rows are read, and paired, at a time.
const batch = 64

// pairSuite writes the probes of suite name's rows, offset the place of its
// first row among the run's planning rows.
func (p *Plan) pairSuite(ctx context.Context, w *dataset.Writer, path, name string, offset int64) error {
	r, err := dataset.Open(layout.FilePath(p.Out, name, 0, 1))
	if err != nil {
		return fmt.Errorf("probes: %w", err)
	}
	defer r.Close()
	rows := make([]dataset.Row, batch)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		n, err := r.Read(rows)
		if n > 0 {
			qs, out, perr := p.pair(rows[:n], offset)
			if perr != nil {
				return perr
			}
			if err := w.Write(out...); err != nil {
				return fmt.Errorf("probes: %w", err)
			}
			if p.Observe != nil {
				p.Observe(path, qs, out)
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("probes: %w", err)
		}
	}
}

// pair makes the probes of planning rows.
func (p *Plan) pair(rows []dataset.Row, offset int64) ([]question.Question, []dataset.Row, error) {
	var qs []question.Question
	var out []dataset.Row
	for k := range rows {
		row := &rows[k]
		if row.Image == nil || row.Index == nil {
			return nil, nil, fmt.Errorf("probes: %s row %s has no picture: gen --probes needs pictures", row.Suite, row.ID)
		}
		q := question.Question{Suite: row.Suite, Family: row.Family, Index: *row.Index, Task: row.Task}
		if row.Horizon != nil {
			q.Horizon = int(*row.Horizon)
		}
		if err := json.Unmarshal([]byte(row.Metadata), &q.Meta); err != nil {
			return nil, nil, fmt.Errorf("probes: %s row %s: metadata: %w", row.Suite, row.ID, err)
		}
		pqs, err := suites.PairProbes(&q, p.K, p.Seed, offset+q.Index)
		if err != nil {
			return nil, nil, fmt.Errorf("probes: %s row %s: %w", row.Suite, row.ID, err)
		}
		boxes, err := firstBoxes(row.Boxes)
		if err != nil {
			return nil, nil, fmt.Errorf("probes: %s row %s: boxes: %w", row.Suite, row.ID, err)
		}
		for j := range pqs {
			pr, err := datarow.Of(&pqs[j], p.Seed, p.Version)
			if err != nil {
				return nil, nil, err
			}
			pr.PairID = row.ID
			pr.Image = &dataset.Image{Bytes: row.Image.Bytes, Path: row.Image.Path}
			pr.ImageWidth, pr.ImageHeight, pr.Scale = row.ImageWidth, row.ImageHeight, row.Scale
			pr.Boxes = boxes
			out = append(out, pr)
		}
		qs = append(qs, pqs...)
	}
	return qs, out, nil
}

// firstBoxes returns the boxes column of a probe from its planning row's:
// the element boxes of the first picture, and no plan steps.
func firstBoxes(raw string) (string, error) {
	var b struct {
		Pictures []json.RawMessage `json:"pictures"`
	}
	if err := json.Unmarshal([]byte(raw), &b); err != nil {
		return "", err
	}
	if len(b.Pictures) == 0 {
		return "", fmt.Errorf("no element boxes")
	}
	out, err := json.Marshal(struct {
		Pictures []json.RawMessage `json:"pictures"`
		Steps    []json.RawMessage `json:"steps"`
	}{b.Pictures[:1], []json.RawMessage{}})
	return string(out), err
}
