package report

import (
	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/parser"
)

// clientControls are the negative controls of the client-family lints
// (lang/clients): each plants its code's wrong example, whose tools join
// the spec and whose families join the header (`clients`), so the lint
// fires as the error a declared family makes it.
var clientControls = func() []control {
	var out []control
	for _, d := range []*diag.Def{
		diag.ClientFamilyUnknown, diag.ClientFamilyRepeated,
		diag.ClientAdditionalProperties, diag.ClientOpenObject, diag.ClientNullable,
		diag.ClientIntegerEnum, diag.ClientTuple, diag.ClientUniqueItems,
		diag.ClientExclusiveBound, diag.ClientMultipleOf, diag.ClientUntyped,
		diag.ClientEmptyObject, diag.ClientOptionalProperty, diag.ClientBounds, diag.ClientLengthBounds,
		diag.ClientFormat, diag.ClientAnnotation, diag.ClientDefault,
		diag.ClientToolCount, diag.ClientOptionalCount, diag.ClientNestingDepth,
		diag.ClientToolName, diag.ClientPropertyKey,
	} {
		out = append(out, control{code: d, check: checkClients, plant: clientPlant(d)})
	}
	return out
}()

// clientPlant adds the tools and families of d's wrong example to the
// spec. It declines when a tool name is taken.
func clientPlant(d *diag.Def) func(*planter) (string, bool) {
	return func(p *planter) (string, bool) {
		w := parser.Parse("planted-"+d.Name+".tspec", []byte(d.Wrong))
		if w.File == nil || w.File.Clients == nil {
			return "", false
		}
		taken := map[string]bool{}
		for _, decl := range p.f.Decls {
			if decl.Tool != nil {
				taken[decl.Tool.Name.Value()] = true
			}
		}
		for _, decl := range w.File.Decls {
			if decl.Tool != nil && taken[decl.Tool.Name.Value()] {
				return "", false
			}
		}
		p.f.Decls = append(p.f.Decls, w.File.Decls...)
		cl := &ast.Clients{Pos: w.File.Clients.Pos}
		if p.f.Clients != nil {
			cl.Pos = p.f.Clients.Pos
			cl.Families = append(cl.Families, p.f.Clients.Families...)
		}
		for _, n := range w.File.Clients.Families {
			// A family the spec declares already is not declared twice,
			// except by the control of that very rule.
			if d != diag.ClientFamilyRepeated && declares(cl, n.Value()) {
				continue
			}
			cl.Families = append(cl.Families, n)
		}
		p.f.Clients = cl
		return "the tools and `clients` of the " + d.Name + " example", true
	}
}

func declares(cl *ast.Clients, family string) bool {
	for _, n := range cl.Families {
		if n.Value() == family {
			return true
		}
	}
	return false
}
