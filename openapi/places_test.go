package openapi

import (
	"strings"
	"testing"
)

// TestWhatRealDocumentsHold: readOnly/writeOnly next to a one-member allOf
// or a $ref, a text/plain content parameter, style and explode, apiKey
// security schemes, extensions outside operations, and where things are.
func TestWhatRealDocumentsHold(t *testing.T) {
	const doc = `openapi: 3.1.0
info: {title: T, version: "1"}
x-mcp-name: top
security: [{key: []}]
paths:
  /orders:
    x-mcp-risk: read
    post:
      x-mcp-title: Order
      parameters:
        - {name: note, in: query, content: {text/plain: {schema: {type: integer}}}}
        - {name: filter, in: query, style: deepObject, explode: true, schema: {type: object, properties: {a: {type: string}}}}
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                id: {allOf: [{$ref: '#/components/schemas/OrderId'}], readOnly: true}
                ref: {$ref: '#/components/schemas/OrderId', readOnly: true}
                secret: {allOf: [{$ref: '#/components/schemas/OrderId'}], writeOnly: true}
      responses: {"200": {description: ok}}
    get:
      security: []
      responses: {"200": {description: ok}}
components:
  securitySchemes:
    key: {type: apiKey, in: query, name: api_key}
  schemas:
    OrderId: {type: string}
`
	d, err := Parse("t.yaml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	post := d.Operation("POST", "/orders")
	body := post.Body.Schema
	if p := body.Property("id").Schema; !p.ReadOnly || p.Kind != String {
		t.Errorf("id: readOnly %v kind %s, want a readOnly string", p.ReadOnly, p.Kind)
	}
	if p := body.Property("ref").Schema; !p.ReadOnly {
		t.Errorf("ref: readOnly beside a $ref lost")
	}
	if p := body.Property("secret").Schema; !p.WriteOnly {
		t.Errorf("secret: writeOnly beside allOf lost")
	}
	if p := body.Property("secret").Schema; p.ReadOnly {
		t.Errorf("secret: readOnly leaked from another use of the shared OrderId")
	}
	note := post.Param("note", "query")
	if note.Schema.Kind != String || note.MediaType != "text/plain" {
		t.Errorf("note: %s from %q, want a string from text/plain", note.Schema.Kind, note.MediaType)
	}
	if f := post.Param("filter", "query"); f.Style != "deepObject" || f.Explode == nil || !*f.Explode {
		t.Errorf("filter: style %q explode %v", f.Style, f.Explode)
	}
	if sc := d.Credential(post, "query", "api_key"); sc == nil || sc.Name != "key" || sc.At.Line != 28 {
		t.Errorf("credential of POST: %+v", sc)
	}
	if sc := d.Credential(d.Operation("GET", "/orders"), "query", "api_key"); sc != nil {
		t.Errorf("GET has security: [] but got credential %+v", sc)
	}
	var where []string
	for _, e := range d.Extensions {
		where = append(where, e.Key+" "+e.Where)
	}
	if got := strings.Join(where, ", "); got != "x-mcp-name document, x-mcp-risk path item /orders" {
		t.Errorf("extensions: %s", got)
	}
	if at := post.ExtensionAt["x-mcp-title"]; at.Pointer != "#/paths/~1orders/post/x-mcp-title" || at.Line != 9 {
		t.Errorf("x-mcp-title at %+v", at)
	}
	if at := post.Param("note", "query").At; at.Pointer != "#/paths/~1orders/post/parameters/0" || at.Line != 11 {
		t.Errorf("note at %+v", at)
	}
	if at := body.Property("ref").Schema.At; at.Pointer != "#/components/schemas/OrderId" || at.Line != 30 {
		t.Errorf("ref's schema at %+v", at)
	}
}
