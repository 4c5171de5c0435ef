// Package jsonout is the gen-json backend: the tools/list result of a
// profile as indented JSON, the reference every other backend must equal.
package jsonout

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/model"
)

// Generate returns the tools/list result of a profile, indented with two
// spaces and ending in a newline: exactly json.Indent of schema.ToolsList.
func Generate(c *model.Catalog, profile int) []byte {
	return bytes.Join(Chunks(c, profile), nil)
}

// maxGuess bounds the memory one run reserves from its first tool's size.
const maxGuess = 8 << 20

// Chunks returns Generate's output in pieces, to be written one after the
// other: a large catalog's result is never copied into one buffer.
//
// Tools are independent, so the cores write runs of consecutive tools,
// already indented, each into a buffer of its own;
// TestGenerateEqualsIndent holds the result to the one-pass indentation.
func Chunks(c *model.Catalog, profile int) [][]byte {
	workers := runtime.GOMAXPROCS(0)
	runs := min(len(c.Tools), 4*workers) // a few per core evens out their sizes
	chunks := make([][]byte, runs+2)
	chunks[0] = []byte("{\n  \"tools\": [")
	next := make(chan int, runs)
	for r := range runs {
		next <- r
	}
	close(next)
	var wg sync.WaitGroup
	for range min(workers, runs) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range next {
				var b []byte
				lo, hi := r*len(c.Tools)/runs, (r+1)*len(c.Tools)/runs
				for i := lo; i < hi; i++ {
					if i > 0 {
						b = append(b, ',')
					}
					// A tool sits two levels deep: {"tools": [ tool ]}.
					b = append(b, "\n    "...)
					b = schema.AppendIndentedTool(b, c.Tools[i], profile, "    ")
					if i == lo {
						// Guess the run's size from its first tool rather
						// than growing the buffer step by step, but never
						// reserve much on one guess: a huge first tool says
						// nothing about the rest.
						b = slices.Grow(b, min(len(b)*(hi-lo-1), maxGuess))
					}
				}
				chunks[1+r] = b
			}
		}()
	}
	wg.Wait()

	var end bytes.Buffer
	if len(c.Tools) > 0 {
		end.WriteString("\n  ")
	}
	end.WriteString("],\n  ")
	if profile == 3 {
		end.WriteString(fmt.Sprintf("\"ttlMs\": %d,\n  \"cacheScope\": \"public\",\n  \"resultType\": \"complete\",\n  ", model.Profile3TTLMs))
	}
	end.WriteString("\"_meta\": {\n    ")
	end.WriteString(schema.String(c.CatalogKey))
	end.WriteString(": ")
	end.WriteString(schema.String(c.Identity(profile)))
	end.WriteString("\n  }\n}\n")
	chunks[len(chunks)-1] = end.Bytes()
	return chunks
}
