package lsp

import (
	"encoding/json"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// TestMisspeltWordFixes: every misspelt word the parser reads as meant (a
// modifier, a tool item, a hint) is reported in the same run, and each
// offers "Change to" the word its message suggests; a missing presence is
// still offered on a later row of the same tool.
func TestMisspeltWordFixes(t *testing.T) {
	const text = "spec s\n\ntool t {\n  descripton \"T\"\n  hints readonly\n  input {\n    a  string  required  patern \"x\"\n    b  string\n    c  string  required\n  }\n  result text\n}\n"
	s := New(func(string, any) {})
	s.Handle("initialize", json.RawMessage(`{}`))
	s.open(uri, 1, text)
	for _, c := range []struct{ word, want string }{
		{"descripton", "description"}, {"readonly", "read_only"}, {"input", "in"}, {"patern", "pattern"}, {"c  string  required", "required "},
	} {
		params, _ := json.Marshal(protocol.CodeActionParams{TextDocument: doc(), Range: protocol.Range{Start: at(text, c.word, 0, 0), End: at(text, c.word, 0, 0)}})
		got, err := s.Handle("textDocument/codeAction", params)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, a := range got.([]protocol.CodeAction) {
			if a.Edit != nil && a.Edit.Changes[uri][0].NewText == c.want {
				found = true
			}
		}
		if !found {
			t.Errorf("at %q: no fix to %q in %+v", c.word, c.want, got)
		}
	}
}
