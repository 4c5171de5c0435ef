package importer_test

import (
	"os"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/importer"
	"github.com/toolspec/toolspec/openapi"
)

// FuzzMCP: no tools/list input may panic the importer, and whatever it
// writes checks.
func FuzzMCP(f *testing.F) {
	if data, err := os.ReadFile("../testdata/import/tools-list.json"); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"tools":[{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"a":{"type":["integer","null"],"enum":[1,null]}}}}]}`))
	f.Add([]byte(`{"result":{"tools":[{"name":"x y","inputSchema":{"properties":{"b":{"items":{"prefixItems":[{}],"minItems":1,"maxItems":1}}}}}]}}`))
	f.Add([]byte(`{"tools":[{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"p":{"type":"string","pattern":"(?=x)","default":3}}}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := importer.MCP(data, "")
		if err != nil {
			return
		}
		if r := compile.Source("fuzz.tspec", res.Spec); r.Catalog == nil {
			t.Fatalf("imported spec does not check:\n%v\n%s", r.Diags, res.Spec)
		}
	})
}

// FuzzOpenAPI: no OpenAPI document may panic the importer, and whatever
// it writes checks. The seeds hold the x-mcp-* keys, readOnly/writeOnly,
// content parameters, styles and security schemes.
func FuzzOpenAPI(f *testing.F) {
	for _, name := range []string{"xmcp.yaml", "side-by-side.yaml"} {
		if data, err := os.ReadFile("../testdata/import/" + name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"security":[{"k":[]}],"paths":{"/a/{id}":{"x-mcp-name":"p","post":{"x-mcp-param-map":{"id":{"name":"b","description":"d"},"q":3},"x-mcp-enabled":true,"parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"string"}},{"name":"k","in":"query","schema":{"type":"string"}},{"name":"f","in":"query","style":"deepObject","schema":{"type":"object","properties":{"a":{"type":"array","items":{"type":"object"}}}}},{"name":"t","in":"query","content":{"text/plain":{"schema":{"type":"integer"}}}}],"requestBody":{"content":{"application/json":{"schema":{"type":"object","required":["x"],"properties":{"x":{"allOf":[{"$ref":"#/components/schemas/X"}],"readOnly":true},"y":{"$ref":"#/components/schemas/X","writeOnly":true}}}}}},"responses":{"200":{"description":"","content":{"application/json":{"schema":{"$ref":"#/components/schemas/X"}}}}}}}},"components":{"securitySchemes":{"k":{"type":"apiKey","in":"query","name":"k"}},"schemas":{"X":{"type":"object","properties":{"s":{"type":"string","writeOnly":true}}}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := openapi.Parse("fuzz.yaml", data)
		if err != nil {
			return
		}
		res, err := importer.OpenAPI(doc, importer.Options{Select: importer.SelectAll})
		if err != nil {
			return
		}
		if r := compile.Source("fuzz.tspec", res.Spec); r.Catalog == nil {
			t.Fatalf("imported spec does not check:\n%v\n%s", r.Diags, res.Spec)
		}
	})
}
