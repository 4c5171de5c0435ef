package importer_test

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/parity"
)

// TestOpenAPIFreeForm: an object that takes any properties ({type:
// object} alone, additionalProperties true or {}) is map<any>, whichever
// way it is written; one with properties and additionalProperties true is
// an open object. The import passes parity, and parity reports the same
// rows written closed.
func TestOpenAPIFreeForm(t *testing.T) {
	doc, res, cat := importAll(t, "free.yaml", `openapi: 3.1.0
info: {title: Free, version: "1"}
paths:
  /chat:
    post:
      operationId: chat
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              properties:
                logit_bias: {type: object, additionalProperties: {type: integer}}
                alone: {type: object}
                yes: {type: object, additionalProperties: true}
                empty: {type: object, additionalProperties: {}}
                meta:
                  type: object
                  additionalProperties: true
                  properties: {tag: {type: string}}
      responses: {"204": {description: ok}}
`)
	spec := string(res.Spec)
	for _, row := range []string{
		"logit_bias  map<integer>",
		"alone       map<any>",
		"yes         map<any>",
		"empty       map<any>",
	} {
		if !strings.Contains(spec, row) {
			t.Errorf("spec lacks %q:\n%s", row, spec)
		}
	}
	if !strings.Contains(spec, "}                         optional  open") {
		t.Errorf("meta is not open:\n%s", spec)
	}
	for _, w := range res.Warnings {
		t.Errorf("unexpected warning: %s", w)
	}
	if ms := parity.Check(cat, doc); len(ms) > 0 {
		t.Errorf("the import fails parity: %v", ms)
	}
	closed := strings.Replace(spec, "}                         optional  open", "}           optional", 1)
	r := compile.Source("closed.tspec", []byte(closed))
	if r.Catalog == nil {
		t.Fatalf("closed variant does not check: %v", r.Diags)
	}
	got := ""
	for _, m := range parity.Check(r.Catalog, doc) {
		got += m.String() + "\n"
	}
	if !strings.Contains(got, "field meta: API: open object") || !strings.Contains(got, "closed object") {
		t.Errorf("parity does not report a closed row against an open object:\n%s", got)
	}
}

// TestOpenAPIFormBodies: form fields are rows (application/json first,
// then url-encoded, then multipart), a binary part is a warning, and */*
// and application/*+json bodies are JSON. Each import passes parity.
func TestOpenAPIFormBodies(t *testing.T) {
	doc, res, cat := importAll(t, "forms.yaml", `openapi: 3.0.3
info: {title: Forms, version: "1"}
paths:
  /customers:
    post:
      operationId: PostCustomers
      requestBody:
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                email: {type: string, maxLength: 512}
                name: {type: string}
      responses: {"200": {description: ok}}
  /files:
    post:
      operationId: upload
      requestBody:
        required: true
        content:
          multipart/form-data:
            schema:
              type: object
              required: [file]
              properties:
                file: {type: string, format: binary}
                purpose: {type: string, enum: [avatar, document]}
      responses: {"200": {description: ok}}
  /pods:
    post:
      operationId: createPod
      requestBody:
        required: true
        content:
          '*/*':
            schema: {type: object, required: [kind], properties: {kind: {type: string}}}
      responses: {"200": {description: ok}}
  /patch:
    patch:
      operationId: patchPod
      requestBody:
        required: true
        content:
          application/merge-patch+json:
            schema: {type: object, properties: {spec: {type: string}}}
      responses: {"200": {description: ok}}
`)
	spec := string(res.Spec)
	for _, row := range []string{
		"email  string  optional  ..512",
		"file     string                  required",
		"purpose  enum(avatar, document)  optional",
		"kind  string  required",
		`"spec"  string  optional`,
	} {
		if !strings.Contains(spec, row) {
			t.Errorf("spec lacks %q:\n%s", row, spec)
		}
	}
	var ws []string
	for _, w := range res.Warnings {
		ws = append(ws, w.String())
	}
	if all := strings.Join(ws, "\n"); len(ws) != 2 || !strings.Contains(all, "tool upload field file: a binary part of the multipart/form-data body") ||
		!strings.Contains(all, "tool upload field file: format binary is not a JSON Schema format: not kept") {
		t.Errorf("warnings = %q, want the binary part and its format", ws)
	}
	if ms := parity.Check(cat, doc); len(ms) > 0 {
		t.Errorf("the import fails parity: %v", ms)
	}
}

// TestOpenAPIWholeBody: a JSON request body that is not an object with
// properties (an array, a free-form object, a union, a scalar, a schema
// that says nothing) is one row, body, `from whole_body`, required as the
// body is; the import passes parity, and parity finds drift in that row
// as in any other.
func TestOpenAPIWholeBody(t *testing.T) {
	doc, res, cat := importAll(t, "whole.yaml", `openapi: 3.1.0
info: {title: Whole, version: "1"}
paths:
  /users/batch:
    post:
      operationId: createUsers
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: array
              items:
                type: object
                required: [name]
                properties: {name: {type: string, maxLength: 40}}
      responses: {"204": {description: ok}}
  /objects/{name}:
    patch:
      operationId: patchObject
      parameters:
        - {name: name, in: path, required: true, schema: {type: string}}
        - {name: body, in: query, schema: {type: boolean}}
      requestBody:
        required: true
        description: A JSON merge patch.
        content:
          application/merge-patch+json:
            schema: {type: object}
      responses: {"204": {description: ok}}
  /pick:
    put:
      operationId: pick
      requestBody:
        content:
          application/json:
            schema:
              oneOf: [{type: string}, {type: integer, minimum: 1}]
      responses: {"204": {description: ok}}
  /anything:
    post:
      operationId: anything
      requestBody:
        content:
          application/json:
            schema: {}
      responses: {"204": {description: ok}}
`)
	spec := string(res.Spec)
	for _, row := range []string{
		"body  array<object {",
		"whole_body_body  map<any>  required  from whole_body  \"A JSON merge patch.\"",
		"body  union<string, integer 1..>  optional  from whole_body",
		"body  any  optional  from whole_body",
	} {
		if !strings.Contains(spec, row) {
			t.Errorf("spec lacks %q:\n%s", row, spec)
		}
	}
	for _, w := range res.Warnings {
		t.Errorf("unexpected warning: %s", w)
	}
	if ms := parity.Check(cat, doc); len(ms) > 0 {
		t.Errorf("the import fails parity: %v", ms)
	}
	for _, c := range []struct{ name, from, to, want string }{
		{"element kind", "name  string  required  ..40", "name  integer  required  ..40", "field body[].name"},
		{"optional body", "map<any>  required  from whole_body", "map<any>  optional  from whole_body", "field whole_body_body: API: required; spec: optional"},
		{"variant", "union<string, integer 1..>", "union<string, number 1..>", "field body"},
		{"body as a property", "body  any  optional  from whole_body", "body  any  optional  from body", "is any, not an object with properties; spec: 1 body rows"},
	} {
		changed := strings.Replace(spec, c.from, c.to, 1)
		if changed == spec {
			t.Errorf("%s: %q is not in the spec", c.name, c.from)
			continue
		}
		r := compile.Source("drift.tspec", []byte(changed))
		if r.Catalog == nil {
			t.Errorf("%s: the changed spec does not check: %v", c.name, r.Diags)
			continue
		}
		got := ""
		for _, m := range parity.Check(r.Catalog, doc) {
			got += m.String() + "\n"
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("%s: parity does not report %q:\n%s\nin\n%s", c.name, c.want, got, changed)
		}
	}
}

// TestOpenAPIUnionEqualVariants: import writes equal variants once
// (DigitalOcean's domain records: A and AAAA require the same fields), so
// parity matches each API variant with a spec variant it agrees with, not
// by place; drift in a variant is still found.
func TestOpenAPIUnionEqualVariants(t *testing.T) {
	doc, res, cat := importAll(t, "records.yaml", `openapi: 3.0.3
info: {title: Records, version: "1"}
components:
  schemas:
    record:
      type: object
      properties:
        type: {type: string}
        name: {type: string}
        port: {type: integer}
paths:
  /records:
    post:
      operationId: createRecord
      requestBody:
        required: true
        content:
          application/json:
            schema:
              anyOf:
                - allOf: [{$ref: "#/components/schemas/record"}, {required: [type, name]}]
                - allOf: [{$ref: "#/components/schemas/record"}, {required: [type, name]}]
                - allOf: [{$ref: "#/components/schemas/record"}, {required: [type, port]}]
      responses: {"204": {description: ok}}
`)
	spec := string(res.Spec)
	if n := strings.Count(spec, "object {"); n != 2 {
		t.Fatalf("want the two distinct variants, got %d:\n%s", n, spec)
	}
	if ms := parity.Check(cat, doc); len(ms) > 0 {
		t.Fatalf("the import fails parity: %v", ms)
	}
	// The last variant's port is required; make it optional.
	i := strings.LastIndex(spec, "port  integer  required")
	if i < 0 {
		t.Fatalf("no required port in:\n%s", spec)
	}
	changed := spec[:i] + "port  integer  optional" + spec[i+len("port  integer  required"):]
	r := compile.Source("drift.tspec", []byte(changed))
	if r.Catalog == nil {
		t.Fatalf("the changed spec does not check: %v", r.Diags)
	}
	got := ""
	for _, m := range parity.Check(r.Catalog, doc) {
		got += m.String() + "\n"
	}
	if !strings.Contains(got, "field body|2.port: API: required; spec: optional") {
		t.Errorf("parity does not report the optional port:\n%s", got)
	}
}
