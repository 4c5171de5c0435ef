// Package jsonout is the gen-json backend: the tools/list result of a
// profile as indented JSON, the reference every other backend must equal.
package jsonout

import (
	"bytes"
	"encoding/json"
	"runtime"
	"sync"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/model"
)

// Generate returns the tools/list result of a profile, indented with two
// spaces and ending in a newline: exactly json.Indent of schema.ToolsList.
//
// Tools are independent, so each is emitted and indented on its own, on
// every core, and the pieces are joined; TestGenerateEqualsIndent holds it
// to the one-pass result.
func Generate(c *model.Catalog, profile int) []byte {
	parts := make([][]byte, len(c.Tools))
	workers := min(runtime.GOMAXPROCS(0), len(c.Tools))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(c.Tools); i += workers {
				var b bytes.Buffer
				// A tool sits two levels deep: {"tools": [ tool ]}.
				if err := json.Indent(&b, schema.Tool(c.Tools[i], profile), "    ", "  "); err != nil {
					panic("jsonout: emitted invalid JSON: " + err.Error())
				}
				parts[i] = b.Bytes()
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
