//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestWriteThroughSymlink: the link stays a link; its target gets the new
// bytes and keeps its mode; the temporary file was made beside the target.
func TestWriteThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, "real"), 0o755))
	target := filepath.Join(dir, "real", "out.json")
	must(t, os.WriteFile(target, []byte("old"), 0o640))
	must(t, os.Chmod(target, 0o640))
	link := filepath.Join(dir, "link.json")
	must(t, os.Symlink("real/out.json", link))
	chain := filepath.Join(dir, "chain.json")
	must(t, os.Symlink("link.json", chain))

	must(t, Write(chain, []byte("n"), []byte("ew")))
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("link.json is no longer a symlink: %v %v", fi.Mode(), err)
	}
	if fi, err := os.Lstat(chain); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("chain.json is no longer a symlink: %v %v", fi.Mode(), err)
	}
	if got := read(t, target); got != "new" {
		t.Errorf("target holds %q, want %q", got, "new")
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
		t.Errorf("target mode %v, want -rw-r-----", fi.Mode().Perm())
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*", ".*tmp*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestWriteDanglingSymlink: a link to a file not yet there creates it.
func TestWriteDanglingSymlink(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "link.json")
	must(t, os.Symlink("gen/out.json", link))
	must(t, Write(link, []byte("x")))
	if got := read(t, filepath.Join(dir, "gen", "out.json")); got != "x" {
		t.Errorf("target holds %q", got)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced")
	}
}

// TestWriteRefusesReadOnly: a read-only file is left alone.
func TestWriteRefusesReadOnly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ro.tspec")
	must(t, os.WriteFile(path, []byte("old"), 0o444))
	err := Write(path, []byte("new"))
	if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), "cannot write "+path+": the file is read-only") {
		t.Errorf("Write to a read-only file: %v", err)
	}
	if got := read(t, path); got != "old" {
		t.Errorf("read-only file now holds %q", got)
	}
	// Through a link too.
	link := filepath.Join(dir, "link.tspec")
	must(t, os.Symlink("ro.tspec", link))
	if err := Write(link, []byte("new")); !errors.Is(err, ErrReadOnly) {
		t.Errorf("Write through a link to a read-only file: %v", err)
	}
}

// TestWriteAllNoneOnFailure: when one target cannot be written, no file
// changes and no temporary file is left.
func TestWriteAllNoneOnFailure(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	must(t, os.WriteFile(a, []byte("old"), 0o644))
	must(t, os.Mkdir(b, 0o755))
	if err := WriteAll(File{Path: a, Data: [][]byte{[]byte("new")}}, File{Path: b, Data: [][]byte{[]byte("new")}}); err == nil {
		t.Fatal("WriteAll succeeded with a folder in the way")
	}
	if got := read(t, a); got != "old" {
		t.Errorf("a holds %q", got)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	// Two names of one file are refused.
	must(t, os.Symlink("a", filepath.Join(dir, "also-a")))
	if err := WriteAll(File{Path: a}, File{Path: filepath.Join(dir, "also-a")}); err == nil || !strings.Contains(err.Error(), "same file") {
		t.Errorf("WriteAll of one file twice: %v", err)
	}
}

func TestTargetLoop(t *testing.T) {
	dir := t.TempDir()
	must(t, os.Symlink("b", filepath.Join(dir, "a")))
	must(t, os.Symlink("a", filepath.Join(dir, "b")))
	if err := Write(filepath.Join(dir, "a"), []byte("x")); err == nil || !strings.Contains(err.Error(), "too many levels of symbolic links") {
		t.Errorf("Write through a loop: %v", err)
	}
}

// TestConfinedWriteAfterSwap: a confined write (Tree, Rel) goes through
// the tree, so a symlink planted after the caller's check cannot lead it
// out: a folder on the way swapped for a link out of the tree, or the
// tree itself swapped, fails the write and nothing is written outside; a
// link planted at the file's own name is replaced, not followed.
func TestConfinedWriteAfterSwap(t *testing.T) {
	setup := func(t *testing.T) (tree, outside string) {
		t.Helper()
		var err error
		tree, err = filepath.EvalSymlinks(t.TempDir())
		must(t, err)
		outside, err = filepath.EvalSymlinks(t.TempDir())
		must(t, err)
		must(t, os.MkdirAll(filepath.Join(tree, "gen"), 0o755))
		return tree, outside
	}
	file := func(tree string) File {
		return File{Path: filepath.Join(tree, "gen", "out.go"), Data: [][]byte{[]byte("new")}, Tree: tree, Rel: filepath.Join("gen", "out.go")}
	}
	nothingOutside := func(t *testing.T, outside string) {
		t.Helper()
		if left, _ := os.ReadDir(outside); len(left) > 0 {
			t.Errorf("written outside the tree: %v", left)
		}
	}

	for _, link := range []string{"abs", "../rel"} {
		t.Run("folder swapped for a link "+link, func(t *testing.T) {
			tree, outside := setup(t)
			f := file(tree) // checked: gen/out.go is inside
			must(t, os.Rename(filepath.Join(tree, "gen"), filepath.Join(tree, "gen.old")))
			to := outside
			if link != "abs" {
				to, _ = filepath.Rel(tree, outside)
			}
			must(t, os.Symlink(to, filepath.Join(tree, "gen")))
			if err := WriteAll(f); err == nil {
				t.Error("the write followed the swapped folder")
			}
			nothingOutside(t, outside)
		})
	}

	t.Run("tree swapped", func(t *testing.T) {
		tree, outside := setup(t)
		f := file(tree)
		must(t, os.Rename(tree, tree+".old"))
		must(t, os.Symlink(outside, tree))
		must(t, os.MkdirAll(filepath.Join(outside, "gen"), 0o755))
		err := WriteAll(f)
		if !errors.Is(err, ErrMoved) {
			t.Errorf("WriteAll = %v, want ErrMoved", err)
		}
		if _, err := os.Stat(filepath.Join(outside, "gen", "out.go")); err == nil {
			t.Error("written outside the tree")
		}
	})

	t.Run("link planted at the name", func(t *testing.T) {
		tree, outside := setup(t)
		f := file(tree)
		must(t, os.Symlink(filepath.Join(outside, "x"), filepath.Join(tree, "gen", "out.go")))
		must(t, WriteAll(f))
		nothingOutside(t, outside)
		if fi, err := os.Lstat(f.Path); err != nil || !fi.Mode().IsRegular() || read(t, f.Path) != "new" {
			t.Errorf("gen/out.go: %v %v, want a regular file holding new", fi, err)
		}
	})

	t.Run("tree not made yet", func(t *testing.T) {
		tree, outside := setup(t)
		sub := filepath.Join(tree, "a", "b")
		must(t, WriteAll(File{Path: filepath.Join(sub, "out.go"), Data: [][]byte{[]byte("x")}, Tree: sub, Rel: "out.go"}))
		if got := read(t, filepath.Join(sub, "out.go")); got != "x" {
			t.Errorf("a/b/out.go holds %q", got)
		}
		nothingOutside(t, outside)
	})
}
