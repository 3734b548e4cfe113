// Package episode runs an agent's episode on one form: Reset draws a form,
// a task and a start from a seed and a Spec, Step applies one action an
// agent writes (the action language, PDDL, JSON, a click point, or a
// BrowserGym action string) with the simulator, and the reward is the
// simulator's: 1 when Submit is pressed with the task met, else 0.
//
// An Episode holds no browser: pictures come from a Painter the caller
// gives, so that the same episode runs with or without Chromium.
package episode

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// Observation kinds a Spec may ask for.
const (
	ObserveScreenshot = "screenshot" // the picture of the form as it now is, PNG
	ObserveText       = "text"       // a text view of the page, one element a line
	ObserveBoxes      = "boxes"      // every element's box in the picture
)

// Start kinds.
const (
	StartClean    = "clean"    // the task's wants are met but for Horizon of them
	StartMistakes = "mistakes" // as clean, then 1-3 mistakes as in edge_case
)

// Limits of a Spec.
const (
	MaxHorizon  = 24
	MaxMistakes = 3
	MaxBudget   = 200
)

// Spec is what a reset asks for. Its zero value is a one-step task on
// checkboxes from a clean start, with every observation.
type Spec struct {
	Family   string   `json:"family,omitempty"`   // a built-in family or one of the server's --config; default checkboxes
	Horizon  int      `json:"horizon,omitempty"`  // wants of the task the start misses; default 1
	Start    string   `json:"start,omitempty"`    // clean (default) or mistakes
	Mistakes int      `json:"mistakes,omitempty"` // with start mistakes: 1 (default) to 3
	Budget   int      `json:"budget,omitempty"`   // steps before the episode ends unsubmitted; default the optimal length plus 10
	Observe  []string `json:"observe,omitempty"`  // screenshot, text, boxes; default all three
}

// normalize fills in the defaults of s and checks it against fams, naming
// what is wrong and what is allowed.
func (s Spec) normalize(fams map[string]*forms.Family) (Spec, error) {
	if s.Family == "" {
		s.Family = "checkboxes"
	}
	if fams[s.Family] == nil {
		names := make([]string, 0, len(fams))
		for n := range fams {
			names = append(names, n)
		}
		slices.Sort(names)
		return s, fmt.Errorf("family %q is not served: choose one of %s", s.Family, strings.Join(names, ", "))
	}
	if s.Horizon == 0 {
		s.Horizon = 1
	}
	if s.Horizon < 1 || s.Horizon > MaxHorizon {
		return s, fmt.Errorf("horizon %d: want 1 to %d", s.Horizon, MaxHorizon)
	}
	switch s.Start {
	case "":
		s.Start = StartClean
	case StartClean, StartMistakes:
	default:
		return s, fmt.Errorf("start %q: want %q or %q", s.Start, StartClean, StartMistakes)
	}
	switch {
	case s.Start == StartClean && s.Mistakes != 0:
		return s, fmt.Errorf("mistakes %d with start %q: mistakes come with start %q", s.Mistakes, s.Start, StartMistakes)
	case s.Start == StartMistakes && s.Mistakes == 0:
		s.Mistakes = 1
	}
	if s.Mistakes < 0 || s.Mistakes > MaxMistakes {
		return s, fmt.Errorf("mistakes %d: want 1 to %d", s.Mistakes, MaxMistakes)
	}
	if s.Budget < 0 || s.Budget > MaxBudget {
		return s, fmt.Errorf("budget %d: want 1 to %d steps, or 0 for the optimal length plus 10", s.Budget, MaxBudget)
	}
	if s.Observe == nil {
		s.Observe = []string{ObserveScreenshot, ObserveText, ObserveBoxes}
	}
	for _, o := range s.Observe {
		if o != ObserveScreenshot && o != ObserveText && o != ObserveBoxes {
			return s, fmt.Errorf("observe %q: want any of %s, %s, %s", o, ObserveScreenshot, ObserveText, ObserveBoxes)
		}
	}
	return s, nil
}

// observes reports whether s asks for kind.
func (s Spec) observes(kind string) bool { return slices.Contains(s.Observe, kind) }

// key is what the episode's random source is seeded with besides the
// seed: every field that changes what is drawn.
func (s Spec) key() uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%d\x00%s\x00%d", s.Family, s.Horizon, s.Start, s.Mistakes)
	return h.Sum64()
}

// ByName maps each family of fams to its name, as Reset takes them. The
// map points into fams.
func ByName(fams []forms.Family) map[string]*forms.Family {
	m := make(map[string]*forms.Family, len(fams))
	for k := range fams {
		m[fams[k].Name] = &fams[k]
	}
	return m
}

// maxDraws is how many forms Reset draws looking for a task long enough
// for the horizon before it says the family cannot give it.
const maxDraws = 200

// draw draws the form, task and start of an episode of spec s (normalized)
// from rng.
func draw(fam *forms.Family, s Spec, rng *rand.Rand) (forms.Form, statesim.Goal, statesim.State, error) {
	most := 0
	for range maxDraws {
		f := fam.NewForm(rng)
		wants := perturb.Wants(fam, &f, rng)
		most = max(most, len(wants))
		if len(wants) < s.Horizon {
			continue
		}
		g := statesim.NewGoal(&f, wants)
		start := suites.OpenStart(&f, g, rng.Perm(len(wants))[:s.Horizon], rng)
		if s.Start == StartMistakes {
			_, start = perturb.Errors(&f, start, g, s.Mistakes, rng)
		}
		return f, g, start, nil
	}
	return forms.Form{}, statesim.Goal{}, nil, fmt.Errorf("family %q gives tasks of at most %d wants in %d draws: ask for horizon 1 to %d", fam.Name, most, maxDraws, most)
}

// seedSource returns the random source of an episode of seed and spec.
func seedSource(seed int64, s Spec) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), s.key()))
}

// itoa is strconv.Itoa.
func itoa(n int) string { return strconv.Itoa(n) }
