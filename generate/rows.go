package generate

import (
	"fmt"

	// The metadata is the JSON of encoding/json, byte for byte
	// (TestMetadataAsEncodingJSON), written in half the time.
	json "github.com/goccy/go-json"
	"github.com/google/uuid"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/pddl"
	"github.com/formplan/formplan/question"
	"github.com/formplan/formplan/suites"
)

// namespace is the UUID namespace of question ids.
var namespace = uuid.MustParse("6f1c2a0e-5b7d-4f3e-9a21-0c8d4e6b7f10")

// QuestionID returns the deterministic id of question index of suite under
// seed: a name-based (SHA-1) UUID, so reruns and shards agree on ids.
func QuestionID(seed uint64, suite string, index int64) string {
	return uuid.NewSHA1(namespace, []byte(fmt.Sprintf("%d/%s/%d", seed, suite, index))).String()
}

// ProblemName returns the name of the PDDL problem of question index of
// suite: <suite>-<index>, such as edge_case-12.
func ProblemName(suite string, index int64) string { return fmt.Sprintf("%s-%d", suite, index) }

// Row converts a question to a dataset row. Pictures are added by the caller.
func Row(q *question.Question, seed uint64, version string) (dataset.Row, error) {
	meta, err := json.Marshal(q.Meta)
	if err != nil {
		return dataset.Row{}, fmt.Errorf("generate: %s %d: metadata: %w", q.Suite, q.Index, err)
	}
	r := dataset.Row{
		ID:               QuestionID(seed, q.Suite, q.Index),
		Suite:            q.Suite,
		Family:           q.Family,
		Horizon:          ptr(int64(q.Horizon)),
		Task:             q.Task,
		Question:         q.Question,
		Choices:          q.Choices,
		Answer:           q.Answer,
		AnswerIdx:        ptr(int64(q.AnswerIdx)),
		PromptInstruct:   q.PromptInstruct,
		PromptCoT:        q.PromptCoT,
		Caption:          ptr(q.Caption),
		History:          ptr(q.History),
		OptionLabels:     q.Labels,
		ImageNeeded:      ptr(q.ImageNeeded),
		Metadata:         string(meta),
		Seed:             ptr(int64(seed)),
		Index:            ptr(q.Index),
		GeneratorVersion: version,
	}
	if q.Choices == nil {
		r.AnswerIdx = nil // open-ended: no options
	}
	r.GroupID = r.ID // a row of its own
	if q.Group != q.Index {
		r.GroupID = QuestionID(seed, q.Suite, q.Group)
	}
	letters := []**string{&r.A, &r.B, &r.C, &r.D, &r.E, &r.F, &r.G, &r.H}
	for k, c := range q.Choices {
		if k < len(letters) {
			*letters[k] = ptr(c)
		}
	}
	for _, p := range q.Meta.Plans {
		r.PlansText = append(r.PlansText, suites.PlanText(&q.Meta.Form, p))
		r.PlansPDDL = append(r.PlansPDDL, suites.PlanPDDL(&q.Meta.Form, p))
	}
	if r.ProblemPDDL, err = pddl.Problem(&q.Meta, ProblemName(q.Suite, q.Index)); err != nil {
		return dataset.Row{}, fmt.Errorf("generate: %s %d: %w", q.Suite, q.Index, err)
	}
	return r, nil
}

func ptr[T any](v T) *T { return &v }
