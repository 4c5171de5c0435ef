package sizecap

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	small, big := filepath.Join(dir, "small"), filepath.Join(dir, "big")
	if err := os.WriteFile(small, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(big, []byte(strings.Repeat("x", 3<<20)), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(small, 5, "a spec"); err != nil || string(data) != "12345" {
		t.Errorf("at the cap: %q, %v", data, err)
	}
	_, err := ReadFile(small, 4, "a spec")
	if !errors.Is(err, ErrTooLarge) || err.Error() != "a spec is at most 4 bytes; this one is 5 bytes" {
		t.Errorf("over the cap: %v", err)
	}
	_, err = ReadFile(big, 1<<20, "a document")
	if err == nil || err.Error() != "a document is at most 1 MiB; this one is 3 MiB" {
		t.Errorf("over the cap: %v", err)
	}
	if runtime.GOOS != "windows" {
		// An endless device: refused after limit+1 bytes.
		_, err = ReadFile("/dev/zero", 1<<10, "a spec")
		if err == nil || err.Error() != "a spec is at most 1 KiB; this one is more than 1 KiB" {
			t.Errorf("/dev/zero: %v", err)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "none"), 10, "a spec"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestText(t *testing.T) {
	for n, want := range map[int64]string{16 << 20: "16 MiB", 3 << 19: "1.5 MiB", 10 << 10: "10 KiB", 100: "100 bytes", 1500: "1500 bytes"} {
		if got := Text(n); got != want {
			t.Errorf("Text(%d) = %q, want %q", n, got, want)
		}
	}
}
