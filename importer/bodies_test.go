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
