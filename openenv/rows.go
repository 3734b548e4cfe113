package openenv

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/layout"
	"github.com/formplan/formplan/score"
)

// Rows is a dataset's rows served as one-step tasks: what a model is shown
// of each row, and what gen score needs to score a reply.
type Rows struct {
	dir   string
	qs    *score.Dataset
	shown map[string]*shownRow // by id
}

// shownRow is what an observation shows of a row.
type shownRow struct {
	ID          string   `json:"id"`
	Suite       string   `json:"suite"`
	Index       int64    `json:"index"`
	Family      string   `json:"family"`
	Horizon     int64    `json:"horizon"`
	Prompt      string   `json:"prompt"`
	PromptStyle string   `json:"prompt_style"`
	Question    string   `json:"question"`
	Choices     []string `json:"choices,omitempty"`
	Screenshot  string   `json:"screenshot,omitempty"`   // PNG, base64
	Screenshot2 string   `json:"screenshot_2,omitempty"` // the second picture of temporal_order
	Width       int64    `json:"width,omitempty"`
	Height      int64    `json:"height,omitempty"`

	instruct, cot string
}

// LoadRows reads the rows of every data file of dir (layout.Scan), each
// file once: their questions as gen score reads them, and their prompts
// and pictures.
func LoadRows(dir string) (*Rows, error) {
	files, err := layout.Scan(dir)
	if err != nil {
		return nil, fmt.Errorf("openenv: %w", err)
	}
	r := &Rows{dir: dir, qs: score.NewDataset(), shown: map[string]*shownRow{}}
	for _, f := range files.Files() {
		rows, err := dataset.ReadRows(f.Path)
		if err != nil {
			return nil, fmt.Errorf("openenv: %w", err)
		}
		for i := range rows {
			row := &rows[i]
			if err := r.qs.AddRow(f.Path, row); err != nil {
				return nil, err
			}
			sr := &shownRow{ID: row.ID, Suite: row.Suite, Family: row.Family, Question: row.Question, Choices: row.Choices,
				Width: row.ImageWidth, Height: row.ImageHeight, instruct: row.PromptInstruct, cot: row.PromptCoT}
			if row.Index != nil {
				sr.Index = *row.Index
			}
			if row.Horizon != nil {
				sr.Horizon = *row.Horizon
			}
			if row.Image != nil {
				sr.Screenshot = base64.StdEncoding.EncodeToString(row.Image.Bytes)
			}
			if row.Image2 != nil {
				sr.Screenshot2 = base64.StdEncoding.EncodeToString(row.Image2.Bytes)
			}
			r.shown[row.ID] = sr
		}
	}
	r.qs.Pair()
	return r, nil
}

// Len returns how many rows r serves.
func (r *Rows) Len() int { return len(r.shown) }

// rowReset is the data of a reset in dataset mode.
type rowReset struct {
	Seed        *int64 `json:"seed,omitempty"` // accepted for OpenEnv's clients; a row is named, not drawn
	EpisodeID   string `json:"episode_id,omitempty"`
	Suite       string `json:"suite,omitempty"`
	Index       *int64 `json:"index,omitempty"`
	ID          string `json:"id,omitempty"`
	PromptStyle string `json:"prompt_style,omitempty"` // instruct (default) or cot
}

// rowEnv is a session of dataset mode: one row at a time.
type rowEnv struct {
	rows  *Rows
	row   *shownRow
	style string
	steps int
	done  bool
	got   float64
	extra map[string]any
}

// rowObservation is what a row's reset and step show.
type rowObservation struct {
	*shownRow
	Step            int            `json:"step"`
	Budget          int            `json:"budget"`
	LastActionError string         `json:"last_action_error"`
	Done            bool           `json:"done"`
	Reward          float64        `json:"reward"`
	Metadata        map[string]any `json:"metadata"`
}

func (e *rowEnv) observe(errText string) stepReply {
	o := rowObservation{shownRow: e.row, Step: e.steps, Budget: 1, LastActionError: errText, Done: e.done, Reward: e.got, Metadata: e.extra}
	o.PromptStyle = e.style
	return stepReply{Observation: o, Reward: e.got, Done: e.done}
}

// reset picks the row a suite and index, or an id, name.
func (e *rowEnv) reset(_ context.Context, raw json.RawMessage) (stepReply, *errorBody) {
	var req rowReset
	if len(raw) > 0 && string(raw) != "null" {
		if err := strictJSON(raw, &req); err != nil {
			return stepReply{}, &errorBody{Message: "reset: " + err.Error(), Code: CodeValidation}
		}
	}
	var q *score.Question
	switch {
	case req.ID != "" && (req.Suite != "" || req.Index != nil):
		return stepReply{}, &errorBody{Message: "reset: name a row by id, or by suite and index, not both", Code: CodeValidation}
	case req.ID != "":
		q = e.rows.qs.ByID[req.ID]
		if q == nil {
			return stepReply{}, &errorBody{Message: fmt.Sprintf("reset: no row with id %q in %s", clip(req.ID), e.rows.dir), Code: CodeValidation}
		}
	case req.Suite != "" && req.Index != nil:
		bySuite := e.rows.qs.BySuite[req.Suite]
		if bySuite == nil {
			return stepReply{}, &errorBody{Message: fmt.Sprintf("reset: no suite %q in %s: it has %v", clip(req.Suite), e.rows.dir, e.rows.qs.SuiteNames()), Code: CodeValidation}
		}
		if q = bySuite[*req.Index]; q == nil {
			return stepReply{}, &errorBody{Message: fmt.Sprintf("reset: suite %s has no row of index %d (it has %d rows)", req.Suite, *req.Index, len(bySuite)), Code: CodeValidation}
		}
	default:
		example := "<suite>"
		if names := e.rows.qs.SuiteNames(); len(names) > 0 {
			example = names[0]
		}
		return stepReply{}, &errorBody{Message: fmt.Sprintf(`reset: name a row: {"suite": %q, "index": 0} or {"id": "..."}`, example), Code: CodeValidation}
	}
	style := req.PromptStyle
	switch style {
	case "":
		style = "instruct"
	case "instruct", "cot":
	default:
		return stepReply{}, &errorBody{Message: fmt.Sprintf("reset: prompt_style %q: want instruct or cot", clip(style)), Code: CodeValidation}
	}
	row := *e.rows.shown[q.ID]
	row.Prompt = row.instruct
	if style == "cot" {
		row.Prompt = row.cot
	}
	e.row, e.style, e.steps, e.done, e.got, e.extra = &row, style, 0, false, 0, map[string]any{"chance": q.Chance()}
	return e.observe(""), nil
}

// step scores the model's reply as gen score does, and ends the episode.
func (e *rowEnv) step(_ context.Context, raw json.RawMessage) (stepReply, *errorBody) {
	switch {
	case e.row == nil:
		return stepReply{}, &errorBody{Message: "step before reset: send a reset naming a row first", Code: CodeNoEpisodeYet}
	case e.done:
		return stepReply{}, &errorBody{Message: "the row is answered: reset to another", Code: CodeEpisodeFinished}
	}
	var a actionBody
	if err := strictJSON(raw, &a); err != nil {
		return stepReply{}, &errorBody{Message: "step: " + err.Error(), Code: CodeValidation}
	}
	reply, err := a.text()
	if err != nil {
		return stepReply{}, &errorBody{Message: "step: " + err.Error(), Code: CodeValidation}
	}
	res, err := score.Score(e.rows.qs, []score.Reply{{ID: e.row.ID, Response: reply, PromptStyle: e.style}})
	if err != nil || len(res) != 1 {
		return stepReply{}, &errorBody{Message: fmt.Sprintf("step: scoring: %v", err), Code: CodeExecution}
	}
	e.steps, e.done = 1, true
	if res[0].Correct {
		e.got = 1
	}
	e.extra["parsed"] = res[0].Parsed
	e.extra["extracted"] = res[0].Got
	e.extra["correct"] = res[0].Correct
	errText := ""
	if !res[0].Parsed {
		errText = "the reply holds no answer gen score can read"
	}
	return e.observe(errText), nil
}

// rowState is a dataset session's state.
type rowState struct {
	EpisodeID string  `json:"episode_id"`
	StepCount int     `json:"step_count"`
	Suite     string  `json:"suite,omitempty"`
	Index     int64   `json:"index"`
	Done      bool    `json:"done"`
	Reward    float64 `json:"reward"`
}

// settle has nothing to do: a row's pictures are read, not painted.
func (e *rowEnv) settle() {}

func (e *rowEnv) state() any {
	if e.row == nil {
		return rowState{}
	}
	return rowState{EpisodeID: e.row.ID, StepCount: e.steps, Suite: e.row.Suite, Index: e.row.Index, Done: e.done, Reward: e.got}
}
