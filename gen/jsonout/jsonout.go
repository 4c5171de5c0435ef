// Package jsonout is the gen-json backend: the tools/list result of a
// profile as indented JSON, the reference every other backend must equal.
package jsonout

import (
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/model"
)

// Generate returns the tools/list result of a profile, indented with two
// spaces and ending in a newline.
func Generate(c *model.Catalog, profile int) []byte {
	return schema.Indent(schema.ToolsList(c, profile))
}
