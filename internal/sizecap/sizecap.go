// Package sizecap reads input files with a cap on their size, so that a
// huge or endless input (a 50 MB spec, /dev/zero) is refused with a clear
// error instead of exhausting memory: toolspec needs 40 to 50 bytes of
// memory per byte of spec (docs/performance.md).
package sizecap

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// The caps.
const (
	// Spec caps a spec file: 16 MiB, about 27 000 tools of ten rows, where
	// compiling takes about 700 MB. The largest public MCP catalogs have a
	// few hundred tools.
	Spec = 16 << 20
	// Part is the size import --split keeps each spec under: 4 MiB, so
	// that test-report --suggest -w (at most 16 KiB of fixtures a tool,
	// docs/test-report.md) leaves a part well under Spec.
	Part = 4 << 20
	// Document caps an OpenAPI document or a tools/list JSON read by
	// import, parity and diff: 32 MiB, three times the largest public API
	// descriptions (GitHub's REST description is about 11 MB).
	Document = 32 << 20
)

// ErrTooLarge is wrapped by the error for an input over its cap.
var ErrTooLarge = errors.New("input too large")

// TooLargeError is an input over its cap.
type TooLargeError struct {
	What  string // "a spec", "a document"
	Size  int64  // the size, when known; else 0 (more than Limit)
	Limit int64
}

func (e *TooLargeError) Error() string {
	size := "more than " + Text(e.Limit)
	switch {
	case e.Size > 0 && e.Size-e.Limit < e.Limit/20:
		size = fmt.Sprintf("%d bytes", e.Size) // just over: rounding would hide it
	case e.Size > 0:
		size = Text(e.Size)
	}
	return fmt.Sprintf("%s is at most %s; this one is %s", e.What, Text(e.Limit), size)
}

func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// ReadFile reads the file at path, or fails with a *TooLargeError when it
// holds more than limit bytes: checked first by its size when it is a
// regular file, and while reading for anything else (a pipe, a device).
func ReadFile(path string, limit int64, what string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	return readCapped(f, err == nil && fi.Mode().IsRegular(), fi, limit, what)
}

// readCapped reads f whole, refusing more than limit bytes: by its size
// first when sized says fi's size is the file's, and while reading always.
func readCapped(f *os.File, sized bool, fi os.FileInfo, limit int64, what string) ([]byte, error) {
	if sized && fi.Size() > limit {
		return nil, &TooLargeError{What: what, Size: fi.Size(), Limit: limit}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{What: what, Limit: limit}
	}
	return data, nil
}

// ErrNotRegular is wrapped by the error ReadRegularFile returns for a path
// that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ReadRegularFile is ReadFile for a path that must be a regular file (a
// symlink to one will do): a named pipe or a device is refused before
// anything is read, and opened without blocking, so that `check fifo`
// cannot wait forever for a writer or read /dev/zero until the cap.
func ReadRegularFile(path string, limit int64, what string) ([]byte, error) {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
		return nil, notRegular(path, fi)
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() && !fi.IsDir() {
		return nil, notRegular(path, fi)
	}
	return readCapped(f, true, fi, limit, what)
}

func notRegular(path string, fi os.FileInfo) error {
	what := "a " + fi.Mode().Type().String() + " file"
	switch m := fi.Mode(); {
	case m&os.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&os.ModeDevice != 0:
		what = "a device"
	case m&os.ModeSocket != 0:
		what = "a socket"
	}
	return &os.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w: it is %s", ErrNotRegular, what)}
}

// Text writes a byte count as people read it: 16 MiB, 1.5 MiB, 10 KiB,
// 100 bytes.
func Text(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
