// Package report writes the report of gen score: one self-contained HTML
// page (no file or network it needs besides itself) with every run's
// scores in tables and charts, and beside it a folder with each chart as
// its own SVG and PDF and each table as CSV and LaTeX (booktabs).
//
// Charts are drawn by gonum's plot package: one per suite of its main
// measure against horizon with a line per run, the open-ended suites'
// measures, the order bias on temporal_order, what the chosen options do
// and the overall scores, a bar per run in a group per category. A run
// has one colour in every chart (models the Okabe-Ito colours, baselines
// dashed greys), legends sit beside the plot, never on the data, and long
// category names are wrapped.
package report

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strings"

	"github.com/formplan/formplan/internal/atomicfile"
	"github.com/formplan/formplan/score"
)

// Report is a report built in memory: its page and the files beside it.
type Report struct {
	page  []byte
	files map[string][]byte // by name in the folder beside the page
	names []string          // the files in the order they were built
}

// Build builds the report of s; title names what was scored, such as the
// dataset directory, and folder is the name of the folder the page links
// its files in (see Folder). s must hold the detail cells (score.NewTally
// with detail).
func Build(s *score.Summary, title, folder string) (*Report, error) {
	r := &Report{files: map[string][]byte{}}
	names, runs := runLines(s)
	pal := newPalette(names, runs)
	suiteNames := suitesOf(s)
	p := &page{Title: title, Folder: folder, Runs: names}
	sections := []struct {
		title, intro string
		charts       []chart
		tables       []table
	}{
		{"Overall", "Every run over the suites it answered. A run is a model in one prompt style and setting: scores are never pooled over runs, protocols or rotations.",
			overallChart(s), []table{overallTable(s)}},
		{"By suite", "Accuracy with its 95% Wilson interval and the number of replies; chance is a uniform guess among each question's options, or for an open-ended suite the most a reader of the text alone can score. " +
			"A reply with no answer, or two, is unparsed and counts as wrong; strict counts only answers given in an answer format.",
			horizonCharts(s, suiteNames, names), []table{scoresTable(s)}},
		{"Open-ended suites", "plan_generation: the plan is run in the simulator from the pictured state. Success: the goal holds when it ends; optimal (the main measure): success in the fewest steps; " +
			"partial: the share of the task's wants met; valid: every step names an element and an action it has; efficiency: the fewest steps over the steps taken, for successful plans. " +
			"next_action: strict matches the gold step; lenient (the main measure) is any action that begins some shortest plan; in_box: a click point inside the gold step's element.",
			measureCharts(s, suiteNames, names), nil},
		{"Order bias on temporal_order", `A model that reads the pictures is as right when the earlier picture is shown first as when it is shown second; one that always answers "Picture 1" has a gap of 100 points.`,
			orderChart(s), []table{orderTable(s)}},
		{"Was it the eyes or the plan?", "Planning rows with their perception probes (gen --probes): perception is right when every probe of the row is right. " +
			"Planning accuracy given right perception is planning itself; the share of errors after a misreading is what perception costs. The perception gap sets the same questions asked from the caption (the state in words) beside the picture.",
			nil, []table{attributionTable(s), perceptionGapTable(s)}},
		{"What the chosen options do", "For each reply, the kind of the option it chose, from the row's option_labels: the correct one, or what goes wrong with it.",
			chosenCharts(s, suiteNames), nil},
		{"Variant groups", "Each item asked under several looks that change no answer (gen --variants): the mean over the rows, and the worst case, where an item counts only if every one of its rows was answered right. A worst case far below the mean is an answer that changes with the look.",
			nil, []table{variantsTable(s)}},
		{"Paired comparisons", "Every two runs on the questions both answered (in the dataset's own order of options): McNemar's exact test of the questions only one of them got right. " + s.PairedNote,
			nil, []table{pairedTable(s)}},
	}
	for _, sec := range sections {
		ps := section{Title: sec.title, Intro: sec.intro}
		for _, t := range sec.tables {
			if len(t.rows) == 0 {
				continue
			}
			raw, err := t.csv()
			if err != nil {
				return nil, err
			}
			r.add("table-"+t.name+".csv", raw)
			r.add("table-"+t.name+".tex", t.latex())
			ps.Tables = append(ps.Tables, pageTable{Name: t.name, Caption: t.caption, Header: t.header, Rows: t.rows})
		}
		for _, c := range sec.charts {
			svg, err := c.render(pal, "svg")
			if err != nil {
				return nil, err
			}
			pdf, err := c.render(pal, "pdf")
			if err != nil {
				return nil, err
			}
			r.add("figure-"+c.name+".svg", svg)
			r.add("figure-"+c.name+".pdf", pdf)
			ps.Figures = append(ps.Figures, figure{Name: "figure-" + c.name, Caption: c.caption,
				Src: template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg))})
		}
		if len(ps.Tables) > 0 || len(ps.Figures) > 0 {
			p.Sections = append(p.Sections, ps)
		}
	}
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, p); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	r.page = b.Bytes()
	return r, nil
}

func (r *Report) add(name string, b []byte) {
	r.files[name] = b
	r.names = append(r.names, name)
}

// Page returns the HTML page.
func (r *Report) Page() []byte { return r.page }

// Files returns the names of the files beside the page, in the order the
// page shows them.
func (r *Report) Files() []string { return r.names }

// File returns the content of the file beside the page named name.
func (r *Report) File(name string) []byte { return r.files[name] }

// Folder returns the folder beside the page at path that holds its files:
// report.html's is report_files.
func Folder(path string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + "_files"
}

// Write writes the report of s to path and its files to Folder(path),
// which it replaces. Everything is written in a temporary folder and a
// temporary file, put in place once whole; with ctx done before then it
// stops with ctx's error and leaves nothing.
func Write(ctx context.Context, path string, s *score.Summary, title string) error {
	folder := Folder(path)
	r, err := Build(s, title, filepath.Base(folder))
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(path), "."+filepath.Base(folder)+".tmp-")
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	defer os.RemoveAll(tmp)
	for _, name := range r.names {
		if err := os.WriteFile(filepath.Join(tmp, name), r.files[name], 0o644); err != nil {
			return fmt.Errorf("report: %w", err)
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	old := tmp + ".old"
	if err := os.Rename(folder, old); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("report: %s: %w", folder, err)
	}
	defer os.RemoveAll(old)
	if err := os.Rename(tmp, folder); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if err := atomicfile.WriteFile(path, r.page); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}
