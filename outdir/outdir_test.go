package outdir

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// The test's data files hold their run key as text; flagsOf reads it back.
func flagsOf(path string) (string, int, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", 0, err
	}
	key, n, _ := strings.Cut(string(raw), "|")
	if n == "" {
		return "", 0, errors.New("no shard count")
	}
	return key, len(n), nil
}

func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for rel, body := range files {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func run(key string, shard, shards int, force bool, suites ...string) Run {
	return Run{Key: key, Shard: shard, Shards: shards, Suites: suites, Force: force, FlagsOf: flagsOf}
}

func exists(dir, rel string) bool {
	_, err := os.Lstat(filepath.Join(dir, rel))
	return err == nil
}

func TestAcquire(t *testing.T) {
	const a, b = "seed 1", "seed 2"
	tests := []struct {
		name    string
		files   map[string]string // before the run; data files hold "key|" + one byte per shard
		run     Run
		wantErr error
		gone    []string // removed by Acquire
		kept    []string // still there after Acquire
	}{
		{"empty directory", nil, run(a, 0, 1, false, "s"), nil, nil, nil},
		{"the same run again", map[string]string{"s/test-00000-of-00001.parquet": a + "|x"}, run(a, 0, 1, false, "s"), nil, nil,
			[]string{"s/test-00000-of-00001.parquet"}},
		{"another seed", map[string]string{"s/test-00000-of-00001.parquet": b + "|x", "README.md": "card", "notes.txt": "mine"},
			run(a, 0, 1, false, "s"), ErrForeign, nil, []string{"s/test-00000-of-00001.parquet", "README.md", "notes.txt"}},
		{"another seed, forced", map[string]string{"s/test-00000-of-00001.parquet": b + "|x", "README.md": "card", "notes.txt": "mine"},
			run(a, 0, 1, true, "s"), nil, []string{"s/test-00000-of-00001.parquet", "README.md"}, []string{"notes.txt"}},
		{"another suite", map[string]string{"t/test-00000-of-00001.parquet": a + "|x"}, run(a, 0, 1, false, "s"), ErrForeign, nil, nil},
		{"stale shards beside a whole run", map[string]string{"s/test-00000-of-00002.parquet": a + "|xx"}, run(a, 0, 1, true, "s"), nil,
			[]string{"s/test-00000-of-00002.parquet"}, nil},
		{"stale exports", map[string]string{"lmms-eval/t_cot.yaml": "", "lmms-eval/s_cot.yaml": "", "lmms-eval/utils.py": "", "vlmevalkit/formplan_t.tsv": "", "vlmevalkit/formplan_s.tsv": ""},
			run(a, 0, 1, true, "s"), nil, []string{"lmms-eval/t_cot.yaml", "vlmevalkit/formplan_t.tsv"},
			[]string{"lmms-eval/s_cot.yaml", "lmms-eval/utils.py", "vlmevalkit/formplan_s.tsv"}},
		{"stale domains", map[string]string{"pddl/f.domain.pddl": "", "pddl/g.domain.pddl": "", "pddl/notes.txt": ""},
			Run{Key: a, Shards: 1, Suites: []string{"s"}, Families: []string{"f"}, Force: true, FlagsOf: flagsOf}, nil,
			[]string{"pddl/g.domain.pddl"}, []string{"pddl/f.domain.pddl", "pddl/notes.txt"}},
		{"a stale domain, not forced", map[string]string{"pddl/g.domain.pddl": ""},
			Run{Key: a, Shards: 1, Suites: []string{"s"}, Families: []string{"f"}, FlagsOf: flagsOf}, ErrForeign, nil, []string{"pddl/g.domain.pddl"}},
		{"unreadable data", map[string]string{"s/test-00000-of-00001.parquet": "garbage"}, run(a, 0, 1, false, "s"), ErrForeign, nil, nil},
		{"debris of a killed run", map[string]string{"s/.test-00000-of-00001.parquet.tmp-123": "half", ".README.md4567": "half", "pddl/.f.domain.pddl890": "half", "..formplan-run.json42": "half"},
			run(a, 0, 1, false, "s"), nil, []string{"s/.test-00000-of-00001.parquet.tmp-123", ".README.md4567", "pddl/.f.domain.pddl890", "..formplan-run.json42"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, tc.files)
			l, err := Acquire(dir, tc.run)
			if !errors.Is(err, tc.wantErr) || (err != nil) != (tc.wantErr != nil) {
				t.Fatalf("Acquire: %v, want %v", err, tc.wantErr)
			}
			if err == nil {
				defer l.Release()
				if !exists(dir, manifestName) {
					t.Error("no manifest written")
				}
				for _, rel := range tc.gone {
					if !slices.Contains(l.Removed, rel) {
						t.Errorf("Removed = %v, want %s in it", l.Removed, rel)
					}
				}
			}
			for _, rel := range tc.gone {
				if exists(dir, rel) {
					t.Errorf("%s is still there", rel)
				}
			}
			for _, rel := range tc.kept {
				if !exists(dir, rel) {
					t.Errorf("%s was removed", rel)
				}
			}
		})
	}
}

// Shards of one run share a directory; another run and a second writer of
// one shard are kept out while they write, forced or not.
func TestAcquireConcurrent(t *testing.T) {
	dir := t.TempDir()
	first, err := Acquire(dir, run("k", 0, 4, false, "s"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, map[string]string{
		"s/.test-00000-of-00004.parquet.tmp-1": "being written by the first",
		"s/.test-00002-of-00004.parquet.tmp-2": "left by a killed shard 2",
	})
	second, err := Acquire(dir, run("k", 2, 4, false, "s"))
	if err != nil {
		t.Fatalf("another shard of the same run: %v", err)
	}
	if !exists(dir, "s/.test-00000-of-00004.parquet.tmp-1") || exists(dir, "s/.test-00002-of-00004.parquet.tmp-2") {
		t.Errorf("shard 2 swept %v: want only its own debris gone", second.Removed)
	}
	if _, err := Acquire(dir, run("k", 2, 4, false, "s")); !errors.Is(err, ErrBusy) {
		t.Errorf("the same shard twice: %v, want ErrBusy", err)
	}
	if _, err := Acquire(dir, run("other", 0, 1, true, "s")); !errors.Is(err, ErrBusy) {
		t.Errorf("another run while shards write, forced: %v, want ErrBusy", err)
	}
	first.Release()
	second.Release()
	if _, err := Acquire(dir, run("other", 0, 1, false, "s")); !errors.Is(err, ErrForeign) {
		t.Errorf("another run after them: %v, want ErrForeign (the manifest is theirs)", err)
	}
}

// A named pipe called like a shard is never opened: opening it would wait
// for a writer forever.
func TestAcquireFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "s"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "s", "test-00000-of-00001.parquet"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	if _, err := Acquire(dir, run("k", 0, 1, false, "s")); !errors.Is(err, ErrForeign) {
		t.Fatalf("Acquire: %v, want ErrForeign", err)
	}
}

func TestAbandon(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "new")
	l, err := Acquire(dir, run("k", 0, 1, false, "s"))
	if err != nil {
		t.Fatal(err)
	}
	l.Abandon()
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the directory Acquire made is still there after Abandon: %v", err)
	}
	// In a directory with a run's files, Abandon leaves them and the
	// manifest that names them.
	write(t, dir, map[string]string{"s/test-00000-of-00001.parquet": "k|x"})
	if l, err = Acquire(dir, run("k", 0, 1, false, "s")); err != nil {
		t.Fatal(err)
	}
	l.Release()
	if l, err = Acquire(dir, run("k", 0, 1, false, "s")); err != nil {
		t.Fatal(err)
	}
	l.Abandon()
	if !exists(dir, "s/test-00000-of-00001.parquet") || !exists(dir, manifestName) {
		t.Error("Abandon removed a run's files")
	}
}

func TestAcquireReadOnly(t *testing.T) {
	if os.Geteuid() == 0 {
		// root writes anywhere; a read-only file system is what stops it.
		t.Skip("root ignores permissions: the read-only case is covered by cmd/gen's test on a read-only mount")
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o555)
	defer os.Chmod(dir, 0o755)
	if _, err := Acquire(dir, run("k", 0, 1, false, "s")); err == nil || !strings.Contains(err.Error(), "not writable") {
		t.Fatalf("Acquire: %v, want not writable", err)
	}
}
