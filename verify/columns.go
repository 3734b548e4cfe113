package verify

import (
	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/rowcheck"
	"github.com/formplan/formplan/statesim"
	"github.com/formplan/formplan/suites"
)

// checkColumns checks what every suite shares: choices, letters, labels,
// answer index, plan renderings (texts holds each plan's English).
func checkColumns(row *dataset.Row, m *question.Meta, texts []string, p *problems) {
	n := len(row.Choices)
	if n < 2 || n > len(question.Letters) {
		p.addf("%d choices, want 2 to %d", n, len(question.Letters))
	}
	seen := map[string]int{}
	for k, c := range row.Choices {
		if j, dup := seen[c]; dup {
			p.addf("options %s and %s have the same text", rowcheck.Letter(j), rowcheck.Letter(k))
		}
		seen[c] = k
	}
	letters := []*string{row.A, row.B, row.C, row.D, row.E, row.F, row.G, row.H}
	for k, col := range letters {
		name := question.Letters[k : k+1]
		switch {
		case k < n && col == nil:
			p.addf("column %s is null, want choice %d", name, k+1)
		case k < n && *col != row.Choices[k]:
			p.addf("column %s differs from choice %d", name, k+1)
		case k >= n && col != nil:
			p.addf("column %s is set past the last choice", name)
		}
	}
	if row.AnswerIdx == nil {
		p.addf("answer_idx is null")
	} else if idx := *row.AnswerIdx; idx < 0 || idx >= int64(n) {
		p.addf("answer_idx %d is outside the %d choices", idx, n)
	}
	if len(row.OptionLabels) != n {
		p.addf("%d option labels for %d choices", len(row.OptionLabels), n)
	} else if row.AnswerIdx != nil {
		for k, l := range row.OptionLabels {
			if (l == "correct") != (int64(k) == *row.AnswerIdx) {
				p.addf("option %s is labelled %q, but answer_idx is %d", rowcheck.Letter(k), l, *row.AnswerIdx)
			}
		}
	}
	checkRenderings(row, m, texts, p)
}

// checkRenderings checks what every suite renders from its metadata:
// plans_text and plans_pddl (texts holds each plan's English), and the
// caption of the pictured states.
func checkRenderings(row *dataset.Row, m *question.Meta, texts []string, p *problems) {
	f := &m.Form
	if len(row.PlansText) != len(m.Plans) || len(row.PlansPDDL) != len(m.Plans) {
		p.addf("%d plans_text and %d plans_pddl entries for %d plans", len(row.PlansText), len(row.PlansPDDL), len(m.Plans))
	} else {
		for j, plan := range m.Plans {
			if row.PlansText[j] != texts[j] {
				p.addf("plans_text %d does not render plan %d", j+1, j+1)
			}
			if row.PlansPDDL[j] != suites.PlanPDDL(f, plan) {
				p.addf("plans_pddl %d does not render plan %d", j+1, j+1)
			}
		}
	}
	var want string
	switch len(m.Pictures) {
	case 1:
		want = statesim.Describe(f, m.Pictures[0])
	case 2:
		want = "Picture 1: " + statesim.Describe(f, m.Pictures[0]) + "\nPicture 2: " + statesim.Describe(f, m.Pictures[1])
	}
	if row.Caption == nil || *row.Caption != want {
		p.addf("caption does not describe the pictured state")
	}
}
