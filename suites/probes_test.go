package suites

import (
	"reflect"
	"slices"
	"testing"

	"github.com/formplan/formplan/question"
)

// TestPairProbes pairs 3 probes with the planning rows of every default
// suite and checks each: its answer is what the pictured state gives,
// its question words its record, it shows its planning row's first
// picture under that row's task, and its Decisive flag is right; the
// answers of every two consecutive probes differ; the same row and place
// give the same probes.
func TestPairProbes(t *testing.T) {
	const k = 3
	at := int64(0)
	decisive, all, repeats := 0, 0, 0
	for _, name := range Defaults() {
		t.Run(name, func(t *testing.T) {
			for _, q := range rows(t, name)[:80] {
				ps, err := PairProbes(&q, k, 5, at)
				if err != nil {
					t.Fatal(err)
				}
				again, _ := PairProbes(&q, k, 5, at)
				if !reflect.DeepEqual(ps, again) {
					t.Fatalf("%s %d: probes differ between two calls", name, q.Index)
				}
				if len(ps) != k {
					t.Fatalf("%d probes, want %d", len(ps), k)
				}
				_, dec := probeOrder(&q.Meta, Source(5, Probes, at))
				asked := map[probeKey]bool{}
				for j, p := range ps {
					m := p.Meta
					want, err := ProbeAnswer(&m.Form, m.Pictures[0], m.Probe)
					if err != nil || p.Answer != want || p.Choices[p.AnswerIdx] != want {
						t.Errorf("%s %d probe %d: answer %s, the picture gives %s (%v)", name, q.Index, j, p.Answer, want, err)
					}
					if !m.Pictures[0].Equal(q.Meta.Pictures[0]) || m.Bar != q.Task || p.Family != q.Family || p.Horizon != q.Horizon {
						t.Errorf("%s %d probe %d: not about its planning row's first picture, task, family and horizon", name, q.Index, j)
					}
					if text, _ := probeQuestion(&m.Form, m.Probe); !slices.Contains([]string{text, FormNote(&m.Form) + "\n" + text}, p.Question) {
						t.Errorf("%s %d probe %d: question %q does not word %+v", name, q.Index, j, p.Question, *m.Probe)
					}
					if m.Probe.Decisive != dec[m.Form.Index(m.Probe.Element)] {
						t.Errorf("%s %d probe %d: decisive %v, want %v", name, q.Index, j, m.Probe.Decisive, !m.Probe.Decisive)
					}
					if p.Index != int64(k)*at+int64(j) || p.Task != "" || !p.ImageNeeded {
						t.Errorf("%s %d probe %d: index %d, task %q, image_needed %v", name, q.Index, j, p.Index, p.Task, p.ImageNeeded)
					}
					if m.Probe.Decisive {
						decisive++
					}
					if key := (probeKey{m.Probe.Element, m.Probe.Kind}); asked[key] {
						repeats++
					} else {
						asked[key] = true
					}
					all++
				}
				at++
			}
		})
	}
	if decisive*2 < all {
		t.Errorf("%d of %d probes ask about a decisive element, want most", decisive, all)
	}
	if repeats*10 > all {
		t.Errorf("%d of %d probes ask what another probe of their row asks, want at most 10%%", repeats, all)
	}
	t.Logf("%d of %d probes ask about a decisive element; %d repeat another probe of their row", decisive, all, repeats)
}

// TestPairProbesBalance checks that the answers of probes 2m and 2m+1
// differ, over a run of planning rows: Yes and No are exactly balanced.
func TestPairProbesBalance(t *testing.T) {
	var answers []string
	for at, q := range rows(t, "edge_case")[:101] {
		ps, err := PairProbes(&q, 3, 9, int64(at))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			answers = append(answers, p.Answer)
		}
	}
	for m := 0; m+1 < len(answers); m += 2 {
		if answers[m] == answers[m+1] {
			t.Fatalf("probes %d and %d both answer %s", m, m+1, answers[m])
		}
	}
}

// TestPairProbesNoPicture refuses a planning row without a picture.
func TestPairProbesNoPicture(t *testing.T) {
	q := question.Question{Suite: "edge_case"}
	if _, err := PairProbes(&q, 3, 1, 0); err == nil {
		t.Fatal("paired probes with a row without pictures")
	}
}
