package docs

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTranscripts runs every ```jsonrpc block: a `$ go run ./examples/...`
// or `$ node examples/....mjs` line, then the server's stdin and stdout
// interleaved as a reader sees them. The lines that carry a "method" are sent; every other line is a
// reply, compared as in an abridged console block ("..." is any text), in
// any order.
func TestTranscripts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs an example server (-short)")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range documents(t) {
		for _, b := range d.blocks {
			if b.lang != "jsonrpc" {
				continue
			}
			lines := strings.Split(strings.TrimSuffix(b.text, "\n"), "\n")
			cmd, pkg := server(t, root, b, lines[0])
			if cmd == nil {
				continue
			}
			var in strings.Builder
			var want []string
			for _, l := range lines[1:] {
				if strings.Contains(l, `"method"`) {
					in.WriteString(l + "\n")
				} else {
					want = append(want, l)
				}
			}
			cmd.Dir = root
			cmd.Stdin = &slowReader{text: in.String()}
			var out bytes.Buffer
			cmd.Stdout = &out
			timer := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
			err := cmd.Run()
			timer.Stop()
			if err != nil {
				t.Errorf("%s: %s: %v", b, pkg, err)
			}
			if got := out.String(); !matchReplies(want, strings.Split(strings.TrimSuffix(got, "\n"), "\n")) {
				t.Errorf("%s: the server's replies do not match the block (\"...\" is a wildcard); it replied:\n%s", b, got)
			}
		}
	}
}

// server is the command a transcript's first line starts: a Go example
// built, or a JavaScript one run with node (which needs npm ci); nil after
// reporting a bad line or skipping a missing node.
func server(t *testing.T, root string, b *block, line string) (*exec.Cmd, string) {
	t.Helper()
	if script, ok := strings.CutPrefix(line, "$ node "); ok && strings.HasPrefix(script, "examples/") {
		_, err := exec.LookPath("node")
		if err == nil {
			_, err = os.Stat(filepath.Join(root, "node_modules", "@modelcontextprotocol", "sdk", "package.json"))
		}
		if err != nil {
			if os.Getenv("TOOLSPEC_REQUIRE_NODE") == "1" {
				t.Fatalf("%s: node and npm ci are needed: %v", b, err)
			}
			t.Logf("%s: skipped, node or node_modules missing: %v", b, err)
			return nil, ""
		}
		return exec.Command("node", strings.Fields(script)...), script // the script, then its flags
	}
	pkg, ok := strings.CutPrefix(line, "$ go run ")
	if !ok || !strings.HasPrefix(pkg, "./examples/") {
		t.Errorf("%s: a transcript starts with $ go run ./examples/NAME or $ node examples/FILE", b)
		return nil, ""
	}
	bin := filepath.Join(t.TempDir(), "server")
	build := exec.Command("go", "build", "-o", bin, pkg)
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%s: go build %s: %v\n%s", b, pkg, err, out)
	}
	return exec.Command(bin), pkg
}

// matchReplies reports whether every reply matches one wanted line and
// every wanted line one reply ("..." is any text). A server may answer
// requests in any order, so the order is not compared.
func matchReplies(want, got []string) bool {
	if len(want) != len(got) {
		return false
	}
	used := make([]bool, len(got))
	for _, w := range want {
		rx := lineRegexp(w)
		found := false
		for i, g := range got {
			if !used[i] && rx.MatchString(g) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// slowReader gives the server its requests, then holds stdin open a
// moment before EOF, so that it answers the last request before it sees
// the end of its input and stops.
type slowReader struct {
	text string
	done bool
}

func (r *slowReader) Read(p []byte) (int, error) {
	if r.text != "" {
		n := copy(p, r.text)
		r.text = r.text[n:]
		return n, nil
	}
	if !r.done {
		r.done = true
		time.Sleep(time.Second)
	}
	return 0, io.EOF
}
