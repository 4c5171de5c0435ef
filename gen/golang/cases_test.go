package golang_test

import (
	"github.com/toolspec/toolspec/internal/cases"
	"github.com/toolspec/toolspec/model"
)

// Cases are the differential test's values for every tool of a catalog:
// internal/cases (the spec's fixtures, then values generated from the
// model, valid and near misses), then malformed JSON, which both sides
// must refuse.
func Cases(cat *model.Catalog) []testCase {
	var out []testCase
	for _, c := range cases.Generate(cat, cases.Options{Extreme: true, Wire: true, NumberModifiers: true}) {
		out = append(out, testCase{Tool: c.Tool, Output: c.Output, Value: c.Value})
	}
	for _, tool := range cat.Tools {
		for _, v := range []string{`{`, `{"a":1,}`, `{} {}`, `[1 2]`, `{"a" 1}`, `nul`, `01`, `"\x"`, ``, `{"a":1e}`, `[1,]`, "\"a\x01\"", `-`, `{"a":.5}`} {
			out = append(out, testCase{Tool: tool.Name, Raw: []byte(v)})
			if tool.Output != nil {
				out = append(out, testCase{Tool: tool.Name, Output: true, Raw: []byte(v)})
			}
		}
	}
	return out
}
