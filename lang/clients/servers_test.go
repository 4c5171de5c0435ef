package clients_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolspec/toolspec/lang/clients"
)

// TestServersHonourInjectedArgs: both example servers of the reference
// catalog (examples/go-server through serve/gosdk, examples/js-server
// through gen-js's register) drop every argument a client injects
// (InjectedArgs: gemini-cli's wait_for_previous) in that client's session,
// true or false, and refuse it, as an argument the spec does not have, in
// another client's session. gen/dialect's TestGeminiCLISession (make
// gemini-cli-check) makes the same calls with gemini-cli's own client.
func TestServersHonourInjectedArgs(t *testing.T) {
	if testing.Short() {
		t.Skip("starts both example servers")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	goServer := filepath.Join(t.TempDir(), "go-server")
	build := exec.Command("go", "build", "-o", goServer, "./examples/go-server")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	servers := map[string][]string{"go": {goServer}}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "@modelcontextprotocol", "sdk")); err == nil {
		servers["js"] = []string{"node", "examples/js-server/server.mjs"}
	} else if os.Getenv("TOOLSPEC_REQUIRE_NODE") == "1" {
		t.Fatal("the JS server needs the repository's node packages: make nodedeps")
	} else {
		t.Log("no node packages (make nodedeps): the JS server is not tried")
	}
	injected := clients.InjectedArgs()
	if len(injected) == 0 {
		t.Fatal("no client injects arguments")
	}
	for kind, argv := range servers {
		for client, names := range injected {
			for _, name := range names {
				for _, v := range []string{"true", "false"} {
					call := fmt.Sprintf(`{"name":"t27_specs","arguments":{"limit":5,%q:%s}}`, name, v)
					if res := callAs(t, root, argv, client, call); res.IsError {
						t.Errorf("%s server, %s's session: its injected %s=%s is not dropped: %s", kind, client, name, v, res.Content[0].Text)
					}
					res := callAs(t, root, argv, "claude-code", call)
					if !res.IsError || !strings.Contains(res.Content[0].Text, name) {
						t.Errorf("%s server, claude-code's session: %s=%s, which only %s injects, is not refused: %+v", kind, name, v, client, res)
					}
				}
			}
		}
	}
}

type toolResult struct {
	IsError bool `json:"isError"`
	Content []struct {
		Text string `json:"text"`
	} `json:"content"`
}

// callAs starts the server argv, initializes a session with clientInfo.name
// client and returns the result of the tools/call with params.
func callAs(t *testing.T, dir string, argv []string, client, params string) toolResult {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	}()
	fmt.Fprintf(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":%q,"version":"1"}}}`+"\n", client)
	fmt.Fprintln(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	fmt.Fprintf(stdin, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":%s}`+"\n", params)
	lines := bufio.NewScanner(stdout)
	lines.Buffer(nil, 1<<24)
	for lines.Scan() {
		var msg struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(lines.Bytes(), &msg) != nil || msg.ID != 2 {
			continue
		}
		var res toolResult
		if msg.Error != nil || json.Unmarshal(msg.Result, &res) != nil || len(res.Content) == 0 {
			t.Fatalf("%v as %s: %s", argv, client, lines.Bytes())
		}
		return res
	}
	io.Copy(io.Discard, stdout)
	t.Fatalf("%v as %s: no answer to tools/call", argv, client)
	return toolResult{}
}
