package suites

import (
	"math/rand/v2"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/perturb"
	"github.com/formplan/formplan/statesim"
)

func init() {
	Register(Suite{
		Name:    "temporal_order",
		Summary: "Given the task and two screenshots from one run that completes it, say which came first.",
		Build:   buildTemporalOrder,
	})
}

// Orders and formats of temporal_order, balanced by index.
const (
	EarlierFirst = "earlier_first"
	LaterFirst   = "later_first"
	FormatMCQ    = "mcq"
	FormatFree   = "free"
)

func buildTemporalOrder(sp *Spec, index int64) (Question, error) {
	_, _, _, local := sp.cell(index)
	order := EarlierFirst
	if local%2 == 1 {
		order = LaterFirst
	}
	format := FormatMCQ
	if (local/2)%2 == 1 {
		format = FormatFree
	}
	return build("temporal_order", sp, index, func(rng *rand.Rand, fam *forms.Family) (Question, error) {
		f := fam.NewForm(rng)
		g := perturb.Goal(fam, &f, rng)
		start := statesim.RandomState(&f, rng, 0.3)
		gold := recoveryPlan(&f, start, g, rng)
		if len(gold) < 1 {
			return Question{}, errRetry
		}
		traj := []statesim.State{start}
		for _, a := range gold {
			next, err := statesim.Apply(&f, traj[len(traj)-1], a)
			if err != nil {
				return Question{}, err
			}
			traj = append(traj, next)
		}
		i := rng.IntN(len(traj) - 1)
		j := i + 1 + rng.IntN(len(traj)-1-i)
		di, dj := g.Unmet(&f, traj[i]), g.Unmet(&f, traj[j])
		if di <= dj {
			return Question{}, errRetry // the earlier state must be strictly farther from the goal
		}
		pics := []statesim.State{traj[i], traj[j]}
		dist := []int{di, dj}
		if order == LaterFirst {
			pics[0], pics[1] = pics[1], pics[0]
			dist[0], dist[1] = dist[1], dist[0]
		}
		q := Question{Horizon: j - i, Task: g.Text}
		q.Meta = Meta{Form: f, Start: start, Goal: &g, Pictures: pics, Order: order, Format: format, Distance: dist}
		q.Meta.Plans = [][]statesim.Action{withSubmit(gold)}
		q.Meta.Finals, q.Meta.Valid = finals(&f, start, q.Meta.Plans)
		q.Choices = []string{"Picture 1", "Picture 2"}
		q.AnswerIdx = 0
		q.Labels = []string{"correct", "shown later in the run"}
		if order == LaterFirst {
			q.AnswerIdx = 1
			q.Labels = []string{"shown later in the run", "correct"}
		}
		q.Answer = Letters[q.AnswerIdx : q.AnswerIdx+1]
		q.Meta.Answer = q.Answer
		q.Question = "Task: " + g.Text + "\nPicture 1 and Picture 2 are two screenshots taken while an agent completed this task, one action at a time. Which picture was taken earlier?"
		if format == FormatMCQ {
			q.Question += "\n" + optionList(q.Choices)
		}
		q.Caption = "Picture 1: " + statesim.Describe(&f, pics[0]) + "\nPicture 2: " + statesim.Describe(&f, pics[1])
		q.ImageNeeded = true // the pictures are the whole input: swapping them flips the answer
		return q, nil
	})
}
