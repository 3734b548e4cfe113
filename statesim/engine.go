package statesim

import (
	"errors"
	"fmt"
	"iter"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/formplan/formplan/forms"
)

// Vocabulary returns the finite set of actions plans on f are made of, in a
// fixed order (Submit excluded):
//   - each checkbox: Check, Uncheck, Click;
//   - each slider: Set to every position of its range, and Move by every
//     multiple of its step from one step up to the whole span, both ways;
//   - each radio button: Select;
//   - each text box: Clear, then Type and Enter of every value of f.TextValues.
func Vocabulary(f *forms.Form) []Action {
	return slices.Collect(Actions(f))
}

// Actions yields the actions of Vocabulary(f), in its order, without
// making the list: for a caller that looks at each once.
func Actions(f *forms.Form) iter.Seq[Action] {
	return func(yield func(Action) bool) {
		for i, e := range f.Elements {
			ref := f.RefOf(i)
			switch e.Kind {
			case forms.Checkbox:
				for _, op := range [...]Op{Check, Uncheck, Click} {
					if !yield(Action{Op: op, Target: ref}) {
						return
					}
				}
			case forms.Slider:
				for v := e.Min; v <= e.Max; v += e.Step {
					if !yield(Action{Op: Set, Target: ref, N: v}) {
						return
					}
				}
				for k := e.Step; k <= e.Max-e.Min; k += e.Step {
					if !yield(Action{Op: Move, Target: ref, N: k}) || !yield(Action{Op: Move, Target: ref, N: -k}) {
						return
					}
				}
			case forms.Radio:
				if !yield(Action{Op: Select, Target: ref}) {
					return
				}
			case forms.TextBox:
				if !yield(Action{Op: Clear, Target: ref}) {
					return
				}
				for _, v := range f.TextValues {
					if !yield(Action{Op: Type, Target: ref, Text: v}) || !yield(Action{Op: Enter, Target: ref, Text: v}) {
						return
					}
				}
			}
		}
	}
}

// ErrTooMany is returned when plan counts would overflow 64 bits or a search
// would visit more states than allowed.
var ErrTooMany = errors.New("statesim: too many plans or states")

// Engine answers questions about the plans over one form's vocabulary. It
// interns every state it meets and caches transitions, so asking again from
// nearby states is cheap. An Engine is not safe for concurrent use.
type Engine struct {
	form    *forms.Form
	actions []Action
	index   []int // element index of each action
	ids     map[string]int32
	states  []State
	succ    [][]int32 // per state: the state after each action, nil until expanded
	preds   [][]edge  // per state: (state, action) pairs leading to it from expanded states
}

type edge struct {
	from   int32
	action int32
}

// NewEngine returns an engine for f over Vocabulary(f).
func NewEngine(f *forms.Form) *Engine {
	e := &Engine{form: f, actions: Vocabulary(f), ids: map[string]int32{}}
	for _, a := range e.actions {
		i, err := f.Find(a.Target)
		if err != nil {
			panic("statesim: vocabulary names a missing element: " + err.Error()) // cannot happen: built from f
		}
		e.index = append(e.index, i)
	}
	return e
}

// Actions returns the engine's vocabulary. The caller must not modify it.
func (e *Engine) Actions() []Action { return e.actions }

// States returns how many distinct states the engine has met so far.
func (e *Engine) States() int { return len(e.states) }

func (e *Engine) intern(s State) int32 {
	k := s.Key()
	if id, ok := e.ids[k]; ok {
		return id
	}
	id := int32(len(e.states))
	e.ids[k] = id
	e.states = append(e.states, s)
	e.succ = append(e.succ, nil)
	e.preds = append(e.preds, nil)
	return id
}

func (e *Engine) expand(id int32) []int32 {
	if e.succ[id] != nil {
		return e.succ[id]
	}
	next := make([]int32, len(e.actions))
	for ai, a := range e.actions {
		t := e.states[id].Clone()
		applyAt(e.form, t, e.index[ai], a)
		tid := e.intern(t)
		next[ai] = tid
		e.preds[tid] = append(e.preds[tid], edge{from: id, action: int32(ai)})
	}
	e.succ[id] = next
	return next
}

// Reach holds, for one start state and horizon h, how many distinct plans of
// exactly k actions reach each state, for every k from 0 to h.
type Reach struct {
	e      *Engine
	start  int32
	counts [][]uint64 // counts[k][state id]
	active [][]int32  // ids with a non-zero count at k, in discovery order
	cumul  [][]uint64 // running sums of counts over active, built on demand
}

// Reach counts plans from start by dynamic programming over the state graph:
// layer k+1 adds, for every state of layer k and every action, that state's
// count to the count of the state the action leads to. The work grows with the
// number of distinct states, not with the number of plans.
func (e *Engine) Reach(start State, h int) (*Reach, error) {
	if h < 0 {
		return nil, fmt.Errorf("statesim: horizon %d is negative", h)
	}
	r := &Reach{e: e, start: e.intern(start.Clone())}
	r.counts = [][]uint64{make([]uint64, r.start+1)}
	r.counts[0][r.start] = 1
	r.active = [][]int32{{r.start}}
	for k := 0; k < h; k++ {
		for _, s := range r.active[k] {
			e.expand(s)
		}
		next := make([]uint64, len(e.states))
		var act []int32
		for _, s := range r.active[k] {
			c := r.counts[k][s]
			for _, t := range e.succ[s] {
				if next[t] == 0 {
					act = append(act, t)
				}
				sum, carry := bits.Add64(next[t], c, 0)
				if carry != 0 {
					return nil, fmt.Errorf("%w: more than 2^64 plans of length %d", ErrTooMany, k+1)
				}
				next[t] = sum
			}
		}
		r.counts = append(r.counts, next)
		r.active = append(r.active, act)
	}
	return r, nil
}

// Horizon returns the plan length the Reach was built for.
func (r *Reach) Horizon() int { return len(r.counts) - 1 }

// Final is one state plans can end in, with how many plans end there.
type Final struct {
	State State
	Plans uint64
}

// Finals returns the states plans of exactly k actions end in (k from 0 to
// the horizon), with their plan counts, ordered by state key.
func (r *Reach) Finals(k int) []Final {
	var out []Final
	for _, id := range r.active[k] {
		out = append(out, Final{State: r.e.states[id].Clone(), Plans: r.counts[k][id]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].State.Key() < out[j].State.Key() })
	return out
}

// FinalsAtMost returns the states plans of at most the horizon's length end
// in, with plan counts summed over lengths 0 to h, ordered by state key.
func (r *Reach) FinalsAtMost() ([]Final, error) {
	sum := map[int32]uint64{}
	var order []int32
	for k := range r.counts {
		for _, id := range r.active[k] {
			if _, ok := sum[id]; !ok {
				order = append(order, id)
			}
			s, carry := bits.Add64(sum[id], r.counts[k][id], 0)
			if carry != 0 {
				return nil, ErrTooMany
			}
			sum[id] = s
		}
	}
	out := make([]Final, 0, len(order))
	for _, id := range order {
		out = append(out, Final{State: r.e.states[id].Clone(), Plans: sum[id]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].State.Key() < out[j].State.Key() })
	return out, nil
}

// Count returns how many plans of exactly k actions reach s.
func (r *Reach) Count(k int, s State) uint64 {
	id, ok := r.e.ids[s.Key()]
	if !ok || int(id) >= len(r.counts[k]) {
		return 0
	}
	return r.counts[k][id]
}

// Sample returns a plan of exactly k actions from the start to final, drawn
// uniformly among all such plans, or an error if there is none. It walks
// back from final, choosing each last step with probability proportional to
// the plans that reach its source, so each plan costs O(k x actions).
func (r *Reach) Sample(rng *rand.Rand, k int, final State) ([]Action, error) {
	id, ok := r.e.ids[final.Key()]
	if !ok || k < 0 || k >= len(r.counts) || int(id) >= len(r.counts[k]) || r.counts[k][id] == 0 {
		return nil, fmt.Errorf("statesim: no plan of %d actions reaches %s", k, final)
	}
	return r.sampleID(rng, k, id), nil
}

func (r *Reach) sampleID(rng *rand.Rand, k int, id int32) []Action {
	plan := make([]Action, k)
	for step := k; step > 0; step-- {
		prev := r.counts[step-1]
		x := rng.Uint64N(r.counts[step][id])
		for _, ed := range r.e.preds[id] {
			if int(ed.from) >= len(prev) {
				continue
			}
			w := prev[ed.from]
			if x < w {
				plan[step-1] = r.e.actions[ed.action]
				id = ed.from
				break
			}
			x -= w
		}
	}
	return plan
}

// SamplePlan returns a plan of exactly k actions drawn uniformly among all
// |vocabulary|^k plans, and the state it ends in, or ErrTooMany if there are
// more than 2^64 of them. The first call for a k
// builds a cumulative table of that layer; later calls cost O(log states +
// k x actions).
func (r *Reach) SamplePlan(rng *rand.Rand, k int) ([]Action, State, error) {
	if r.cumul == nil {
		r.cumul = make([][]uint64, len(r.counts))
	}
	if r.cumul[k] == nil {
		c := make([]uint64, len(r.active[k]))
		var total, carry uint64
		for i, id := range r.active[k] {
			total, carry = bits.Add64(total, r.counts[k][id], 0)
			if carry != 0 {
				return nil, nil, fmt.Errorf("%w: more than 2^64 plans of length %d", ErrTooMany, k)
			}
			c[i] = total
		}
		r.cumul[k] = c
	}
	c := r.cumul[k]
	x := rng.Uint64N(c[len(c)-1])
	i := sort.Search(len(c), func(i int) bool { return c[i] > x })
	id := r.active[k][i]
	return r.sampleID(rng, k, id), r.e.states[id].Clone(), nil
}

// Shortest returns a shortest plan from start to a state meeting goal,
// found breadth-first over the vocabulary (ties go to the earlier action),
// visiting at most limit states (0 means 1,000,000).
func (e *Engine) Shortest(start State, goal Goal, limit int) ([]Action, error) {
	if limit == 0 {
		limit = 1_000_000
	}
	src := e.intern(start.Clone())
	type back struct {
		from   int32
		action int32
	}
	seen := map[int32]back{src: {-1, -1}}
	queue := []int32{src}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		if goal.Met(e.form, e.states[id]) {
			var plan []Action
			for b := seen[id]; b.from >= 0; b = seen[b.from] {
				plan = append([]Action{e.actions[b.action]}, plan...)
			}
			return plan, nil
		}
		for ai, t := range e.expand(id) {
			if _, ok := seen[t]; !ok {
				seen[t] = back{id, int32(ai)}
				queue = append(queue, t)
			}
		}
		if len(seen) > limit {
			return nil, fmt.Errorf("%w: no plan found within %d states", ErrTooMany, limit)
		}
	}
	return nil, fmt.Errorf("statesim: the goal cannot be reached from %s", start)
}
