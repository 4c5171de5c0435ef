package lsp

import (
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/lang/check"
	"github.com/toolspec/toolspec/lang/clients"
	"github.com/toolspec/toolspec/lang/descriptor"
)

// completion reads the line up to the cursor to tell what may come next.
// It works on text that does not parse, as text being typed rarely does.
func (s *Server) completion(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	var items []protocol.CompletionItem
	if int(p.Position.Line) < len(d.lines) { // a line past the end has nothing to complete
		line := d.text[d.lines[p.Position.Line]:d.offset(p.Position)]
		items = complete(d, line)
	}
	if items == nil {
		items = []protocol.CompletionItem{}
	}
	return items, nil
}

func complete(d *document, line string) []protocol.CompletionItem {
	// The JSON of a fixture: property names of the tool's schema.
	if fx := fixtureWords(line); fx != nil {
		if brace := strings.LastIndexAny(line, "{"); brace >= 0 {
			rest := strings.TrimRight(line[brace:], " \t\"")
			if last := rest[len(rest)-1]; last == '{' || last == ',' {
				return propertyItems(d, fx)
			}
			return nil
		}
	}
	words := strings.Fields(line)
	partial := !strings.HasSuffix(line, " ") && !strings.HasSuffix(line, "\t") && len(words) > 0
	if partial {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return nil
	}
	switch prev := words[len(words)-1]; {
	case prev == "use":
		return declItems(d, "group")
	case prev == "format":
		return wordItems(check.FormatNames(), protocol.CompletionItemKindEnumMember, "format")
	case prev == "from":
		if m := descriptor.Lookup("from"); m != nil {
			return wordItems(m.Words, protocol.CompletionItemKindEnumMember, "location")
		}
	case words[0] == "clients":
		// clients gemini, openai_strict: a family after the keyword or a comma.
		if prev == "clients" || strings.HasSuffix(prev, ",") {
			return wordItems(clients.Names(), protocol.CompletionItemKindEnumMember, "client family")
		}
		return nil
	case words[0] == "accept" || words[0] == "reject":
		switch len(words) {
		case 1:
			return declItems(d, "tool")
		case 2:
			return wordItems([]string{"in", "out"}, protocol.CompletionItemKindKeyword, "direction")
		}
		return nil
	case isKeyword(words[0]):
		return nil
	}
	// Inside the <...> of array, tuple or map: an element kind, then its
	// modifiers.
	if open := unclosed(line); open >= 0 {
		elem := strings.Fields(line[open+1:])
		if partial && len(elem) > 0 {
			elem = elem[:len(elem)-1]
		}
		if len(elem) == 0 {
			return wordItems(kindWords(), protocol.CompletionItemKindClass, "kind")
		}
		return wordItems(modifierWords(kindOf(elem[0]), false), protocol.CompletionItemKindProperty, "modifier")
	}
	// A row: name, kind, presence, modifiers.
	switch {
	case len(words) == 1:
		return wordItems(kindWords(), protocol.CompletionItemKindClass, "kind")
	case len(words) == 2:
		return wordItems([]string{"required", "optional"}, protocol.CompletionItemKindKeyword, "presence")
	case hasPresence(words):
		return wordItems(modifierWords(kindOf(words[1]), true), protocol.CompletionItemKindProperty, "modifier")
	}
	return nil
}

// unclosed returns the offset of the last '<' or ',' of an element list
// the line leaves open, or -1.
func unclosed(line string) int {
	depth, at := 0, -1
	var stack []int
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '"':
			for i++; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' {
					i++
				}
			}
		case '<':
			depth++
			stack = append(stack, i)
		case '>':
			if depth > 0 {
				depth--
				stack = stack[:len(stack)-1]
			}
		case ',':
			if depth > 0 {
				stack[len(stack)-1] = i
			}
		}
	}
	if depth > 0 {
		at = stack[len(stack)-1]
	}
	return at
}

// kindOf is the kind keyword a kind column starts with: array in
// array<string>, enum in enum(a, b).
func kindOf(column string) string {
	if i := strings.IndexAny(column, "<("); i >= 0 {
		return column[:i]
	}
	return column
}

// isKeyword reports whether a line's first word starts something other
// than a row.
func isKeyword(w string) bool {
	switch w {
	case "spec", "catalog_key", "clients", "group", "tool", "test", "title", "description", "hints", "in", "out", "result", "endpoint", "}":
		return true
	}
	return false
}

func hasPresence(words []string) bool {
	for _, w := range words[1:] {
		if w == "required" || w == "optional" {
			return true
		}
	}
	return false
}

// fixture is the tool and direction a fixture line names.
type fixture struct{ tool, dir string }

func fixtureWords(line string) *fixture {
	words := strings.Fields(line)
	if len(words) < 3 || words[0] != "accept" && words[0] != "reject" {
		return nil
	}
	fx := &fixture{tool: strings.Trim(words[1], `"`), dir: "in"}
	if words[2] == "out" {
		fx.dir = "out"
	}
	return fx
}

func propertyItems(d *document, fx *fixture) []protocol.CompletionItem {
	if d.catalog == nil {
		return nil
	}
	t := d.catalog.Tool(fx.tool)
	if t == nil {
		return nil
	}
	typ := t.Input
	if fx.dir == "out" {
		typ = t.Output
	}
	if typ == nil {
		return nil
	}
	var out []protocol.CompletionItem
	for _, f := range typ.Fields {
		detail := f.Type.Kind.String()
		if f.Required {
			detail += ", required"
		}
		out = append(out, protocol.CompletionItem{Label: f.Name, Kind: ptr(protocol.CompletionItemKindField), Detail: &detail,
			InsertText: ptr(schema.String(f.Name))})
	}
	return out
}

func declItems(d *document, kind string) []protocol.CompletionItem {
	var out []protocol.CompletionItem
	for _, dc := range d.index().decls {
		if dc.kind == kind {
			out = append(out, protocol.CompletionItem{Label: dc.name, Kind: ptr(protocol.CompletionItemKindReference), Detail: ptr(kind)})
		}
	}
	return out
}

func wordItems(words []string, kind protocol.CompletionItemKind, detail string) []protocol.CompletionItem {
	out := make([]protocol.CompletionItem, 0, len(words))
	for _, w := range words {
		out = append(out, protocol.CompletionItem{Label: w, Kind: ptr(kind), Detail: ptr(detail)})
	}
	return out
}
