package openenv

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/fixture"
	"github.com/formplan/formplan/pipeline"
	"github.com/formplan/formplan/suites"
)

// textDataset writes a dataset of every suite, n rows each, without
// pictures, with the real pipeline.
func textDataset(t *testing.T, n int64) string {
	t.Helper()
	out := t.TempDir()
	var all []suites.Suite // a run without pictures: no click points to judge
	for _, name := range fixture.TextOnly() {
		s, _ := suites.Lookup(name)
		all = append(all, s)
	}
	counts := make([]int64, len(all))
	for k := range counts {
		counts[k] = n
	}
	_, err := pipeline.Run(context.Background(), pipeline.Plan{
		Out: out, Suites: all, Counts: counts, Spec: suites.Spec{Seed: 5, Families: forms.Defaults()}, Workers: 2, Version: "test",
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDatasetRows answers every row of a dataset over a real WebSocket:
// the gold answer earns 1 and, on lettered rows, another letter earns 0.
func TestDatasetRows(t *testing.T) {
	dir := textDataset(t, 40)
	rows, err := LoadRows(dir)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(NewDataset(rows, Options{}).Handler())
	t.Cleanup(hs.Close)
	c, _, err := dial(t, hs.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	n, wrong := 0, 0
	for _, suite := range fixture.TextOnly() {
		got, err := dataset.ReadRows(dir + "/" + suite + "/test-00000-of-00001.parquet")
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range got {
			typ, data := c.send("reset", map[string]any{"suite": suite, "index": *row.Index, "prompt_style": "cot"})
			obs, _ := data["observation"].(map[string]any)
			if typ != "observation" || obs["id"] != row.ID || obs["prompt"] != row.PromptCoT || data["done"] != false {
				t.Fatalf("%s %d: reset: %s %v", suite, *row.Index, typ, data)
			}
			typ, data = c.send("step", map[string]any{"action": row.Answer})
			if typ != "observation" || data["reward"] != 1.0 || data["done"] != true {
				t.Fatalf("%s %d: the gold reply %q: %s %v", suite, *row.Index, row.Answer, typ, data)
			}
			n++
			if len(row.Answer) == 1 && row.Answer >= "A" && row.Answer <= "H" {
				other := "A"
				if row.Answer == "A" {
					other = "B"
				}
				c.send("reset", map[string]any{"id": row.ID})
				if _, data = c.send("step", map[string]any{"action": other}); data["reward"] != 0.0 || data["done"] != true {
					t.Fatalf("%s %d: the wrong letter %s: %v", suite, *row.Index, other, data)
				}
				wrong++
			}
		}
	}
	if n != 40*len(fixture.TextOnly()) || wrong == 0 {
		t.Fatalf("%d rows answered, %d wrong letters tried", n, wrong)
	}
	t.Logf("%d gold replies earned 1, %d wrong letters earned 0", n, wrong)
	typ, data := c.send("reset", map[string]any{"suite": "edge_case", "index": 99999})
	if typ != "error" || data["code"] != CodeValidation {
		t.Fatalf("a row that is not there: %s %v", typ, data)
	}
}
