package suites

import (
	"math/rand/v2"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/startspace"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/textonly"
)

func init() {
	register(Suite{
		Name:    "temporal_order",
		Summary: "Given the task and two screenshots from one run that completes it, say which came first.",
		Horizon: "actions of the run between the two pictures",
		Paper: "the pictures are the first state of a run and the last before Submit, so the horizon is the whole run; " +
			"each pair is asked in four rows sharing a group_id: both orders times both formats",
		Group: 4,
		draw:  drawTemporalOrder,

		Scoring: ByOrder,
		Readers: textonly.Pictures,

		// Row checks (package verify).
		Pictures: 2,
		Check:    checkTemporalOrder,
	})
}

// Orders and formats of temporal_order, balanced within every cell.
const (
	EarlierFirst = "earlier_first"
	LaterFirst   = "later_first"
	FormatMCQ    = "mcq"
	FormatFree   = "free"
)

// drawTemporalOrder draws a task and a start with at least horizon of the
// task's wants unmet, runs the recovery plan from it, and pictures two
// states of the run horizon actions apart. Under the Paper protocol the
// start has exactly horizon wants unmet, the pictures are the first and
// the last state of the run, and the four rows of a group draw the same
// item and take one order x format each.
func drawTemporalOrder(c *cell, rng *rand.Rand) (question.Question, error) {
	paper := c.sp.Protocol == Paper
	order, format := EarlierFirst, FormatMCQ
	// One slot of four gives both, so every order meets every format
	// equally often in every cell; under Paper, a group's four rows take
	// the four in an order drawn from the group's own source.
	var k int
	if paper {
		k = Source(c.sp.Seed, c.suite+"/group-order", c.index).Perm(4)[c.member]
	} else {
		k = c.slot("order-format", 4)
	}
	if k%2 == 1 {
		order = LaterFirst
	}
	if k/2 == 1 {
		format = FormatFree
	}
	f := c.fam.NewForm(rng)
	g := perturb.Goal(c.fam, &f, rng)
	if len(g.Wants) < c.h {
		return question.Question{}, errRetry
	}
	// Start from the goal with a random number (horizon or more) of its
	// wants given wrong values.
	space := spacePool.Get().(*startspace.Space)
	defer spacePool.Put(space)
	space.Reset(&f, &g)
	start := statesim.RandomState(&f, rng, 0.3)
	at := g.Indices(&f)
	for k, w := range g.Wants {
		statesim.ApplyAt(&f, start, at[k], directStep(&f, at[k], w))
	}
	perm := rng.Perm(len(g.Wants))
	wrongs := c.h
	if !paper {
		wrongs += rng.IntN(len(g.Wants) - c.h + 1)
	}
	var wrong []statesim.State
	for _, k := range perm[:wrongs] {
		wrong = space.AppendMissing(wrong[:0], at[k], g.Wants[k].Value)
		space.Put(start, space.PartOf[at[k]], wrong[rng.IntN(len(wrong))])
	}
	gold := recoveryPlan(&f, start, g, rng)
	if len(gold) < c.h {
		return question.Question{}, errRetry
	}
	traj := []statesim.State{start}
	for _, a := range gold {
		next, err := statesim.Apply(&f, traj[len(traj)-1], a)
		if err != nil {
			return question.Question{}, err
		}
		traj = append(traj, next)
	}
	i := 0
	if paper {
		if len(gold) != c.h || !oneFixPerStep(&f, g, traj, c.h) {
			// The run must be exactly horizon long, from a start that
			// misses horizon wants, each step fixing one (not a clear
			// and then a typed text for one want).
			return question.Question{}, errRetry
		}
	} else {
		i = rng.IntN(len(traj) - c.h)
	}
	j := i + c.h
	di, dj := g.Unmet(&f, traj[i]), g.Unmet(&f, traj[j])
	if di <= dj {
		return question.Question{}, errRetry // the earlier state must be strictly farther from the goal
	}
	pics := []statesim.State{traj[i], traj[j]}
	dist := []int{di, dj}
	if order == LaterFirst {
		pics[0], pics[1] = pics[1], pics[0]
		dist[0], dist[1] = dist[1], dist[0]
	}
	q := question.Question{Task: g.Text}
	q.Meta = question.Meta{Form: f, Start: start, Goal: &g, Pictures: pics, Order: order, Format: format, Distance: dist}
	q.Meta.Plans = [][]statesim.Action{withSubmit(gold)}
	q.Meta.Finals, q.Meta.Valid = finals(&f, start, q.Meta.Plans)
	q.Choices = []string{"Picture 1", "Picture 2"}
	q.AnswerIdx = 0
	q.Labels = []string{"correct", "shown later in the run"}
	if order == LaterFirst {
		q.AnswerIdx = 1
		q.Labels = []string{"shown later in the run", "correct"}
	}
	q.Answer = question.Letters[q.AnswerIdx : q.AnswerIdx+1]
	q.Meta.Answer = q.Answer
	q.Question = "Task: " + g.Text + "\nPicture 1 and Picture 2 are two screenshots taken while an agent completed this task, one action at a time. Which picture was taken earlier?"
	if format == FormatMCQ {
		q.Question += "\n" + OptionList(q.Choices)
	}
	q.Caption = "Picture 1: " + statesim.Describe(&f, pics[0]) + "\nPicture 2: " + statesim.Describe(&f, pics[1])
	q.ImageNeeded = true // the pictures are the whole input: swapping them flips the answer
	return q, nil
}

// oneFixPerStep reports whether the run traj starts h wants of g away and
// each step fixes one of them.
func oneFixPerStep(f *forms.Form, g statesim.Goal, traj []statesim.State, h int) bool {
	for k, s := range traj {
		if g.Unmet(f, s) != h-k {
			return false
		}
	}
	return true
}
