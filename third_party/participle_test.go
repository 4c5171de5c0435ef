package third_party

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/treedump"
)

var update = flag.Bool("update", false, "rewrite participle.patch from the difference between the release and third_party/participle")

const (
	module = "github.com/alecthomas/participle/v2"
	copied = "participle"
	patch  = "participle.patch"
)

// release downloads (or finds in the module cache) the participle
// version go.mod requires and returns its directory.
func release(t *testing.T) string {
	t.Helper()
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(module) + `\s+(v\S+)`).FindSubmatch(mod)
	if m == nil {
		t.Fatalf("go.mod requires no %s", module)
	}
	if !bytes.Contains(mod, []byte(module+" => ./third_party/"+copied)) {
		t.Fatalf("go.mod does not replace %s by ./third_party/%s", module, copied)
	}
	cmd := exec.Command("go", "mod", "download", "-json", module+"@"+string(m[1]))
	cmd.Dir = t.TempDir() // outside the module: its replace must not apply
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("cannot download %s@%s (no module proxy?): %v", module, m[1], err)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		t.Fatalf("go mod download: %s %v", out, err)
	}
	return info.Dir
}

// files reads every regular file under root, by slash path. Modes are
// not compared: the module zip keeps none.
func files(t *testing.T, root string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		b, err := os.ReadFile(path)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func writeTree(t *testing.T, root string, tree map[string][]byte) {
	t.Helper()
	for name, b := range tree {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func git(t *testing.T, dir string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "core.fileMode=false", "-c", "core.autocrlf=false", "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}

// TestParticipleIsReleasePlusPatch: third_party/participle is the
// release go.mod names with participle.patch applied, file for file.
// With -update it writes participle.patch instead.
func TestParticipleIsReleasePlusPatch(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git to apply the patch with")
	}
	want := files(t, copied)
	dir := t.TempDir()
	writeTree(t, dir, files(t, release(t)))
	if *update {
		git(t, dir, "init", "-q")
		git(t, dir, "add", "-A")
		git(t, dir, "commit", "-qm", "release")
		for name := range files(t, dir) {
			if _, ok := want[name]; !ok && !strings.HasPrefix(name, ".git/") {
				os.Remove(filepath.Join(dir, filepath.FromSlash(name)))
			}
		}
		writeTree(t, dir, want)
		git(t, dir, "add", "-A")
		diff := git(t, dir, "diff", "--cached", "--no-color", "--no-ext-diff", "--full-index")
		if err := os.WriteFile(patch, diff, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	abs, err := filepath.Abs(patch)
	if err != nil {
		t.Fatal(err)
	}
	git(t, dir, "apply", "--whitespace=nowarn", abs)
	got := files(t, dir)
	for name, b := range want {
		if g, ok := got[name]; !ok {
			t.Errorf("%s/%s: not in the release nor added by %s", copied, name, patch)
		} else if !bytes.Equal(g, b) {
			t.Errorf("%s/%s: differs from the release with %s applied (go test ./third_party -update rewrites the patch)", copied, name, patch)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s/%s: in the release with %s applied, missing from the copy", copied, name, patch)
		}
	}
}

// TestStockParticipleAgrees parses every spec of the repository and its
// variants (internal/treedump) with lang/parser on the patched engine
// and, through third_party/stockcheck, on participle as released: the
// trees, comments and diagnostics must be the same.
func TestStockParticipleAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a second module")
	}
	cmd := exec.Command("go", "run", ".", "../..")
	cmd.Dir = "stockcheck"
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if bytes.Contains(stderr.Bytes(), []byte("proxy")) || bytes.Contains(stderr.Bytes(), []byte("dial tcp")) {
			t.Skipf("cannot build stock participle: %s", stderr.Bytes())
		}
		t.Fatalf("stockcheck: %v\n%s", err, stderr.Bytes())
	}
	inputs, err := treedump.Inputs("..")
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, in := range inputs {
		fmt.Fprintf(&want, "%x %s\n", sha256.Sum256([]byte(treedump.Parse(in.Name, in.Src))), in.Name)
	}
	gotLines, wantLines := strings.Split(string(out), "\n"), strings.Split(want.String(), "\n")
	if len(gotLines) != len(wantLines) {
		t.Fatalf("stock participle parsed %d inputs, the patched one %d", len(gotLines), len(wantLines))
	}
	failed := 0
	for i := range wantLines {
		if gotLines[i] == wantLines[i] {
			continue
		}
		name := wantLines[i][strings.IndexByte(wantLines[i], ' ')+1:]
		failed++
		if failed > 5 {
			continue
		}
		cmd := exec.Command("go", "run", ".", "../..", name)
		cmd.Dir = "stockcheck"
		stock, _ := cmd.Output()
		var patched string
		for _, in := range inputs {
			if in.Name == name {
				patched = treedump.Parse(in.Name, in.Src)
			}
		}
		t.Errorf("%s: stock and patched participle differ first at\n%s", name, firstDiff(string(stock), patched))
	}
	if failed > 0 {
		t.Errorf("%d of %d inputs differ", failed, len(inputs))
	}
	t.Logf("%d inputs agree", len(inputs)-failed)
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n  stock:   %s\n  patched: %s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d lines", len(al), len(bl))
}
