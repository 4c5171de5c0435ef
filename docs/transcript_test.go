package docs

import (
	"bytes"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTranscripts runs every ```jsonrpc block: a `$ go run ./examples/...`
// line, then the server's stdin and stdout interleaved as a reader sees
// them. The lines that carry a "method" are sent; every other line is a
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
			pkg, ok := strings.CutPrefix(lines[0], "$ go run ")
			if !ok || !strings.HasPrefix(pkg, "./examples/") {
				t.Errorf("%s: a transcript starts with $ go run ./examples/NAME", b)
				continue
			}
			bin := filepath.Join(t.TempDir(), "server")
			build := exec.Command("go", "build", "-o", bin, pkg)
			build.Dir = root
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("%s: go build %s: %v\n%s", b, pkg, err, out)
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
			cmd := exec.Command(bin)
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
