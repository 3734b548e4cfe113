package layout

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// ErrNoFiles is wrapped by Scan's error when a directory holds no data file
// of any suite.
var ErrNoFiles = errors.New("no Parquet files")

// Dir is what Scan found in a dataset directory.
type Dir struct {
	Path   string  // the directory, as given to Scan
	Suites []Suite // every folder holding data files, in name order
}

// Suite is one suite's folder and its data files.
type Suite struct {
	Name  string // the folder's name, which is the suite's
	Files []File // in name order, which is shard order within a count
}

// File is one data file of a suite.
type File struct {
	Suite  string // the suite's folder
	Name   string // FileName(Shard, Shards)
	Path   string // the dataset directory, Suite and Name joined
	Shard  int    // K of the name test-0000K-of-0000N.parquet
	Shards int    // N of the name, more than Shard
}

// Rel returns the file's path from the dataset directory, slash-separated:
// <suite>/test-0000K-of-0000N.parquet.
func (f *File) Rel() string { return f.Suite + "/" + f.Name }

// Files returns every data file of d, suite by suite in name order.
func (d *Dir) Files() []File {
	var out []File
	for i := range d.Suites {
		out = append(out, d.Suites[i].Files...)
	}
	return out
}

// Missing returns the names of the files absent from each series of
// shards the suite has files of (test-K-of-N for one N), by N and then K:
// a directory may rightly hold some shards of a run only, which readers
// report rather than refuse.
func (s *Suite) Missing() []string {
	have := map[int]map[int]bool{}
	for _, f := range s.Files {
		if have[f.Shards] == nil {
			have[f.Shards] = map[int]bool{}
		}
		have[f.Shards][f.Shard] = true
	}
	var out []string
	for _, n := range slices.Sorted(maps.Keys(have)) {
		for k := range n {
			if !have[n][k] {
				out = append(out, FileName(k, n))
			}
		}
	}
	return out
}

// Scan lists the data files of the dataset directory dir: every folder of
// dir that is not hidden and holds files named *.parquet is a suite, and
// each such file must be named FileName(K, N) with K < N and be a regular
// file (or a symbolic link to one). Hidden names, such as a writer's
// temporary files, are left out, and so are folders without Parquet files
// (pddl, preview). Nothing is opened, so a named pipe named like a shard
// cannot block the caller.
//
// Errors name the path and leave the prefix to the caller: os.ReadDir's
// error for a directory that cannot be read (wrapping fs.ErrNotExist when
// it does not exist), one wrapping ErrNoFiles when no folder holds data
// files, and one naming the first file of a name gen does not write or that
// is not a regular file.
func Scan(dir string) (*Dir, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	d := &Dir{Path: dir}
	direct := false             // dir itself holds Parquet files: a suite's folder
	for _, e := range entries { // os.ReadDir sorts by name
		name := e.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		if !e.IsDir() {
			direct = direct || strings.HasSuffix(name, ".parquet")
			continue
		}
		files, err := scanSuite(dir, name)
		if err != nil {
			return nil, err
		}
		if len(files) > 0 {
			d.Suites = append(d.Suites, Suite{Name: name, Files: files})
		}
	}
	if len(d.Suites) > 0 {
		return d, nil
	}
	if direct {
		return nil, fmt.Errorf("no suites in %s: %w in <suite> subdirectories; it looks like a suite directory, so pass its parent", dir, ErrNoFiles)
	}
	return nil, fmt.Errorf("no suites in %s: %w named %s; give the directory gen --out wrote", dir, ErrNoFiles, filepath.Join(dir, "<suite>", Glob))
}

// scanSuite returns the data files of the folder suite of dir.
func scanSuite(dir, suite string) ([]File, error) {
	entries, err := os.ReadDir(filepath.Join(dir, suite))
	if err != nil {
		return nil, err
	}
	var files []File
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".parquet") {
			continue
		}
		path := filepath.Join(dir, suite, name)
		k, n, ok := ParseFileName(name)
		if !ok || k >= n {
			return nil, fmt.Errorf("%s is not the name of a formplan data file (test-0000K-of-0000N.parquet, K < N): rename or remove it", path)
		}
		if err := Regular(path); err != nil {
			return nil, err
		}
		files = append(files, File{Suite: suite, Name: name, Path: path, Shard: k, Shards: n})
	}
	return files, nil
}
