package check

import (
	"strings"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/model"
)

// Keywords a `because` may name: the validation keywords toolspec emits.
// format is missing on purpose: it is an annotation and never fails.
var becauseKeywords = []string{
	"type", "enum", "required", "additionalProperties", "minLength", "maxLength",
	"pattern", "minimum", "maximum", "minItems", "maxItems", "uniqueItems",
	"minProperties", "maxProperties",
}

func (c *checker) test(d *ast.Test) *model.Test {
	t := &model.Test{Pos: pos(d.Pos), Name: d.Name.Value()}
	if strings.TrimSpace(t.Name) == "" {
		c.errorf(d.Name.Pos, "the test name is empty")
	}
	if len(d.Fixtures) == 0 {
		c.errorf(d.Pos, "test %q has no fixtures", t.Name)
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
		Pos:    pos(d.Pos),
		Accept: d.Verdict == "accept",
		Tool:   d.Tool.Value(),
		Output: d.Dir == "out",
		Value:  c.json(d.Value),
	}
	tool, ok := c.tools[f.Tool]
	if !ok {
		if !c.unparsed.Tools[f.Tool] {
			c.errorf(d.Tool.Pos, "unknown tool %s%s", quoteName(f.Tool), didYouMean(f.Tool, c.toolNames()))
		}
	} else if f.Output && tool.Result != model.ResultOut {
		c.errorf(d.Pos, "tool %s has no output schema to test (it declares result %s, not out)", quoteName(f.Tool), resultWord(tool.Result))
	}
	if b := d.Because; b != nil {
		if f.Accept {
			c.errorf(b.Pos, "because goes with reject: an accepted value fails no keyword")
		}
		f.Because = b.Keyword
		switch {
		case b.Keyword == "format":
			c.errorf(b.Pos, "format is an annotation: no value fails it, so a test cannot rely on it")
		case !contains(becauseKeywords, b.Keyword):
			c.errorf(b.Pos, "because %s: not a keyword toolspec emits%s", b.Keyword, didYouMean(b.Keyword, becauseKeywords))
		}
		if b.At != nil {
			at := b.At.Value()
			if at != "" && !strings.HasPrefix(at, "/") {
				c.errorf(b.At.Pos, "at %q is not a JSON pointer: it must be empty or start with /", at)
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
