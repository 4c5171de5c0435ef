package importer_test

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/importer"
	"github.com/toolspec/toolspec/parity"
)

// TestVendorDocuments: two real API descriptions (testdata/openapi/README.md
// says where they come from) import whole: every operation becomes a tool
// or is skipped with a warning naming it, the spec checks, the apiKey
// credential is never an input and is reported once, and parity against
// the same document finds no drift: rows typed any on purpose (oneOf,
// anyOf) are warnings, and an operation whose required body is not JSON is
// not imported.
func TestVendorDocuments(t *testing.T) {
	for _, c := range []struct {
		file, scheme string
		tools        int
	}{
		{"figma.yaml", "PersonalAccessToken", 54},
		{"blockfrost.yaml", "project_id", 127},
	} {
		t.Run(c.file, func(t *testing.T) {
			doc := load(t, "../testdata/openapi/vendor/"+c.file)
			res, err := importer.OpenAPI(doc, importer.Options{Select: importer.SelectAll})
			if err != nil {
				t.Fatal(err)
			}
			skipped := 0
			credential := 0
			for _, w := range res.Warnings {
				if strings.HasSuffix(w.Msg, ": not imported") && w.Tool == "" {
					skipped++
				}
				if strings.HasPrefix(w.Msg, "security scheme "+c.scheme+" sends an apiKey") {
					credential++
				}
				if w.At.Pointer == "" || w.At.Line == 0 {
					t.Errorf("warning without a place: %s", w)
				}
			}
			if res.Tools+skipped != len(doc.Operations) || res.Tools != c.tools {
				t.Errorf("%d tools and %d skipped of %d operations, want %d tools", res.Tools, skipped, len(doc.Operations), c.tools)
			}
			if credential != 1 {
				t.Errorf("the credential of %s is reported %d times, want once", c.scheme, credential)
			}
			r := compile.Source(c.file+".tspec", res.Spec)
			if r.Catalog == nil || r.Diags.HasErrors() {
				t.Fatalf("imported spec does not check:\n%v", r.Diags)
			}
			for _, tl := range r.Catalog.Tools {
				for _, f := range tl.Input.Fields {
					if strings.EqualFold(f.WireName(), doc.SecuritySchemes[c.scheme].Param) {
						t.Errorf("tool %s asks for the credential %s", tl.Name, f.Name)
					}
				}
			}
			for _, m := range parity.Check(r.Catalog, doc) {
				t.Errorf("drift in the imported spec: %s", m)
			}
		})
	}
}
