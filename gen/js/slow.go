package js

import (
	"bytes"
	"strconv"

	"github.com/toolspec/toolspec/model"
)

// A pattern the checker flags as exponential in a backtracking engine
// (model.Type.Backtracks, TS0603) would let one near-miss argument stall
// a JS server: register refuses to serve it unless the server accepts the
// risk (options.acceptSlowPatterns). The module carries the checker's
// verdict, so the runtime never judges a pattern itself.

// slowPattern is one place of a tool's schema whose pattern backtracks.
type slowPattern struct {
	tool    string
	path    string // "input q", "output items[].name"
	pattern string
	part    string // the repetition at fault, as the checker names it
}

// slowPatterns lists the flagged patterns of every tool, in tool order,
// input before output, rows in order. A path names rows as the checker's
// messages do: inner.name, list[], pair[0], tags{}, id|1.
func slowPatterns(c *model.Catalog) []slowPattern {
	var list []slowPattern
	var walk func(tool, dir, path string, t *model.Type)
	walk = func(tool, dir, path string, t *model.Type) {
		if t.Pattern != nil && t.Backtracks != "" {
			list = append(list, slowPattern{tool, dir + " " + path, *t.Pattern, t.Backtracks})
		}
		t.Children(func(f *model.Field, i int, c *model.Type) {
			switch {
			case f != nil && path == "":
				walk(tool, dir, f.Name, c)
			case f != nil:
				walk(tool, dir, path+"."+f.Name, c)
			case t.Kind == model.Tuple:
				walk(tool, dir, path+"["+strconv.Itoa(i)+"]", c)
			case t.Kind == model.Array:
				walk(tool, dir, path+"[]", c)
			case t.Kind == model.Map:
				walk(tool, dir, path+"{}", c)
			default: // a union's variant
				walk(tool, dir, path+"|"+strconv.Itoa(i), c)
			}
		})
	}
	for _, t := range c.Tools {
		walk(t.Name, "input", "", t.Input)
		if t.Output != nil {
			walk(t.Name, "output", "", t.Output)
		}
	}
	return list
}

// writeSlowPatterns writes SLOW_PATTERNS, the table register reads.
func writeSlowPatterns(b *bytes.Buffer, c *model.Catalog) {
	b.WriteString(`
// The patterns check flagged as exponential in a backtracking engine
// (TS0603 pattern-backtracks), as [tool, field path, pattern, repetition at
// fault]: register refuses to serve them unless options.acceptSlowPatterns
// accepts the risk (true, or a list of tool names).
const SLOW_PATTERNS = Object.freeze([`)
	list := slowPatterns(c)
	for _, s := range list {
		b.WriteString("\n  Object.freeze([" + Quote(s.tool) + ", " + Quote(s.path) + ", " + Quote(s.pattern) + ", " + Quote(s.part) + "]),")
	}
	if len(list) > 0 {
		b.WriteString("\n")
	}
	b.WriteString("]);\n")
}
