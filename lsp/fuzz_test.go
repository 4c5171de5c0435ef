package lsp

import (
	"encoding/json"
	"errors"
	"testing"

	"go.lsp.dev/jsonrpc2"
)

// FuzzHandle sends one method with arbitrary params to a server that has a
// spec open. No input may panic (Handle turns a panic into an internal
// error answer; the fuzzer fails on the answer too) or hang.
func FuzzHandle(f *testing.F) {
	for _, seed := range []struct{ method, params string }{
		{"textDocument/hover", `{"textDocument":{"uri":"` + uri + `"},"position":{"line":9,"character":9}}`},
		{"textDocument/completion", `{"textDocument":{"uri":"` + uri + `"},"position":{"line":10,"character":12}}`},
		{"textDocument/definition", `{"textDocument":{"uri":"` + uri + `"},"position":{"line":17,"character":55}}`},
		{"textDocument/references", `{"textDocument":{"uri":"` + uri + `"},"position":{"line":2,"character":8},"context":{"includeDeclaration":true}}`},
		{"textDocument/codeAction", `{"textDocument":{"uri":"` + uri + `"},"range":{"start":{"line":0,"character":0},"end":{"line":99,"character":0}},"context":{"diagnostics":[]}}`},
		{"textDocument/formatting", `{"textDocument":{"uri":"` + uri + `"},"options":{"tabSize":2,"insertSpaces":true}}`},
		{"textDocument/documentSymbol", `{"textDocument":{"uri":"` + uri + `"}}`},
		{"textDocument/codeLens", `{"textDocument":{"uri":"` + uri + `"}}`},
		{"textDocument/didChange", `{"textDocument":{"uri":"` + uri + `","version":3},"contentChanges":[{"text":"spec x\ntool t { in none result text }"}]}`},
		{"textDocument/didOpen", `{"textDocument":{"uri":"file:///b.tspec","languageId":"toolspec","version":1,"text":"spec"}}`},
		{"workspace/executeCommand", `{"command":"toolspec.testReport","arguments":[42]}`},
		{"no/such", `[]`},
		{"textDocument/hover", `{"position":{"line":-1,"character":4294967295}}`},
	} {
		f.Add(seed.method, []byte(seed.params))
	}
	f.Fuzz(func(t *testing.T, method string, params []byte) {
		if method == "workspace/executeCommand" {
			return // runs test-report: too slow for a fuzz iteration
		}
		s := New(func(string, any) {})
		s.Handle("initialize", json.RawMessage(`{}`))
		s.open(uri, 1, broken)
		s.open("file:///fixed.tspec", 1, fixed)
		_, err := s.Handle(method, params)
		var je *jsonrpc2.Error
		if errors.As(err, &je) && je.Code == jsonrpc2.InternalError {
			t.Fatalf("%s %s: %v", method, params, err)
		}
	})
}
