package suites

import (
	"testing"

	"github.com/formplan/formplan/forms"
)

func TestSmoke(t *testing.T) {
	sp := &Spec{Seed: 1, Families: forms.Builtins()}
	for _, s := range All() {
		for i := int64(0); i < 6; i++ {
			q, err := s.Build(sp, i)
			if err != nil {
				t.Fatal(err)
			}
			if i < 3 {
				t.Logf("%s %s h=%d need=%v ans=%s\nTASK %s\n%s\nlabels=%v", s.Name, q.Family, q.Horizon, q.ImageNeeded, q.Answer, q.Task, q.Question, q.Labels)
			}
		}
	}
}
