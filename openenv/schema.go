package openenv

import "net/http"

// schemas are the JSON Schemas GET /schema returns: what a step's action,
// an observation and a state hold.
var schemas = map[string]any{
	"action": map[string]any{
		"type":  "object",
		"title": "Action",
		"properties": map[string]any{
			"action":     map[string]any{"type": "string", "description": "one action: BrowserGym calls, one a line (click('e3'), fill('e4', '12'), mouse_click(40, 120), keyboard_press('ArrowRight'), keyboard_type('7'), noop()), or one step of formplan's action language (English such as 'Check the 2nd checkbox', PDDL, JSON {\"op\", \"target\", \"value\"}, or a click point {\"x\", \"y\"})", "maxLength": 4096},
			"action_str": map[string]any{"type": "string", "description": "the same, under BrowserGym's environment's name"},
		},
		"additionalProperties": false,
	},
	"reset": map[string]any{
		"type":  "object",
		"title": "ResetRequest",
		"properties": map[string]any{
			"seed":       map[string]any{"type": "integer", "minimum": 0, "description": "the episode is a pure function of seed and the fields below"},
			"episode_id": map[string]any{"type": "string"},
			"family":     map[string]any{"type": "string", "default": "checkboxes"},
			"horizon":    map[string]any{"type": "integer", "minimum": 1, "maximum": 24, "default": 1, "description": "wants of the task the start misses"},
			"start":      map[string]any{"enum": []string{"clean", "mistakes"}, "default": "clean"},
			"mistakes":   map[string]any{"type": "integer", "minimum": 1, "maximum": 3, "description": "with start mistakes"},
			"budget":     map[string]any{"type": "integer", "minimum": 1, "maximum": 200, "description": "steps before the episode ends unsubmitted; default the optimal length plus 10"},
			"observe":    map[string]any{"type": "array", "items": map[string]any{"enum": []string{"screenshot", "text", "boxes"}}, "description": "default all three"},
		},
		"additionalProperties": false,
	},
	"observation": map[string]any{
		"type":  "object",
		"title": "Observation",
		"properties": map[string]any{
			"task":              map[string]any{"type": "string"},
			"screenshot":        map[string]any{"type": "string", "contentEncoding": "base64", "contentMediaType": "image/png"},
			"width":             map[string]any{"type": "integer"},
			"height":            map[string]any{"type": "integer"},
			"text":              map[string]any{"type": "string", "description": "one element a line: [id] kind \"name\" value and state"},
			"boxes":             map[string]any{"type": "array", "items": map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "string"}, "kind": map[string]any{"type": "string"}, "name": map[string]any{"type": "string"}, "pixels": map[string]any{"type": "array", "items": map[string]any{"type": "number"}, "minItems": 4, "maxItems": 4}, "norm": map[string]any{"type": "array", "items": map[string]any{"type": "number"}}}}},
			"step":              map[string]any{"type": "integer"},
			"budget":            map[string]any{"type": "integer"},
			"last_action_error": map[string]any{"type": "string"},
			"done":              map[string]any{"type": "boolean"},
			"reward":            map[string]any{"type": "number"},
			"metadata":          map[string]any{"type": "object", "description": "episode_id, seed, spec, valid, unmet_before, unmet_after, unmet (the wants unmet now), optimal, steps_used"},
		},
	},
	"state": map[string]any{
		"type":  "object",
		"title": "State",
		"properties": map[string]any{
			"episode_id":        map[string]any{"type": "string"},
			"step_count":        map[string]any{"type": "integer"},
			"seed":              map[string]any{"type": "integer"},
			"spec":              map[string]any{"type": "object"},
			"done":              map[string]any{"type": "boolean"},
			"reward":            map[string]any{"type": "number"},
			"optimal":           map[string]any{"type": "integer"},
			"unmet":             map[string]any{"type": "integer"},
			"client_episode_id": map[string]any{"type": "string"},
		},
	},
}

func (s *Server) schema(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, schemas)
}
