package episode

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/formplan/formplan/forms"
)

// maxChancePositions bounds the positions (state, focus, caret) that
// SuccessChance visits.
const maxChancePositions = 200_000

// SuccessChance returns the exact probability that an agent which, at every
// step, picks one of actions uniformly at random ends e with reward 1:
// Submit pressed in a state that meets the task, before the budget runs
// out. It starts from e as it is now and leaves e unchanged.
//
// It plays every action with the episode's own Step rules, on copies of
// e, once from every position (state, focus, caret) it reaches, and adds
// up the outcomes step by step to the budget. Only text-only episodes can
// be computed: in an episode with pictures, where a click lands depends
// on the boxes of each picture, which this does not draw.
func SuccessChance(e *Episode, actions []string) (float64, error) {
	if e.picture != nil || e.Spec.observes(ObserveScreenshot) || e.Spec.observes(ObserveBoxes) {
		return 0, errors.New("episode: success chance: computed for text-only episodes (observe text) only, as clicks in a picture land by its boxes")
	}
	if len(actions) == 0 {
		return 0, errors.New("episode: success chance: no actions to pick from")
	}
	if e.Done {
		return e.Reward, nil
	}
	c := chance{actions: actions, ids: map[string]int{}}
	if _, err := c.position(e); err != nil {
		return 0, err
	}
	// Walk the positions in the order found, which every successor
	// follows or repeats, until none is new.
	for k := 0; k < len(c.pos); k++ {
		if err := c.expand(k); err != nil {
			return 0, err
		}
	}
	// p[k] is the chance of success from position k with left steps
	// left, from one step left up to the budget's remainder.
	left := e.Spec.Budget - e.Steps
	p := make([]float64, len(c.pos))
	next := make([]float64, len(c.pos))
	for range left {
		for k, moves := range c.moves {
			sum := 0.0
			for _, m := range moves {
				if m.to < 0 {
					sum += m.reward
				} else {
					sum += p[m.to]
				}
			}
			next[k] = sum / float64(len(moves))
		}
		p, next = next, p
	}
	return p[0], nil
}

// chance is the graph of positions that SuccessChance walks.
type chance struct {
	actions []string
	ids     map[string]int // position key to index
	pos     []*Episode     // a copy of the episode at each position
	moves   [][]move       // per position, the outcome of each action
	key     []byte
}

// move is where an action leads: a position, or (to -1) the end of the
// episode on Submit with its reward.
type move struct {
	to     int
	reward float64
}

// position returns the index of e's position, adding it when new.
func (c *chance) position(e *Episode) (int, error) {
	c.key = e.State.AppendKey(c.key[:0])
	c.key = strconv.AppendInt(append(c.key, '|'), int64(e.focus), 10)
	c.key = strconv.AppendInt(append(c.key, '|'), int64(e.caret), 10)
	if k, ok := c.ids[string(c.key)]; ok {
		return k, nil
	}
	if len(c.pos) >= maxChancePositions {
		return 0, errors.New("episode: success chance: over 200,000 positions to visit: choose a smaller form or fewer actions")
	}
	k := len(c.pos)
	c.ids[string(c.key)] = k
	c.pos = append(c.pos, e)
	c.moves = append(c.moves, nil)
	return k, nil
}

// expand plays every action from position k. The step count does not
// change what an action does, so every copy plays with a budget it cannot
// reach; the walk over steps counts the budget.
func (c *chance) expand(k int) error {
	moves := make([]move, len(c.actions))
	for a, act := range c.actions {
		next := c.pos[k].clone()
		next.Steps, next.Spec.Budget = 0, math.MaxInt
		next.advance(act)
		if next.Done {
			moves[a] = move{to: -1, reward: next.Reward}
			continue
		}
		to, err := c.position(next)
		if err != nil {
			return err
		}
		moves[a] = move{to: to}
	}
	c.moves[k] = moves
	return nil
}

// clone returns a copy of e that draws nothing.
func (e *Episode) clone() *Episode {
	c := *e
	c.State = e.State.Clone()
	c.painter, c.picture = nil, nil
	return &c
}

// RandomAgentActions returns the actions the example random agent of the
// Python client (clients/python/examples/random_agent.py) picks among on
// e: a click on every element, Submit included; ArrowLeft and ArrowRight
// pressed on every slider; and, on every text box, clear and a fill with
// each distinct quoted text of the task, in sorted order.
func RandomAgentActions(e *Episode) []string {
	texts := quotedTexts(e.Goal.Text)
	var out []string
	for _, el := range e.Form.Elements {
		out = append(out, "click('"+el.ID+"')")
		switch el.Kind {
		case forms.Slider:
			out = append(out, "press('"+el.ID+"', 'ArrowLeft')", "press('"+el.ID+"', 'ArrowRight')")
		case forms.TextBox:
			out = append(out, "clear('"+el.ID+"')")
			for _, t := range texts {
				out = append(out, "fill('"+el.ID+"', "+pyQuote(t)+")")
			}
		}
	}
	return out
}

// quotedTexts returns the distinct texts between double quotes in task,
// sorted.
func quotedTexts(task string) []string {
	var out []string
	for rest := task; ; {
		i := strings.IndexByte(rest, '"')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i+1:], '"')
		if j < 0 {
			break
		}
		out = append(out, rest[i+1:i+1+j])
		rest = rest[i+2+j:]
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// pyQuote quotes s as a Python string literal in single quotes, as the
// client's py_quote does.
func pyQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`, "\t", `\t`).Replace(s) + "'"
}
