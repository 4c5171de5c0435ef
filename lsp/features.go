package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/format"
	"github.com/toolspec/toolspec/model"
)

// --- hover -----------------------------------------------------------------

func (s *Server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	off := d.offset(p.Position)
	var parts []string
	// A diagnostic under the cursor: what its code means.
	for _, x := range d.diags {
		if def := diag.Of(x); def != nil && within(d.wordAt(d.offsetOf(x.Pos)), off) {
			parts = append(parts, fmt.Sprintf("**%s** (%s)\n\n```text\n%s```", def.Code, def.Name, def.Text()))
		}
	}
	// A code written in the text, as in a comment.
	if w := d.wordAt(max(0, wordStart(d.text, off))); w.end > w.start {
		if def, ok := diag.Lookup(d.text[w.start:w.end]); ok && within(w, off) {
			parts = append(parts, fmt.Sprintf("**%s** (%s)\n\n```text\n%s```", def.Code, def.Name, def.Text()))
		}
	}
	ix := d.index()
	for _, dc := range ix.decls {
		if dc.kind == "tool" && within(dc.nameAt, off) && d.catalog != nil {
			if t := d.catalog.Tool(dc.name); t != nil {
				parts = append(parts, toolHover(t))
			}
		}
	}
	for _, r := range ix.refs {
		if r.kind == "group" && within(r.at, off) {
			if g := ix.decl("group", r.name); g != nil {
				parts = append(parts, fmt.Sprintf("group **%s**\n\n```toolspec\n%s\n```", r.name, d.text[g.body.start:g.body.end]))
			}
		}
	}
	for _, rs := range ix.rows {
		if within(rs.name, off) {
			if f := fieldAt(d.catalog, rs.at); f != nil {
				parts = append(parts, fieldHover(f))
			}
		}
	}
	if len(parts) == 0 {
		return nil, nil
	}
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: strings.Join(parts, "\n\n---\n\n")}}, nil
}

func wordStart(text string, off int) int {
	for off > 0 && off <= len(text) && isWordByte(text[off-1]) {
		off--
	}
	return off
}

// toolHover is the tool's tools/list entry on both profiles.
func toolHover(t *model.Tool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "tool **%s**", t.Name)
	for _, p := range model.Profiles {
		fmt.Fprintf(&b, "\n\ntools/list entry, profile %d (%s):\n\n```json\n%s\n```", p, model.ProtocolOf(p), indent(schema.Tool(t, p)))
	}
	return b.String()
}

// fieldHover is a row's schema as gen-json emits it, its description and
// its constraints in words.
func fieldHover(f *model.Field) string {
	var b strings.Builder
	presence := "optional"
	if f.Required {
		presence = "required"
	}
	fmt.Fprintf(&b, "**%s**: %s, %s", f.Name, f.Type.Kind, presence)
	if f.Description != "" {
		fmt.Fprintf(&b, "\n\n%s", f.Description)
	}
	if words := constraints(f.Type); len(words) > 0 {
		b.WriteString("\n\n- " + strings.Join(words, "\n- "))
	}
	fmt.Fprintf(&b, "\n\n```json\n%s\n```", indent(propertySchema(f)))
	return b.String()
}

// propertySchema is the schema of a row as its parent lists it under
// "properties", description included: the row is emitted inside an object
// of its own and taken back out.
func propertySchema(f *model.Field) []byte {
	parent := schema.Type(&model.Type{Kind: model.Object, Fields: []*model.Field{f}})
	var obj struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if json.Unmarshal(parent, &obj) != nil || obj.Properties[f.Name] == nil {
		return schema.Type(f.Type)
	}
	return obj.Properties[f.Name]
}

// constraints says what a type demands of a value, one phrase each.
func constraints(t *model.Type) []string {
	var out []string
	lo, hi := t.Kind.BoundKeywords()
	if t.Min != nil {
		out = append(out, fmt.Sprintf("%s %s", lo, t.Min.Text))
	}
	if t.Max != nil {
		out = append(out, fmt.Sprintf("%s %s", hi, t.Max.Text))
	}
	if t.ExclusiveMin != nil {
		out = append(out, "greater than "+t.ExclusiveMin.Text)
	}
	if t.ExclusiveMax != nil {
		out = append(out, "less than "+t.ExclusiveMax.Text)
	}
	if t.MultipleOf != nil {
		out = append(out, "a multiple of "+t.MultipleOf.Text)
	}
	if t.Pattern != nil {
		out = append(out, fmt.Sprintf("matches `%s`", *t.Pattern))
	}
	if t.Format != "" {
		out = append(out, "format "+t.Format+" (an annotation, not checked)")
	}
	if len(t.Enum) > 0 {
		var vals []string
		for _, v := range t.Enum {
			vals = append(vals, v.JSON())
		}
		out = append(out, "one of "+strings.Join(vals, ", "))
	}
	if t.Nullable {
		out = append(out, "may be null")
	}
	if t.Unique {
		out = append(out, "items are unique")
	}
	if t.Kind == model.Object && !t.Open {
		out = append(out, "no properties beyond those listed")
	}
	if t.Default != nil {
		out = append(out, "default "+string(t.Default))
	}
	if t.Deprecated {
		out = append(out, "deprecated")
	}
	return out
}

func indent(b []byte) string {
	var buf bytes.Buffer
	if json.Indent(&buf, b, "", "  ") != nil {
		return string(b)
	}
	return buf.String()
}

// --- definition and references ----------------------------------------------

func (s *Server) definition(_ *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	off := d.offset(p.Position)
	ix := d.index()
	for _, r := range ix.refs {
		if within(r.at, off) {
			if dc := ix.decl(r.kind, r.name); dc != nil {
				return []protocol.Location{{URI: d.uri, Range: d.rangeOf(dc.nameAt)}}, nil
			}
		}
	}
	// `because K at "/ptr"`: the row the pointer names.
	for _, fs := range ix.fixtures {
		if fs.at.end > fs.at.start && within(fs.at, off) && d.catalog != nil {
			t := d.catalog.Tool(fs.fx.Tool.Value())
			if t == nil {
				continue
			}
			typ := t.Input
			if fs.fx.Dir == "out" {
				typ = t.Output
			}
			if f := fieldAtPointer(typ, fs.fx.Because.At.Value()); f != nil {
				o := d.offsetOf(f.Pos)
				return []protocol.Location{{URI: d.uri, Range: d.rangeOf(d.wordAt(o))}}, nil
			}
		}
	}
	for _, dc := range ix.decls {
		if within(dc.nameAt, off) {
			return []protocol.Location{{URI: d.uri, Range: d.rangeOf(dc.nameAt)}}, nil
		}
	}
	return nil, nil
}

func (s *Server) references(_ *glsp.Context, p *protocol.ReferenceParams) ([]protocol.Location, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	off := d.offset(p.Position)
	ix := d.index()
	kind, name := "", ""
	for _, r := range ix.refs {
		if within(r.at, off) {
			kind, name = r.kind, r.name
		}
	}
	for _, dc := range ix.decls {
		if within(dc.nameAt, off) {
			kind, name = dc.kind, dc.name
		}
	}
	if kind == "" {
		return nil, nil
	}
	var out []protocol.Location
	if dc := ix.decl(kind, name); dc != nil && p.Context.IncludeDeclaration {
		out = append(out, protocol.Location{URI: d.uri, Range: d.rangeOf(dc.nameAt)})
	}
	for _, r := range ix.refs {
		if r.kind == kind && r.name == name {
			out = append(out, protocol.Location{URI: d.uri, Range: d.rangeOf(r.at)})
		}
	}
	return out, nil
}

// --- document symbols -------------------------------------------------------

func (s *Server) symbols(_ *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	out := []protocol.DocumentSymbol{}
	for _, dc := range d.index().decls {
		kind := protocol.SymbolKindFunction
		switch dc.kind {
		case "group":
			kind = protocol.SymbolKindStruct
		case "test":
			kind = protocol.SymbolKindEvent
		}
		name := dc.name
		if name == "" {
			name = "(unnamed)"
		}
		out = append(out, protocol.DocumentSymbol{Name: name, Detail: ptr(dc.kind), Kind: kind,
			Range: d.rangeOf(dc.body), SelectionRange: d.rangeOf(dc.nameAt)})
	}
	return out, nil
}

// --- formatting -------------------------------------------------------------

func (s *Server) formatting(_ *glsp.Context, p *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	if d.file == nil {
		// As gofmt: a file that does not parse is left alone.
		return nil, errorf("cannot format %s: it has syntax errors", pathOf(d.uri))
	}
	out := string(format.Source(d.file, d.comments))
	if out == d.text {
		return []protocol.TextEdit{}, nil
	}
	return []protocol.TextEdit{{Range: d.rangeOf(span{0, len(d.text)}), NewText: out}}, nil
}
