package importer

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/format"
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
}

// typ is a kind with its modifiers.
type typ struct {
	kind     string // string integer number boolean any enum array tuple object map union
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
	variants   []*typ // a union's, built by unionOf
	fields     []*row
}

// unionOf is the union of variants, simplified so that the checker
// accepts it (a union's variants are not unions, nullable, any or equal,
// and there are at least two): nested unions
// flattened, a nullable variant makes the union nullable instead, equal
// variants written once, one variant left is that variant, and a variant
// any makes the union any.
func unionOf(variants []*typ) *typ {
	u := &typ{kind: "union"}
	seen := map[string]bool{}
	var add func(v *typ)
	add = func(v *typ) {
		if v.nullable {
			u.nullable = true
			c := *v
			c.nullable = false
			v = &c
		}
		switch v.kind {
		case "any":
			u.kind = "any"
		case "union":
			for _, w := range v.variants {
				add(w)
			}
		default:
			if k := v.key(); !seen[k] {
				seen[k] = true
				u.variants = append(u.variants, v)
			}
		}
	}
	for _, v := range variants {
		add(v)
	}
	switch {
	case u.kind == "any" || len(u.variants) == 0:
		return &typ{kind: "any"}
	case len(u.variants) == 1:
		v := *u.variants[0]
		v.nullable = u.nullable
		return &v
	}
	return u
}

// key is t written out whole, so that two variants that would format
// alike have the same key.
func (t *typ) key() string {
	var b strings.Builder
	var write func(t *typ)
	write = func(t *typ) {
		if t == nil {
			b.WriteString("nil")
			return
		}
		fmt.Fprintf(&b, "%s{%t %q %q %v", t.kind, t.nullable, t.min, t.max, t.numbers)
		if t.pattern != nil {
			fmt.Fprintf(&b, " pattern %q", *t.pattern)
		}
		fmt.Fprintf(&b, " %q %q %q %t %t %t %q", t.format, t.def, t.examples, t.unique, t.deprecated, t.open, t.enum)
		for _, c := range append(append([]*typ{t.elem}, t.items...), t.variants...) {
			b.WriteString(" ")
			write(c)
		}
		for _, r := range t.fields {
			fmt.Fprintf(&b, " row %q %t %q %q %q ", r.name, r.required, r.desc, r.from, r.as)
			write(r.t)
		}
		b.WriteString("}")
	}
	write(t)
	return b.String()
}

// builder makes the spec's syntax tree (lang/ast's constructors). Each
// row's nodes carry the row's number as their line, so a diagnostic the
// checker reports on the tree names its row; each tool's nodes carry an
// offset of their own, past its comments, so the formatter puts the
// comments before it.
type builder struct {
	rows  []builtRow // row n is rows[n-1]
	tool  *tool
	off   int
	err   error
	where string // the file name in positions
}

type builtRow struct {
	t *tool
	r *row
}

// toolSpacing parts the offsets of tools: more than any text's length.
const toolSpacing = 1 << 40

func (b *builder) file(name, key string, tools []*tool) (*ast.File, []*ast.Comment) {
	var comments []*ast.Comment
	var built []*ast.Tool
	for i, t := range tools {
		b.tool, b.off = t, (i+1)*toolSpacing
		for _, c := range t.comments {
			comments = append(comments, &ast.Comment{Pos: token.Pos{Filename: b.where, Offset: b.off - 1}, Text: "// " + strings.ReplaceAll(c, "\n", " ")})
		}
		at := ast.Position{Filename: b.where, Offset: b.off}
		var items []*ast.ToolItem
		if t.title != "" {
			items = append(items, ast.TitleItem(at, t.title))
		}
		items = append(items, ast.DescriptionItem(at, t.desc))
		if len(t.hints) > 0 {
			items = append(items, ast.HintsItem(at, t.hints))
		}
		if t.method != "" {
			items = append(items, ast.EndpointItem(at, t.method, t.path))
		}
		var in []*ast.Row
		if t.in != nil {
			in = b.rowsOf(t.in)
		}
		items = append(items, ast.InItem(at, in))
		if t.result == "out" {
			items = append(items, ast.OutItem(at, b.rowsOf(t.out)))
		} else {
			items = append(items, ast.ResultItem(at, t.result))
		}
		built = append(built, ast.NewTool(at, t.name, items))
	}
	return ast.NewFile(ast.Position{Filename: b.where}, name, key, built), comments
}

// rowsOf builds rows, never nil.
func (b *builder) rowsOf(rs []*row) []*ast.Row {
	out := make([]*ast.Row, 0, len(rs))
	for _, r := range rs {
		b.rows = append(b.rows, builtRow{b.tool, r})
		at := ast.Position{Filename: b.where, Line: len(b.rows), Column: 1, Offset: b.off}
		kind := b.kind(at, r.t)
		mods := b.mods(at, r.t)
		if r.from != "" {
			mods = append(mods, ast.WordModifier(at, "from", r.from))
		}
		if r.as != "" {
			mods = append(mods, ast.TextModifier(at, "as", r.as))
		}
		out = append(out, ast.NewRow(at, r.name, kind, r.required, mods, r.desc))
	}
	return out
}

func (b *builder) kind(at ast.Position, t *typ) *ast.Kind {
	switch t.kind {
	case "enum":
		var vs []*ast.EnumValue
		for _, v := range t.enum {
			if s, ok := ast.DecodeString(v); ok {
				vs = append(vs, ast.StringValue(at, s))
			} else {
				vs = append(vs, ast.IntegerValue(at, v))
			}
		}
		return ast.EnumKindOf(at, vs)
	case "array":
		return ast.ArrayKind(at, b.elem(at, t.elem))
	case "map":
		return ast.MapKind(at, b.elem(at, t.elem))
	case "tuple":
		var items []*ast.ElemType
		for _, it := range t.items {
			items = append(items, b.elem(at, it))
		}
		return ast.TupleKindOf(at, items)
	case "union":
		var vs []*ast.ElemType
		for _, v := range t.variants {
			vs = append(vs, b.elem(at, v))
		}
		return ast.UnionKindOf(at, vs)
	case "object":
		return ast.ObjectKind(at, b.rowsOf(t.fields))
	}
	return ast.ScalarKind(at, t.kind)
}

func (b *builder) elem(at ast.Position, t *typ) *ast.ElemType {
	return ast.NewElem(at, b.kind(at, t), b.mods(at, t))
}

// mods builds t's modifiers in lang/descriptor's canonical order.
func (b *builder) mods(at ast.Position, t *typ) []*ast.Modifier {
	var out []*ast.Modifier
	for _, d := range descriptor.Modifiers {
		if n := t.numbers[d.Keyword]; n != "" && d.Operand == descriptor.NumberOperand {
			out = append(out, ast.NumberModifier(at, d.Keyword, n))
			continue
		}
		switch d.Keyword {
		case "nullable", "unique", "open", "deprecated":
			if on := map[string]bool{"nullable": t.nullable && t.kind != "any", "unique": t.unique, "open": t.open, "deprecated": t.deprecated}[d.Keyword]; on {
				out = append(out, ast.FlagModifier(at, d.Keyword))
			}
		case "range":
			if t.min != "" || t.max != "" {
				out = append(out, ast.RangeModifier(at, t.min, t.max))
			}
		case "pattern":
			if t.pattern != nil {
				out = append(out, ast.TextModifier(at, "pattern", *t.pattern))
			}
		case "format":
			if t.format != "" {
				out = append(out, ast.WordModifier(at, "format", t.format))
			}
		case "default":
			if t.def != nil {
				out = append(out, ast.JSONModifier(at, "default", b.json(at, t.def)))
			}
		case "example":
			for _, e := range t.examples {
				out = append(out, ast.JSONModifier(at, "example", b.json(at, e)))
			}
		}
	}
	return out
}

func (b *builder) json(at ast.Position, raw json.RawMessage) *ast.JSON {
	v, err := ast.NewJSON(at, raw)
	if err != nil && b.err == nil {
		b.err = fmt.Errorf("%s: %w", raw, err)
	}
	return v
}

// finish builds the spec's tree, drops the modifiers the checker refuses
// (with a warning each), formats the tree and checks the text once more.
func finish(name, key string, tools []*tool, warn func(at openapi.Loc, tool, field, msg string)) ([]byte, error) {
	for range 4 {
		b := builder{where: "imported.tspec"}
		f, comments := b.file(name, key, tools)
		if b.err != nil {
			return nil, fmt.Errorf("importer built a value that is not JSON (a bug): %v", b.err)
		}
		r := compile.Checked(compile.Result{File: f})
		if !r.Diags.HasErrors() {
			formatted := format.Source(f, comments)
			if again := compile.Source("imported.tspec", formatted); again.Diags.HasErrors() {
				return nil, fmt.Errorf("formatted spec does not check (a bug): %v\n%s", again.Diags.Err(), formatted)
			}
			return formatted, nil
		}
		fixed := false
		for _, d := range r.Diags {
			if d.Severity != token.Error || d.Pos.Line < 1 || d.Pos.Line > len(b.rows) {
				continue
			}
			t, rw := b.rows[d.Pos.Line-1].t, b.rows[d.Pos.Line-1].r
			if dropped := strip(rw.t, refused(d)); dropped != "" {
				field := rw.path
				if field == "" {
					field = rw.name
				}
				warn(rw.at, t.name, field, "dropped "+dropped+" ("+d.Msg+")")
				fixed = true
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
	for _, el := range append(append([]*typ{t.elem}, t.items...), t.variants...) {
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
