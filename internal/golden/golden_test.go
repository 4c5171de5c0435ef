package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records whether the check failed.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true }
func (r *recorder) Helper()               {}

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.golden")
	r := &recorder{TB: t}
	Check(r, path, []byte("a\nb\n"), false)
	if !r.failed {
		t.Error("a missing golden file passed")
	}
	Check(t, path, []byte("a\nb\n"), true)
	if b, _ := os.ReadFile(path); string(b) != "a\nb\n" {
		t.Errorf("update wrote %q", b)
	}
	r = &recorder{TB: t}
	Check(r, path, []byte("a\nb\n"), false)
	if r.failed {
		t.Error("equal bytes failed")
	}
	Check(r, path, []byte("a\nc\n"), false)
	if !r.failed {
		t.Error("other bytes passed")
	}
}
