package outdir

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestExclusive checks that Exclusive is refused while a shard writes,
// taken once every shard has let go, and leaves no lock file; and that
// SetShards rewrites a readable manifest only.
func TestExclusive(t *testing.T) {
	dir := t.TempDir()
	shard, err := Acquire(dir, run("seed 1", 2, 4, false, "s"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Exclusive(dir, nil); !errors.Is(err, ErrBusy) {
		t.Fatalf("Exclusive while shard 2/4 writes: %v, want ErrBusy", err)
	}
	shard.Release()
	l, err := Exclusive(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.SetShards(1); err != nil {
		t.Fatal(err)
	}
	l.Release()
	owner, err := readManifest(dir)
	if err != nil || owner == nil || owner.Key != "seed 1" || owner.Shards != 1 || owner.Suites[0] != "s" {
		t.Fatalf("manifest after SetShards(1): %+v, %v", owner, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left %d entries, want only the manifest: %v", len(entries), entries)
	}

	for _, tc := range []struct{ name, manifest string }{
		{"unreadable", "{not json"},
		{"no key", `{"shards": 4}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, manifestName)
			write(t, dir, map[string]string{manifestName: tc.manifest})
			l, err := Exclusive(dir, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer l.Release()
			if err := l.SetShards(1); err != nil {
				t.Fatal(err)
			}
			if raw, _ := os.ReadFile(path); string(raw) != tc.manifest {
				t.Errorf("SetShards rewrote an unreadable manifest as %s", raw)
			}
		})
	}
}
