package score

import "math"

// Overall is one run's score over every suite it answered, under one
// protocol and rotation: micro (every reply counts the same, with its
// Wilson interval) and macro (every suite counts the same).
type Overall struct {
	Model       string `json:"model"`
	PromptStyle string `json:"prompt_style,omitempty"`
	Setting     string `json:"setting,omitempty"`
	Protocol    string `json:"protocol,omitempty"`
	Rotation    int    `json:"rotation,omitempty"`
	Suites      int    `json:"suites"`
	Unparsed    int    `json:"unparsed"`
	Micro       Rate   `json:"micro"`
	// Macro is the mean of the suites' accuracies. Its 95% interval
	// combines the suites' Wilson intervals (the MOVER method of Zou and
	// Donner): each bound moves from the mean by the root of the summed
	// squares of the suites' own distances to that bound, over the number
	// of suites.
	Macro Interval `json:"macro"`
}

// Run returns the run of the overall score.
func (o *Overall) Run() Run {
	return Run{Model: o.Model, PromptStyle: o.PromptStyle, Setting: o.Setting}
}

// Interval is an estimate with its 95% interval.
type Interval struct {
	Value float64 `json:"value"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// overall combines cells by suite into each run's overall score, in the
// order the runs first appear.
func overall(bySuite []Cell) []Overall {
	type acc struct {
		o           Overall
		correct, n  int
		sum, lo, hi float64
	}
	type key struct {
		run      Run
		protocol string
		rotation int
	}
	index := map[key]*acc{}
	var order []*acc
	for i := range bySuite {
		c := &bySuite[i]
		k := key{c.Run(), c.Protocol, c.Rotation}
		a, ok := index[k]
		if !ok {
			a = &acc{o: Overall{Model: c.Model, PromptStyle: c.PromptStyle, Setting: c.Setting, Protocol: c.Protocol, Rotation: c.Rotation}}
			index[k] = a
			order = append(order, a)
		}
		a.o.Suites++
		a.o.Unparsed += c.Unparsed
		a.correct += c.Correct
		a.n += c.N
		a.sum += c.Accuracy
		a.lo += sq(c.Accuracy - c.Low)
		a.hi += sq(c.High - c.Accuracy)
	}
	out := make([]Overall, 0, len(order))
	for _, a := range order {
		o := a.o
		o.Micro = newRate(a.correct, a.n)
		s := float64(o.Suites)
		mean := a.sum / s
		o.Macro = Interval{Value: mean, Low: math.Max(0, mean-math.Sqrt(a.lo)/s), High: math.Min(1, mean+math.Sqrt(a.hi)/s)}
		out = append(out, o)
	}
	return out
}
