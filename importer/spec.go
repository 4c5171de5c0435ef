package importer

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/format"
	"github.com/toolspec/toolspec/lang/parser"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/openapi"
)

// Warning is something a contract says that the imported spec does not.
type Warning struct {
	Tool  string // "" for the document
	Field string // "" for the tool itself
	Msg   string
	// At is where the document says it (no pointer for a tools/list).
	At openapi.Loc
}

func (w Warning) String() string {
	if w.Tool == "" {
		return w.Msg
	}
	if w.Field == "" {
		return fmt.Sprintf("tool %s: %s", w.Tool, w.Msg)
	}
	return fmt.Sprintf("tool %s field %s: %s", w.Tool, w.Field, w.Msg)
}

// Result is an imported spec.
type Result struct {
	// Spec is the formatted spec text; it checks without errors.
	Spec     []byte
	Warnings []Warning
	// Tools is the number of tools written.
	Tools int
}

// tool is one tool to print.
type tool struct {
	name, title, desc string
	comments          []string
	hints             []string
	method, path      string
	in                []*row // nil with inNone
	out               []*row // nil unless result == "out"
	result            string // "out", "text" or "any"
}

// row is one row to print.
type row struct {
	name     string
	t        *typ
	required bool
	desc     string
	from, as string
	// path names the row in warnings ("inputSchema.a.b", "out.x"); at is
	// where its schema is in an OpenAPI document.
	path string
	at   openapi.Loc
	// lines are the lines of the unformatted text that hold the row's
	// modifiers, so a diagnostic there can be traced back to it.
	lines []int
}

// typ is a kind with its modifiers.
type typ struct {
	kind     string // string integer number boolean any enum array tuple object map
	nullable bool
	min, max string
	// numbers holds the operands of the modifiers that take a number
	// (above, below, multiple_of), as JSON number text, by keyword.
	numbers    map[string]string
	pattern    *string
	format     string
	def        json.RawMessage
	examples   []json.RawMessage
	unique     bool
	deprecated bool
	open       bool
	enum       []string // values as spec text
	elem       *typ
	items      []*typ
	fields     []*row
}

// printer writes spec text and counts lines.
type printer struct {
	b    strings.Builder
	line int // the current line, 1-based
}

func (p *printer) str(s string) {
	p.b.WriteString(s)
	p.line += strings.Count(s, "\n")
}

func (p *printer) file(name, key string, tools []*tool) {
	p.line = 1
	p.str("spec " + jsonstr.Quote(name) + "\n")
	if key != "" {
		p.str("catalog_key " + jsonstr.Quote(key) + "\n")
	}
	for _, t := range tools {
		p.str("\n")
		for _, c := range t.comments {
			p.str("// " + strings.ReplaceAll(c, "\n", " ") + "\n")
		}
		p.str("tool " + jsonstr.Quote(t.name) + " {\n")
		if t.title != "" {
			p.str("title " + jsonstr.Quote(t.title) + "\n")
		}
		p.str("description " + jsonstr.Quote(t.desc) + "\n")
		if len(t.hints) > 0 {
			p.str("hints " + strings.Join(t.hints, " ") + "\n")
		}
		if t.method != "" {
			p.str("endpoint " + t.method + " " + jsonstr.Quote(t.path) + "\n")
		}
		if t.in == nil {
			p.str("in none\n")
		} else {
			p.str("in {\n")
			p.rows(t.in)
			p.str("}\n")
		}
		if t.result == "out" {
			p.str("out {\n")
			p.rows(t.out)
			p.str("}\n")
		} else {
			p.str("result " + t.result + "\n")
		}
		p.str("}\n")
	}
}

func (p *printer) rows(rs []*row) {
	for _, r := range rs {
		r.lines = r.lines[:0]
		p.str(jsonstr.Quote(r.name) + " ")
		r.lines = append(r.lines, p.line)
		p.kind(r.t)
		r.lines = append(r.lines, p.line)
		if r.required {
			p.str(" required")
		} else {
			p.str(" optional")
		}
		p.mods(r.t)
		if r.from != "" {
			p.str(" from " + r.from)
		}
		if r.as != "" {
			p.str(" as " + jsonstr.Quote(r.as))
		}
		if r.desc != "" {
			p.str(" " + jsonstr.Quote(r.desc))
		}
		p.str("\n")
	}
}

func (p *printer) kind(t *typ) {
	switch t.kind {
	case "enum":
		p.str("enum(" + strings.Join(t.enum, ", ") + ")")
	case "array":
		p.str("array<")
		p.elem(t.elem)
		p.str(">")
	case "map":
		p.str("map<")
		p.elem(t.elem)
		p.str(">")
	case "tuple":
		p.str("tuple<")
		for i, it := range t.items {
			if i > 0 {
				p.str(", ")
			}
			p.elem(it)
		}
		p.str(">")
	case "object":
		p.str("object {\n")
		p.rows(t.fields)
		p.str("}")
	default:
		p.str(t.kind)
	}
}

func (p *printer) elem(t *typ) {
	p.kind(t)
	p.mods(t)
}

// mods writes t's modifiers in lang/descriptor's canonical order.
func (p *printer) mods(t *typ) {
	for _, d := range descriptor.Modifiers {
		if n := t.numbers[d.Keyword]; n != "" && d.Operand == descriptor.NumberOperand {
			p.str(" " + d.Keyword + " " + n)
			continue
		}
		switch d.Keyword {
		case "nullable":
			if t.nullable && t.kind != "any" {
				p.str(" nullable")
			}
		case "range":
			if t.min != "" || t.max != "" {
				p.str(" " + t.min + ".." + t.max)
			}
		case "pattern":
			if t.pattern != nil {
				p.str(" pattern " + jsonstr.Quote(*t.pattern))
			}
		case "format":
			if t.format != "" {
				p.str(" format " + t.format)
			}
		case "unique":
			if t.unique {
				p.str(" unique")
			}
		case "open":
			if t.open {
				p.str(" open")
			}
		case "default":
			if t.def != nil {
				p.str(" default " + string(t.def))
			}
		case "example":
			for _, e := range t.examples {
				p.str(" example " + string(e))
			}
		case "deprecated":
			if t.deprecated {
				p.str(" deprecated")
			}
		}
	}
}

// finish prints the tools, drops the modifiers the checker refuses (with
// a warning each), formats the text and checks it once more.
func finish(name, key string, tools []*tool, warn func(at openapi.Loc, tool, field, msg string)) ([]byte, error) {
	for range 4 {
		var p printer
		p.file(name, key, tools)
		src := []byte(p.b.String())
		r := compile.Source("imported.tspec", src)
		if r.File == nil {
			return nil, fmt.Errorf("importer wrote text that does not parse (a bug): %v\n%s", r.Diags.Err(), src)
		}
		if !r.Diags.HasErrors() {
			formatted := format.Source(r.File, r.Comments)
			if again := compile.Source("imported.tspec", formatted); again.Diags.HasErrors() {
				return nil, fmt.Errorf("formatted spec does not check (a bug): %v", again.Diags.Err())
			}
			if pr := parser.Parse("imported.tspec", formatted); pr.File == nil {
				return nil, fmt.Errorf("formatted spec does not parse (a bug)")
			}
			return formatted, nil
		}
		fixed := false
		for _, d := range r.Diags {
			if d.Severity != token.Error {
				continue
			}
			if t, rw := rowAt(tools, d.Pos.Line); rw != nil {
				if dropped := strip(rw.t, refused(d)); dropped != "" {
					field := rw.path
					if field == "" {
						field = rw.name
					}
					warn(rw.at, t.name, field, "dropped "+dropped+" ("+d.Msg+")")
					fixed = true
				}
			}
		}
		if !fixed {
			return nil, fmt.Errorf("imported spec does not check: %v", r.Diags.Err())
		}
	}
	return nil, fmt.Errorf("imported spec does not check after dropping refused modifiers")
}

// refusal says which modifiers of a row a checker diagnostic refuses.
type refusal struct{ pattern, def, examples, all bool }

// refused reads a diagnostic by its code: one about the pattern, the
// default or the examples refuses that modifier; any other refuses every
// modifier the checker may refuse.
func refused(d token.Diagnostic) refusal {
	switch {
	case diag.PatternEmpty.Is(d), diag.PatternNotPortable.Is(d):
		return refusal{pattern: true}
	case diag.DefaultOffRow.Is(d), diag.DefaultOutOfRange.Is(d):
		return refusal{def: true}
	case diag.ExampleOffRow.Is(d), diag.ExampleOutOfRange.Is(d):
		return refusal{examples: true}
	}
	return refusal{all: true}
}

// strip drops the modifiers r refuses from t and its elements. It says
// what it dropped ("" when there was nothing).
func strip(t *typ, r refusal) string {
	if t == nil {
		return ""
	}
	var dropped []string
	// A range the checker refuses (one that admits nothing, such as
	// 1..-1): the last resort, so that one field never fails the import.
	if (t.min != "" || t.max != "") && r.all {
		dropped = append(dropped, "range "+t.min+".."+t.max)
		t.min, t.max = "", ""
	}
	if len(t.numbers) > 0 && r.all {
		for _, d := range descriptor.Modifiers {
			if n := t.numbers[d.Keyword]; n != "" {
				dropped = append(dropped, d.Keyword+" "+n)
			}
		}
		t.numbers = nil
	}
	if t.pattern != nil && (r.all || r.pattern) {
		dropped = append(dropped, "pattern "+jsonstr.Quote(*t.pattern))
		t.pattern = nil
	}
	if t.def != nil && (r.all || r.def) {
		dropped = append(dropped, "default "+string(t.def))
		t.def = nil
	}
	if len(t.examples) > 0 && (r.all || r.examples) {
		for _, e := range t.examples {
			dropped = append(dropped, "example "+string(e))
		}
		t.examples = nil
	}
	for _, el := range append([]*typ{t.elem}, t.items...) {
		if d := strip(el, r); d != "" {
			dropped = append(dropped, d)
		}
	}
	return strings.Join(dropped, ", ")
}

// setNumber sets the number operand of the modifier written with keyword.
func (t *typ) setNumber(keyword, n string) {
	if t.numbers == nil {
		t.numbers = map[string]string{}
	}
	t.numbers[keyword] = n
}

// rowAt finds the row whose own text is on line n.
func rowAt(tools []*tool, n int) (*tool, *row) {
	var find func(rs []*row) *row
	find = func(rs []*row) *row {
		for _, r := range rs {
			if f := find(nested(r.t)); f != nil {
				return f
			}
			for _, l := range r.lines {
				if l == n {
					return r
				}
			}
		}
		return nil
	}
	for _, t := range tools {
		if r := find(t.in); r != nil {
			return t, r
		}
		if r := find(t.out); r != nil {
			return t, r
		}
	}
	return nil, nil
}

// nested is the rows of the objects inside t, at any depth of elements.
func nested(t *typ) []*row {
	if t == nil {
		return nil
	}
	rs := append([]*row(nil), t.fields...)
	rs = append(rs, nested(t.elem)...)
	for _, it := range t.items {
		rs = append(rs, nested(it)...)
	}
	return rs
}
