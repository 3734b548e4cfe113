// Package golden compares what a test produces with a file kept in the
// package's testdata, and rewrites the file instead when the test runs
// with -update, to accept a deliberate change (then read the diff).
package golden

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata with what the tests produce")

// Check compares got with the file at path and fails t when they differ
// or the file is missing, saying how to accept the change; under -update
// it writes got to path instead.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update accepts the change):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}
