package score

import (
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/rowcheck"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// A misreader is a test responder that reads every picture right but,
// at a known rate, one pictured value of an element one of the pair's
// probes asks about; it then answers the probes and plans from what it
// read, with the simulator. Its attribution is known exactly: the pairs
// it misread are the ones with perception wrong, it plans right whenever
// it reads right, and so every planning error follows a misreading.
type misreader struct {
	seed uint64
	rate float64
}

// pair is a planning row and its probes with what the misreader needs of
// them: their metadata.
type pair struct {
	plan   *Question
	meta   question.Meta
	probes []probeRow
}

// probeRow is a probe of a pair.
type probeRow struct {
	q     *Question
	probe question.Probe
}

// rng returns the misreader's source for the pair of planning row id.
func (m misreader) rng(id string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(id))
	return rand.New(rand.NewPCG(m.seed, h.Sum64()))
}

// read returns what the misreader sees of the pair's first picture, and
// whether it misread it.
func (m misreader) read(t *testing.T, p *pair) (statesim.State, bool) {
	t.Helper()
	f, pictured := &p.meta.Form, p.meta.Pictures[0]
	rng := m.rng(p.plan.ID)
	if rng.Float64() >= m.rate {
		return pictured, false
	}
	pr := p.probes[rng.IntN(len(p.probes))].probe
	truth, err := suites.ProbeAnswer(f, pictured, &pr)
	if err != nil {
		t.Fatalf("pair %s: %v", p.plan.ID, err)
	}
	var flips []statesim.State
	for _, s := range misreadings(f, pictured, &pr) {
		if got, err := suites.ProbeAnswer(f, s, &pr); err == nil && got != truth {
			flips = append(flips, s)
		}
	}
	if len(flips) == 0 {
		t.Fatalf("pair %s: no misreading of %s changes the answer of its %s probe", p.plan.ID, pr.Element, pr.Kind)
	}
	return flips[rng.IntN(len(flips))], true
}

// misreadings returns the states that differ from s in the value of the
// element probe pr asks about (for an enabled probe, of its enabler; for
// a radio button, in which member of its group is selected), each one
// way of misreading it.
func misreadings(f *forms.Form, s statesim.State, pr *question.Probe) []statesim.State {
	i := f.Index(pr.Element)
	if pr.Kind == question.ProbeEnabled && f.Elements[i].EnabledBy != nil {
		i = f.Elements[i].EnabledBy.Element
	}
	e := &f.Elements[i]
	var out []statesim.State
	with := func(fn func(t statesim.State)) {
		t := s.Clone()
		fn(t)
		if !t.Equal(s) {
			out = append(out, t)
		}
	}
	switch e.Kind {
	case forms.Checkbox:
		with(func(t statesim.State) { t[i].N = 1 - t[i].N })
	case forms.Radio:
		members := f.Members(e.Group)
		for _, m := range members {
			with(func(t statesim.State) {
				for _, o := range members {
					t[o].N = 0
				}
				t[m].N = 1
			})
		}
		with(func(t statesim.State) { t[i].N = 1 - t[i].N })
	case forms.Slider:
		for v := e.Min; v <= e.Max; v += e.Step {
			with(func(t statesim.State) { t[i].N = v })
		}
	case forms.TextBox:
		for _, text := range []string{"", pr.Value, s[i].S + "x"} {
			with(func(t statesim.State) { t[i].S = text })
		}
	}
	return out
}

// replies returns the misreader's replies to every pair, and how many it
// misread: in setting image, to the probes and the planning row, as
// read; in setting caption, to the planning row as the caption words its
// state, which it never misreads. Its reply to the planning row is
// checked to be the gold one whenever it read the picture right.
func (m misreader) replies(t *testing.T, pairs []*pair) ([]Reply, int) {
	t.Helper()
	var out []Reply
	misread := 0
	for _, p := range pairs {
		seen, wrong := m.read(t, p)
		misread += b2i(wrong)
		f := &p.meta.Form
		for _, pr := range p.probes {
			ans, err := suites.ProbeAnswer(f, seen, &pr.probe)
			if err != nil {
				t.Fatalf("probe %s: %v", pr.q.ID, err)
			}
			if !pr.q.Options.YesNo {
				k := slices.Index(pr.q.Options.Choices, ans)
				if k < 0 {
					t.Fatalf("probe %s: answer %q is not an option", pr.q.ID, ans)
				}
				ans = letterOf(k)
			}
			out = append(out, Reply{ID: pr.q.ID, Response: "Answer: " + ans, Model: "misreader", Setting: SettingImage})
		}
		reply := planFrom(t, p, seen)
		if !wrong {
			r, err := (&Dataset{ByID: map[string]*Question{p.plan.ID: p.plan}}).ScoreReply(Reply{ID: p.plan.ID, Response: reply})
			if err != nil || !r.Correct {
				t.Fatalf("%s row %s: planned from the pictured state, the reply %q is wrong (%v)", p.plan.Suite, p.plan.ID, reply, err)
			}
		}
		out = append(out, Reply{ID: p.plan.ID, Response: reply, Model: "misreader", Setting: SettingImage},
			Reply{ID: p.plan.ID, Response: planFrom(t, p, p.meta.Pictures[0]), Model: "misreader", Setting: SettingCaption})
	}
	return out, misread
}

// planFrom answers the planning row of p as read from seen, its first
// picture, by planning with the simulator: an open-ended row gets a
// shortest plan or the first step of one; a multiple-choice row the option
// correct from seen if exactly one is, else a fixed wrong option.
func planFrom(t *testing.T, p *pair, seen statesim.State) string {
	t.Helper()
	q, m := p.plan, &p.meta
	f := &m.Form
	option := func(k int) string {
		if k < 0 { // none or several: the first wrong option
			k = 0
			if q.Answer == letterOf(0) || q.Answer == "Yes" {
				k = 1
			}
		}
		if q.Options.YesNo {
			return "Answer: " + []string{"Yes", "No"}[k]
		}
		if q.Format == suites.FormatFree {
			return q.Options.Choices[k]
		}
		return "Answer: " + letterOf(k)
	}
	switch q.Scoring {
	case suites.ByPlan:
		plan, err := statesim.NewEngine(f).Shortest(seen, *m.Goal, 0)
		if err != nil {
			return "submit"
		}
		return suites.PlanText(f, append(plan, statesim.SubmitAction))
	case suites.ByAction:
		next := suites.Lenient(f, seen, *m.Goal)
		if len(next) == 0 {
			return statesim.English(f, statesim.SubmitAction)
		}
		return suites.ActionReply(f, next[0], m.Format)
	case suites.ByYesNo: // future_state: Yes when both plans end alike
		a, b := rowcheck.RunFrom(f, seen, m.Plans[0]), rowcheck.RunFrom(f, seen, m.Plans[1])
		if a.Valid && b.Valid && a.Out.Final.Equal(b.Out.Final) {
			return option(0)
		}
		return option(1)
	case suites.ByOrder: // temporal_order: the earlier picture is the farther from the goal
		d1, d2 := m.Goal.Unmet(f, seen), m.Goal.Unmet(f, m.Pictures[1])
		switch {
		case d1 > d2:
			return option(0)
		case d1 < d2:
			return option(1)
		}
		return option(-1)
	}
	right := -1
	for k, plan := range m.Plans {
		if rowcheck.RunFrom(f, seen, plan).Reaches(f, m.Goal) {
			if right >= 0 {
				return option(-1)
			}
			right = k
		}
	}
	return option(right)
}
