package importer_test

import (
	"strings"
	"testing"
)

// TestOpenAPILongNamesCollide: names cut to 64 characters that collide get
// a suffix that survives the cut (GitHub's operationIds do this; the
// suffix used to be cut away again, forever).
func TestOpenAPILongNamesCollide(t *testing.T) {
	long := strings.Repeat("a", 70)
	_, res, cat := importAll(t, "long.yaml", `openapi: 3.1.0
info: {title: T, version: "1"}
paths:
  /x: {get: {operationId: `+long+`x, responses: {"200": {description: ok}}}}
  /y: {get: {operationId: `+long+`y, responses: {"200": {description: ok}}}}
  /z: {get: {operationId: `+long+`z, responses: {"200": {description: ok}}}}
`)
	var names []string
	for _, tl := range cat.Tools {
		names = append(names, tl.Name)
	}
	want := []string{strings.Repeat("a", 64), strings.Repeat("a", 62) + "_2", strings.Repeat("a", 62) + "_3"}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("names %v, want %v", names, want)
	}
	if len(res.Warnings) != 2 {
		t.Errorf("warnings %v, want two renames", res.Warnings)
	}
}
