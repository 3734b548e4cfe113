package openenv

import (
	"encoding/json"
	"net/http"
)

// httpStepRequest is the body of POST /step. HTTP holds no session, so a
// step names the episode it acts on by its reset: the episode is reset
// from reset and the actions before this one are replayed (a pure
// function of both), then action is applied.
type httpStepRequest struct {
	Action    json.RawMessage   `json:"action"`
	Reset     json.RawMessage   `json:"reset,omitempty"`
	Before    []json.RawMessage `json:"before,omitempty"`
	TimeoutS  *float64          `json:"timeout_s,omitempty"`
	RequestID string            `json:"request_id,omitempty"`
}

// httpReset is POST /reset: a fresh environment, reset, its observation.
func (s *Server) httpReset(w http.ResponseWriter, r *http.Request) {
	var raw json.RawMessage
	if !s.readBody(w, r, &raw) {
		return
	}
	e := s.newEnv()
	rep, eb := e.reset(r.Context(), raw)
	if eb != nil {
		writeJSON(w, http.StatusUnprocessableEntity, eb)
		return
	}
	writeJSON(w, http.StatusOK, rep)
	e.settle()
}

// httpStep is POST /step: the episode of the body's reset, with its
// earlier actions replayed, stepped once.
func (s *Server) httpStep(w http.ResponseWriter, r *http.Request) {
	var req httpStepRequest
	if !s.readBody(w, r, &req) {
		return
	}
	e := s.newEnv()
	if _, eb := e.reset(r.Context(), req.Reset); eb != nil {
		writeJSON(w, http.StatusUnprocessableEntity, eb)
		return
	}
	for _, a := range req.Before {
		if _, eb := e.step(r.Context(), a); eb != nil {
			writeJSON(w, http.StatusUnprocessableEntity, eb)
			return
		}
	}
	rep, eb := e.step(r.Context(), req.Action)
	if eb != nil {
		writeJSON(w, http.StatusUnprocessableEntity, eb)
		return
	}
	writeJSON(w, http.StatusOK, rep)
	e.settle()
}

// httpState is GET /state: HTTP holds no episode, so it is the state of a
// fresh environment.
func (s *Server) httpState(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.newEnv().state())
}
