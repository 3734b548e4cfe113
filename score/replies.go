package score

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// Reply is one model reply to one question, as a line of a predictions
// JSONL file.
type Reply struct {
	ID          string `json:"id"`
	Response    string `json:"response"`
	Model       string `json:"model,omitempty"`
	PromptStyle string `json:"prompt_style,omitempty"` // instruct or cot
	Setting     string `json:"setting,omitempty"`      // image, caption or both
	// Rotation k says the options were shown in the order Rotate(choices,
	// k) gives, and the reply's letter names an option in that order. 0
	// is the dataset's own order.
	Rotation int `json:"rotation,omitempty"`
}

// ReadReplies reads JSONL replies from r; name is used in errors. A line
// without a model takes model.
func ReadReplies(r io.Reader, name, model string) ([]Reply, error) {
	var out []Reply
	err := scanReplies(r, name, model, func(rep Reply) error {
		out = append(out, rep)
		return nil
	})
	return out, err
}

// scanReplies reads JSONL replies from r and hands each to fn, stopping
// at the first error fn returns.
func scanReplies(r io.Reader, name, model string, fn func(Reply) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<26)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var rep Reply
		if err := json.Unmarshal(text, &rep); err != nil {
			return fmt.Errorf("score: %s:%d: %v: each line must be a JSON object with id and response", name, line, err)
		}
		if rep.ID == "" {
			return fmt.Errorf("score: %s:%d: no id: each line needs the id of the row it answers", name, line)
		}
		if rep.Model == "" {
			rep.Model = model
		}
		if err := fn(rep); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("score: %s: %w", name, err)
	}
	return nil
}
