package score

import (
	"strconv"
)

// Attribution splits one run's planning errors in one cell by what the
// run saw: for every planning row of the cell whose perception probes
// (gen --probes, rows sharing its pair_id) the run answered, along with
// the row itself, perception is right when every probe is right, and the
// plan is right when the row's main measure is (accuracy; for an
// open-ended suite optimal or lenient, as Result.Correct). Each share
// comes with its 95% Wilson interval; a share of nothing has n 0.
type Attribution struct {
	Model       string `json:"model"`
	PromptStyle string `json:"prompt_style,omitempty"`
	Setting     string `json:"setting,omitempty"`
	Protocol    string `json:"protocol,omitempty"`
	Suite       string `json:"suite"`
	Family      string `json:"family"`
	Horizon     int    `json:"horizon"`
	// Pairs counts the planning rows answered with all of their probes;
	// Partial those answered with only some, left out of every share (a
	// row answered without any of its probes is not counted at all).
	Pairs   int `json:"pairs"`
	Partial int `json:"partial,omitempty"`
	// Perception is the share of pairs with every probe right.
	Perception Rate `json:"perception"`
	// Plan is the planning accuracy over the pairs; GivenRight over those
	// with perception right, GivenMisread over the rest.
	Plan         Rate `json:"plan"`
	GivenRight   Rate `json:"plan_given_perception_right"`
	GivenMisread Rate `json:"plan_given_misreading"`
	// ErrorsMisread is the share of the planning errors that follow a
	// misreading (a probe of the pair wrong).
	ErrorsMisread Rate `json:"errors_after_misreading"`
}

// Run returns the run of the attribution's replies.
func (a *Attribution) Run() Run {
	return Run{Model: a.Model, PromptStyle: a.PromptStyle, Setting: a.Setting}
}

// pairs is a dataset's planning rows that have perception probes: by
// position in the dataset's order, the positions of each one's probes.
type pairs struct {
	planning []int         // positions of planning rows with probes, in order
	probes   map[int][]int // planning row -> its probes
}

// pairsOf finds the pairs of order: a row whose pair_id is its own id is
// a planning row, a row whose pair_id names another row one of its
// probes. Probes of a row the dataset does not hold are left out.
func pairsOf(order []*Question) pairs {
	byID := map[string]int{}
	for pos, q := range order {
		if q != nil && q.PairID != "" && q.PairID == q.ID {
			byID[q.ID] = pos
		}
	}
	p := pairs{probes: map[int][]int{}}
	for pos, q := range order {
		if q == nil || q.PairID == "" || q.PairID == q.ID {
			continue
		}
		if plan, ok := byID[q.PairID]; ok {
			p.probes[plan] = append(p.probes[plan], pos)
		}
	}
	for pos, q := range order {
		if q != nil && len(p.probes[pos]) > 0 {
			p.planning = append(p.planning, pos)
		}
	}
	return p
}

// cellKey names a cell of suite, family, horizon and protocol.
func cellKey(q *Question) string {
	return q.Suite + "\x00" + q.Family + "\x00" + strconv.Itoa(q.Horizon) + "\x00" + q.Protocol
}

// attribCounts is what an Attribution is computed from.
type attribCounts struct {
	pairs, partial int
	// counts by perception right (index 1) or wrong (0) and plan right or
	// wrong: [perception][plan].
	n [2][2]int
}

// attribution computes every run's Attribution per cell, runs in the
// order they first appeared and cells in the order of their first
// planning row. Only replies in the dataset's own order of options
// (rotation 0) count.
func (t *Tally) attribution() []Attribution {
	p := pairsOf(t.order)
	if len(p.planning) == 0 {
		return nil
	}
	var out []Attribution
	for k, run := range t.runs {
		s := t.state[k]
		index := map[string]int{}
		var cells []*attribCounts
		var firsts []*Question
		for _, pos := range p.planning {
			if !s.answered.get(pos) {
				continue
			}
			answered, right := 0, 0
			for _, pr := range p.probes[pos] {
				if s.answered.get(pr) {
					answered++
					right += b2i(s.right.get(pr))
				}
			}
			if answered == 0 {
				continue // the run asked the planning row alone
			}
			q := t.order[pos]
			key := cellKey(q)
			i, ok := index[key]
			if !ok {
				i = len(cells)
				index[key] = i
				cells = append(cells, &attribCounts{})
				firsts = append(firsts, q)
			}
			c := cells[i]
			if answered < len(p.probes[pos]) {
				c.partial++
				continue
			}
			c.pairs++
			c.n[b2i(right == answered)][b2i(s.right.get(pos))]++
		}
		for i, c := range cells {
			q := firsts[i]
			a := Attribution{Model: run.Model, PromptStyle: run.PromptStyle, Setting: run.Setting, Protocol: q.Protocol,
				Suite: q.Suite, Family: q.Family, Horizon: q.Horizon, Pairs: c.pairs, Partial: c.partial}
			seen, misread := c.n[1][0]+c.n[1][1], c.n[0][0]+c.n[0][1]
			a.Perception = newRate(seen, c.pairs)
			a.Plan = newRate(c.n[1][1]+c.n[0][1], c.pairs)
			a.GivenRight = newRate(c.n[1][1], seen)
			a.GivenMisread = newRate(c.n[0][1], misread)
			a.ErrorsMisread = newRate(c.n[0][0], c.n[0][0]+c.n[1][0])
			out = append(out, a)
		}
	}
	return out
}
