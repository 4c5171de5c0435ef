//go:build unix

package seal

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadArtifactRules: only regular files inside the tree, under the
// size cap, are read; everything else is refused without hanging or
// reading.
func TestReadArtifactRules(t *testing.T) {
	root := t.TempDir()
	tree := filepath.Join(root, "tree")
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(tree, "gen", "ok.json"), "{}")
	write(filepath.Join(root, "outside.json"), "secret")
	write(filepath.Join(tree, "big.json"), strings.Repeat("x", 100))
	if err := os.Mkdir(filepath.Join(tree, "dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	must(t, os.Symlink("../outside.json", filepath.Join(tree, "escape.json")))
	must(t, os.Symlink("gen/ok.json", filepath.Join(tree, "inside.json")))
	must(t, os.Symlink("/dev/zero", filepath.Join(tree, "zero.json")))
	must(t, os.Symlink("..", filepath.Join(tree, "up")))
	must(t, syscall.Mkfifo(filepath.Join(tree, "fifo.json"), 0o644))
	tree, err := filepath.EvalSymlinks(tree)
	must(t, err)
	defer func(n int64) { maxArtifactSize = n }(maxArtifactSize)
	maxArtifactSize = 64

	for _, tc := range []struct {
		file      string
		want      string // content, or the error's text
		refused   bool
		notExists bool
	}{
		{file: "gen/ok.json", want: "{}"},
		{file: "inside.json", want: "{}"},
		{file: "../outside.json", refused: true, want: "is outside"},
		{file: "../../../../../../etc/passwd", refused: true, want: "is outside"},
		{file: "/etc/passwd", refused: true, want: "is outside"},
		{file: "../../../../../../dev/zero", refused: true, want: "is outside"},
		{file: "escape.json", refused: true, want: "leads to " + filepath.Join(filepath.Dir(tree), "outside.json") + ", outside"},
		{file: "up/outside.json", refused: true, want: "leads to"},
		{file: "zero.json", refused: true, want: "leads to /dev/zero, outside"},
		{file: "fifo.json", refused: true, want: "is a named pipe, not a regular file"},
		{file: "dir", refused: true, want: "is a directory, not a regular file"},
		{file: "big.json", refused: true, want: "is larger than 64 bytes, the cap on an artifact"},
		{file: "nothere.json", notExists: true, want: "nothere.json: no such file or directory"},
	} {
		file := tc.file
		if !filepath.IsAbs(file) {
			file = filepath.Join(tree, file)
		}
		data, err := readArtifact(tree, file)
		switch {
		case err == nil:
			if string(data) != tc.want {
				t.Errorf("%s: read %q, want %q", tc.file, data, tc.want)
			}
		case !strings.Contains(err.Error(), tc.want):
			t.Errorf("%s: error %v, want it to contain %q", tc.file, err, tc.want)
		case errors.Is(err, ErrRefused) != tc.refused:
			t.Errorf("%s: error %v; refused %v, want %v", tc.file, err, !tc.refused, tc.refused)
		case errors.Is(err, fs.ErrNotExist) != tc.notExists:
			t.Errorf("%s: error %v; not-exist %v, want %v", tc.file, err, !tc.notExists, tc.notExists)
		}
		if err == nil && (tc.refused || tc.notExists) {
			t.Errorf("%s: read, want an error", tc.file)
		}
	}
}

// TestReadArtifactDevice: a device inside the tree is not a regular file.
func TestReadArtifactDevice(t *testing.T) {
	_, err := readArtifact("/dev", "/dev/zero")
	if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "/dev/zero is a device, not a regular file") {
		t.Errorf("readArtifact(/dev/zero): %v, want refused as a device", err)
	}
}

// TestTree: a seal governs the nearest directory holding .git, else its own.
func TestTree(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	must(t, err)
	deep := filepath.Join(root, "repo", "specs", "x")
	must(t, os.MkdirAll(deep, 0o755))
	if got, _ := Tree(filepath.Join(deep, "x.seal")); got != deep {
		t.Errorf("outside a repository: Tree = %s, want %s", got, deep)
	}
	must(t, os.Mkdir(filepath.Join(root, "repo", ".git"), 0o755))
	if got, _ := Tree(filepath.Join(deep, "x.seal")); got != filepath.Join(root, "repo") {
		t.Errorf("in a repository: Tree = %s, want %s", got, filepath.Join(root, "repo"))
	}
	// A seal in a folder not made yet.
	if got, err := Tree(filepath.Join(deep, "new", "er", "x.seal")); got != filepath.Join(root, "repo") {
		t.Errorf("in a folder to be made: Tree = %s, %v; want %s", got, err, filepath.Join(root, "repo"))
	}
	// A submodule's .git is a file.
	must(t, os.WriteFile(filepath.Join(root, "repo", "specs", ".git"), []byte("gitdir: ../.git/modules/specs\n"), 0o644))
	if got, _ := Tree(filepath.Join(deep, "x.seal")); got != filepath.Join(root, "repo", "specs") {
		t.Errorf("in a submodule: Tree = %s, want %s", got, filepath.Join(root, "repo", "specs"))
	}
}

// TestRoot: a tree the build names must be an existing directory, and is
// returned resolved, whatever .git says.
func TestRoot(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	must(t, err)
	must(t, os.MkdirAll(filepath.Join(root, "export", "specs"), 0o755))
	must(t, os.WriteFile(filepath.Join(root, "export", "file"), nil, 0o644))
	must(t, os.Symlink("export", filepath.Join(root, "link")))
	for _, tc := range []struct {
		dir, want, err string
	}{
		{dir: filepath.Join(root, "export"), want: filepath.Join(root, "export")},
		{dir: filepath.Join(root, "link", "specs"), want: filepath.Join(root, "export", "specs")},
		{dir: filepath.Join(root, "export", "file"), err: "not a directory"},
		{dir: filepath.Join(root, "nothere"), err: "no such file or directory"},
	} {
		got, err := Root(tc.dir)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("Root(%s) = %q, %v; want an error containing %q", tc.dir, got, err, tc.err)
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("Root(%s) = %q, %v; want %s", tc.dir, got, err, tc.want)
		}
	}
	// governed takes the root given over the seal's own directory.
	if got, _ := governed(filepath.Join(root, "export", "specs", "x.seal"), filepath.Join(root, "export")); got != filepath.Join(root, "export") {
		t.Errorf("governed with a root = %s, want %s", got, filepath.Join(root, "export"))
	}
	if got, _ := governed(filepath.Join(root, "export", "specs", "x.seal"), ""); got != filepath.Join(root, "export", "specs") {
		t.Errorf("governed without a root = %s, want %s", got, filepath.Join(root, "export", "specs"))
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
