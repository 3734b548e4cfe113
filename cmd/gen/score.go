package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/formplan/formplan/internal/atomicfile"
	"github.com/formplan/formplan/report"
	"github.com/formplan/formplan/score"
)

// scoreCmd is gen score: it scores replies (prediction files, and
// reference responders) against a dataset as a stream and prints a table
// with a line per run and cell, every run's overall score and paired
// comparisons. A stop signal ends it within a second, leaving none of its
// files written.
func scoreCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := pflag.NewFlagSet("gen score", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	oracle := fs.Bool("oracle", false, "also score gold replies (100% in every cell)")
	responders := fs.StringSlice("responder", nil, "also score reference replies: "+strings.Join(score.Responders, ", "))
	by := fs.String("by", "suite,family,horizon", "comma-separated breakdown: "+strings.Join(score.Dimensions, ", "))
	jsonOut := fs.String("json", "", "also write the scores (cells, overall, paired tests, order gaps, choices, attribution, perception gaps) as JSON to this file")
	htmlOut := fs.String("html", "", "also write a self-contained HTML report with plots to this file")
	perRow := fs.String("per-row", "", "also write one JSON line per reply to this file: id, suite, run, the extracted answer, right or wrong, and why when unparsed")
	seed := fs.Uint64("seed", 1, "seed of the random responder")
	circular := fs.Bool("circular", false, "responders answer every rotation of each lettered question, for the circular score")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "gen score reads replies and scores them against the dataset in DIR.\n\nUsage:\n  gen score DIR [PREDICTIONS ...] [flags]\n\n"+
			"PREDICTIONS are formplan JSONL files, lmms-eval --log_samples files (<date>_samples_formplan_<suite>.jsonl,\n"+
			"the model named by their directory) or VLMEvalKit prediction files (<model>_formplan_<suite>.xlsx, .tsv, .json).\n"+
			"Each line of a formplan JSONL file is a JSON object: {\"id\": <row id>, \"response\": <the reply>}, optionally with\n"+
			"\"model\" (default: the file's name), \"prompt_style\" (instruct, cot), \"setting\" (image, caption, both) and\n"+
			"\"rotation\" (k: the options were shown from the k-th on, wrapping round; see the README).\n"+
			"Scores are never pooled over runs: a model in each prompt style and setting is a run of its own, and so is\n"+
			"each protocol and rotation. A run answering a question twice in one rotation is an error naming both files.\n"+
			"The last answer marker of a reply counts (\"Answer: X\", \"OUTPUT: X\", \\boxed{X}, {\"answer\": \"X\"}); a reply with\n"+
			"none or two answers is unparsed. Replies to plan_generation and next_action are plans or actions in formplan's\n"+
			"action language (or PDDL, JSON, a click point), run in the simulator from the pictured state; see the README.\n\nFlags:\n%s", fs.FlagUsages())
	}
	if done, err := parseArgs(fs, args); done || err != nil {
		return err
	}
	if fs.NArg() < 1 {
		return usagef("gen score needs the dataset directory: gen score DIR [PREDICTIONS.jsonl ...]")
	}
	dims, err := splitKnown(*by, "breakdown", score.Dimensions)
	if err != nil {
		return err
	}
	preds := fs.Args()[1:]
	if *oracle {
		*responders = append([]string{"oracle"}, *responders...)
	}
	if len(*responders) > 0 {
		if _, err := splitKnown(strings.Join(*responders, ","), "responder", score.Responders); err != nil {
			return err
		}
	}
	if len(preds) == 0 && len(*responders) == 0 {
		return usagef("nothing to score: give predictions files after DIR, or --oracle / --responder")
	}
	for _, o := range []struct{ flag, path string }{{"--json", *jsonOut}, {"--html", *htmlOut}, {"--per-row", *perRow}} {
		if err := checkOutput(o.flag, o.path); err != nil {
			return err
		}
	}
	d, err := score.Load(fs.Arg(0))
	if err != nil {
		return err
	}
	var sources []replySource
	for _, r := range *responders {
		sources = append(sources, responderSource(d, r, *seed, *circular))
	}
	for _, p := range preds {
		sources = append(sources, replySource{p, func(fn func(score.Reply) error) error { return score.EachReply(p, d, fn) }})
	}
	t := score.NewTally(d, dims, *htmlOut != "")
	var rows *rowWriter
	if *perRow != "" {
		if rows, err = newRowWriter(*perRow); err != nil {
			return err
		}
		defer rows.cleanup()
	}
	n := 0
	for _, src := range sources {
		err := src.each(func(rep score.Reply) error {
			if n++; n%1024 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			r, err := t.Add(rep, src.name)
			if err != nil {
				return err
			}
			if rows != nil {
				return rows.write(&r)
			}
			return nil
		})
		var dup *score.DuplicateError
		if errors.As(err, &dup) && dup.First == "" {
			dup.First = firstSource(sources, dup)
		}
		if err != nil {
			return err
		}
	}
	if n == 0 {
		return fmt.Errorf("score: the predictions files hold no replies")
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	s := t.Summary()
	coverage(stderr, s)
	if *jsonOut != "" {
		raw, err := json.MarshalIndent(s, "", "  ")
		if err != nil {
			return fmt.Errorf("score: --json: %w", err)
		}
		if err := atomicfile.WriteFile(*jsonOut, append(raw, '\n')); err != nil {
			return fmt.Errorf("score: --json: %w", err)
		}
	}
	if *htmlOut != "" {
		if err := report.Write(ctx, *htmlOut, s, fs.Arg(0)); err != nil {
			return err
		}
	}
	if rows != nil {
		if err := rows.commit(); err != nil {
			return err
		}
	}
	return score.WriteSummary(stdout, s)
}

// maxCoverageNotes bounds the runs coverage names one by one.
const maxCoverageNotes = 20

// coverage notes on w every run that answered only some of the dataset's
// questions, so that a partial run is not read as a whole one; past
// maxCoverageNotes runs it counts the rest.
func coverage(w io.Writer, s *score.Summary) {
	partial := 0
	for _, a := range s.Answered {
		if a.Questions >= s.Questions {
			continue
		}
		if partial++; partial <= maxCoverageNotes {
			fmt.Fprintf(w, "gen score: %s answered %d of the dataset's %d questions\n", a.Run, a.Questions, s.Questions)
		}
	}
	if partial > maxCoverageNotes {
		fmt.Fprintf(w, "gen score: and %d more runs answered only some of the questions (--json lists every run's count)\n", partial-maxCoverageNotes)
	}
}

// checkOutput refuses an output file whose folder does not exist, or
// that is a folder, before any work is done.
func checkOutput(flag, path string) error {
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return usagef("%s %s is a folder: give a file name", flag, path)
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return usagef("%s %s: no folder %s: create it first or give another path", flag, path, dir)
	}
	return nil
}

// replySource is where replies come from: a predictions file or a
// responder, by name.
type replySource struct {
	name string
	each func(fn func(score.Reply) error) error
}

func responderSource(d *score.Dataset, responder string, seed uint64, circular bool) replySource {
	return replySource{"--responder " + responder, func(fn func(score.Reply) error) error {
		rs, err := score.Respond(d, responder, seed, circular)
		if err != nil {
			return err
		}
		for _, r := range rs {
			if err := fn(r); err != nil {
				return err
			}
		}
		return nil
	}}
}

// errFound stops a scan of sources once it has found what it looks for.
var errFound = errors.New("found")

// firstSource returns the name of the source of the first reply that dup
// repeats, reading the sources again (a repeat is an error, so this runs
// once).
func firstSource(sources []replySource, dup *score.DuplicateError) string {
	for _, src := range sources {
		err := src.each(func(r score.Reply) error {
			if r.ID == dup.ID && r.Rotation == dup.Rotation && r.Run() == dup.Run {
				return errFound
			}
			return nil
		})
		if errors.Is(err, errFound) {
			return src.name
		}
	}
	return ""
}

// rowWriter writes --per-row's JSON lines to a temporary file beside the
// destination, put in place only when every reply is scored.
type rowWriter struct {
	path string
	f    interface {
		io.Writer
		CloseAtomicallyReplace() error
		Cleanup() error
	}
	buf *bufio.Writer
	enc *json.Encoder
}

func newRowWriter(path string) (*rowWriter, error) {
	f, err := atomicfile.Pending(path)
	if err != nil {
		return nil, fmt.Errorf("score: --per-row: %w", err)
	}
	w := &rowWriter{path: path, f: f, buf: bufio.NewWriterSize(f, 1<<16)}
	w.enc = json.NewEncoder(w.buf)
	w.enc.SetEscapeHTML(false)
	return w, nil
}

func (w *rowWriter) write(r *score.Result) error {
	if err := w.enc.Encode(r.Row()); err != nil {
		return fmt.Errorf("score: --per-row %s: %w", w.path, err)
	}
	return nil
}

func (w *rowWriter) commit() error {
	if err := w.buf.Flush(); err != nil {
		return fmt.Errorf("score: --per-row %s: %w", w.path, err)
	}
	if err := w.f.CloseAtomicallyReplace(); err != nil {
		return fmt.Errorf("score: --per-row %s: %w", w.path, err)
	}
	return nil
}

// cleanup removes the temporary file if commit did not put it in place.
func (w *rowWriter) cleanup() { _ = w.f.Cleanup() }
