package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// familiesCmd is gen families: it lists the families a run can use and,
// with --reach, the horizons each suite allows on each of them, found by
// the same probe gen runs before it builds (suites.Reach), so what it
// prints is what a run lets in or refuses.
func familiesCmd(args []string, stdout, stderr io.Writer) error {
	fs := pflag.NewFlagSet("gen families", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	reach := fs.Bool("reach", false, "print, per number of options, the horizons (1-12) each suite allows on each family")
	seed := fs.Uint64("seed", 1, "random seed of the probe questions")
	optList := fs.String("choices", "4", "comma-separated option counts (2-8) of the multiple-choice suites, one table each")
	suiteList := fs.String("suites", strings.Join(suites.Drawn(), ","), "comma-separated suites")
	famList := fs.String("families", "", "comma-separated families (default: every built-in one, then those of --config)")
	configPath := fs.String("config", "", "JSON or YAML file with custom families")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "gen families lists the form families and, with --reach, the horizons each suite allows on each.\n\nUsage:\n  gen families [--reach] [flags]\n\nExamples:\n  gen families --reach                  the reach table at 4 options\n  gen families --reach --choices 2,8    one table for 2 options, one for 8\n\nFlags:\n%s", fs.FlagUsages())
	}
	if done, err := parseArgs(fs, args); done || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("gen families: unexpected argument %q: it takes only flags (see gen families --help)", fs.Arg(0))
	}
	all, names := forms.Builtins(), forms.Names(forms.Builtins())
	if *configPath != "" {
		fc, err := loadConfig(*configPath)
		if err != nil {
			return err
		}
		all = append(all, fc.Families...)
		names = append(names, forms.Names(fc.Families)...)
	}
	if *famList != "" {
		var err error
		if names, err = splitKnown(*famList, "family", forms.Names(all)); err != nil {
			return err
		}
	}
	var fams []forms.Family
	for _, n := range names {
		for _, f := range all {
			if f.Name == n {
				fams = append(fams, f)
			}
		}
	}
	if !*reach {
		return writeFamilies(stdout, fams)
	}
	ss, err := splitKnown(*suiteList, "suite", suites.Drawn())
	if err != nil {
		return err
	}
	var opts []int
	for _, o := range strings.Split(*optList, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(o))
		if err != nil || n < 2 || n > len(question.Letters) {
			return usagef("--choices %q: list option counts from 2 to %d, such as 2,4,8", *optList, len(question.Letters))
		}
		opts = append(opts, n)
	}
	for k, n := range opts {
		if k > 0 {
			fmt.Fprintln(stdout)
		}
		writeReach(stdout, &suites.Spec{Seed: *seed, Families: fams, Choices: n}, ss)
	}
	return nil
}

// writeFamilies prints one line per family: its name, how many elements
// its forms have, how it names them and its picture size.
func writeFamilies(w io.Writer, fams []forms.Family) error {
	fmt.Fprintln(w, "| family | elements (with Submit) | named by | picture (CSS px) | default |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	defaults := forms.Names(forms.Defaults())
	for _, f := range fams {
		lo, hi := 1, 1
		for _, g := range f.Groups {
			lo += g.MinCount
			hi += g.MaxCount
		}
		count := strconv.Itoa(lo)
		if hi > lo {
			count += "-" + strconv.Itoa(hi)
		}
		largest := f.Largest()
		pw, ph := formview.Size(&largest)
		def := ""
		if slices.Contains(defaults, f.Name) {
			def = "yes"
		}
		fmt.Fprintf(w, "| `%s` | %s | %s | %d x %d | %s |\n", f.Name, count, f.Refer, pw, ph, def)
	}
	return nil
}

// writeReach prints the reach table of sp's families at sp's options: a
// row per suite, a column per family, each cell the horizons it allows.
func writeReach(w io.Writer, sp *suites.Spec, names []string) {
	fmt.Fprintf(w, "Horizons each suite allows at %d options (next_action and plan_generation have no options: theirs is the same in every table; probe seed %d):\n\n", sp.Choices, sp.Seed)
	head, rule := "| suite |", "|---|"
	for _, f := range sp.Families {
		head += " `" + f.Name + "` |"
		rule += "---|"
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, rule)
	for _, name := range names {
		s, _ := suites.Lookup(name)
		line := "| `" + name + "` |"
		for fi := range sp.Families {
			hs := suites.Reach(s, sp, fi)
			if s.NoHorizon && len(hs) > 0 {
				line += " no horizon |" // its questions, none of which has a horizon
				continue
			}
			line += " " + suites.Spans(hs) + " |"
		}
		fmt.Fprintln(w, line)
	}
}
