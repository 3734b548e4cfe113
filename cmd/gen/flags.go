package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/job"
	"github.com/formplan/formplan/suites"
)

// config is what the command line says: the generation it asks for, or
// help or the version.
type config struct {
	req     job.Request
	help    bool
	version bool
}

const examples = `
Examples:
  gen                                   every suite, 300 questions each, into out/
  gen --suites future_state --horizon 1-8 --n 1600 --out ablation/
                                        a horizon ablation: 200 questions per family and horizon
  gen --preset paper                    the seed paper's synthetic sizes per family
  gen --preset paper --protocol paper   the same sizes, asked with the seed paper's settings
  gen --preset long --no-images         horizons 1-12 on the long families, 1,000 rows a cell
  gen --suites edge_case --families checkboxes --choices 6 --seed 7
  gen --variants 3 --n 100 --out looks/  each question in 3 rows of one variant group: 300 rows a suite
`

// parseFlags reads gen's flags into a job.Request; job.Generate checks
// what it asks for.
func parseFlags(args []string, stderr io.Writer) (*config, error) {
	c := &config{}
	req := &c.req
	fs := pflag.NewFlagSet("gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&req.Out, "out", "out", "output directory")
	fs.Uint64Var(&req.Seed, "seed", 1, "random seed: the same seed and flags give the same files")
	fs.StringVar(&req.Preset, "preset", "", `a ready-made mix: "paper" gives the seed paper's synthetic counts per family; "long" 1,000 rows at each horizon 1-12 each long family allows`)
	fs.StringVar(&req.Protocol, "protocol", "", `"paper" asks the questions with the seed paper's settings (see the card); default: formplan's own`)
	fs.StringVar(&req.PaperTasks, "paper-tasks", "appendix", `with --preset paper: which reading of the paper's Task 1-3 gives future_state's families, "appendix" (checkboxes, slider_checkboxes, radio_textboxes) or "figures" (slider_checkboxes twice, checkboxes)`)
	fs.StringVar(&req.Suites, "suites", strings.Join(suites.Defaults(), ","), "comma-separated suites to generate")
	fs.StringVar(&req.Families, "families", strings.Join(forms.Names(forms.Defaults()), ","), "comma-separated form families (also built in, for long plans: "+strings.Join(forms.Names(forms.Long()), ", ")+")")
	fs.Int64Var(&req.N, "n", 300, "questions per suite, spread evenly over the families")
	horizon := fs.String("horizon", "1-4", "horizon range MIN-MAX, balanced per family (what it counts: see each suite in the card); a horizon a family cannot give is an error when asked for, left out by default")
	fs.IntVar(&req.Choices, "choices", 4, "options per multiple-choice question (2-8)")
	fs.IntVar(&req.Workers, "workers", 0, "parallel workers (0: one per CPU); never changes the output")
	fs.BoolVar(&req.NoImages, "no-images", false, "write rows without screenshots")
	fs.IntVar(&req.Probes, "probes", 0, fmt.Sprintf("perception probes per planning row (0-%d): Yes/No questions about the elements of its screenshot whose values decide its answer, written as the probes suite with pair_id linking them", job.MaxProbes))
	fs.Float64Var(&req.Scale, "scale", 1, "screenshot scale: 1 gives MiniWoB's 160 x 210 pixels, 2 and 3 sharper pictures")
	fs.IntVar(&req.Variants, "variants", 1, "rows per question (1-6): each question is asked `V` times, a variant group sharing variant_group, under looks that change no answer (elements reordered on forms named by label, a group's row and column layout swapped, scale 1 against 2, the instruction bar worded another way); --n counts questions, so a suite has n x V rows; needs screenshots")
	fs.StringVar(&req.Chrome, "chrome", "", "path to Chromium (default: $CHROME_PATH, then chromium on PATH)")
	fs.StringVar(&req.Config, "config", "", "JSON or YAML file with custom families and a suite mix")
	shard := fs.String("shard", "", "write only shard K of N (K from 0), such as 3/8; the N shards together are the whole run; auto takes K and N from a Slurm array, auto/N takes K from a Kubernetes Indexed Job")
	fs.BoolVar(&req.Resume, "resume", false, "keep files an interrupted run already completed and make the rest")
	fs.BoolVar(&req.Force, "force", false, "replace another run's dataset in --out: remove the files this run would not write")
	format := fs.String("format", "parquet", "comma-separated outputs: parquet (always), vlmevalkit (TSV per suite)")
	fs.BoolVarP(&req.Quiet, "quiet", "q", false, "print nothing but errors (progress is shown only on a terminal)")
	fs.BoolVar(&c.version, "version", false, "print the version and exit")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "gen writes benchmark questions about planning on web forms, as Parquet.\n\nUsage:\n  gen [flags]\n  gen verify DIR     re-check every row of a dataset\n  gen preview DIR    write an HTML gallery of sample questions\n  gen card DIR       write the dataset card after sharded runs\n  gen blind          score readers of the text alone on every cell\n  gen score DIR P... score a model's replies (JSONL) against a dataset\n  gen serve          serve the forms as environments agents act in (OpenEnv)\n  gen families       list the form families; --reach: the horizons each suite allows\n\nFlags:\n%s%s\nA --config file looks like this (YAML or the same as JSON):\n%s\n", fs.FlagUsages(), examples, indent(job.ConfigExample))
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			c.help = true
			return c, nil
		}
		return nil, usagef("%v (see gen --help)", err)
	}
	if fs.NArg() > 0 {
		return nil, usagef("unexpected argument %q: gen takes only flags (see gen --help)", fs.Arg(0))
	}
	var err error
	if req.Shard, req.Shards, err = parseShard(*shard, os.Getenv); err != nil {
		return nil, err
	}
	if req.Formats, err = splitKnown(*format, "format", []string{"parquet", "vlmevalkit"}); err != nil {
		return nil, err
	}
	if req.Horizon, err = job.ParseHorizon(*horizon); err != nil {
		return nil, usage(err)
	}
	req.Given = fs.Changed
	return c, nil
}

// splitKnown reads a comma-separated list of known names (job.SplitKnown).
func splitKnown(list, what string, known []string) ([]string, error) {
	out, err := job.SplitKnown(list, what, known)
	return out, usage(err)
}

// loadConfig reads and validates a config file (job.LoadConfig).
func loadConfig(path string) (*job.Config, error) {
	c, err := job.LoadConfig(path)
	return c, usage(err)
}

func indent(s string) string { return "  " + strings.ReplaceAll(s, "\n", "\n  ") }
