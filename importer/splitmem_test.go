package importer_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/importer"
	"github.com/toolspec/toolspec/openapi"
)

// TestOpenAPISplitHoldsOnlyItsParts: what a split leaves live is its
// parts' text, not the trees it parsed to check each part (every part
// is built, formatted and parsed again, and a tag over the cap once per
// halving). When the parser's node slabs outlived their parse, each tree
// kept every earlier one alive: Microsoft Graph's 244 MB of parts left
// 4.9 GB live and peaked at 9.6 GB (docs/openapi.md).
func TestOpenAPISplitHoldsOnlyItsParts(t *testing.T) {
	var doc strings.Builder
	doc.WriteString("openapi: 3.0.3\ninfo: {title: Many, version: \"1\"}\npaths:\n")
	for i := range 300 {
		fmt.Fprintf(&doc, `  /t%d/items/{id}:
    post:
      operationId: op%d
      tags: [tag%d]
      parameters:
        - {name: id, in: path, required: true, schema: {type: string, maxLength: 40}}
        - {name: limit, in: query, schema: {type: integer, minimum: 1, maximum: 100, default: 20}}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                name: {type: string, description: The name}
                tags: {type: array, items: {type: string}}
                size: {type: number, minimum: 0}
                owner: {type: object, properties: {id: {type: string}, email: {type: string, format: email}}}
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: object, properties: {id: {type: string}, created: {type: string, format: date-time}}}
`, i, i, i%30)
	}
	d, err := openapi.Parse("many.yaml", []byte(doc.String()))
	if err != nil {
		t.Fatal(err)
	}
	// One collection: a sync.Pool keeps what it holds through one, as
	// it does all along a run that keeps using it.
	live := func() int64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	runtime.GC()
	before := live()
	res, err := importer.OpenAPISplit(d, importer.Options{Select: importer.SelectAll}, 6000)
	if err != nil {
		t.Fatal(err)
	}
	kept := live() - before
	text := 0
	for _, p := range res.Parts {
		text += cap(p.Spec)
	}
	t.Logf("%d parts, %d KB of spec; %d KB live after the split", len(res.Parts), text>>10, kept>>10)
	if kept > int64(3*text) {
		t.Errorf("%d KB live after a split into %d parts of %d KB in all: more than 3 times the parts' text (the parses' trees kept?)", kept>>10, len(res.Parts), text>>10)
	}
	runtime.KeepAlive(res)
	runtime.KeepAlive(d)
}
