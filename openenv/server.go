// Package openenv serves formplan's forms as environments over the OpenEnv
// protocol: a WebSocket at /ws holds one episode a connection (messages
// reset, step, state, close), and HTTP endpoints answer stateless resets
// and steps, the health, the JSON Schemas and the server's metadata. The
// episodes are package episode's: their reward is the simulator's.
package openenv

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/formplan/formplan/episode"
	"github.com/formplan/formplan/forms"
)

// Options configures a Server. Zero fields take the defaults given.
type Options struct {
	MaxSessions int           // WebSocket sessions at once; 0 means 256
	IdleTimeout time.Duration // a session with no message for this long is closed; 0 means 5 minutes
	MaxBody     int64         // bytes of an HTTP body or a WebSocket message; 0 means 1 MiB
	Token       string        // when set, every request but GET /health needs "Authorization: Bearer <Token>"
	Version     string        // the generator version /metadata reports
}

// Server is an OpenEnv server of formplan episodes. Create it with New.
type Server struct {
	fams    map[string]*forms.Family
	painter episode.Painter
	rows    *Rows // set: the server serves a dataset's rows (NewDataset)
	opt     Options

	mu       sync.Mutex
	sessions map[*session]struct{}
	draining bool
	wg       sync.WaitGroup
}

// New returns a server of episodes on the families fams, drawn by painter
// (nil: text observations only).
func New(fams []forms.Family, painter episode.Painter, opt Options) *Server {
	if opt.MaxSessions == 0 {
		opt.MaxSessions = 256
	}
	if opt.IdleTimeout == 0 {
		opt.IdleTimeout = 5 * time.Minute
	}
	if opt.MaxBody == 0 {
		opt.MaxBody = 1 << 20
	}
	return &Server{fams: episode.ByName(fams), painter: painter, opt: opt, sessions: map[*session]struct{}{}}
}

// NewDataset returns a server of the rows of a dataset (LoadRows): a
// reset gives one row's prompt and pictures, a step takes the model's
// reply and gives the reward gen score gives it.
func NewDataset(rows *Rows, opt Options) *Server {
	s := New(nil, nil, opt)
	s.rows = rows
	return s
}

// Handler returns the server's HTTP handler.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", s.health)
	mux.HandleFunc("GET /metadata", s.auth(s.metadata))
	mux.HandleFunc("GET /schema", s.auth(s.schema))
	mux.HandleFunc("POST /reset", s.auth(s.httpReset))
	mux.HandleFunc("POST /step", s.auth(s.httpStep))
	mux.HandleFunc("GET /state", s.auth(s.httpState))
	mux.HandleFunc("GET /ws", s.auth(s.ws))
	return mux
}

// Sessions returns how many WebSocket sessions are open.
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// Drain refuses new sessions, closes the open ones (each gets a close
// frame saying the server is going away) and waits for them, or for ctx.
func (s *Server) Drain(ctx context.Context) error {
	s.mu.Lock()
	s.draining = true
	for ss := range s.sessions {
		ss.cancel()
	}
	s.mu.Unlock()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// auth wraps h with the bearer-token check, when the server has a token.
func (s *Server) auth(h http.HandlerFunc) http.HandlerFunc {
	if s.opt.Token == "" {
		return h
	}
	want := []byte("Bearer " + s.opt.Token)
	return func(w http.ResponseWriter, r *http.Request) {
		got := []byte(r.Header.Get("Authorization"))
		if subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="formplan"`)
			writeJSON(w, http.StatusUnauthorized, errorBody{Message: "missing or wrong bearer token: send Authorization: Bearer <token>", Code: CodeUnauthorized})
			return
		}
		h(w, r)
	}
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "healthy"})
}

// metadataBody is what GET /metadata returns.
type metadataBody struct {
	Name             string   `json:"name"`
	Description      string   `json:"description"`
	ReadmeContent    *string  `json:"readme_content"`
	Version          string   `json:"version"`
	Author           *string  `json:"author"`
	DocumentationURL *string  `json:"documentation_url"`
	Families         []string `json:"families"`
	Mode             string   `json:"mode"` // episodes, or dataset: a dataset's rows as one-step tasks
}

func (s *Server) metadata(w http.ResponseWriter, r *http.Request) {
	names := make([]string, 0, len(s.fams))
	for n := range s.fams {
		names = append(names, n)
	}
	slices.Sort(names)
	mode := "episodes"
	if s.rows != nil {
		mode, names = "dataset", nil
	}
	writeJSON(w, http.StatusOK, metadataBody{
		Name:        "formplan",
		Description: "MiniWoB-style web forms (checkboxes, sliders, radio buttons, text boxes, conditional fields) as environments: act on the form, reward 1 when Submit is pressed with the task met, computed by an exact simulator.",
		Version:     s.opt.Version, Families: names, Mode: mode,
	})
}

// Error codes, as OpenEnv's server names them, and formplan's own.
const (
	CodeInvalidJSON     = "INVALID_JSON"
	CodeUnknownType     = "UNKNOWN_TYPE"
	CodeValidation      = "VALIDATION_ERROR"
	CodeExecution       = "EXECUTION_ERROR"
	CodeCapacity        = "CAPACITY_REACHED"
	CodeSession         = "SESSION_ERROR"
	CodeUnauthorized    = "UNAUTHORIZED"
	CodeTooLarge        = "MESSAGE_TOO_LARGE"
	CodeShuttingDown    = "SHUTTING_DOWN"
	CodeNoEpisodeYet    = "NO_EPISODE"
	CodeEpisodeFinished = "EPISODE_DONE"
)

// errorBody is an error's data.
type errorBody struct {
	Message        string `json:"message"`
	Code           string `json:"code"`
	ActiveSessions int    `json:"active_sessions,omitempty"`
	MaxSessions    int    `json:"max_sessions,omitempty"`
}

// writeJSON writes v with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"message":"encoding the reply failed","code":"EXECUTION_ERROR"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// readBody reads a JSON body of at most MaxBody bytes into v, strictly:
// unknown fields are an error, as a misspelt field must not pass unseen.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, v any) bool {
	r.Body = http.MaxBytesReader(w, r.Body, s.opt.MaxBody)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			writeJSON(w, http.StatusRequestEntityTooLarge, errorBody{Message: fmt.Sprintf("the body is over %d bytes", s.opt.MaxBody), Code: CodeTooLarge})
			return false
		}
		writeJSON(w, http.StatusUnprocessableEntity, errorBody{Message: "the body is not the JSON this endpoint takes: " + err.Error(), Code: CodeValidation})
		return false
	}
	return true
}

// TextHeap is the heap budget of a server without pictures
// (heapbudget.Default), unless GOGC or GOMEMLIMIT is set. Its live heap is
// the sessions' episodes and sockets, a few MB, and a step allocates
// about 4 KB, so with the default GOGC the collector ran every thousand
// steps or so; on this budget it runs about every 30,000. In
// BenchmarkTextSteps the p99 of a step as fast as it goes fell from
// 11.9-13.8 ms to 7.8-8.6 ms (three runs each, in turns).
const TextHeap = 128 << 20

// ServeTabs is how many browser tabs a renderer that paints for up to
// maxSessions sessions at once should keep: a picture waits on Chromium
// more than it works it, so four a core, and no more than the sessions.
func ServeTabs(maxSessions int) int {
	return min(max(maxSessions, 2), 4*runtime.GOMAXPROCS(0))
}
