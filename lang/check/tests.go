package check

import (
	"strings"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/model"
)

// Keywords a `because` may name: the validation keywords toolspec emits.
// format is missing on purpose: it is an annotation and never fails.
var becauseKeywords = func() []string {
	kws := []string{
		"type", "enum", "required", "additionalProperties", "minLength", "maxLength",
		"pattern", "minimum", "maximum", "minItems", "maxItems", "uniqueItems",
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
	t := &model.Test{Pos: d.Pos, Name: d.Name.Value()}
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
		Pos:    d.Pos,
		Accept: d.Verdict == "accept",
		Tool:   d.Tool.Value(),
		Output: d.Dir == "out",
		Value:  c.json(d.Value),
	}
	tool, ok := c.tools[f.Tool]
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
			c.report(diag.BecauseFormat, b.Pos)
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
