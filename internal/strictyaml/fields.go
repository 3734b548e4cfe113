package strictyaml

import (
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/agnivade/levenshtein"
)

// fieldCache maps a struct type to its fields by json name.
var fieldCache sync.Map // reflect.Type -> map[string]int

// fieldIndex returns the struct's exported fields by json name (the
// field's name when it has no tag), leaving out fields tagged "-".
func fieldIndex(t reflect.Type) map[string]int {
	if m, ok := fieldCache.Load(t); ok {
		return m.(map[string]int)
	}
	m := map[string]int{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch name {
		case "-":
			continue
		case "":
			name = f.Name
		}
		m[name] = i
	}
	fieldCache.Store(t, m)
	return m
}

// fieldNames returns the json names of the struct's fields in their order.
func fieldNames(t reflect.Type) []string {
	idx := fieldIndex(t)
	names := make([]string, 0, len(idx))
	for i := range t.NumField() {
		for name, j := range idx {
			if j == i {
				names = append(names, name)
			}
		}
	}
	return names
}

// unknownKey words the refusal of key, naming the nearest of valid: the
// one equal but for case, else the one fewest edits away.
func unknownKey(key string, valid []string) string {
	best, dist := "", -1
	for _, v := range valid {
		d := levenshtein.ComputeDistance(strings.ToLower(key), strings.ToLower(v))
		if strings.EqualFold(key, v) {
			d = -1 // case alone: the nearest whatever else is near
		}
		if best == "" || d < dist {
			best, dist = v, d
		}
	}
	key = clip(key)
	switch {
	case best == "":
		return fmt.Sprintf("unknown key %q: nothing may be set here", key)
	case dist < 0:
		return fmt.Sprintf("unknown key %q: keys are case-sensitive; write %q", key, best)
	}
	return fmt.Sprintf("unknown key %q: did you mean %q? (keys here: %s)", key, best, strings.Join(valid, ", "))
}
