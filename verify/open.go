package verify

import (
	"strconv"

	"github.com/formplan/formplan/rowcheck"
)

// checkOpen checks what every row of an open-ended suite shares (one that
// asks for a plan or an action, suites.Suite.Open): no options, a shortest
// gold plan whose length is the horizon and the metadata's optimal, the
// renderings of the gold plan, the start pictured, and image_needed true.
// It reports whether the row has one plan and a goal, which the suite's
// own check takes for granted.
func checkOpen(r *rowcheck.Row, p *problems) bool {
	row, m := r.Col, r.Meta
	f := &m.Form
	if row.Choices != nil || row.OptionLabels != nil || row.AnswerIdx != nil || row.A != nil {
		p.addf("an open-ended row has choices, option labels, an answer index or option columns")
	}
	if len(m.Plans) != 1 {
		p.addf("%d plans: an open-ended row holds one gold plan", len(m.Plans))
		return false
	}
	checkRenderings(row, m, r.Texts, p)
	r.CheckPictureIsStart()
	if row.ImageNeeded == nil || !*row.ImageNeeded {
		p.addf("image_needed is not true")
	}
	g := m.Goal
	if g == nil {
		return false
	}
	h := g.Unmet(f, m.Start)
	if row.Horizon == nil || *row.Horizon != int64(h) || m.Optimal != h {
		horizon := "null"
		if row.Horizon != nil {
			horizon = strconv.FormatInt(*row.Horizon, 10)
		}
		p.addf("the start misses %d wants, but the horizon is %s and metadata optimal %d", h, horizon, m.Optimal)
	}
	gold := m.Plans[0]
	if len(gold) != h+1 || !r.Runs[0].Reaches(f, g) {
		p.addf("the gold plan has %d steps and does not reach the goal in the %d a shortest plan takes", len(gold)-1, h)
	}
	return true
}
