package openenv

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/formplan/formplan/episode"
)

// resetRequest is the data of a reset: the seed and the task spec, as
// fields of their own (episode.Spec's), and OpenEnv's episode_id.
type resetRequest struct {
	Seed      *int64   `json:"seed,omitempty"`
	EpisodeID string   `json:"episode_id,omitempty"` // accepted and echoed in the state; the id is formplan's own
	Family    string   `json:"family,omitempty"`
	Horizon   int      `json:"horizon,omitempty"`
	Start     string   `json:"start,omitempty"`
	Mistakes  int      `json:"mistakes,omitempty"`
	Budget    int      `json:"budget,omitempty"`
	Observe   []string `json:"observe,omitempty"`
}

// spec returns the episode spec the request asks for.
func (r resetRequest) spec() episode.Spec {
	return episode.Spec{Family: r.Family, Horizon: r.Horizon, Start: r.Start, Mistakes: r.Mistakes, Budget: r.Budget, Observe: r.Observe}
}

// actionBody is the action of a step: the text an agent wrote.
// action_str is BrowserGym's environment's name for it.
type actionBody struct {
	Action    *string         `json:"action,omitempty"`
	ActionStr *string         `json:"action_str,omitempty"`
	Metadata  json.RawMessage `json:"metadata,omitempty"` // OpenEnv's clients send it; ignored
}

// text returns the action's text.
func (a actionBody) text() (string, error) {
	switch {
	case a.Action != nil && a.ActionStr != nil:
		return "", errors.New(`give the action once, as "action" or as "action_str"`)
	case a.Action != nil:
		return *a.Action, nil
	case a.ActionStr != nil:
		return *a.ActionStr, nil
	}
	return "", errors.New(`the step has no action: send {"action": "click('e0')"}`)
}

// stepReply is an observation message's data, as OpenEnv lays it out: the
// observation, and the reward and done beside it.
type stepReply struct {
	Observation any     `json:"observation"`
	Reward      float64 `json:"reward"`
	Done        bool    `json:"done"`
}

// environment is what a session acts on: an episode of a form (env), or a
// dataset's rows as one-step tasks (rowEnv).
type environment interface {
	reset(ctx context.Context, raw json.RawMessage) (stepReply, *errorBody)
	step(ctx context.Context, raw json.RawMessage) (stepReply, *errorBody)
	state() any
	// settle does what the last reply left for after it was sent.
	settle()
}

// newEnv returns a fresh environment of the server's mode.
func (s *Server) newEnv() environment {
	if s.rows != nil {
		return &rowEnv{rows: s.rows}
	}
	return &env{s: s}
}

func reply(o episode.Observation) stepReply {
	return stepReply{Observation: o, Reward: o.Reward, Done: o.Done}
}

// stateBody is a state message's data.
type stateBody struct {
	EpisodeID string       `json:"episode_id"`
	StepCount int          `json:"step_count"`
	Seed      int64        `json:"seed"`
	Spec      episode.Spec `json:"spec"`
	Done      bool         `json:"done"`
	Reward    float64      `json:"reward"`
	Optimal   int          `json:"optimal"`
	ClientID  string       `json:"client_episode_id,omitempty"`
	Unmet     int          `json:"unmet"`
}

// env is one environment: an episode, once reset.
type env struct {
	s        *Server
	ep       *episode.Episode
	clientID string
}

// reset starts a new episode; a missing seed is 0.
func (e *env) reset(ctx context.Context, raw json.RawMessage) (stepReply, *errorBody) {
	var req resetRequest
	if len(raw) > 0 && string(raw) != "null" {
		if err := strictJSON(raw, &req); err != nil {
			e.ep = nil
			return stepReply{}, &errorBody{Message: "reset: " + err.Error(), Code: CodeValidation}
		}
	}
	seed := int64(0)
	if req.Seed != nil {
		seed = *req.Seed
	}
	if seed < 0 {
		e.ep = nil
		return stepReply{}, &errorBody{Message: fmt.Sprintf("reset: seed %d: want 0 or more", seed), Code: CodeValidation}
	}
	ep, o, err := episode.Reset(ctx, seed, req.spec(), e.s.fams, e.s.painter)
	if err != nil {
		e.ep = nil // a failed reset ends the episode before it: the next step gets NO_EPISODE
		return stepReply{}, &errorBody{Message: "reset: " + err.Error(), Code: CodeValidation}
	}
	e.ep, e.clientID = ep, req.EpisodeID
	return reply(o), nil
}

// step applies one action.
func (e *env) step(ctx context.Context, raw json.RawMessage) (stepReply, *errorBody) {
	if e.ep == nil {
		return stepReply{}, &errorBody{Message: "step before reset: send a reset first", Code: CodeNoEpisodeYet}
	}
	var a actionBody
	if err := strictJSON(raw, &a); err != nil {
		return stepReply{}, &errorBody{Message: "step: " + err.Error(), Code: CodeValidation}
	}
	text, err := a.text()
	if err != nil {
		return stepReply{}, &errorBody{Message: "step: " + err.Error(), Code: CodeValidation}
	}
	o, err := e.ep.Step(ctx, text)
	switch {
	case errors.Is(err, episode.ErrDone):
		return stepReply{}, &errorBody{Message: err.Error(), Code: CodeEpisodeFinished}
	case err != nil:
		return stepReply{}, &errorBody{Message: "step: " + err.Error(), Code: CodeExecution}
	}
	return reply(o), nil
}

// settle lets the episode finish its last picture's work (Episode.Settle).
func (e *env) settle() {
	if e.ep != nil {
		e.ep.Settle()
	}
}

// state returns the episode's state.
func (e *env) state() any {
	if e.ep == nil {
		return stateBody{}
	}
	return stateBody{
		EpisodeID: e.ep.ID, StepCount: e.ep.Steps, Seed: e.ep.Seed, Spec: e.ep.Spec, Done: e.ep.Done,
		Reward: e.ep.Reward, Optimal: e.ep.Optimal, ClientID: e.clientID, Unmet: e.ep.Goal.Unmet(&e.ep.Form, e.ep.State),
	}
}

// strictJSON decodes raw into v, refusing unknown fields and trailing data.
func strictJSON(raw json.RawMessage, v any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("data after the JSON value")
	}
	return nil
}
