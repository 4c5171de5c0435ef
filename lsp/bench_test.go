package lsp

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/toolspec/toolspec/internal/synth"
)

// BenchmarkDidChange measures what an edit costs: from the didChange
// message (decoded) to the publishDiagnostics notification (built). The
// edit is one character typed into the description of the tool in the
// middle of the text (incremental sync), then taken back, in turn, so each
// message changes one tool. Goals: under 30 ms on the reference catalog,
// under 100 ms on 10 000 tools (docs/performance.md). check=whole is the
// same without check.Cache (each change checked whole, as before it), in
// the same run, to compare. cpu-ms/op is the CPU time of a change, the
// collector's included, which the load of a shared machine inflates less
// than the wall time.
func BenchmarkDidChange(b *testing.B) {
	ref, err := os.ReadFile("../specs/t27mcp/tool_schema.tspec")
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		src  []byte
	}{
		{"reference", ref},
		{"tools=10000", synth.Spec(10000, 0)},
	} {
		for _, checks := range []string{"cached", "whole"} {
			b.Run(tc.name+"/check="+checks, func(b *testing.B) {
				text := string(tc.src)
				// The description of the tool in the middle.
				tools := strings.Split(text, "\ntool ")
				mid := len(strings.Join(tools[:len(tools)/2], "\ntool "))
				at := strings.Index(text[mid:], "description \"")
				if at < 0 {
					b.Fatal("no description after the middle tool")
				}
				at += mid + len("description \"")
				cur := &document{text: text, lines: lineStarts(text)}
				pos := cur.position(at)
				typed := []any{map[string]any{"range": map[string]any{"start": pos, "end": pos}, "text": "x"}}
				end := pos
				end.Character++
				undone := []any{map[string]any{"range": map[string]any{"start": pos, "end": end}, "text": ""}}
				published := 0
				s := New(func(method string, _ any) { published++ })
				s.Handle("initialize", json.RawMessage(`{}`))
				s.open(uri, 1, text)
				if checks == "whole" {
					// As before check.Cache: every change checked whole.
					s.docs[uri].cache.check = nil
				}
				version := 1
				b.SetBytes(int64(len(tc.src)))
				b.ReportAllocs()
				cpu := cpuTime()
				for b.Loop() {
					version++
					changes := typed
					if version%2 == 1 {
						changes = undone
					}
					params, _ := json.Marshal(map[string]any{
						"textDocument":   map[string]any{"uri": uri, "version": version},
						"contentChanges": changes,
					})
					if _, err := s.Handle("textDocument/didChange", params); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(cpuTime()-cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
				if published == 0 {
					b.Fatal("nothing published")
				}
				if d := s.docs[uri]; d.diags.HasErrors() {
					b.Fatal(d.diags)
				}
			})
		}
	}
}
