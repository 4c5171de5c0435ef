package importer_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/model"
)

// TestOpenAPIParamExamplesAndDeprecated: a parameter's example, the
// values of its examples map and its deprecated, and a 3.1 schema's
// examples array, are kept on the row (issue 25 item 7: they were
// dropped without a word).
func TestOpenAPIParamExamplesAndDeprecated(t *testing.T) {
	_, res, cat := importAll(t, "extras.yaml", `openapi: 3.1.0
info: {title: Extras, version: "1"}
paths:
  /items/{id}:
    get:
      operationId: getItem
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}, example: "it_1"}
        - name: limit
          in: query
          deprecated: true
          schema: {type: integer}
          examples:
            small: {value: 10}
            large: {value: 100}
            external: {externalValue: "https://example.com/x.json"}
        - {name: sort, in: query, schema: {type: string, examples: [asc, desc]}, example: "ignored: the schema has its own"}
        - {name: page, in: query, schema: {type: integer, example: 2, examples: [2, 3]}}
      responses: {"204": {description: ok}}
`)
	if len(res.Warnings) != 0 {
		t.Errorf("warnings: %v", res.Warnings)
	}
	rows := map[string]*model.Type{}
	for _, f := range cat.Tools[0].Input.Fields {
		rows[f.Name] = f.Type
	}
	for _, c := range []struct {
		row        string
		examples   []string
		deprecated bool
	}{
		{"id", []string{`"it_1"`}, false},
		{"limit", []string{"10", "100"}, true},
		{"sort", []string{`"asc"`, `"desc"`}, false},
		{"page", []string{"2", "3"}, false},
	} {
		ty := rows[c.row]
		if ty == nil {
			t.Fatalf("no row %s:\n%s", c.row, res.Spec)
		}
		var got []string
		for _, e := range ty.Examples {
			got = append(got, string(json.RawMessage(e)))
		}
		if strings.Join(got, " ") != strings.Join(c.examples, " ") {
			t.Errorf("%s: examples %v, want %v", c.row, got, c.examples)
		}
		if ty.Deprecated != c.deprecated {
			t.Errorf("%s: deprecated %v, want %v", c.row, ty.Deprecated, c.deprecated)
		}
	}
}

// TestOpenAPIRenamedToolWarnings: what is said about a tool renamed
// because its name was taken names it by its new name, not by the name
// of the tool that has it (issue 25 item 7).
func TestOpenAPIRenamedToolWarnings(t *testing.T) {
	_, res, _ := importAll(t, "dup.yaml", `openapi: 3.0.3
info: {title: Dup, version: "1"}
paths:
  /a:
    get:
      operationId: dup
      parameters: [{name: X-Trace, in: header, schema: {type: string}}]
      responses: {"204": {description: ok}}
  /b:
    get:
      operationId: dup
      parameters: [{name: X-Other, in: header, schema: {type: string}}]
      responses: {"204": {description: ok}}
`)
	byField := map[string]string{}
	for _, w := range res.Warnings {
		if w.Field != "" {
			byField[w.Field] = w.Tool
		}
	}
	if byField["X-Trace"] != "dup" || byField["X-Other"] != "dup_2" {
		t.Errorf("the header warnings name tools %q and %q, want dup and dup_2: %v", byField["X-Trace"], byField["X-Other"], res.Warnings)
	}
}

// TestOpenAPIParamRefPositions: a warning about a parameter written as a
// $ref gives the component's line and the component's pointer, not the
// component's line with the operation's slot (issue 25 item 7).
func TestOpenAPIParamRefPositions(t *testing.T) {
	_, res, _ := importAll(t, "pos.yaml", `openapi: 3.0.3
info: {title: Pos, version: "1"}
paths:
  /a:
    get:
      operationId: a
      parameters:
        - $ref: '#/components/parameters/Trace'
        - {name: X-Here, in: header, schema: {type: string}}
      responses: {"204": {description: ok}}
components:
  parameters:
    Trace:
      name: X-Trace
      in: header
      schema: {type: string}
`)
	want := map[string]string{"X-Trace": "14:7 #/components/parameters/Trace", "X-Here": "9:11 #/paths/~1a/get/parameters/1"}
	for _, w := range res.Warnings {
		if at, ok := want[w.Field]; ok {
			if got := fmt.Sprintf("%d:%d %s", w.At.Line, w.At.Col, w.At.Pointer); got != at {
				t.Errorf("%s: at %s, want %s", w.Field, got, at)
			}
			delete(want, w.Field)
		}
	}
	if len(want) > 0 {
		t.Errorf("no warning about %v: %v", want, res.Warnings)
	}
}
