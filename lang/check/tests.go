package check

import (
	"slices"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/model"
)

// Keywords a `because` may name: the validation keywords toolspec emits,
// format included (the asserted formats fail; see BecauseFormat).
var becauseKeywords = func() []string {
	kws := []string{
		"type", "enum", "required", "additionalProperties", "minLength", "maxLength",
		"pattern", "format", "minimum", "maximum", "minItems", "maxItems", "uniqueItems",
		"minProperties", "maxProperties", "anyOf",
	}
	for _, d := range descriptor.Modifiers {
		if d.Key != "" {
			kws = append(kws, d.Key)
		}
	}
	return kws
}()

func (c *checker) test(d *ast.Test) *model.Test {
	c.base = d.Base
	t := &model.Test{Pos: c.at(d.Pos), Name: d.Name.Value()}
	if strings.TrimSpace(t.Name) == "" {
		c.report(diag.TestNameEmpty, d.Name.Pos)
	}
	if len(d.Fixtures) == 0 {
		c.report(diag.TestWithoutFixtures, d.Pos, t.Name)
	}
	for _, fx := range d.Fixtures {
		if f := c.fixture(fx); f != nil {
			t.Fixtures = append(t.Fixtures, f)
		}
	}
	return t
}

func (c *checker) fixture(d *ast.Fixture) *model.Fixture {
	f := &model.Fixture{
		Pos:    c.at(d.Pos),
		Accept: d.Verdict == "accept",
		Tool:   d.Tool.Value(),
		Output: d.Dir == "out",
		Value:  c.json(d.Value),
	}
	tool, ok := c.lookupTool(f.Tool)
	if !ok {
		if !c.unparsed.Tools[f.Tool] {
			c.report(diag.FixtureUnknownTool, d.Tool.Pos, quoteName(f.Tool), didYouMean(f.Tool, c.toolNames()))
		}
	} else if f.Output && tool.Result != model.ResultOut {
		c.report(diag.FixtureNoOutput, d.Pos, quoteName(f.Tool), resultWord(tool.Result))
	}
	if b := d.Because; b != nil {
		if f.Accept {
			c.report(diag.BecauseOnAccept, b.Pos)
		}
		f.Because = b.Keyword
		switch {
		case b.Keyword == "format":
			if ok && !assertsFormat(schemaOf(tool, f.Output)) {
				c.report(diag.BecauseFormat, b.Pos, quoteName(f.Tool))
			}
		case !contains(becauseKeywords, b.Keyword):
			c.report(diag.BecauseUnknownKeyword, b.Pos, b.Keyword, didYouMean(b.Keyword, becauseKeywords))
		}
		if b.At != nil {
			at := b.At.Value()
			if at != "" && !strings.HasPrefix(at, "/") {
				c.report(diag.BecauseAtNotPointer, b.At.Pos, at)
			}
			f.At = &at
		}
	}
	return f
}

func schemaOf(t *model.Tool, out bool) *model.Type {
	if out {
		return t.Output
	}
	return t.Input
}

// assertsFormat reports whether some row at or below t has a format
// toolspec asserts: only there can a value fail format.
func assertsFormat(t *model.Type) bool {
	if t == nil {
		return false
	}
	if slices.Contains(descriptor.AssertedFormats, t.Format) {
		return true
	}
	if assertsFormat(t.Elem) {
		return true
	}
	for _, it := range t.Items {
		if assertsFormat(it) {
			return true
		}
	}
	for _, f := range t.Fields {
		if assertsFormat(f.Type) {
			return true
		}
	}
	return false
}

func resultWord(r model.Result) string {
	if r == 0 {
		return "nothing"
	}
	return r.String()
}

// toolNames are the names a fixture may mean: the tools, and those that
// did not parse.
func (c *checker) toolNames() []string {
	var names []string
	for n := range c.tools {
		names = append(names, n)
	}
	for n := range c.unparsed.Tools {
		names = append(names, n)
	}
	return names
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// survives checks an acknowledgment: its tool, the place its path leads
// to and its keyword. test-report matches it to the mutants.
func (c *checker) survives(d *ast.Survives) *model.Survives {
	c.base = d.Base
	s := &model.Survives{Pos: c.at(d.Pos), Tool: d.Tool.Value(), Path: d.Path.Value(), Keyword: d.Keyword.Value(), Reason: d.Reason.Value()}
	tool, ok := c.lookupTool(s.Tool)
	if !ok {
		if !c.unparsed.Tools[s.Tool] {
			c.report(diag.SurvivesUnknownTool, d.Tool.Pos, quoteName(s.Tool), didYouMean(s.Tool, c.toolNames()))
		}
		return nil
	}
	if s.Field, s.Type, ok = tool.Locate(s.Path); !ok {
		c.report(diag.SurvivesUnknownPath, d.Path.Pos, quoteName(s.Tool), s.Path, didYouMean(s.Path, toolPaths(tool)))
	}
	if !contains(descriptor.MutatedKeywords, s.Keyword) {
		c.report(diag.SurvivesUnknownKeyword, d.Keyword.Pos, quoteName(s.Tool), s.Keyword, didYouMean(s.Keyword, descriptor.MutatedKeywords))
	}
	return s
}

// toolPaths lists the places of a tool as test-report prints them, for a
// did-you-mean.
func toolPaths(t *model.Tool) []string {
	var out []string
	var walk func(ty *model.Type, at string)
	walk = func(ty *model.Type, at string) {
		if ty == nil || len(out) > 1000 {
			return
		}
		out = append(out, at)
		switch ty.Kind { // kinds:partial: scalars hold no rows
		case model.Object:
			for _, f := range ty.Fields {
				walk(f.Type, at+"."+f.Name)
			}
		case model.Union:
			for i, v := range ty.Variants {
				walk(v, at+"|"+strconv.Itoa(i))
			}
		case model.Array:
			walk(ty.Elem, at+"[]")
		case model.Map:
			walk(ty.Elem, at+"{}")
		case model.Tuple:
			for i, it := range ty.Items {
				walk(it, at+"["+strconv.Itoa(i)+"]")
			}
		}
	}
	walk(t.Input, "in")
	walk(t.Output, "out")
	return out
}
