package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigRefusalsCLI runs gen on bad configs: exit 2 (a usage error),
// one line, nothing written.
func TestConfigRefusalsCLI(t *testing.T) {
	dir := t.TempDir()
	for name, doc := range map[string]string{
		"empty.yaml":  "",
		"second.yaml": "suites: {edge_case: 3}\n---\n",
		"case.json":   `{"SUITES": {"edge_case": 3}}`,
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out-"+name)
		_, _, err := runGen(t, "--config", p, "--out", out, "--no-images")
		if _, ok := err.(usageError); !ok || strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), name) {
			t.Errorf("%s: error %T %v, want a usage error of one line naming the file", name, err, err)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: a refused config left %s behind", name, out)
		}
	}
}
