package seal

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// A seal arrives in pull requests, so verify reads paths an untrusted file
// names. It reads only what the seal governs: regular files inside the tree
// of the seal (see Tree, or Root when the build names it), at most MaxArtifactSize bytes each. Anything else
// is refused without being opened, or opened without blocking and closed
// unread.

// MaxArtifactSize is the largest artifact seal and verify read: 256 MiB,
// far above any generated file (the 10 000-tool benchmark spec gives a
// 166 MB Go file).
const MaxArtifactSize = 256 << 20

// MaxSealSize is the largest seal Read accepts: 16 MiB, some hundred
// thousand artifacts.
const MaxSealSize = 16 << 20

// maxArtifactSize is MaxArtifactSize; tests lower it.
var maxArtifactSize int64 = MaxArtifactSize

// ErrRefused is wrapped by the error for an artifact path the seal may not
// name: outside the seal's tree, not a regular file, or over the size cap.
var ErrRefused = errors.New("refused")

// Tree returns the directory tree a seal at sealPath governs: the nearest
// directory, from the seal's own upwards, that holds a .git entry (the
// repository, or the submodule, the seal is committed in), else the seal's
// own directory. Paths in the seal must stay inside it once every symlink
// is resolved. The result is absolute with its symlinks resolved.
func Tree(sealPath string) (string, error) {
	dir, err := filepath.Abs(filepath.Dir(sealPath))
	if err != nil {
		return "", err
	}
	if dir, err = resolve(dir); err != nil {
		return "", err
	}
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d, nil
		}
		up := filepath.Dir(d)
		if up == d {
			return dir, nil
		}
		d = up
	}
}

// Root returns dir as the tree a seal governs, chosen by the build rather
// than found by Tree (an export without .git: git archive, a module zip, a
// container copy). dir must exist and be a directory; the result is
// absolute with its symlinks resolved.
func Root(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", &fs.PathError{Op: "root", Path: dir, Err: err}
	}
	fi, err := os.Stat(real)
	if err != nil {
		return "", err
	}
	if !fi.IsDir() {
		return "", &fs.PathError{Op: "root", Path: dir, Err: syscall.ENOTDIR}
	}
	return real, nil
}

// governed returns the tree the seal at sealPath governs: root through
// Root when the build names one, else Tree's discovery.
func governed(sealPath, root string) (string, error) {
	if root != "" {
		return Root(root)
	}
	return Tree(sealPath)
}

// resolve resolves the symlinks of the absolute path dir, of which only a
// leading part may exist yet (seal -o new/folder/x.seal creates the rest).
func resolve(dir string) (string, error) {
	rest := ""
	for d := dir; ; {
		real, err := filepath.EvalSymlinks(d)
		if err == nil {
			return filepath.Join(real, rest), nil
		}
		up := filepath.Dir(d)
		if !errors.Is(err, fs.ErrNotExist) || up == d {
			return "", err
		}
		rest = filepath.Join(filepath.Base(d), rest)
		d = up
	}
}

// within reports whether path (absolute, clean) is tree or inside it.
func within(tree, path string) bool {
	rel, err := filepath.Rel(tree, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// refusal is an artifact path refused, and why.
type refusal struct{ why string }

func (r *refusal) Error() string        { return "refused: " + r.why }
func (r *refusal) Is(target error) bool { return target == ErrRefused }

// refusef returns an error wrapping ErrRefused.
func refusef(format string, args ...any) error {
	return &refusal{fmt.Sprintf(format, args...)}
}

// MaxArtifacts is the most artifacts a seal may list: far above any real
// build (a spec has a handful), far below what makes verify's work
// unbounded (a 16 MiB seal fits some 140 000 lines).
const MaxArtifacts = 4096

// fileID names a file by what it is, not by the path that reached it: a
// seal can list one file under many paths (through a committed a -> .
// symlink), and verify reads each file once.
type fileID struct {
	real     string
	dev, ino uint64
}

func idOf(real string, fi fs.FileInfo) fileID {
	id := fileID{real: real}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		id.dev, id.ino = uint64(st.Dev), uint64(st.Ino)
	}
	return id
}

// same reports whether a and b are one file.
func (a fileID) same(b fileID) bool {
	if a.ino != 0 || b.ino != 0 {
		return a.dev == b.dev && a.ino == b.ino
	}
	return a.real == b.real
}

// readArtifact reads the artifact file under tree. It refuses (ErrRefused)
// a path that leaves the tree, before or after resolving symlinks, anything
// but a regular file, and a file over maxArtifactSize; a file that does not
// exist is an error wrapping fs.ErrNotExist.
func readArtifact(tree, file string) ([]byte, error) {
	data, _, err := readArtifactID(tree, file)
	return data, err
}

// readArtifactID is readArtifact, with the identity of the file read.
// Once the file is open, the path the kernel opened is checked again
// (/proc/self/fd on Linux, else the symlinks resolved anew): a folder
// swapped for a symlink between the check and the open cannot lead the
// read outside the tree.
func readArtifactID(tree, file string) ([]byte, fileID, error) {
	var none fileID
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, none, err
	}
	if !within(tree, abs) {
		return nil, none, refusef("%s is outside %s, the tree the seal governs", file, tree)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, none, &fs.PathError{Op: "open", Path: file, Err: err}
	}
	if !within(tree, real) {
		return nil, none, refusef("%s leads to %s, outside %s, the tree the seal governs", file, real, tree)
	}
	fi, err := os.Stat(real)
	if err != nil {
		return nil, none, err
	}
	if err := regular(file, fi); err != nil {
		return nil, none, err
	}
	// O_NONBLOCK: should a named pipe replace the file after the Stat,
	// opening it must not wait for a writer.
	f, err := os.OpenFile(real, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, none, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, none, err
	}
	if err := regular(file, fi); err != nil {
		return nil, none, err
	}
	if opened := openedPath(f, abs); !within(tree, opened) {
		return nil, none, refusef("%s leads to %s, outside %s, the tree the seal governs", file, opened, tree)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxArtifactSize+1))
	if err != nil {
		return nil, none, err
	}
	if int64(len(data)) > maxArtifactSize {
		return nil, none, tooBig(file)
	}
	return data, idOf(real, fi), nil
}

// openedPath is the path of the file f holds, as the kernel resolved it
// when opening: /proc/self/fd/N where there is one, else abs with its
// symlinks resolved now ("" when that fails, which no tree holds).
func openedPath(f *os.File, abs string) string {
	if p, err := os.Readlink("/proc/self/fd/" + strconv.Itoa(int(f.Fd()))); err == nil && filepath.IsAbs(p) {
		return p
	}
	p, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return ""
	}
	return p
}

// regular refuses what is not a regular file of at most maxArtifactSize.
func regular(file string, fi fs.FileInfo) error {
	if what := notRegular(fi); what != "" {
		return refusef("%s is %s, not a regular file", file, what)
	}
	if fi.Size() > maxArtifactSize {
		return tooBig(file)
	}
	return nil
}

// notRegular says what fi is when it is not a regular file, else "".
func notRegular(fi fs.FileInfo) string {
	switch m := fi.Mode(); {
	case m.IsRegular():
		return ""
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a " + fi.Mode().Type().String() + " file"
}

func tooBig(file string) error {
	return refusef("%s is larger than %s, the cap on an artifact", file, sizeText(maxArtifactSize))
}

// sizeText writes a byte count as people read it: 256 MiB, 10 KiB, 100 B.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Load reads and parses the seal at path. A seal is as untrusted as the
// artifacts it names: it must be a regular file (a symlink to one will
// do), opened without blocking, and Read caps its size.
func Load(path string) (*Seal, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if what := notRegular(fi); what != "" {
		return nil, refusef("%s is %s, not a regular file", path, what)
	}
	return Read(f)
}
