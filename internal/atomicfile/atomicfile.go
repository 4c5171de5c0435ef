package atomicfile

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
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
	// Tree and Rel, when Tree is not "", confine the write to the folder
	// Tree (absolute, its symlinks resolved): the file is Rel inside it,
	// as the caller's confinement check resolved Path, and Path names it
	// in messages only. Every step (folders, temporary file, rename) then
	// goes through one os.Root opened on Tree, by file descriptor: a
	// symlink planted after the check (a folder swapped for a link out of
	// the tree) makes the write fail instead of leading it out of Tree.
	Tree, Rel string
}

// ErrMoved is wrapped by the error for a confined write whose tree is no
// longer at its path when written. A folder inside it swapped for a link
// out of it fails the write with os.Root's own error (path escapes from
// parent).
var ErrMoved = errors.New("the tree changed while it was written")

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
	temps := make([]string, len(files))
	dirs := make([]dir, len(files))
	roots := map[string]*os.Root{}
	defer func() {
		for i, name := range temps {
			if err != nil && name != "" {
				dirs[i].remove(name)
			}
		}
		for _, r := range roots {
			r.Close()
		}
	}()
	targets := make([]string, len(files))
	seen := map[string]string{}
	for i, f := range files {
		if f.Tree != "" {
			tree, rel := existing(f.Tree, f.Rel)
			if dirs[i].root, err = openRoot(roots, tree); err != nil {
				return &WriteError{Path: f.Path, Err: unwrapPathError(err)}
			}
			targets[i] = rel
		} else if targets[i], err = Target(f.Path); err != nil {
			return &WriteError{Path: f.Path, Err: unwrapPathError(err)}
		}
		key := filepath.Join(f.Tree, targets[i])
		if first, dup := seen[key]; dup {
			return &WriteError{Path: f.Path, Err: fmt.Errorf("it is the same file as %s", first)}
		}
		seen[key] = f.Path
	}
	for i, f := range files {
		if temps[i], err = dirs[i].writeTemp(targets[i], f.Data); err != nil {
			return &WriteError{Path: f.Path, Err: unwrapPathError(err)}
		}
	}
	for i, f := range files {
		if err = dirs[i].rename(temps[i], targets[i]); err != nil {
			return &WriteError{Path: f.Path, Err: unwrapPathError(err)}
		}
	}
	return nil
}

// existing is the nearest folder of tree or above it that exists, and
// rel from there: a tree not made yet (gen-go -o new/dir/out.go) is made
// by the write, through the folder it is made in.
func existing(tree, rel string) (string, string) {
	rel = filepath.Clean(rel)
	for {
		if _, err := os.Lstat(tree); !errors.Is(err, fs.ErrNotExist) {
			return tree, rel
		}
		up := filepath.Dir(tree)
		if up == tree {
			return tree, rel
		}
		tree, rel = up, filepath.Join(filepath.Base(tree), rel)
	}
}

// openRoot opens the root of tree once per WriteAll, and checks that the
// folder it opened is still tree: a folder above it swapped for a symlink
// since the caller resolved tree would otherwise move the whole write.
func openRoot(roots map[string]*os.Root, tree string) (*os.Root, error) {
	if r, ok := roots[tree]; ok {
		return r, nil
	}
	r, err := os.OpenRoot(tree)
	if err != nil {
		return nil, err
	}
	roots[tree] = r
	f, err := r.Open(".")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if opened := openedPath(f); opened != "" && opened != tree {
		return nil, fmt.Errorf("%w: %s is now %s", ErrMoved, tree, opened)
	}
	return r, nil
}

// openedPath is the path the kernel opened f at (/proc/self/fd), or ""
// where it does not say.
func openedPath(f *os.File) string {
	p, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(int(f.Fd())))
	if err != nil || !filepath.IsAbs(p) {
		return ""
	}
	return p
}

// dir is where a file is written: through root when the write is
// confined, else through the paths themselves.
type dir struct{ root *os.Root }

func (d dir) rename(from, to string) error {
	if d.root != nil {
		return d.root.Rename(from, to)
	}
	return os.Rename(from, to)
}

func (d dir) remove(name string) {
	if d.root != nil {
		d.root.Remove(name)
		return
	}
	os.Remove(name)
}

func (d dir) stat(name string) (fs.FileInfo, error) {
	if d.root != nil {
		return d.root.Stat(name)
	}
	return os.Stat(name)
}

func (d dir) mkdirAll(name string) error {
	if d.root != nil {
		return d.root.MkdirAll(name, 0o755)
	}
	return os.MkdirAll(name, 0o755)
}

// createTemp creates a new file beside target, named .BASE.tmpRANDOM.
func (d dir) createTemp(target string) (*os.File, string, error) {
	if d.root == nil {
		f, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp*")
		if err != nil {
			return nil, "", err
		}
		return f, f.Name(), nil
	}
	for range 100 {
		name := filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".tmp"+rand.Text()[:10])
		f, err := d.root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, name, err
	}
	return nil, "", errors.New("no free temporary file name")
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
func (d dir) writeTemp(target string, data [][]byte) (name string, err error) {
	mode := fs.FileMode(0o644)
	if fi, err := d.stat(target); err == nil {
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
	if err := d.mkdirAll(filepath.Dir(target)); err != nil {
		return "", err
	}
	f, name, err := d.createTemp(target)
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			f.Close()
			d.remove(name)
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
	return name, nil
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
