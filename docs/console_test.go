package docs

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the output of console blocks that are not abridged")

// repoLinks are the repository folders a document's commands may name;
// each document's folder links to them.
var repoLinks = []string{"specs", "testdata", "examples"}

// TestConsoleBlocks runs the commands of every console block, document by
// document, and compares what they print with the block. Numbers, hashes
// and layouts shown in the docs are therefore what the tool prints today.
//
// `toolspec` runs in-process (stdout and stderr in one stream, in the
// order written); any other command (sed, cat, mkdir) runs under sh. Each
// document has its own folder, so later blocks see the files earlier ones
// wrote.
func TestConsoleBlocks(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range documents(t) {
		if !hasConsole(d) {
			continue
		}
		t.Run(filepath.Base(d.path), func(t *testing.T) {
			dir := t.TempDir()
			for _, l := range repoLinks {
				if err := os.Symlink(filepath.Join(root, l), filepath.Join(dir, l)); err != nil {
					t.Fatal(err)
				}
			}
			t.Chdir(dir)
			var rewrites []rewrite
			for _, b := range d.blocks {
				if name := b.attrs["file"]; name != "" {
					if err := os.WriteFile(name, []byte(b.text), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				if b.lang != "console" {
					continue
				}
				if archive := b.attrs["files"]; archive != "" {
					if err := unpack(filepath.Join(root, archive)); err != nil {
						t.Fatalf("%s: %v", b, err)
					}
				}
				got, err := runSession(b.text)
				if err != nil {
					t.Errorf("%s: %v", b, err)
					continue
				}
				if b.flags["abridged"] {
					if !matchAbridged(b.text, got) {
						t.Errorf("%s: the run does not match the abridged block (\"...\" is a wildcard); the run printed:\n%s", b, got)
					}
					continue
				}
				if got != b.text {
					if *update {
						rewrites = append(rewrites, rewrite{b, got})
						continue
					}
					t.Errorf("%s: the block does not show what the run prints (go test ./docs -update rewrites it):\n--- block\n%s--- run\n%s", b, b.text, got)
				}
			}
			if len(rewrites) > 0 {
				if err := os.WriteFile(filepath.Join(root, "docs", d.path), []byte(applyRewrites(d.src, rewrites)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// unpack writes the files of a txtar archive (a testscript's inputs) into
// the current folder: a block with files=ARCHIVE runs on the same files
// as that script.
func unpack(archive string) error {
	a, err := txtar.ParseFile(archive)
	if err != nil {
		return err
	}
	for _, f := range a.Files {
		if err := os.MkdirAll(filepath.Dir(f.Name), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(f.Name, f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func hasConsole(d *document) bool {
	for _, b := range d.blocks {
		if b.lang == "console" {
			return true
		}
	}
	return false
}

// runSession runs the `$ ` lines of a console block and returns the block
// as the run writes it: each command line as written, then its output.
func runSession(text string) (string, error) {
	var out bytes.Buffer
	for _, line := range strings.SplitAfter(text, "\n") {
		cmdline, ok := strings.CutPrefix(line, "$ ")
		if !ok {
			continue
		}
		out.WriteString(line)
		if err := run(strings.TrimSpace(stripComment(cmdline)), &out); err != nil {
			return "", err
		}
	}
	return out.String(), nil
}

// run runs one command line under sh, writing what it prints to out.
// `toolspec` on the PATH is this test binary (see TestMain), and `go run
// ./cmd/toolspec` is the same command. The exit code is not checked: the
// output says what happened.
func run(cmdline string, out *bytes.Buffer) error {
	if strings.HasPrefix(cmdline, "go ") && !strings.HasPrefix(cmdline, goRunToolspec) || strings.HasPrefix(cmdline, "make ") {
		return fmt.Errorf("%s: not run by the docs test; show it in a sh block", cmdline)
	}
	cmd := exec.Command("sh", "-c", strings.Replace(cmdline, goRunToolspec, "toolspec ", 1))
	cmd.Env = append(os.Environ(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1")
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			return err
		}
	}
	return nil
}

const goRunToolspec = "go run ./cmd/toolspec "

// stripComment drops a `#` comment that is outside quotes.
func stripComment(s string) string {
	var quote rune
	for i, c := range s {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '#' && (i == 0 || s[i-1] == ' '):
			return s[:i]
		}
	}
	return s
}

// matchAbridged reports whether got matches the abridged text: a line
// that is only "..." stands for any number of lines, "..." within a line
// for any text.
func matchAbridged(want, got string) bool {
	return matchLines(strings.Split(strings.TrimSuffix(want, "\n"), "\n"), strings.Split(strings.TrimSuffix(got, "\n"), "\n"))
}

func matchLines(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimSpace(want[0]) == "..." {
		for i := 0; i <= len(got); i++ {
			if matchLines(want[1:], got[i:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && lineRegexp(want[0]).MatchString(got[0]) && matchLines(want[1:], got[1:])
}

func lineRegexp(want string) *regexp.Regexp {
	parts := strings.Split(want, "...")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}

type rewrite struct {
	b    *block
	text string
}

// applyRewrites replaces the content of blocks in src.
func applyRewrites(src string, rs []rewrite) string {
	lines := strings.Split(src, "\n")
	var out []string
	next := 0
	for _, r := range rs {
		out = append(out, lines[next:r.b.first]...)
		for _, l := range strings.Split(strings.TrimSuffix(r.text, "\n"), "\n") {
			if l != "" {
				l = r.b.indent + l
			}
			out = append(out, l)
		}
		next = r.b.end
	}
	out = append(out, lines[next:]...)
	return strings.Join(out, "\n")
}

func TestMatchAbridged(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{"a\n...\nd\n", "a\nb\nc\nd\n", true},
		{"a\n...\n", "a\n", true},
		{"x ... z\n", "x yyy z\n", true},
		{"124 passed\n", "120 passed\n", false},
		{"a\nd\n", "a\nb\nd\n", false},
	} {
		if got := matchAbridged(c.want, c.got); got != c.ok {
			t.Errorf("matchAbridged(%q, %q) = %v, want %v", c.want, c.got, got, c.ok)
		}
	}
}
