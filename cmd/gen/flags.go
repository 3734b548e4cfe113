package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/suites"
)

// config is everything the flags say.
type config struct {
	out        string
	seed       uint64
	preset     string
	suites     []string
	families   []string
	n          int64
	horizonMin int
	horizonMax int
	choices    int
	workers    int
	noImages   bool
	scale      float64
	chrome     string
	quiet      bool
	version    bool
	help       bool
}

const examples = `
Examples:
  gen                                   every suite, 300 questions each, into out/
  gen --suites future_state --horizon 1-8 --n 1600 --out ablation/
                                        a horizon ablation: 200 questions per family and horizon
  gen --preset paper                    the seed paper's synthetic sizes per family
  gen --suites edge_case --families checkboxes --choices 6 --seed 7
`

func parseFlags(args []string, stderr io.Writer) (*config, error) {
	c := &config{}
	fs := pflag.NewFlagSet("gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.out, "out", "out", "output directory")
	fs.Uint64Var(&c.seed, "seed", 1, "random seed: the same seed and flags give the same files")
	fs.StringVar(&c.preset, "preset", "", `a ready-made mix: "paper" gives the seed paper's synthetic counts per family`)
	suiteList := fs.String("suites", strings.Join(suites.Names(), ","), "comma-separated suites to generate")
	famList := fs.String("families", "checkboxes,slider_checkboxes,radio_textboxes", "comma-separated form families")
	fs.Int64Var(&c.n, "n", 300, "questions per suite, spread evenly over the families")
	horizon := fs.String("horizon", "1-4", "future_state plan length range MIN-MAX (actions before Submit)")
	fs.IntVar(&c.choices, "choices", 4, "options per multiple-choice question (2-8)")
	fs.IntVar(&c.workers, "workers", 0, "parallel workers (0: one per CPU); never changes the output")
	fs.BoolVar(&c.noImages, "no-images", false, "write rows without screenshots")
	fs.Float64Var(&c.scale, "scale", 1, "screenshot scale: 1 gives MiniWoB's 160 x 210 pixels, 2 and 3 sharper pictures")
	fs.StringVar(&c.chrome, "chrome", "", "path to Chromium (default: $CHROME_PATH, then chromium on PATH)")
	fs.BoolVarP(&c.quiet, "quiet", "q", false, "print nothing but errors")
	fs.BoolVar(&c.version, "version", false, "print the version and exit")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "gen writes benchmark questions about planning on web forms, as Parquet.\n\nUsage:\n  gen [flags]\n\nFlags:\n%s%s", fs.FlagUsages(), examples)
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
	if c.suites, err = splitKnown(*suiteList, "suite", suites.Names()); err != nil {
		return nil, err
	}
	var famNames []string
	for _, f := range forms.Builtins() {
		famNames = append(famNames, f.Name)
	}
	if c.families, err = splitKnown(*famList, "family", famNames); err != nil {
		return nil, err
	}
	if c.horizonMin, c.horizonMax, err = parseRange(*horizon); err != nil {
		return nil, err
	}
	if c.n <= 0 {
		return nil, usagef("--n %d: the number of questions per suite must be at least 1", c.n)
	}
	if c.choices < 2 || c.choices > len(suites.Letters) {
		return nil, usagef("--choices %d: use 2 to %d options", c.choices, len(suites.Letters))
	}
	if !(c.scale > 0 && c.scale <= 4) {
		return nil, usagef("--scale %g: use a number above 0 and at most 4, such as 1, 2 or 3", c.scale)
	}
	if c.workers < 0 {
		return nil, usagef("--workers %d: use 0 (one per CPU) or more", c.workers)
	}
	if c.preset != "" && c.preset != "paper" {
		return nil, usagef("--preset %q: the only preset is \"paper\"", c.preset)
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
