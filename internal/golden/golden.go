// Package golden is the one golden-file check of the tests: a file holds
// what a function must produce, -update rewrites it.
package golden

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Check fails t when the file at path does not hold got, showing the
// lines that differ; with update it writes got there instead.
func Check(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n")); diff != "" {
		t.Errorf("%s is stale (go test -update rewrites it) (-want +got):\n%s", path, diff)
	}
}
