package lsp

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/toolspec/toolspec/internal/treedump"
)

// TestIncrementalEditsEqualFreshAnalysis sends random sequences of
// incremental changes (a few per message, as editors batch them) for the
// testdata specs: after each message the document's text, tree, comments
// and diagnostics, and the diagnostics published, are those of analysing
// the text from scratch, although the server parsed only what changed.
func TestIncrementalEditsEqualFreshAnalysis(t *testing.T) {
	files, _ := filepath.Glob("../lang/check/testdata/*.tspec")
	files = append(files, "../specs/t27mcp/tool_schema.tspec")
	if len(files) < 10 {
		t.Fatalf("only %d specs found", len(files))
	}
	messages := 25
	if testing.Short() {
		messages = 6
	}
	r := rand.New(rand.NewPCG(23, 4))
	typed := []string{"x", " ", "\n", "}", "{", "\"", "1", "..", "é", "# note\n", "tool t_new {\n  description \"d\"\n}\n", ""}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		var published []protocol.Diagnostic
		s := New(func(method string, params any) {
			if p, ok := params.(protocol.PublishDiagnosticsParams); ok {
				published = p.Diagnostics
			}
		})
		s.Handle("initialize", json.RawMessage(`{}`))
		s.open(uri, 1, text)
		for m := range messages {
			var changes []any
			for range 1 + r.IntN(3) {
				cur := &document{text: text, lines: lineStarts(text)}
				start := r.IntN(len(text) + 1)
				end := min(len(text), start+r.IntN(3)*r.IntN(40))
				// Ranges are in UTF-16 positions: convert there and back
				// so that the expected text is cut where the server cuts.
				rg := protocol.Range{Start: cur.position(start), End: cur.position(end)}
				start, end = cur.offset(rg.Start), cur.offset(rg.End)
				ins := typed[r.IntN(len(typed))]
				text = text[:start] + ins + text[end:]
				changes = append(changes, map[string]any{"range": rg, "text": ins})
			}
			params, _ := json.Marshal(map[string]any{
				"textDocument":   map[string]any{"uri": uri, "version": m + 2},
				"contentChanges": changes,
			})
			if _, err := s.Handle("textDocument/didChange", params); err != nil {
				t.Fatal(err)
			}
			got := s.docs[uri]
			want := analyse(uri, int32(m+2), text)
			if got.text != text {
				t.Fatalf("%s, message %d: the server's text differs from the edited text", file, m)
			}
			if g, w := dump(got.file, got.comments, got.diags), dump(want.file, want.comments, want.diags); g != w {
				t.Fatalf("%s, message %d: tree or diagnostics differ from a fresh analysis\n%s", file, m, firstLineDiff(w, g))
			}
			if !reflect.DeepEqual(published, want.lspDiagnostics()) && !(len(published) == 0 && len(want.lspDiagnostics()) == 0) {
				t.Fatalf("%s, message %d: published %v, a fresh analysis gives %v", file, m, published, want.lspDiagnostics())
			}
		}
	}
}

func dump(vs ...any) string {
	var b strings.Builder
	for _, v := range vs {
		treedump.Write(&b, reflect.ValueOf(v))
	}
	return b.String()
}

func firstLineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range min(len(w), len(g)) {
		if w[i] != g[i] {
			return "want: " + w[i] + "\ngot:  " + g[i]
		}
	}
	return "lengths differ"
}
