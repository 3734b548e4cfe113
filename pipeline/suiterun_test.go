package pipeline

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// several is a plan of three suites, each with a spec of its own (other
// seeds and counts), one of them with no rows in some shards.
func several(t *testing.T, out string) Plan {
	t.Helper()
	p := Plan{Out: out, Workers: 3, Version: "test", BatchSize: 7}
	for k, name := range []string{"temporal_order", "next_action", "future_state"} {
		s, _ := suites.Lookup(name)
		n := []int64{23, 2, 40}[k]
		p.Suites = append(p.Suites, s)
		p.Counts = append(p.Counts, n)
		p.Specs = append(p.Specs, suites.Spec{Seed: uint64(3 + k), Families: forms.Defaults(), Mix: suites.Even(n, len(forms.Defaults()))})
	}
	return p
}

// TestRunSuitesAsAlone checks that a plan of several suites, which go
// through one pipeline, writes the bytes that each suite's run alone
// writes, in every shard (the second suite has no rows in shard 0 of 3),
// and hands the painter the same batches: each suite's from its own first
// row.
func TestRunSuitesAsAlone(t *testing.T) {
	for _, shards := range []int{1, 3} {
		for k := range shards {
			together, alone := t.TempDir(), t.TempDir()
			p := several(t, together)
			p.Shard, p.Shards = k, shards
			all := &noPaint{}
			p.Painter = all
			res, err := Run(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			var batches []int
			for i := range p.Suites {
				one := p
				one.Out, one.Suites, one.Counts, one.Specs = alone, p.Suites[i:i+1], p.Counts[i:i+1], p.Specs[i:i+1]
				paint := &noPaint{}
				one.Painter = paint
				r1, err := Run(context.Background(), one)
				if err != nil {
					t.Fatal(err)
				}
				batches = append(batches, paint.batches...)
				a, err := os.ReadFile(res[i].File)
				if err != nil {
					t.Fatal(err)
				}
				b, err := os.ReadFile(r1[0].File)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(a, b) || res[i].SHA256 != r1[0].SHA256 || res[i].Rows != r1[0].Rows {
					t.Errorf("shard %d/%d: %s: %d rows, %d bytes in one plan against %d rows, %d bytes alone",
						k, shards, p.Suites[i].Name, res[i].Rows, len(a), r1[0].Rows, len(b))
				}
			}
			if !slices.Equal(all.batches, batches) {
				t.Errorf("shard %d/%d: painted %v in one plan, %v alone", k, shards, all.batches, batches)
			}
		}
	}
}

// leftOf lists what a run left in suite's folder of out, hidden files too.
func leftOf(out, suite string) []string {
	left, _ := filepath.Glob(filepath.Join(out, suite, "*"))
	hidden, _ := filepath.Glob(filepath.Join(out, suite, ".*"))
	return append(left, hidden...)
}

// failPaint fails at its call number at and paints nothing.
type failPaint struct{ calls, at int }

var errPaint = errors.New("painter failed")

func (p *failPaint) Paint(context.Context, []question.Question, []dataset.Row) error {
	if p.calls++; p.calls == p.at {
		return errPaint
	}
	return nil
}

// TestRunFailsMidPlan fails the painter within the third suite: the first
// two suites' files are complete, and nothing of the third (no file, no
// temporary file) is left.
func TestRunFailsMidPlan(t *testing.T) {
	out := t.TempDir()
	p := several(t, out)
	p.Painter = &failPaint{at: 4 + 1 + 3} // 23 rows in 4 batches of 7, 2 in 1, then the third suite's third
	if _, err := Run(context.Background(), p); !errors.Is(err, errPaint) {
		t.Fatalf("error %v, want the painter's", err)
	}
	for i, s := range p.Suites {
		left := leftOf(out, s.Name)
		if i == 2 {
			if len(left) != 0 {
				t.Errorf("%s failed but left %v", s.Name, left)
			}
			continue
		}
		if len(left) != 1 || filepath.Base(left[0]) != "test-00000-of-00001.parquet" {
			t.Fatalf("%s: left %v, want its file alone", s.Name, left)
		}
		rows, err := dataset.ReadRows(left[0])
		if err != nil || int64(len(rows)) != p.Counts[i] {
			t.Errorf("%s: %d rows (%v), want %d", s.Name, len(rows), err, p.Counts[i])
		}
	}
}

// TestRunCanceledAtSuiteEnd cancels the run while the first suite's last
// batch is written: the run fails, and leaves no file of that suite.
func TestRunCanceledAtSuiteEnd(t *testing.T) {
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p := several(t, out)
	p.Observe = func(_ string, qs []question.Question, _ []dataset.Row) {
		if qs[len(qs)-1].Suite == "temporal_order" && qs[len(qs)-1].Index == p.Counts[0]-1 {
			cancel()
		}
	}
	if _, err := Run(ctx, p); !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	for _, s := range p.Suites {
		if left := leftOf(out, s.Name); len(left) != 0 {
			t.Errorf("%s: a canceled run left %v", s.Name, left)
		}
	}
}

// TestRunDomainsFail makes the PDDL domains' folder a file: the run fails
// naming the domains, and no suite's file is left, though the domains are
// written while the rows are built.
func TestRunDomainsFail(t *testing.T) {
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, layout.DomainDir), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Run(context.Background(), several(t, out))
	if err == nil || !strings.Contains(err.Error(), "PDDL domains") {
		t.Fatalf("error %v, want one about the PDDL domains", err)
	}
	for _, s := range []string{"temporal_order", "next_action", "future_state"} {
		if left := leftOf(out, s); len(left) != 0 {
			t.Errorf("%s: left %v", s, left)
		}
	}
}

// TestRunSameBytesAnyWorkers runs a plan whose files have several row
// groups (5,000 rows each without pictures) on 1, 2 and 5 workers, which
// encode the row groups, and close the files, in whatever order they come
// to them, and draw again, in the same order, the many rows that would ask
// what a row before asks: the files are the same bytes. plan_generation
// leaves out radio_slider, whose 613 distinct questions are too few for
// its share of 12,000.
func TestRunSameBytesAnyWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 3 x 12,000 rows")
	}
	var want map[string][]byte
	for _, workers := range []int{1, 2, 5} {
		out := t.TempDir()
		p := Plan{Out: out, Workers: workers, Version: "test"}
		for k, name := range []string{"plan_generation", "next_action", "temporal_order"} {
			s, _ := suites.Lookup(name)
			n := []int64{12000, 5001, 10000}[k]
			fams := forms.Defaults()
			if name == "plan_generation" {
				fams = fams[:4]
			}
			p.Suites = append(p.Suites, s)
			p.Counts = append(p.Counts, n)
			p.Specs = append(p.Specs, suites.Spec{Seed: 2, Families: fams, Mix: suites.Even(n, len(fams))})
		}
		res, err := Run(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string][]byte{}
		for _, r := range res {
			b, err := os.ReadFile(r.File)
			if err != nil {
				t.Fatal(err)
			}
			if int64(len(b)) != r.Size || fmt.Sprintf("%x", sha256.Sum256(b)) != r.SHA256 {
				t.Errorf("%d workers: %s: %d bytes, the result says %d, or its SHA-256 differs", workers, r.Suite, len(b), r.Size)
			}
			got[r.Suite] = b
		}
		if want == nil {
			want = got
			continue
		}
		for suite, b := range want {
			if !bytes.Equal(got[suite], b) {
				t.Errorf("%d workers: %s differs from 1 worker's", workers, suite)
			}
		}
	}
}
