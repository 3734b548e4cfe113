package suites

import (
	"math/rand/v2"

	"github.com/formplan/formplan/question"
)

func init() {
	register(Suite{
		Name:    "plan_generation",
		Summary: "Write the shortest plan, one action per line, that completes the task from the state the screenshot shows.",
		Horizon: "actions of a shortest plan before Submit (the wants the pictured state misses)",
		Paper:   "nothing: the paper has no such suite, so its own prompts are used",
		Open:    true,
		draw:    drawPlanGeneration,

		Scoring:     ByPlan,
		OpenReaders: openReaders,

		// Row checks (package verify).
		Pictures: 1,
		Check:    checkPlanGeneration,
	})
}

// drawPlanGeneration draws a task with more wants than the horizon and a
// start that misses a uniformly drawn subset of h of them.
func drawPlanGeneration(c *cell, rng *rand.Rand) (question.Question, error) {
	f, g, ok := drawOpenTask(c, rng)
	if !ok {
		return question.Question{}, errRetry
	}
	miss := rng.Perm(len(g.Wants))[:c.h]
	s := OpenStart(&f, g, miss, rng)
	gold := withSubmit(goldPlan(&f, s, g, rng))
	q := openQuestion(&f, g, s, gold)
	q.Meta.Chance = PlanChance(len(g.Wants), c.h)
	q.Answer = PlanText(&f, gold)
	q.Meta.Answer = q.Answer
	q.Question = "Task: " + g.Text + "\nThe screenshot shows the form now. Write the shortest plan that completes the task from this state."
	return q, nil
}
