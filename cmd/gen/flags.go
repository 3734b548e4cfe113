package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// Bounds of the counting flags: past them a run cannot be told apart from
// a typing mistake, and the arithmetic on them could overflow.
const (
	maxN       = 1_000_000_000_000 // questions per suite
	maxWorkers = 1024              // builder goroutines
	maxShards  = 1_000_000         // shards of a run
)

// config is everything the flags say.
type config struct {
	out        string
	seed       uint64
	preset     string
	protocol   string // "" or suites.Paper
	paperTasks string // under --preset paper: "appendix" or "figures"
	suites     []string
	counts     map[string]int64 // per suite, from a config file
	families   []forms.Family
	n          int64
	horizonMin int
	horizonMax int
	horizonSet bool // --horizon was given: every horizon of it must be possible
	choices    int
	workers    int
	noImages   bool
	scale      float64
	chrome     string
	quiet      bool
	version    bool
	help       bool
	config     string
	shard      int
	shards     int
	resume     bool
	force      bool
	formats    []string
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
`

func parseFlags(args []string, stderr io.Writer) (*config, error) {
	c := &config{}
	fs := pflag.NewFlagSet("gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.out, "out", "out", "output directory")
	fs.Uint64Var(&c.seed, "seed", 1, "random seed: the same seed and flags give the same files")
	fs.StringVar(&c.preset, "preset", "", `a ready-made mix: "paper" gives the seed paper's synthetic counts per family; "long" 1,000 rows at each horizon 1-12 each long family allows`)
	fs.StringVar(&c.protocol, "protocol", "", `"paper" asks the questions with the seed paper's settings (see the card); default: formplan's own`)
	fs.StringVar(&c.paperTasks, "paper-tasks", "appendix", `with --preset paper: which reading of the paper's Task 1-3 gives future_state's families, "appendix" (checkboxes, slider_checkboxes, radio_textboxes) or "figures" (slider_checkboxes twice, checkboxes)`)
	suiteList := fs.String("suites", strings.Join(suites.Names(), ","), "comma-separated suites to generate")
	famList := fs.String("families", strings.Join(familyNames(forms.Defaults()), ","), "comma-separated form families (also built in, for long plans: "+strings.Join(familyNames(forms.Long()), ", ")+")")
	fs.Int64Var(&c.n, "n", 300, "questions per suite, spread evenly over the families")
	horizon := fs.String("horizon", "1-4", "horizon range MIN-MAX, balanced per family (what it counts: see each suite in the card); a horizon a family cannot give is an error when asked for, left out by default")
	fs.IntVar(&c.choices, "choices", 4, "options per multiple-choice question (2-8)")
	fs.IntVar(&c.workers, "workers", 0, "parallel workers (0: one per CPU); never changes the output")
	fs.BoolVar(&c.noImages, "no-images", false, "write rows without screenshots")
	fs.Float64Var(&c.scale, "scale", 1, "screenshot scale: 1 gives MiniWoB's 160 x 210 pixels, 2 and 3 sharper pictures")
	fs.StringVar(&c.chrome, "chrome", "", "path to Chromium (default: $CHROME_PATH, then chromium on PATH)")
	fs.StringVar(&c.config, "config", "", "JSON or YAML file with custom families and a suite mix")
	shard := fs.String("shard", "", "write only shard K of N (K from 0), such as 3/8; the N shards together are the whole run; auto takes K and N from a Slurm array, auto/N takes K from a Kubernetes Indexed Job")
	fs.BoolVar(&c.resume, "resume", false, "keep files an interrupted run already completed and make the rest")
	fs.BoolVar(&c.force, "force", false, "replace another run's dataset in --out: remove the files this run would not write")
	format := fs.String("format", "parquet", "comma-separated outputs: parquet (always), vlmevalkit (TSV per suite)")
	fs.BoolVarP(&c.quiet, "quiet", "q", false, "print nothing but errors (progress is shown only on a terminal)")
	fs.BoolVar(&c.version, "version", false, "print the version and exit")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "gen writes benchmark questions about planning on web forms, as Parquet.\n\nUsage:\n  gen [flags]\n  gen verify DIR     re-check every row of a dataset\n  gen preview DIR    write an HTML gallery of sample questions\n  gen card DIR       write the dataset card after sharded runs\n  gen blind          score readers of the text alone on every cell\n  gen score DIR P... score a model's replies (JSONL) against a dataset\n  gen serve          serve the forms as environments agents act in (OpenEnv)\n  gen families       list the form families; --reach: the horizons each suite allows\n\nFlags:\n%s%s\nA --config file looks like this (YAML or the same as JSON):\n%s\n", fs.FlagUsages(), examples, indent(configExample))
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
	if c.preset == "paper" {
		// The preset fixes the families and every count: checked before
		// the config is read.
		for _, name := range []string{"config", "families", "n"} {
			if fs.Changed(name) {
				return nil, usagef("--%s: --preset paper fixes the families and counts (the seed paper's synthetic sizes on checkboxes, slider_checkboxes and radio_textboxes): drop --%s, or drop --preset paper to choose them", name, name)
			}
		}
	}
	var err error
	var fileCfg *fileConfig
	if c.config != "" {
		if fileCfg, err = loadConfig(c.config); err != nil {
			return nil, err
		}
	}
	if c.suites, err = splitKnown(*suiteList, "suite", suites.Names()); err != nil {
		return nil, err
	}
	all := forms.Builtins()
	famFlag := *famList
	if fileCfg != nil {
		all = append(all, fileCfg.Families...)
		if !fs.Changed("families") {
			switch {
			case len(fileCfg.UseFamilies) > 0:
				famFlag = strings.Join(fileCfg.UseFamilies, ",")
			case len(fileCfg.Families) > 0:
				var names []string
				for _, f := range fileCfg.Families {
					names = append(names, f.Name)
				}
				famFlag = strings.Join(names, ",")
			}
		}
		if len(fileCfg.Suites) > 0 && !fs.Changed("suites") {
			c.suites, c.counts = nil, fileCfg.Suites
			for _, name := range suites.Names() {
				if _, ok := fileCfg.Suites[name]; ok {
					c.suites = append(c.suites, name)
				}
			}
		}
	}
	if c.preset == "long" && !fs.Changed("families") && (fileCfg == nil || (len(fileCfg.UseFamilies) == 0 && len(fileCfg.Families) == 0)) {
		famFlag = strings.Join(familyNames(forms.Long()), ",")
	}
	names, err := splitKnown(famFlag, "family", familyNames(all))
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		for _, f := range all {
			if f.Name == name {
				c.families = append(c.families, f)
			}
		}
	}
	if c.shard, c.shards, err = parseShard(*shard, os.Getenv); err != nil {
		return nil, err
	}
	if c.formats, err = splitKnown(*format, "format", []string{"parquet", "vlmevalkit"}); err != nil {
		return nil, err
	}
	if c.noImages && slices.Contains(c.formats, "vlmevalkit") {
		return nil, usagef("--format vlmevalkit needs screenshots (VLMEvalKit drops rows without one): leave out --no-images, or the vlmevalkit format")
	}
	if c.horizonMin, c.horizonMax, err = parseRange(*horizon); err != nil {
		return nil, err
	}
	c.horizonSet = fs.Changed("horizon")
	if c.preset == "long" {
		if fs.Changed("n") {
			return nil, usagef("--n %d: --preset long gives %d rows to every family x horizon cell; leave out --n (or the preset)", c.n, longCellRows)
		}
		if !c.horizonSet {
			c.horizonMin, c.horizonMax = 1, suites.MaxHorizon
		}
	}
	if c.n <= 0 || c.n > maxN {
		return nil, usagef("--n %d: give at least 1 and at most %d questions per suite", c.n, int64(maxN))
	}
	if c.seed > math.MaxInt64 {
		return nil, usagef("--seed %d: use 0 to %d (rows store the seed as a signed 64-bit integer)", c.seed, int64(math.MaxInt64))
	}
	if c.choices < 2 || c.choices > len(question.Letters) {
		return nil, usagef("--choices %d: use 2 to %d options", c.choices, len(question.Letters))
	}
	if err := checkScale(c.scale); err != nil {
		return nil, err
	}
	if c.workers < 0 || c.workers > maxWorkers {
		return nil, usagef("--workers %d: use 0 (one per CPU) to %d", c.workers, maxWorkers)
	}
	if c.preset != "" && c.preset != "paper" && c.preset != "long" {
		return nil, usagef("--preset %q: use \"paper\" or \"long\"", c.preset)
	}
	if c.protocol != "" && c.protocol != suites.Paper {
		return nil, usagef("--protocol %q: the only protocol is %q (leave the flag out for formplan's own)", c.protocol, suites.Paper)
	}
	if c.paperTasks != "appendix" && c.paperTasks != "figures" {
		return nil, usagef("--paper-tasks %q: use appendix or figures", c.paperTasks)
	}
	if c.preset == "paper" {
		// The paper's future_state mix fixes its horizons.
		if fs.Changed("horizon") && slices.Contains(c.suites, "future_state") {
			return nil, usagef("--horizon: --preset paper fixes future_state's horizons (1-2 and 3-4, as the paper's short and long plans): drop --horizon, or leave future_state out of --suites")
		}
	}
	if fs.Changed("paper-tasks") && c.preset != "paper" {
		return nil, usagef("--paper-tasks applies only with --preset paper: add --preset paper or drop the flag")
	}
	if c.protocol == suites.Paper && c.choices != 4 && slices.Contains(c.suites, "plan_shuffle") {
		return nil, usagef("--choices %d: under --protocol paper plan_shuffle offers the paper's 4 fixed reorderings: use --choices 4 or leave plan_shuffle out of --suites", c.choices)
	}
	return c, nil
}

func splitKnown(list, what string, known []string) ([]string, error) {
	var out []string
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		ok := false
		for _, k := range known {
			ok = ok || k == s
		}
		if !ok {
			return nil, usagef("unknown %s %q: choose from %s", what, s, strings.Join(known, ", "))
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, usagef("no %s selected: choose from %s", what, strings.Join(known, ", "))
	}
	return out, nil
}

// parseRange reads MIN-MAX or a single N.
func parseRange(s string) (int, int, error) {
	lo, hi, found := strings.Cut(s, "-")
	if !found {
		hi = lo
	}
	a, err1 := strconv.Atoi(strings.TrimSpace(lo))
	b, err2 := strconv.Atoi(strings.TrimSpace(hi))
	if err1 != nil || err2 != nil {
		return 0, 0, usagef("--horizon %q: write MIN-MAX, such as 1-4, or one number", s)
	}
	if a < 1 {
		return 0, 0, usagef("--horizon %q: plans need at least 1 action before Submit", s)
	}
	if a > b {
		return 0, 0, usagef("--horizon %q: MIN is greater than MAX; write it as %d-%d", s, b, a)
	}
	if b > suites.MaxHorizon {
		return 0, 0, usagef("--horizon %q: at most %d actions before Submit", s, suites.MaxHorizon)
	}
	return a, b, nil
}

// checkScale accepts scales above 0 and at most 4 that give a picture of
// whole pixels.
func checkScale(s float64) error {
	if !(s > 0 && s <= 4) {
		return usagef("--scale %g: use a number above 0 and at most 4, such as 1, 2 or 3", s)
	}
	w, h := formview.Width*s, formview.Height*s
	if math.Abs(w-math.Round(w)) > 1e-9 || math.Abs(h-math.Round(h)) > 1e-9 {
		return usagef("--scale %g: the picture would be %g x %g pixels; use a scale giving whole pixels, such as 1, 1.5, 2 or 2.5", s, w, h)
	}
	return nil
}

func indent(s string) string { return "  " + strings.ReplaceAll(s, "\n", "\n  ") }
