package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/internal/treedump"
	"github.com/toolspec/toolspec/lang/format"
)

// TestIncrementalEditsEqualFreshAnalysis sends random sequences of
// incremental changes (a few per message, as editors batch them) for the
// testdata specs: after each message the document's text, tree, comments
// and diagnostics, the diagnostics published, and what navigation and
// formatting read of the tree (the index's spans, the formatted text)
// are those of analysing the text from scratch, although the server
// parsed only what changed.
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
			// The first half of the messages only add or remove lines
			// before a line (a spec that parsed still parses): the
			// declarations after it move, whole.
			moves := m < messages/2
			for range 1 + r.IntN(3) {
				cur := &document{text: text, lines: lineStarts(text)}
				start := r.IntN(len(text) + 1)
				end := min(len(text), start+r.IntN(3)*r.IntN(40))
				ins := typed[r.IntN(len(typed))]
				if moves {
					start = cur.lines[r.IntN(len(cur.lines))]
					end = start
					ins = "\n"
					if r.IntN(2) == 0 {
						ins = "// moved\n"
					} else if next := strings.IndexByte(text[start:], '\n'); next >= 0 && strings.TrimSpace(text[start:start+next]) == "" {
						end, ins = start+next+1, ""
					}
				}
				// Ranges are in UTF-16 positions: convert there and back
				// so that the expected text is cut where the server cuts.
				rg := protocol.Range{Start: cur.position(start), End: cur.position(end)}
				start, end = cur.offset(rg.Start), cur.offset(rg.End)
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
			if !slices.Equal(got.lines, lineStarts(text)) {
				t.Fatalf("%s, message %d: the server's line starts differ from the text's", file, m)
			}
			if g, w := dump(got.file, got.comments, got.diags), dump(want.file, want.comments, want.diags); g != w {
				t.Fatalf("%s, message %d: tree or diagnostics differ from a fresh analysis\n%s", file, m, firstLineDiff(w, g))
			}
			// A document's parse keeps its declarations (relative
			// positions); a whole parse has none to keep.
			r := compile.Analyse(pathOf(uri), text, compile.Options{})
			whole := &document{text: text, lines: lineStarts(text), file: r.File, comments: r.Comments}
			if g, w := spans(got.index()), spans(whole.index()); g != w {
				t.Fatalf("%s, message %d: the index differs from a fresh analysis's\n%s", file, m, firstLineDiff(w, g))
			}
			if got.file != nil {
				if g, w := format.Source(got.file, got.comments), format.Source(whole.file, whole.comments); !bytes.Equal(g, w) {
					t.Fatalf("%s, message %d: formatted, the tree differs from a fresh analysis's\n%s", file, m, firstLineDiff(string(w), string(g)))
				}
			}
			if !reflect.DeepEqual(published, want.lspDiagnostics()) && !(len(published) == 0 && len(want.lspDiagnostics()) == 0) {
				t.Fatalf("%s, message %d: published %v, a fresh analysis gives %v", file, m, published, want.lspDiagnostics())
			}
		}
	}
}

// spans writes the places an index found, one a line.
func spans(ix *index) string {
	var b strings.Builder
	for _, d := range ix.decls {
		fmt.Fprintf(&b, "decl %s %q %v %v\n", d.kind, d.name, d.nameAt, d.body)
	}
	for _, r := range ix.refs {
		fmt.Fprintf(&b, "ref %s %q %v %d\n", r.kind, r.name, r.at, r.from)
	}
	for _, r := range ix.rows {
		fmt.Fprintf(&b, "row %v %d\n", r.name, r.at)
	}
	for _, f := range ix.fixtures {
		fmt.Fprintf(&b, "fixture %v %v\n", f.tool, f.at)
	}
	return b.String()
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
