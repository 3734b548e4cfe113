package job

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/preset"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// Describe checks what req asks for and returns the run it describes:
// the preset's and the config file's families and counts, every value in
// range. Every refusal is a UsageError naming the fix; nothing is built,
// written or started.
func Describe(req Request) (*Run, error) {
	p, _ := preset.Lookup(req.Preset)
	if p != nil && p.Fixes != "" {
		// The preset fixes the families and every count: checked before
		// the config is read.
		for _, name := range []string{"config", "families", "n"} {
			if req.given(name) {
				return nil, usagef("--%s: --preset %s fixes %s: drop --%s, or drop --preset %s to choose them", name, p.Name, p.Fixes, name, p.Name)
			}
		}
	}
	r := &Run{Settings: req.Settings, Preset: p, PaperTasks: req.PaperTasks, HorizonSet: req.given("horizon")}
	var err error
	var file *Config
	if req.Config != "" {
		if file, err = LoadConfig(req.Config); err != nil {
			return nil, err
		}
	}
	for name := range strings.SplitSeq(req.Suites, ",") {
		if s, ok := suites.Lookup(strings.TrimSpace(name)); ok && s.Paired {
			return nil, usagef("--suites %s: its rows are made from the planning rows' by --probes K, not drawn: leave it out of --suites and add --probes 3", s.Name)
		}
	}
	if r.Suites, err = SplitKnown(req.Suites, "suite", suites.Drawn()); err != nil {
		return nil, err
	}
	if r.Families, err = r.pickFamilies(req, file); err != nil {
		return nil, err
	}
	if err := r.checkProbes(); err != nil {
		return nil, err
	}
	if r.NoImages && slices.Contains(r.Formats, "vlmevalkit") {
		return nil, usagef("--format vlmevalkit needs screenshots (VLMEvalKit drops rows without one): leave out --no-images, or the vlmevalkit format")
	}
	if p != nil && p.CellRows > 0 {
		if req.given("n") {
			return nil, usagef("--n %d: --preset %s gives %d rows to every family x horizon cell; leave out --n (or the preset)", r.N, p.Name, p.CellRows)
		}
	}
	if p != nil && p.Horizon != (suites.Range{}) && !r.HorizonSet {
		r.Horizon = p.Horizon
	}
	if err := r.checkValues(req); err != nil {
		return nil, err
	}
	if err := r.checkVariants(req); err != nil {
		return nil, err
	}
	for _, name := range r.Suites {
		if s, _ := suites.Lookup(name); r.NoImages && s.Scoring == suites.ByPoint {
			return nil, usagef("--suites %s asks for click points judged against the screenshots' boxes, and --no-images writes none: leave out one of them", name)
		}
	}
	return r, nil
}

// pickFamilies returns the families req names, with those of the config
// file: --families, or else the file's use_families or its own families,
// or else the preset's default ones, or else the flag's default.
func (r *Run) pickFamilies(req Request, file *Config) ([]forms.Family, error) {
	all := forms.Builtins()
	famFlag := req.Families
	if file != nil {
		all = append(all, file.Families...)
		if !req.given("families") {
			switch {
			case len(file.UseFamilies) > 0:
				famFlag = strings.Join(file.UseFamilies, ",")
			case len(file.Families) > 0:
				famFlag = strings.Join(forms.Names(file.Families), ",")
			}
		}
		if len(file.Suites) > 0 && !req.given("suites") {
			r.Suites, r.Counts = nil, file.Suites
			for _, name := range suites.Names() {
				if _, ok := file.Suites[name]; ok {
					r.Suites = append(r.Suites, name)
				}
			}
		}
	}
	if p := r.Preset; p != nil && p.DefaultFamilies != nil && !req.given("families") && (file == nil || (len(file.UseFamilies) == 0 && len(file.Families) == 0)) {
		famFlag = strings.Join(forms.Names(p.DefaultFamilies), ",")
	}
	names, err := SplitKnown(famFlag, "family", forms.Names(all))
	if err != nil {
		return nil, err
	}
	var fams []forms.Family
	for _, name := range names {
		for _, f := range all {
			if f.Name == name {
				fams = append(fams, f)
			}
		}
	}
	return fams, nil
}

// checkValues refuses counts, seeds, options, scales, workers, presets
// and protocols out of range, and the combinations a preset or protocol
// rules out.
func (r *Run) checkValues(req Request) error {
	if r.N <= 0 || r.N > MaxN {
		return usagef("--n %d: give at least 1 and at most %d questions per suite", r.N, int64(MaxN))
	}
	if r.Seed > math.MaxInt64 {
		return usagef("--seed %d: use 0 to %d (rows store the seed as a signed 64-bit integer)", r.Seed, int64(math.MaxInt64))
	}
	if r.Choices < 2 || r.Choices > len(question.Letters) {
		return usagef("--choices %d: use 2 to %d options", r.Choices, len(question.Letters))
	}
	if err := checkScale(r.Scale); err != nil {
		return err
	}
	if r.Workers < 0 || r.Workers > MaxWorkers {
		return usagef("--workers %d: use 0 (one per CPU) to %d", r.Workers, MaxWorkers)
	}
	if req.Preset != "" && r.Preset == nil {
		return usagef("--preset %q: use %s", req.Preset, quotedOr(preset.Names()))
	}
	if req.Protocol != "" {
		var ok bool
		if r.Protocol, ok = preset.LookupProtocol(req.Protocol); !ok {
			return usagef("--protocol %q: the only protocol is %q (leave the flag out for formplan's own)", req.Protocol, preset.Protocols()[0].Name)
		}
	}
	paper, _ := preset.Lookup("paper")
	if names := readings(paper); !slices.Contains(names, r.PaperTasks) {
		return usagef("--paper-tasks %q: use %s", r.PaperTasks, strings.Join(names, " or "))
	}
	if p := r.Preset; p != nil && req.given("horizon") {
		// The preset's mix fixes some suites' horizons.
		for _, name := range r.Suites {
			if fixesHorizon(p, name) {
				return usagef("--horizon: --preset %s fixes %s's horizons (%s): drop --horizon, or leave %s out of --suites", p.Name, name, p.HorizonFixed, name)
			}
		}
	}
	if req.given("paper-tasks") && (r.Preset == nil || r.Preset.Readings == nil) {
		return usagef("--paper-tasks applies only with --preset paper: add --preset paper or drop the flag")
	}
	if pr := r.Protocol; pr != nil {
		for _, f := range pr.Choices {
			if r.Choices != f.Choices && slices.Contains(r.Suites, f.Suite) {
				return usagef("--choices %d: under --protocol %s %s %s: use --choices %d or leave %s out of --suites", r.Choices, pr.Name, f.Suite, f.Why, f.Choices, f.Suite)
			}
		}
	}
	return nil
}

// quotedOr lists names quoted, the last after "or": "a" or "b".
func quotedOr(names []string) string {
	q := make([]string, len(names))
	for k, n := range names {
		q[k] = strconv.Quote(n)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// SplitKnown reads a comma-separated list of names, each one of known;
// what names the kind of thing listed in the refusals.
func SplitKnown(list, what string, known []string) ([]string, error) {
	var out []string
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if !slices.Contains(known, s) {
			return nil, usagef("unknown %s %q: choose from %s", what, s, strings.Join(known, ", "))
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil, usagef("no %s selected: choose from %s", what, strings.Join(known, ", "))
	}
	return out, nil
}

// ParseHorizon reads a horizon range, MIN-MAX or a single N, as --horizon
// takes it.
func ParseHorizon(s string) (suites.Range, error) {
	lo, hi, found := strings.Cut(s, "-")
	if !found {
		hi = lo
	}
	a, err1 := strconv.Atoi(strings.TrimSpace(lo))
	b, err2 := strconv.Atoi(strings.TrimSpace(hi))
	if err1 != nil || err2 != nil {
		return suites.Range{}, usagef("--horizon %q: write MIN-MAX, such as 1-4, or one number", s)
	}
	if a < 1 {
		return suites.Range{}, usagef("--horizon %q: plans need at least 1 action before Submit", s)
	}
	if a > b {
		return suites.Range{}, usagef("--horizon %q: MIN is greater than MAX; write it as %d-%d", s, b, a)
	}
	if b > suites.MaxHorizon {
		return suites.Range{}, usagef("--horizon %q: at most %d actions before Submit", s, suites.MaxHorizon)
	}
	return suites.Range{Min: a, Max: b}, nil
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
