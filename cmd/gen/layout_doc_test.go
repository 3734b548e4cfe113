package main

import (
	"go/build"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const module = "github.com/formplan/formplan/"

// TestCodeLayoutDoc keeps docs/code-layout.md true: it names every
// package of the module once, and each imports only packages the table
// lists above it.
func TestCodeLayoutDoc(t *testing.T) {
	doc, err := os.ReadFile("../../docs/code-layout.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\|[^|]*\\| ((?:`[a-z/]+`(?:, )?)+) \\|")
	pos := map[string]int{}
	for _, m := range row.FindAllStringSubmatch(string(doc), -1) {
		for _, name := range strings.Split(m[1], ", ") {
			name = strings.Trim(name, "`")
			if _, dup := pos[name]; dup {
				t.Errorf("%s is listed twice", name)
			}
			pos[name] = len(pos)
		}
	}
	var dirs []string
	err = filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != "../.." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules" || name == "internal" || name == "clients") {
			return filepath.SkipDir
		}
		if d.IsDir() {
			if p, err := build.ImportDir(path, 0); err == nil && p.Name != "" {
				dirs = append(dirs, path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		rel, _ := filepath.Rel("../..", dir)
		me := filepath.ToSlash(rel)
		at, ok := pos[me]
		if !ok {
			t.Errorf("docs/code-layout.md does not list package %s", me)
			continue
		}
		p, err := build.ImportDir(dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range p.Imports {
			dep, ok := strings.CutPrefix(imp, module)
			if !ok || strings.HasPrefix(dep, "internal/") {
				continue
			}
			if pos[dep] > at {
				t.Errorf("%s imports %s, which docs/code-layout.md lists below it", me, dep)
			}
		}
	}
	if len(dirs) < 20 {
		t.Errorf("found %d packages: the walk missed the tree", len(dirs))
	}
}
