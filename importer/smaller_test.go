package importer_test

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/parity"
)

// TestOpenAPISmallerItems: boolean enums are boolean rows, number enums any
// with a warning, and neither is drift to parity; integer formats that
// limit the server clamp the range; an x-mcp-param-map target is a name
// every client takes.
func TestOpenAPISmallerItems(t *testing.T) {
	doc, res, cat := importAll(t, "small.yaml", `openapi: 3.0.3
info: {title: Small, version: "1"}
paths:
  /x:
    get:
      operationId: getX
      x-mcp-param-map: {ok: "is ok?", tiny: {name: "tiny"}}
      parameters:
        - {name: ok, in: query, schema: {type: boolean, enum: [true, false]}}
        - {name: only, in: query, schema: {type: boolean, enum: [true]}}
        - {name: half, in: query, schema: {type: number, enum: [0.5, 1.5]}}
        - {name: tiny, in: query, schema: {type: integer, format: int8}}
        - {name: byte, in: query, schema: {type: integer, format: uint8, minimum: 1}}
        - {name: short, in: query, schema: {type: integer, format: int16}}
        - {name: count, in: query, schema: {type: integer, format: uint32}}
        - {name: big, in: query, schema: {type: integer, format: uint64}}
      responses: {"204": {description: ok}}
`)
	spec := string(res.Spec)
	for _, row := range []string{
		`is_ok  boolean  optional  as "ok"`,
		"only   boolean  optional",
		"half   any      optional",
		"tiny   integer  optional  -128..127",
		"byte   integer  optional  1..255",
		"short  integer  optional  -32768..32767",
		"count  integer  optional  0..4294967295",
		"big    integer  optional  0..",
	} {
		if !strings.Contains(spec, row) {
			t.Errorf("spec lacks %q:\n%s", row, spec)
		}
	}
	var ws []string
	for _, w := range res.Warnings {
		ws = append(ws, w.String())
	}
	all := strings.Join(ws, "\n")
	for _, want := range []string{
		`x-mcp-param-map target "is ok?" is not a property name every client takes (^[A-Za-z0-9_.-]{1,64}$): written is_ok`,
		"field only: enum [true] of one boolean: written boolean",
		"field half: enum of number values: written as any",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no warning %q in:\n%s", want, all)
		}
	}
	if ms := parity.Check(cat, doc); len(ms) > 0 {
		t.Errorf("the import fails parity: %v", ms)
	}
}

// TestOpenAPIDocumentOrder: tools come in the document's order, paths and
// the methods of one path alike (not sorted).
func TestOpenAPIDocumentOrder(t *testing.T) {
	_, _, cat := importAll(t, "order.yaml", `openapi: 3.0.3
info: {title: Order, version: "1"}
paths:
  /zoo:
    post: {operationId: addAnimal, responses: {"204": {description: ok}}}
    get: {operationId: listAnimals, responses: {"204": {description: ok}}}
  /apes:
    delete: {operationId: dropApe, responses: {"204": {description: ok}}}
    patch: {operationId: editApe, responses: {"204": {description: ok}}}
`)
	var got []string
	for _, tl := range cat.Tools {
		got = append(got, tl.Name)
	}
	if want := "addAnimal listAnimals dropApe editApe"; strings.Join(got, " ") != want {
		t.Errorf("tools %v, want %s", got, want)
	}
}
