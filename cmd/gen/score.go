package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/formplan/formplan/report"
	"github.com/formplan/formplan/score"
)

// scoreCmd is gen score: it scores replies (JSONL files, and reference
// responders) against a dataset and prints a table with a column per model.
func scoreCmd(args []string, stdout, stderr io.Writer) error {
	fs := pflag.NewFlagSet("gen score", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	oracle := fs.Bool("oracle", false, "also score gold replies (100% in every cell)")
	responders := fs.StringSlice("responder", nil, "also score reference replies: "+strings.Join(score.Responders, ", "))
	by := fs.String("by", "suite,family,horizon", "comma-separated breakdown: "+strings.Join(score.Dimensions, ", "))
	jsonOut := fs.String("json", "", "also write the breakdown as JSON to this file")
	htmlOut := fs.String("html", "", "also write a self-contained HTML report with plots to this file")
	seed := fs.Uint64("seed", 1, "seed of the random responder")
	circular := fs.Bool("circular", false, "responders answer every rotation of each lettered question, for the circular score")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "gen score reads replies and scores them against the dataset in DIR.\n\nUsage:\n  gen score DIR [PREDICTIONS ...] [flags]\n\n"+
			"PREDICTIONS are formplan JSONL files, lmms-eval --log_samples files (<date>_samples_formplan_<suite>.jsonl,\n"+
			"the model named by their directory) or VLMEvalKit prediction files (<model>_formplan_<suite>.xlsx, .tsv, .json).\n"+
			"Each line of a formplan JSONL file is a JSON object: {\"id\": <row id>, \"response\": <the reply>}, optionally with\n"+
			"\"model\" (default: the file's name), \"prompt_style\" (instruct, cot), \"setting\" (image, caption, both) and\n"+
			"\"rotation\" (k: the options were shown from the k-th on, wrapping round; see the README).\n"+
			"The last answer marker of a reply counts (\"Answer: X\", \"OUTPUT: X\"); a reply with none or two answers is unparsed.\n"+
			"Replies to plan_generation and next_action are plans or actions in formplan's action language (or PDDL, JSON, a click point),\n"+
			"run in the simulator from the pictured state; see the README.\n\nFlags:\n%s", fs.FlagUsages())
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
	d, err := score.Load(fs.Arg(0))
	if err != nil {
		return err
	}
	var replies []score.Reply
	for _, r := range *responders {
		rs, err := score.Respond(d, r, *seed, *circular)
		if err != nil {
			return err
		}
		replies = append(replies, rs...)
	}
	for _, p := range preds {
		rs, err := score.ReadFile(p, d)
		if err != nil {
			return err
		}
		replies = append(replies, rs...)
	}
	if len(replies) == 0 {
		return fmt.Errorf("score: the predictions files hold no replies")
	}
	results, err := score.Score(d, replies)
	if err != nil {
		return err
	}
	coverage(stderr, results, len(d.Order))
	cells := score.Breakdown(results, dims)
	if *jsonOut != "" {
		raw, err := json.MarshalIndent(struct {
			Cells   []score.Cell   `json:"cells"`
			Gaps    []score.Gap    `json:"order_gaps,omitempty"`
			Choices []score.Choice `json:"chosen,omitempty"`
		}{cells, score.OrderGaps(results), score.Choices(results)}, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(*jsonOut, append(raw, '\n'), 0o644); err != nil {
			return fmt.Errorf("score: --json: %w", err)
		}
	}
	if *htmlOut != "" {
		var b bytes.Buffer
		if err := report.HTML(&b, results, fs.Arg(0)); err != nil {
			return err
		}
		if err := os.WriteFile(*htmlOut, b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("score: --html: %w", err)
		}
	}
	return score.WriteTable(stdout, cells, dims)
}

// coverage notes on w every model that answered only some of the
// dataset's n questions, so that a partial run is not read as a whole one.
func coverage(w io.Writer, results []score.Result, n int) {
	var models []string
	answered := map[string]map[string]bool{}
	for _, r := range results {
		if answered[r.Model] == nil {
			answered[r.Model] = map[string]bool{}
			models = append(models, r.Model)
		}
		answered[r.Model][r.ID] = true
	}
	for _, m := range models {
		if len(answered[m]) < n {
			fmt.Fprintf(w, "gen score: %s answered %d of the dataset's %d questions\n", m, len(answered[m]), n)
		}
	}
}
