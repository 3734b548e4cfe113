package pipeline

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/suites"
)

func plan(t *testing.T, out string, n int64, p Painter) Plan {
	s, _ := suites.Lookup("temporal_order")
	return Plan{Out: out, Suites: []suites.Suite{s}, Counts: []int64{n},
		Spec: suites.Spec{Seed: 3, Families: forms.Defaults()}, Workers: 3, Version: "test", Painter: p, BatchSize: 7}
}

// TestRunWithPictures renders real screenshots: every row gets both
// pictures and boxes, rows come out in index order, and the painter checks
// each picture against the simulator.
func TestRunWithPictures(t *testing.T) {
	r, err := render.New(context.Background(), render.Options{Head: formview.Head()})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	heights, err := formview.Fit(context.Background(), r, forms.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	res, err := Run(context.Background(), plan(t, out, 20, &Screens{Renderer: r, Scale: 1, Heights: heights}))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := dataset.ReadRows(res[0].File)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 20 || res[0].File != filepath.Join(out, "temporal_order", "test-00000-of-00001.parquet") {
		t.Fatalf("%d rows in %s", len(rows), res[0].File)
	}
	for i, row := range rows {
		if *row.Index != int64(i) {
			t.Fatalf("row %d has index %d", i, *row.Index)
		}
		if row.Image == nil || row.Image2 == nil || row.ImageWidth < formview.Width || row.ImageHeight < formview.Height ||
			row.ImageHeight > int64(heights.Of(row.Family)) || row.Boxes == "" || row.Scale != 1 {
			t.Fatalf("row %d lacks pictures: %dx%d, boxes %q", i, row.ImageWidth, row.ImageHeight, row.Boxes)
		}
	}
}

func TestRunBadShard(t *testing.T) {
	p := plan(t, t.TempDir(), 5, nil)
	p.Shard, p.Shards = 4, 4
	if _, err := Run(context.Background(), p); err == nil {
		t.Fatal("no error for shard 4 of 4")
	}
}

// TestInterruptLeavesNothingComplete cancels a run part way through, as
// Ctrl-C does, and checks that no file that looks complete (nor any
// temporary file) is left for the suite.
func TestInterruptLeavesNothingComplete(t *testing.T) {
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p := plan(t, out, 5000, nil)
	var done int64
	p.Progress = func(n int64) {
		if done += n; done >= 100 {
			cancel()
		}
	}
	if _, err := Run(ctx, p); err == nil {
		t.Fatal("an interrupted run reported success")
	}
	if done >= 5000 {
		t.Fatal("the run finished before it was interrupted")
	}
	left, _ := filepath.Glob(filepath.Join(out, "temporal_order", "*"))
	hidden, _ := filepath.Glob(filepath.Join(out, "temporal_order", ".*"))
	if len(left)+len(hidden) != 0 {
		t.Fatalf("an interrupted run left %v %v", left, hidden)
	}
}
