package docs

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestServerOutsideClone follows docs/servers.md, "A server outside the
// clone": the newcomer's notes server of examples/notes is built in a
// module of its own, in a temporary folder, against this clone, offline
// (GOPROXY=off: every module comes from the local cache), and answers a
// call. The cache is filled first with every module of the clone's graph
// (go mod download all), with the proxy the environment names: `go mod
// tidy` in the new module also wants the modules that the tests of its
// dependencies import (go-sdk's oauthex tests import golang-jwt), which
// building the clone never downloads), and with the released version of
// each module the clone replaces by a folder of its own (participle: a
// module that requires toolspec does not inherit its replace, so it
// builds with the release). The steps are the page's ```sh block, run by bash from `mkdir` on,
// with this clone as CLONE and a toolspec built from it.
func TestServerOutsideClone(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a server module (-short)")
	}
	page, err := os.ReadFile("servers.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)## A server outside the clone\n.*?```sh\n(.*?)```").FindSubmatch(page)
	if m == nil {
		t.Fatal("docs/servers.md has no ```sh block under \"A server outside the clone\"")
	}
	script := string(m[1])
	i := strings.Index(script, "\nmkdir ")
	if i < 0 || !strings.Contains(script, `"$CLONE/bin/toolspec"`) {
		t.Fatalf("the steps no longer start the module with mkdir or run \"$CLONE/bin/toolspec\":\n%s", script)
	}
	script = strings.ReplaceAll(script[i+1:], `"$CLONE/bin/toolspec"`, `"$TOOLSPEC"`)

	clone, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "toolspec")
	env := append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off", "CLONE="+clone, "TOOLSPEC="+bin)
	run := func(name string, args ...string) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = dir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
	}
	// A copy of go.mod and go.sum, so that downloading the whole graph
	// does not add its sums to the clone's go.sum.
	modfile := filepath.Join(t.TempDir(), "go.mod")
	for _, f := range []string{"go.mod", "go.sum"} {
		b, err := os.ReadFile(filepath.Join(clone, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(filepath.Dir(modfile), f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	download := []string{"all"}
	edit, err := exec.Command("go", "mod", "edit", "-json", modfile).Output()
	if err != nil {
		t.Fatal(err)
	}
	var mod struct {
		Require []struct{ Path, Version string }
		Replace []struct {
			Old, New struct{ Path, Version string }
		}
	}
	if err := json.Unmarshal(edit, &mod); err != nil {
		t.Fatal(err)
	}
	for _, r := range mod.Replace {
		for _, req := range mod.Require {
			if r.New.Version == "" && req.Path == r.Old.Path {
				download = append(download, req.Path+"@"+req.Version)
			}
		}
	}
	for _, m := range download {
		cmd := exec.Command("go", "mod", "download", "-modfile="+modfile, m)
		cmd.Dir = clone
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go mod download %s: %v\n%s", m, err, out)
		}
	}
	build := exec.Command("go", "build", "-o", bin, "./cmd/toolspec")
	build.Dir, build.Env = clone, env
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/toolspec: %v\n%s", err, out)
	}
	run("bash", "-euc", script)

	// The server answers a call: a note is created and listed.
	exchange := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_note","arguments":{"title":"Groceries","tags":["home"]}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_note","arguments":{"id":"1"}}}`,
	}, "\n") + "\n"
	srv := exec.Command(filepath.Join(dir, "notes", "notes"))
	srv.Stdin = strings.NewReader(exchange)
	var out bytes.Buffer
	srv.Stdout, srv.Stderr = &out, &out
	srv.WaitDelay = 10 * time.Second
	if err := srv.Run(); err != nil {
		t.Fatalf("notes server: %v\n%s", err, out.String())
	}
	for _, want := range []string{`"id":2,"result":{"content":[{"type":"text","text":"{\"note\":{\"id\":\"n_1\"`, `"id":3,"result":{"content":[{"type":"text","text":"get_note: invalid arguments: /id: pattern`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the notes server's answers lack %s:\n%s", want, out.String())
		}
	}
}
