package suites

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/internal/testforms"
	"github.com/formplan/formplan/startspace"
	"github.com/formplan/formplan/statesim"
)

// TestSemanticFixes draws plan_semantic tasks of the built-in, conditional
// and mixed families at horizons 1 to 4, then many candidates of each, and
// checks fixes against them: the draws never find more different steps in
// the fix's place than it counts (drawPlanSemantic would give up a task
// that could give a question), they find every one where the wrong values
// are few enough for the draws to meet them all, and drawPlanSemantic's
// own collect, with its judge, never finds one option more than it
// counts.
func TestSemanticFixes(t *testing.T) {
	fams := testforms.Every(t)
	rng := rand.New(rand.NewPCG(5, 6))
	var space startspace.Space
	var sc semanticScratch
	for i := range fams {
		fam := &fams[i]
		exact, collected := 0, 0
		for h := 1; h <= 4; h++ {
			for range 60 {
				f := fam.NewForm(rng)
				task, ok := newSemanticTask(fam, &f, h, &space, &sc, rng)
				if !ok {
					continue
				}
				count := task.fixes()
				var found []statesim.Action
				for range 1000 {
					c, ok := task.draw(rng)
					if !ok {
						continue
					}
					if fix := c.plan[task.pos]; !slices.Contains(found, fix) {
						found = append(found, fix)
					}
				}
				if len(found) > count {
					t.Fatalf("%s h %d: the draws put %d different steps in the fix's place, fixes counts %d", fam.Name, h, len(found), count)
				}
				if len(sc.wrong) <= 48 {
					if len(found) != count {
						t.Errorf("%s h %d: fixes counts %d steps, the draws found %d: %v", fam.Name, h, count, len(found), found)
					}
					exact++
				}
				if count <= 3 && collected < 10 {
					collected++
					if _, ok := collect(newJudge(&f, task.g), count+1, 1500, func() (candidate, bool) { return task.draw(rng) }); ok {
						t.Fatalf("%s h %d: collect found %d options, fixes counts %d", fam.Name, h, count+1, count)
					}
				}
			}
		}
		// A long family's tasks name so much of its form that none has
		// the few fixes collect's check needs; their counts are checked
		// against the draws.
		long := slices.ContainsFunc(forms.Long(), func(g forms.Family) bool { return g.Name == fam.Name })
		if exact == 0 || (collected == 0 && !long) {
			t.Errorf("%s: %d counts checked against the draws, %d against collect", fam.Name, exact, collected)
		}
	}
}
