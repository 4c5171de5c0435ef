// Package jsonout is the gen-json backend: the tools/list result of a
// profile as indented JSON, the reference every other backend must equal.
package jsonout

import (
	"bytes"
	"runtime"
	"sync"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/model"
)

// Generate returns the tools/list result of a profile, indented with two
// spaces and ending in a newline: exactly json.Indent of schema.ToolsList.
//
// Tools are independent, so each core writes its share of them, already
// indented, into a buffer of its own, and the pieces are joined;
// TestGenerateEqualsIndent holds it to the one-pass result.
func Generate(c *model.Catalog, profile int) []byte {
	parts := make([][]byte, len(c.Tools))
	workers := min(runtime.GOMAXPROCS(0), len(c.Tools))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var b bytes.Buffer
			ends := make([]int, 0, len(c.Tools)/workers+1)
			for i := w; i < len(c.Tools); i += workers {
				// A tool sits two levels deep: {"tools": [ tool ]}.
				schema.AppendToolIndented(&b, c.Tools[i], profile, "    ")
				ends = append(ends, b.Len())
			}
			// Slice only once the buffer has stopped growing.
			all, start := b.Bytes(), 0
			for k, i := 0, w; i < len(c.Tools); k, i = k+1, i+workers {
				parts[i] = all[start:ends[k]]
				start = ends[k]
			}
		}()
	}
	wg.Wait()

	var b bytes.Buffer
	size := 64
	for _, p := range parts {
		size += len(p) + 6
	}
	b.Grow(size)
	b.WriteString("{\n  \"tools\": [")
	for i, p := range parts {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(p)
	}
	if len(parts) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("],\n  \"_meta\": {\n    ")
	b.WriteString(schema.String(c.CatalogKey))
	b.WriteString(": ")
	b.WriteString(schema.String(c.Identity(profile)))
	b.WriteString("\n  }\n}\n")
	return b.Bytes()
}
