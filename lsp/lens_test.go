package lsp

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// TestLens runs the test lens on a spec whose one test leaves mutants
// alive: the verdicts and survivors are published as hints and
// information, and the survivors then offer test-report's suggested
// fixtures as a code action.
func TestLens(t *testing.T) {
	var published []protocol.PublishDiagnosticsParams
	s := New(func(method string, params any) {
		if p, ok := params.(protocol.PublishDiagnosticsParams); ok {
			published = append(published, p)
		}
	})
	s.Handle("initialize", json.RawMessage(`{}`))
	s.open(uri, 1, fixed)

	lenses, err := s.Handle("textDocument/codeLens", json.RawMessage(`{"textDocument":{"uri":"`+uri+`"}}`))
	if err != nil {
		t.Fatal(err)
	}
	cmd := lenses.([]protocol.CodeLens)[0].Command
	args, _ := json.Marshal(map[string]any{"command": cmd.Command, "arguments": cmd.Arguments})
	if _, err := s.Handle("workspace/executeCommand", args); err != nil {
		t.Fatal(err)
	}
	s.running.Wait()
	last := published[len(published)-1]
	var tests, survivors int
	for _, d := range last.Diagnostics {
		switch {
		case strings.HasPrefix(d.Message, `test "limits": PASS`) && *d.Severity == protocol.DiagnosticSeverityHint:
			tests++
		case strings.HasPrefix(d.Message, "surviving mutant") && *d.Severity == protocol.DiagnosticSeverityInformation:
			survivors++
		}
	}
	if tests != 1 || survivors == 0 {
		t.Fatalf("after the lens: %d test verdicts, %d survivors in %+v", tests, survivors, last.Diagnostics)
	}

	params, _ := json.Marshal(protocol.CodeActionParams{TextDocument: doc(), Range: protocol.Range{Start: at(fixed, "list", 0, 1), End: at(fixed, "list", 0, 1)}})
	got, err := s.Handle("textDocument/codeAction", params)
	if err != nil {
		t.Fatal(err)
	}
	var insert string
	for _, a := range got.([]protocol.CodeAction) {
		if a.Edit != nil && strings.Contains(a.Title, "suggests") {
			insert = a.Edit.Changes[uri][0].NewText
		}
	}
	if !strings.Contains(insert, "test \"list: suggested by test-report\"") || !strings.Contains(insert, "list {") {
		t.Fatalf("suggested fixtures = %q", insert)
	}
	// The suggestion is a spec fragment that checks.
	if d := analyse(uri, 2, fixed+insert); d.diags.HasErrors() {
		t.Fatalf("spec with the suggestion: %v", d.diags)
	}
}

// TestLensOffTheRequestLoop: while test-report runs, requests are
// answered; an edit cancels the run, whose results are then not
// published.
func TestLensOffTheRequestLoop(t *testing.T) {
	var mu sync.Mutex
	var published []protocol.PublishDiagnosticsParams
	s := New(func(method string, params any) {
		if p, ok := params.(protocol.PublishDiagnosticsParams); ok {
			mu.Lock()
			published = append(published, p)
			mu.Unlock()
		}
	})
	s.Handle("initialize", json.RawMessage(`{}`))
	s.open(uri, 1, fixed)
	release := make(chan struct{})
	beforeReport = func() { <-release }
	defer func() { beforeReport = nil }()

	args, _ := json.Marshal(map[string]any{"command": commandTestReport, "arguments": []any{uri}})
	if _, err := s.Handle("workspace/executeCommand", args); err != nil {
		t.Fatal(err)
	}
	// test-report is held before it starts: these answer all the same.
	hover, _ := json.Marshal(protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(), Position: at(fixed, "list", 0, 1)}})
	if _, err := s.Handle("textDocument/hover", hover); err != nil {
		t.Fatal(err)
	}
	completion, _ := json.Marshal(protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc(), Position: at(fixed, "list", 0, 1)}})
	if _, err := s.Handle("textDocument/completion", completion); err != nil {
		t.Fatal(err)
	}
	change, _ := json.Marshal(map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"text": fixed + "\n"}},
	})
	if _, err := s.Handle("textDocument/didChange", change); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	before := len(published)
	mu.Unlock()
	close(release)
	s.running.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(published) != before {
		t.Fatalf("a cancelled test-report published %+v", published[before:])
	}
}
