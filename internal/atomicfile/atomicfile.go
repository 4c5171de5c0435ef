package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrReadOnly is wrapped by the error for a file without the owner's write
// permission.
var ErrReadOnly = errors.New("the file is read-only")

// WriteError is a file that could not be written, and why: the command
// line reports it in the same words as a file it cannot read.
type WriteError struct {
	Path string
	Err  error
}

func (e *WriteError) Error() string { return fmt.Sprintf("cannot write %s: %v", e.Path, e.Err) }

func (e *WriteError) Unwrap() error { return e.Err }

// File is one file to write: its path and its content, the pieces one
// after the other.
type File struct {
	Path string
	Data [][]byte
}

// Write writes data to path atomically: a temporary file beside the target
// renamed over it. Missing folders are created; a new file gets mode 0644
// (generated files are read by other tools and checked in), a replaced one
// keeps its mode.
func Write(path string, data ...[]byte) error {
	return WriteAll(File{Path: path, Data: data})
}

// WriteAll writes several files so that none changes unless all can be
// written: every temporary file is written and synced first, then each is
// renamed into place. Only a failing rename in between can leave some new
// and some old.
func WriteAll(files ...File) (err error) {
	var temps []string
	defer func() {
		if err != nil {
			for _, name := range temps {
				os.Remove(name)
			}
		}
	}()
	targets := make([]string, len(files))
	seen := map[string]string{}
	for i, f := range files {
		if targets[i], err = Target(f.Path); err != nil {
			return &WriteError{Path: f.Path, Err: unwrapPathError(err)}
		}
		if first, dup := seen[targets[i]]; dup {
			return &WriteError{Path: f.Path, Err: fmt.Errorf("it is the same file as %s", first)}
		}
		seen[targets[i]] = f.Path
	}
	for i, f := range files {
		name, err := writeTemp(targets[i], f.Data)
		if err != nil {
			return &WriteError{Path: f.Path, Err: unwrapPathError(err)}
		}
		temps = append(temps, name)
	}
	for i, f := range files {
		if err := os.Rename(temps[i], targets[i]); err != nil {
			return &WriteError{Path: f.Path, Err: unwrapPathError(err)}
		}
	}
	return nil
}

// maxLinks bounds how many symlinks Target follows, as the kernel does.
const maxLinks = 40

// Target returns the file that writing path replaces: path itself, or,
// when path is a symlink, the file at the end of its chain of links (which
// may not exist yet: writing creates it).
func Target(path string) (string, error) {
	for range maxLinks {
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", errors.New("too many levels of symbolic links")
}

// writeTemp writes data to a new temporary file beside target, synced, and
// returns its name. The file gets the mode of the file it will replace, or
// 0644 for a new one.
func writeTemp(target string, data [][]byte) (name string, err error) {
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(target); err == nil {
		switch {
		case fi.IsDir():
			return "", errors.New("is a directory")
		case !fi.Mode().IsRegular():
			return "", fmt.Errorf("is not a regular file (%s)", fi.Mode().Type())
		case fi.Mode().Perm()&0o200 == 0:
			return "", fmt.Errorf("%w (mode %s); make it writable to replace it", ErrReadOnly, fi.Mode().Perm())
		}
		mode = fi.Mode().Perm()
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	for _, d := range data {
		if _, err := f.Write(d); err != nil {
			return "", err
		}
	}
	if err := f.Chmod(mode); err != nil {
		return "", err
	}
	if err := f.Sync(); err != nil {
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	return f.Name(), nil
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
