package lsp

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/lang/token"
)

// TestDeclaredClientsLint: the editor shows what `toolspec check` shows for
// a spec that declares client families — their lints, as errors where the
// dialect cannot lower the construct (a nested empty object) — and
// keeps the model for hover and completion.
func TestDeclaredClientsLint(t *testing.T) {
	d := analyse(uri, 1, `spec s
clients gemini

tool t {
  description "d"
  in {
    a  string  optional
    b  object {
    }  required
  }
  result text
}
`)
	var lint bool
	for _, x := range d.diags {
		if strings.HasPrefix(x.Code, "TS10") && x.Severity == token.Error {
			lint = true
		}
	}
	if !lint {
		t.Errorf("no client lint among %v", d.diags)
	}
	if d.catalog == nil || d.catalog.Tool("t") == nil {
		t.Error("no model for a spec with errors")
	}
}
