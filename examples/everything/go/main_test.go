package main

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolspec/toolspec/serve/gosdk"
)

// TestToolsOverHTTP calls every tool of the everything server over
// Streamable HTTP with go-sdk's client, which answers sampling and
// elicitation and records notifications: what the conformance suite
// checks, without npm.
func TestToolsOverHTTP(t *testing.T) {
	server, err := newServer()
	if err != nil {
		t.Fatal(err)
	}
	h, err := gosdk.HTTPHandler(server, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h)
	defer ts.Close()
	var mu sync.Mutex
	var notes []string
	note := func(s string) { mu.Lock(); notes = append(notes, s); mu.Unlock() }
	client := mcp.NewClient(&mcp.Implementation{Name: "test"}, &mcp.ClientOptions{
		LoggingMessageHandler: func(_ context.Context, r *mcp.LoggingMessageRequest) { note("log " + r.Params.Data.(string)) },
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			note("progress " + jsonOf(t, r.Params.Progress))
		},
		CreateMessageHandler: func(_ context.Context, r *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			return &mcp.CreateMessageResult{Model: "m", Role: "assistant", Content: &mcp.TextContent{Text: "4"}}, nil
		},
		ElicitationHandler: func(_ context.Context, r *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"username": "ada", "email": "ada@example.com"}}, nil
		},
	})
	ctx := context.Background()
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: ts.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "debug"}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		tool, args, content string
		isError             bool
	}{
		{"test_simple_text", `{}`, `[{"type":"text","text":"This is a simple text response for testing."}]`, false},
		{"test_image_content", `{}`, `[{"type":"image","mimeType":"image/png","data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="}]`, false},
		{"test_audio_content", `{}`, `[{"type":"audio","mimeType":"audio/wav","data":"UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQIAAAAAAA=="}]`, false},
		{"test_embedded_resource", `{}`, `[{"type":"resource","resource":{"uri":"test://embedded-resource","mimeType":"text/plain","text":"This is an embedded resource content."}}]`, false},
		{"test_error_handling", `{}`, `[{"type":"text","text":"test_error_handling: This tool intentionally returns an error for testing"}]`, true},
		{"test_sampling", `{"prompt":"2+2?"}`, `[{"type":"text","text":"LLM response: 4"}]`, false},
		{"test_elicitation", `{"message":"who?"}`, `[{"type":"text","text":"User response: action=accept, content={\"email\":\"ada@example.com\",\"username\":\"ada\"}"}]`, false},
		{"test_sampling", `{}`, `[{"type":"text","text":"test_sampling: invalid arguments: (root): required: missing property \"prompt\""}]`, true},
	} {
		var args map[string]any
		json.Unmarshal([]byte(tc.args), &args)
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tc.tool, Arguments: args})
		if err != nil {
			t.Errorf("%s: %v", tc.tool, err)
			continue
		}
		if got := jsonOf(t, res.Content); got != tc.content || res.IsError != tc.isError {
			t.Errorf("%s %s:\n got %s (isError %t)\nwant %s (isError %t)", tc.tool, tc.args, got, res.IsError, tc.content, tc.isError)
		}
	}
	params := &mcp.CallToolParams{Name: "test_tool_with_progress", Arguments: map[string]any{}}
	params.SetProgressToken("p")
	if _, err := cs.CallTool(ctx, params); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "test_tool_with_logging", Arguments: map[string]any{}}); err != nil {
		t.Fatal(err)
	}
	// A notification may arrive after the result it preceded: wait for
	// all six, briefly.
	want := "progress 0; progress 50; progress 100; log Tool execution started; log Tool processing data; log Tool execution completed"
	var got string
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		got = strings.Join(notes, "; ")
		n := len(notes)
		mu.Unlock()
		if n >= 6 || time.Now().After(deadline) {
			break
		}
	}
	if got != want {
		t.Errorf("notifications:\n got %s\nwant %s", got, want)
	}
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestJSHandlersTypeCheck runs tsc --strict --checkJs over the JavaScript
// handlers: the generated declarations type extra with the SDK's own
// types, so the handlers need no cast. sdk2.mts types handlers for SDK 2
// (Handlers<ServerContext>).
func TestJSHandlersTypeCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("starts node (-short)")
	}
	root, _ := filepath.Abs("../../..")
	tsc := filepath.Join(root, "node_modules/typescript/bin/tsc")
	if _, err := os.Stat(tsc); err != nil {
		if os.Getenv("TOOLSPEC_REQUIRE_NODE") == "1" {
			t.Fatal("node_modules/typescript is missing: run npm ci (make test does)")
		}
		t.Skip("node_modules/typescript is missing: run npm ci to run this test")
	}
	dir := t.TempDir()
	// The declarations as a source file (.mts, which "./everything.mjs"
	// resolves to first), so that --skipLibCheck skips the SDKs' own
	// declarations (zod's types cost most of the run) but not ours.
	for from, to := range map[string]string{"handlers.mjs": "handlers.mjs", "everything.d.mts": "everything.mts"} {
		data, err := os.ReadFile(filepath.Join("../js", from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"type":"module"}`+"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "sdk2.mts"), []byte(sdk2Handlers), 0o644)
	if err := os.Symlink(filepath.Join(root, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", tsc, "--noEmit", "--strict", "--allowJs", "--checkJs", "--module", "nodenext", "--moduleResolution", "nodenext",
		"--target", "es2022", "--lib", "es2022,dom", "--types", "node", "--skipLibCheck", "handlers.mjs", "sdk2.mts")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("tsc --strict --checkJs handlers.mjs: %v\n%s", err, out)
	}
}

// sdk2Handlers are handlers typed for the TypeScript SDK 2: the context is
// its ServerContext.
const sdk2Handlers = `import { Server, inputRequired, inputResponse, type ServerContext } from "@modelcontextprotocol/server";
import { register, content, text, type Handlers } from "./everything.mjs";

const logging: Handlers<ServerContext>["test_tool_with_logging"] = async (_args, ctx) => {
  await ctx.mcpReq.log("info", "started");
  return "ok";
};
const sampling: Handlers<ServerContext>["test_sampling"] = async ({ prompt }, ctx) => {
  const res = await ctx.mcpReq.requestSampling({ messages: [{ role: "user", content: { type: "text", text: prompt } }], maxTokens: 10 });
  return content(text(JSON.stringify(res.content)));
};
// 2026-07-28: asks through an input-required result, no cast.
const elicitation: Handlers<ServerContext>["test_elicitation"] = async ({ message }, ctx) => {
  const answer = inputResponse(ctx.mcpReq.inputResponses, "who");
  if (answer.kind !== "elicit") {
    return inputRequired({ inputRequests: { who: inputRequired.elicit({ message, requestedSchema: { type: "object", properties: { name: { type: "string" } } } }) } });
  }
  return content(text(answer.action));
};
declare const rest: Omit<Handlers<ServerContext>, "test_tool_with_logging" | "test_sampling" | "test_elicitation">;
register(new Server({ name: "x", version: "0" }), { ...rest, test_tool_with_logging: logging, test_sampling: sampling, test_elicitation: elicitation }, {
  scope: (ctx) => (ctx.http?.authInfo?.scopes.includes("all") ? "all" : "read"),
});
`
