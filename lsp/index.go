package lsp

import (
	"net/url"
	"strings"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/model"
)

// pathOf turns a file:// URI into the path diagnostics name.
func pathOf(uri string) string {
	if u, err := url.Parse(uri); err == nil && u.Scheme == "file" {
		return u.Path
	}
	return uri
}

// decl is a named declaration: a tool, group or test.
type decl struct {
	kind   string // "tool", "group", "test"
	name   string
	nameAt span
	body   span
}

// ref is a name that points at a declaration: `use g` at a group, a
// fixture's tool at a tool.
type ref struct {
	kind string // the kind of declaration it names
	name string
	at   span
	// from is where the construct starts (`use`, `accept`): diagnostics
	// about the reference are reported there.
	from int
}

// rowSite is a row of the spec with the span of its name and the
// offset it starts at.
type rowSite struct {
	row  *ast.Row
	name span
	at   int
}

// fixtureSite is a fixture with where its tool name and pointer are.
type fixtureSite struct {
	fx   *ast.Fixture
	tool span
	at   span // the `at "/ptr"` string, if any
}

// index is what the navigation features need from a parsed spec.
type index struct {
	decls    []decl
	refs     []ref
	rows     []rowSite
	fixtures []fixtureSite
	// base is the Base of the declaration being indexed: spans are
	// offsets in the text.
	base ast.Base
}

// off is the offset in the text of p, in the declaration being indexed.
func (ix *index) off(p ast.Position) int { return ix.base.Pos(p).Offset }

// nameSpan is the span of a name as written.
func (ix *index) nameSpan(n *ast.Name) span {
	l := len(n.Ident)
	if n.Quoted != nil {
		l = len(n.Quoted.Raw)
	}
	at := ix.off(n.Pos)
	return span{at, at + l}
}

func (ix *index) closeSpan(start ast.Position, c *ast.Close) span {
	if c == nil {
		return span{ix.off(start), ix.off(start)}
	}
	return span{ix.off(start), ix.off(c.Pos) + 1}
}

func (d *document) index() *index {
	ix := &index{}
	if d.file == nil {
		return ix
	}
	for _, dc := range d.file.Decls {
		ix.base = dc.Base()
		switch {
		case dc.Tool != nil:
			t := dc.Tool
			ix.decls = append(ix.decls, decl{kind: "tool", name: t.Name.Value(), nameAt: ix.nameSpan(t.Name), body: ix.closeSpan(t.Pos, t.Close)})
			for _, it := range t.Items {
				if it.In != nil && it.In.Block != nil {
					ix.block(it.In.Block.Items)
				}
				if it.Out != nil {
					ix.block(it.Out.Items)
				}
			}
		case dc.Group != nil:
			g := dc.Group
			ix.decls = append(ix.decls, decl{kind: "group", name: g.Name.Value(), nameAt: ix.nameSpan(g.Name), body: ix.closeSpan(g.Pos, g.Close)})
			ix.block(g.Items)
		case dc.Test != nil:
			t := dc.Test
			ns := span{ix.off(t.Name.Pos), ix.off(t.Name.Pos) + len(t.Name.Raw) + len(t.Name.Block)}
			ix.decls = append(ix.decls, decl{kind: "test", name: t.Name.Value(), nameAt: ns, body: ix.closeSpan(t.Pos, t.Close)})
			for _, fx := range t.Fixtures {
				fs := fixtureSite{fx: fx, tool: ix.nameSpan(fx.Tool)}
				if at := fx.Because; at != nil && at.At != nil {
					fs.at = span{ix.off(at.At.Pos), ix.off(at.At.Pos) + len(at.At.Raw)}
				}
				ix.fixtures = append(ix.fixtures, fs)
				ix.refs = append(ix.refs, ref{kind: "tool", name: fx.Tool.Value(), at: fs.tool, from: ix.off(fx.Pos)})
			}
		}
	}
	return ix
}

func (ix *index) block(items []*ast.Item) {
	for _, it := range items {
		if it.Use != nil {
			ix.refs = append(ix.refs, ref{kind: "group", name: it.Use.Name.Value(), at: ix.nameSpan(it.Use.Name), from: ix.off(it.Use.Pos)})
			continue
		}
		r := it.Row
		if r == nil {
			continue
		}
		ix.rows = append(ix.rows, rowSite{row: r, name: ix.nameSpan(r.Name), at: ix.off(r.Pos)})
		if r.Kind != nil {
			ix.kind(r.Kind)
		}
	}
}

func (ix *index) kind(k *ast.Kind) {
	switch {
	case k.Object != nil:
		ix.block(k.Object.Items)
	default:
		for _, e := range k.Elems() {
			if e != nil && e.Kind != nil {
				ix.kind(e.Kind)
			}
		}
	}
}

func (ix *index) decl(kind, name string) *decl {
	for i := range ix.decls {
		if ix.decls[i].kind == kind && ix.decls[i].name == name {
			return &ix.decls[i]
		}
	}
	return nil
}

// fieldAt finds the model field a row became: the first one, at any depth
// of any tool, whose position is the row's (a group's row is inlined into
// every tool that uses it; all copies have one schema).
func fieldAt(c *model.Catalog, off int) *model.Field {
	if c == nil {
		return nil
	}
	var found *model.Field
	var walk func(t *model.Type)
	walk = func(t *model.Type) {
		if t == nil || found != nil {
			return
		}
		t.Children(func(f *model.Field, _ int, c *model.Type) {
			if found != nil {
				return
			}
			if f != nil && f.Pos.Offset == off {
				found = f
				return
			}
			walk(c)
		})
	}
	for _, t := range c.Tools {
		walk(t.Input)
		walk(t.Output)
	}
	return found
}

// fieldAtPointer follows a JSON Pointer into a type to the field it names;
// array indexes and map keys step into elements.
func fieldAtPointer(t *model.Type, ptr string) *model.Field {
	if ptr == "" || ptr[0] != '/' {
		return nil
	}
	var last *model.Field
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		if t == nil {
			return last
		}
		switch {
		case t.Fields != nil || t.Kind == model.Object:
			f := t.Field(tok)
			if f == nil {
				return last
			}
			last, t = f, f.Type
		case t.Elem != nil:
			t = t.Elem
		case t.Items != nil:
			i := 0
			for _, c := range tok {
				i = i*10 + int(c-'0')
			}
			if i < 0 || i >= len(t.Items) {
				return last
			}
			t = t.Items[i]
		default:
			return last
		}
	}
	return last
}
