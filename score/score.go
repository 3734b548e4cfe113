package score

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Reply is one model reply to one question, as a line of a predictions
// JSONL file.
type Reply struct {
	ID          string `json:"id"`
	Response    string `json:"response"`
	Model       string `json:"model,omitempty"`
	PromptStyle string `json:"prompt_style,omitempty"` // instruct or cot
	Setting     string `json:"setting,omitempty"`      // image, caption or both
}

// ReadReplies reads JSONL replies from r; name is used in errors. A line
// without a model takes model.
func ReadReplies(r io.Reader, name, model string) ([]Reply, error) {
	var out []Reply
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		var rep Reply
		if err := json.Unmarshal([]byte(text), &rep); err != nil {
			return nil, fmt.Errorf("score: %s:%d: %v: each line must be a JSON object with id and response", name, line, err)
		}
		if rep.ID == "" {
			return nil, fmt.Errorf("score: %s:%d: no id: each line needs the id of the row it answers", name, line)
		}
		if rep.Model == "" {
			rep.Model = model
		}
		out = append(out, rep)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("score: %s: %w", name, err)
	}
	return out, nil
}

// Result is one scored reply.
type Result struct {
	Reply
	Q       *Question
	Got     string // the extracted answer, "" when unparsed
	Parsed  bool
	Correct bool
}

// Score extracts and scores every reply against d. A reply to an id d
// does not hold is an error naming it.
func Score(d *Dataset, replies []Reply) ([]Result, error) {
	out := make([]Result, 0, len(replies))
	for _, rep := range replies {
		q, ok := d.ByID[rep.ID]
		if !ok {
			return nil, fmt.Errorf("score: no row with id %s in the dataset: score replies against the directory that asked them", rep.ID)
		}
		got, parsed := Extract(rep.Response, q.Options)
		out = append(out, Result{Reply: rep, Q: q, Got: got, Parsed: parsed, Correct: parsed && got == q.Answer})
	}
	return out, nil
}

// Responders are the reference replies Respond gives: the gold answer,
// always the first option (A, Picture 1, Yes), and a uniform guess.
var Responders = []string{"oracle", "always-A", "random"}

// Respond returns the replies of responder (one of Responders) to every
// question of d, with model set to the responder's name; random draws
// from seed.
func Respond(d *Dataset, responder string, seed uint64) ([]Reply, error) {
	rng := rand.New(rand.NewPCG(seed, 0x5c0))
	out := make([]Reply, 0, len(d.Order))
	for _, q := range d.Order {
		names := optionNames(q)
		var k int
		switch responder {
		case "oracle":
			k = slices.Index(names, q.Answer)
		case "always-A":
			k = 0
		case "random":
			k = rng.IntN(len(q.Options.Choices))
		default:
			return nil, fmt.Errorf("score: unknown responder %q: choose from %s", responder, strings.Join(Responders, ", "))
		}
		text := "Answer: " + names[k]
		if q.Format == "free" {
			text = q.Options.Choices[k] // "Picture 1", as free-format rows ask
		}
		out = append(out, Reply{ID: q.ID, Response: text, Model: responder})
	}
	return out, nil
}

// optionNames returns how a reply names each option: Yes and No, or letters.
func optionNames(q *Question) []string {
	if q.Options.YesNo {
		return []string{"Yes", "No"}
	}
	names := make([]string, len(q.Options.Choices))
	for k := range names {
		names[k] = letterOf(k)
	}
	return names
}

// Dimensions a breakdown can group by.
var Dimensions = []string{"suite", "family", "horizon", "prompt_style", "setting", "image_needed", "order", "format", "protocol"}

// value returns result r's value of dimension dim.
func value(r *Result, dim string) string {
	switch dim {
	case "suite":
		return r.Q.Suite
	case "family":
		return r.Q.Family
	case "horizon":
		return strconv.Itoa(r.Q.Horizon)
	case "prompt_style":
		return r.PromptStyle
	case "setting":
		return r.Setting
	case "image_needed":
		return strconv.FormatBool(r.Q.ImageNeeded)
	case "order":
		return r.Q.Order
	case "format":
		return r.Q.Format
	case "protocol":
		return r.Q.Protocol
	}
	return ""
}

// Cell is one line of a breakdown for one model: how many replies, how
// many right, how many unparsed, and the accuracy with its 95% Wilson
// interval.
type Cell struct {
	Model    string            `json:"model"`
	Key      map[string]string `json:"key"`
	N        int               `json:"n"`
	Correct  int               `json:"correct"`
	Unparsed int               `json:"unparsed"`
	Accuracy float64           `json:"accuracy"`
	Low      float64           `json:"low"`
	High     float64           `json:"high"`
}

// Breakdown groups results by model and by the dimensions dims, in the
// order the groups first appear.
func Breakdown(results []Result, dims []string) []Cell {
	index := map[string]int{}
	var cells []Cell
	for i := range results {
		r := &results[i]
		key := map[string]string{}
		parts := []string{r.Model}
		for _, d := range dims {
			key[d] = value(r, d)
			parts = append(parts, key[d])
		}
		id := strings.Join(parts, "\x00")
		k, ok := index[id]
		if !ok {
			k = len(cells)
			index[id] = k
			cells = append(cells, Cell{Model: r.Model, Key: key})
		}
		c := &cells[k]
		c.N++
		if r.Correct {
			c.Correct++
		}
		if !r.Parsed {
			c.Unparsed++
		}
	}
	for k := range cells {
		c := &cells[k]
		c.Accuracy = float64(c.Correct) / float64(c.N)
		c.Low, c.High = Wilson(c.Correct, c.N)
	}
	return cells
}

// Wilson returns the 95% Wilson score interval of k successes in n trials.
func Wilson(k, n int) (float64, float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}
