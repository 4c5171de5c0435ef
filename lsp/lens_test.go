package lsp

import (
	"encoding/json"
	"strings"
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
