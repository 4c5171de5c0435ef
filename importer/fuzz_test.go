package importer_test

import (
	"os"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/importer"
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
