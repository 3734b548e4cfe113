package verify

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/pipeline"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/suites"
	"github.com/formplan/formplan/typeface"
	"github.com/formplan/formplan/variant"
)

// variantSet is a dataset of edge_case with variant groups of three
// rows, over a family named by label and one named by ordinal, written
// once by the real pipeline as gen --variants 3 writes it.
var variantSet struct {
	once sync.Once
	dir  string
	err  error
}

func variantDir(t *testing.T) string {
	t.Helper()
	needChromium(t)
	variantSet.once.Do(func() {
		variantSet.dir, variantSet.err = os.MkdirTemp("", "verify-variants-")
		if variantSet.err == nil {
			variantSet.err = writeVariantSet(variantSet.dir)
		}
	})
	if variantSet.err != nil {
		t.Fatal(variantSet.err)
	}
	return variantSet.dir
}

// removeVariantSet removes the set variantDir wrote, if it did.
func removeVariantSet() {
	if variantSet.dir != "" {
		os.RemoveAll(variantSet.dir)
	}
}

func writeVariantSet(dir string) error {
	ctx := context.Background()
	r, err := render.New(ctx, render.Options{Scale: 1, Head: formview.Head()})
	if err != nil {
		return err
	}
	defer r.Close()
	other, err := render.New(ctx, render.Options{Scale: 2, Head: formview.Head()})
	if err != nil {
		return err
	}
	defer other.Close()
	fams := []forms.Family{*forms.Builtin("checkboxes"), *forms.Builtin("radio_textboxes")}
	heights, err := formview.Fit(ctx, r, fams)
	if err != nil {
		return err
	}
	s, _ := suites.Lookup("edge_case")
	spec := suites.Spec{Seed: 4, Families: fams, Mix: suites.Even(8, len(fams))}
	if spec.Horizons, err = suites.Fit(s, &spec, false); err != nil {
		return err
	}
	meta := map[string]string{layout.ChromiumKey: r.Version(), layout.ScaleKey: "1", layout.FontsKey: typeface.ID()}
	plan := pipeline.Plan{
		Out: dir, Suites: []suites.Suite{s}, Counts: []int64{spec.Total()}, Spec: spec, Workers: 2, Version: "test", Metadata: meta,
		Painter: &pipeline.Screens{Renderer: r, Scale: 1, Heights: heights, Other: other},
		// The row of radio buttons may be drawn as a column.
		Variants: pipeline.Variants{N: 3, Scale: 1, Flippable: func(family, group string) bool { return family == "radio_textboxes" && group == forms.GroupName(0) }},
	}
	_, err = pipeline.Run(ctx, plan)
	return err
}

// TestVariantsPass checks the clean set, its pictures rendered again.
func TestVariantsPass(t *testing.T) {
	rep, err := DirWith(context.Background(), variantDir(t), Options{Rerender: RerenderAuto})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || rep.Rows != 24 {
		t.Fatalf("%d rows, %d failing: %+v", rep.Rows, rep.Failed, rep.Failures)
	}
	for _, n := range rep.Notes {
		if strings.Contains(n, "not re-rendered") {
			t.Fatalf("pictures not re-rendered: %s", n)
		}
	}
}

// TestVariantsTampered changes one thing of a variant group at a time
// and checks that verify names it.
func TestVariantsTampered(t *testing.T) {
	src := variantDir(t)
	look := func(t *testing.T, r *dataset.Row) *question.Look { return meta(t, r).Look }
	// second returns the first row that is not the first of its group and
	// whose look satisfies ok.
	second := func(t *testing.T, rows []dataset.Row, ok func(l *question.Look) bool) int {
		return find(t, rows, func(r *dataset.Row) bool { l := look(t, r); return l.Variant > 0 && ok(l) })
	}
	anyLook := func(*question.Look) bool { return true }
	tests := []struct {
		name string
		edit func(t *testing.T, rows []dataset.Row) []dataset.Row
		want string
	}{
		{"elements drawn in another order than the look says", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			i := second(t, rows, func(l *question.Look) bool { return l.Order != nil })
			editMeta(t, &rows[i], func(m *question.Meta) { m.Look.Order = nil })
			return rows
		}, "boxes"},
		{"bar worded otherwise", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			i := second(t, rows, func(l *question.Look) bool { return l.Bar == 1 })
			editMeta(t, &rows[i], func(m *question.Meta) { m.Look.Bar = 2 })
			return rows
		}, "differs from its re-rendering"},
		{"group flipped otherwise", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			i := second(t, rows, func(l *question.Look) bool { return l.Flip != nil })
			editMeta(t, &rows[i], func(m *question.Meta) { m.Look.Flip = nil })
			return rows
		}, "boxes"},
		{"scale not the look's", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			i := second(t, rows, func(l *question.Look) bool { return l.Scale == 2 })
			editMeta(t, &rows[i], func(m *question.Meta) { m.Look.Scale = 1 })
			return rows
		}, "scale 2, but its look says 1"},
		{"a first row at the other scale", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			editMeta(t, &rows[0], func(m *question.Meta) { m.Look.Scale = 2 })
			rows[0].Scale = 2
			return rows
		}, "the first row of a group is drawn at the run's, 1"},
		{"a look at neither scale", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			i := second(t, rows, anyLook)
			editMeta(t, &rows[i], func(m *question.Meta) { m.Look.Scale = 3 })
			return rows
		}, "a look takes the run's scale, 1, or 2"},
		{"a variant with another answer", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			i := second(t, rows, anyLook)
			relabel(t, &rows[i], (int(*rows[i].AnswerIdx)+1)%len(rows[i].Choices), "")
			return rows
		}, "does not ask what the first row"},
		{"a variant with another start", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			i := second(t, rows, anyLook)
			editMeta(t, &rows[i], func(m *question.Meta) { m.Start, m.Starts[0] = m.Starts[0], m.Start })
			return rows
		}, "does not ask what the first row"},
		{"wrong variant_group", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			i := second(t, rows, anyLook)
			rows[i].VariantGroup = rows[i].ID
			return rows
		}, "variant_group"},
		{"a row of a group left out", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			return append(rows[:1:1], rows[2:]...)
		}, "comes next"},
		{"a group cut short", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			return append(rows[:2:2], rows[3:]...)
		}, "ends after 2 of its 3 rows"},
		{"the file ends in a group", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			return rows[:len(rows)-1]
		}, "ends with its file after 2 of its 3 rows"},
		{"a look taken twice", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			m := meta(t, &rows[1])
			editMeta(t, &rows[2], func(m2 *question.Meta) { m2.Look = m.Look; m2.Look.Variant = 2 })
			rows[2].Image, rows[2].Boxes, rows[2].Scale = rows[1].Image, rows[1].Boxes, rows[1].Scale
			rows[2].ImageWidth, rows[2].ImageHeight = rows[1].ImageWidth, rows[1].ImageHeight
			return rows
		}, "another row's of variant group"},
		{"a first row drawn otherwise", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			editMeta(t, &rows[0], func(m *question.Meta) { m.Look.Bar = 1 })
			return rows
		}, "first row of a group must be drawn as without variants"},
		{"a variant_group without a look", func(t *testing.T, rows []dataset.Row) []dataset.Row {
			editMeta(t, &rows[0], func(m *question.Meta) { m.Look = nil })
			return rows
		}, "but the metadata has no look"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, src)
			rewriteKeep(t, suiteFile(t, dir, "edge_case"), tc.edit)
			rep, err := DirWith(context.Background(), dir, Options{Rerender: RerenderAuto})
			if err != nil {
				t.Fatal(err)
			}
			var reasons []string
			for _, f := range rep.Failures {
				reasons = append(reasons, strconv.FormatInt(f.Index, 10)+": "+f.Reason)
			}
			if !strings.Contains(strings.Join(reasons, "\n"), tc.want) {
				t.Fatalf("no failure says %q:\n%s", tc.want, strings.Join(reasons, "\n"))
			}
		})
	}
}

// TestVariantSetHasEveryLook makes sure the set the tampering runs on
// has looks of every part: an order, a flip, the other scale and each
// wording of the bar.
func TestVariantSetHasEveryLook(t *testing.T) {
	rows, err := dataset.ReadRows(filepath.Join(variantDir(t), "edge_case", "test-00000-of-00001.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	var order, flip, scale2 bool
	bars := map[int]bool{}
	for i := range rows {
		l := meta(t, &rows[i]).Look
		order, flip, scale2 = order || l.Order != nil, flip || l.Flip != nil, scale2 || l.Scale == 2
		bars[l.Bar] = true
	}
	if !order || !flip || !scale2 || len(bars) != variant.Wordings {
		t.Fatalf("looks: order %v, flip %v, scale 2 %v, bars %v", order, flip, scale2, bars)
	}
}
