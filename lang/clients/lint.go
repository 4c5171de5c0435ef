package clients

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/model"
)

// Options tune the lints.
type Options struct {
	// PrefixLength is the length of what a client puts before a tool name
	// (Cursor and Copilot prefix the server's name), separator included.
	PrefixLength int
}

// Lint reports, for each family, every construct of the catalog's input
// schemas that the family refuses or drops, with severity sev (`check
// --clients` reports warnings).
func Lint(cat *model.Catalog, families []string, sev token.Severity, opt Options) token.List {
	var l token.List
	for _, name := range families {
		l = append(l, lintFamily(cat, name, func(Rule) token.Severity { return sev }, opt)...)
	}
	return l.Sort()
}

// LintDeclared is Lint for the families a spec declares (LANGUAGE.md §5):
// a lint is an error where the family's dialect cannot lower the
// construct, and a warning where it can (the server serves that family its
// dialect).
func LintDeclared(cat *model.Catalog, families []string, opt Options) token.List {
	var l token.List
	for _, name := range families {
		l = append(l, lintFamily(cat, name, Rule.DeclaredSeverity, opt)...)
	}
	return l.Sort()
}

// DeclaredSeverity is the severity of r's lint for a declared family.
func (r Rule) DeclaredSeverity() token.Severity {
	if r.Lowering != "" {
		return token.Warning
	}
	return token.Error
}

// Found is one construct at one place of one tool's input.
type Found struct {
	Construct *Construct
	Tool      *model.Tool
	Pos       token.Pos
	// Where is "tool NAME" with the JSON pointer of the node, if not the root.
	Where string
	// Detail is the count or value behind a count lint.
	Detail string
}

// Find lists every construct some family cares about in the catalog's
// input schemas, tool by tool, node by node (counts are per family: see
// lintFamily).
func Find(cat *model.Catalog) []Found {
	var out []Found
	for _, t := range cat.Tools {
		walk(t, t.Input, "", t.Pos, true, func(c *Construct, p token.Pos, ptr string) {
			where := "tool " + diag.Name(t.Name)
			if ptr != "" {
				where += " at " + ptr
			}
			out = append(out, Found{Construct: c, Tool: t, Pos: p, Where: where})
		})
	}
	return out
}

// walk calls found for each construct of t, whose JSON pointer is ptr.
func walk(tool *model.Tool, t *model.Type, ptr string, at token.Pos, root bool, found func(*Construct, token.Pos, string)) {
	if t.Pos.Line > 0 {
		at = t.Pos
	}
	hit := func(c *Construct) { found(c, at, ptr) }
	switch t.Kind {
	case model.Object:
		if !t.Open {
			hit(AdditionalProperties)
		} else {
			hit(OpenObject)
		}
		if len(t.Fields) == 0 && !root {
			hit(EmptyObject)
		}
	case model.Map:
		hit(AdditionalProperties)
		hit(OpenObject)
		if !root {
			hit(EmptyObject) // a map has no properties
		}
	case model.Any:
		hit(Untyped)
	case model.Tuple:
		hit(Tuple)
	case model.Enum:
		if len(t.Enum) > 0 && t.Enum[0].IsInt {
			hit(IntegerEnum)
		}
	}
	if t.Nullable && t.Kind != model.Any {
		hit(Nullable)
	}
	if t.Unique {
		hit(UniqueItems)
	}
	if t.ExclusiveMin != nil || t.ExclusiveMax != nil {
		hit(ExclusiveBound)
	}
	if t.MultipleOf != nil {
		hit(MultipleOf)
	}
	if t.Max != nil || t.Min != nil && !(t.Kind == model.Array && t.Min.Cmp(model.NewNum("1")) <= 0) {
		hit(Bounds)
	}
	if (t.Kind == model.String || t.Kind == model.Array) && (t.Min != nil || t.Max != nil) {
		hit(LengthBounds)
	}
	if t.Format != "" && t.Format != "date-time" {
		hit(Format)
	}
	if len(t.Examples) > 0 || t.Deprecated {
		hit(Annotation)
	}
	if t.Default != nil {
		hit(Default)
	}
	for _, f := range t.Fields {
		fp := ptr + "/" + escape(f.Name)
		fat := f.Pos
		if !f.Required {
			found(OptionalProperty, fat, fp)
		}
		walk(tool, f.Type, fp, fat, false, found)
	}
	if t.Elem != nil {
		walk(tool, t.Elem, ptr+"/*", at, false, found)
	}
	for i, it := range t.Items {
		walk(tool, it, ptr+"/"+strconv.Itoa(i), at, false, found)
	}
}

func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// Depth is the nesting depth of objects in t: 1 for a flat object.
func Depth(t *model.Type) int {
	d := 0
	for _, f := range t.Fields {
		d = max(d, Depth(f.Type))
	}
	if t.Elem != nil {
		d = max(d, Depth(t.Elem))
	}
	for _, it := range t.Items {
		d = max(d, Depth(it))
	}
	if t.Kind == model.Object || t.Kind == model.Map {
		d++
	}
	return d
}

// Summary counts, for one family, the tools it refuses, the tools it
// accepts but weakens (silently drops a rule of), and the request limits
// the catalog passes (tools, optional parameters per request).
type Summary struct {
	Family            string
	Tools             int
	Refused, Weakened int
	Limits            int
}

// Summarize is what Lint reports, counted per family and tool.
func Summarize(cat *model.Catalog, families []string, opt Options) []Summary {
	var out []Summary
	for _, fam := range families {
		s := Summary{Family: fam, Tools: len(cat.Tools)}
		effect := map[*model.Tool]Effect{}
		for _, h := range hits(cat, fam, opt) {
			switch {
			case h.rule.Construct == ToolCount || h.rule.Construct == OptionalCount:
				s.Limits++
			case h.rule.Effect == Refuses:
				effect[h.tool] = Refuses
			case effect[h.tool] == 0:
				effect[h.tool] = Drops
			}
		}
		for _, e := range effect {
			if e == Refuses {
				s.Refused++
			} else {
				s.Weakened++
			}
		}
		out = append(out, s)
	}
	return out
}

// hit is one rule of a family firing on one tool.
type hit struct {
	rule          Rule
	tool          *model.Tool
	pos           token.Pos
	where, detail string
}

func lintFamily(cat *model.Catalog, family string, sev func(Rule) token.Severity, opt Options) token.List {
	var l token.List
	for _, h := range hits(cat, family, opt) {
		r := h.rule
		what := r.Construct.What
		if h.detail != "" {
			what += " (" + h.detail + ")"
		}
		if r.Uncertain {
			what += " [uncertain rule]"
		}
		d := r.Construct.Diag.New(h.pos, h.where, family, r.Effect, what, r.fix())
		d.Severity = sev(r)
		l = append(l, d)
	}
	return l
}

// fix is the fix a lint names: the family's dialect when it lowers the
// construct, else the change to the spec.
func (r Rule) fix() string {
	if r.Lowering == "" {
		return r.Construct.Fix + " (the " + r.Family + " dialect cannot lower it)"
	}
	return "serve the " + r.Family + " dialect (gen-json --dialect " + r.Family + "), which " + r.Lowering + "; or " + r.Construct.Fix
}

func hits(cat *model.Catalog, family string, opt Options) []hit {
	var l []hit
	var tool *model.Tool
	report := func(r Rule, p token.Pos, where, detail string) {
		l = append(l, hit{r, tool, p, where, detail})
	}
	rules := map[*Construct]Rule{}
	for _, r := range RulesOf(family) {
		rules[r.Construct] = r
	}
	for _, f := range Find(cat) {
		if r, ok := rules[f.Construct]; ok {
			tool = f.Tool
			report(r, f.Pos, f.Where, "")
		}
	}
	if r, ok := rules[ToolCount]; ok && len(cat.Tools) > r.Limit {
		t := cat.Tools[r.Limit]
		tool = t
		report(r, t.Pos, "tool "+diag.Name(t.Name), fmt.Sprintf("%d tools, at most %d", len(cat.Tools), r.Limit))
	}
	if r, ok := rules[OptionalCount]; ok {
		n := 0
		for _, t := range cat.Tools {
			for _, f := range t.Input.Fields {
				if !f.Required {
					n++
					if n == r.Limit+1 {
						tool = t
						report(r, f.Pos, "tool "+diag.Name(t.Name)+" at /"+escape(f.Name), fmt.Sprintf("at most %d", r.Limit))
					}
				}
			}
		}
	}
	for _, t := range cat.Tools {
		tool = t
		where := "tool " + diag.Name(t.Name)
		if r, ok := rules[NestingDepth]; ok {
			if d := Depth(t.Input); d > r.Limit {
				report(r, t.Pos, where, fmt.Sprintf("%d levels, at most %d", d, r.Limit))
			}
		}
		if r, ok := rules[PropertyKey]; ok {
			for _, f := range t.Input.Fields {
				if !r.Name.MatchString(f.Name) {
					report(r, f.Pos, where+" at /"+escape(f.Name), "must match "+r.Name.String())
				}
			}
		}
		if r, ok := rules[ToolName]; ok {
			n := len(t.Name)
			if r.Prefixed {
				n += opt.PrefixLength
			}
			switch {
			case r.Name != nil && !r.Name.MatchString(t.Name):
				report(r, t.Pos, where, "must match "+r.Name.String())
			case n > r.Limit && r.Prefixed:
				report(r, t.Pos, where, fmt.Sprintf("%d characters with the %d of the server-name prefix, at most %d", n, opt.PrefixLength, r.Limit))
			case n > r.Limit:
				report(r, t.Pos, where, fmt.Sprintf("%d characters, at most %d", n, r.Limit))
			}
		}
	}
	return l
}
