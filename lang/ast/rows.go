package ast

import (
	"fmt"

	"github.com/alecthomas/participle/v2"

	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/lang/diag"
)

// Tools, rows, kinds and blocks are parsed by hand. They are most of a
// spec's tokens, and the reflective parse of these nested, optional-heavy
// productions was the front end's bottleneck (see docs/performance.md); the
// grammar of the header, groups and tests stays in the struct tags of
// ast.go. The grammar of each node is in its type's comment.

// parse reads a row or a use.
func (it *Item) parse(lex stream) error {
	t := lex.Peek()
	if t.Type == TokenIdent && t.Value == "use" && !StartsRow(lex) {
		lex.Next()
		it.Use = &Use{Pos: t.Pos, Name: &Name{}}
		if it.Use.Name.parse(lex) != nil {
			return expected(lex, "a group name after use")
		}
		return nil
	}
	if t.Type != TokenIdent && t.Type != TokenString && t.Type != TokenBlock {
		return participle.NextMatch
	}
	it.Row = &Row{}
	return it.Row.parse(lex)
}

// rowParts are allocated together: every row has both.
type rowParts struct {
	name Name
	kind Kind
}

// parse reads a row.
func (r *Row) parse(lex stream) error {
	parts := &rowParts{}
	r.Name = &parts.name
	if r.Name.parse(lex) != nil {
		return participle.NextMatch
	}
	r.Pos = r.Name.Pos
	r.Kind = &parts.kind
	if err := r.Kind.parse(lex); err != nil {
		return orExpected(lex, err, "a kind (string, integer, number, boolean, any, enum, array, tuple, object, map)")
	}
	p := lex.Peek()
	if p.Type != TokenIdent || p.Value != "required" && p.Value != "optional" {
		return expected(lex, `"required" | "optional"`)
	}
	r.Presence = p.Value
	lex.Next()
	mods, err := parseMods(lex)
	if err != nil {
		return err
	}
	r.Mods = mods
	if d := lex.Peek(); (d.Type == TokenString || d.Type == TokenBlock) && !StartsRow(lex) {
		r.Description = textOf(d)
		lex.Next()
	}
	return nil
}

// parseMods reads modifiers until the next token is not one.
func parseMods(lex stream) ([]*Modifier, error) {
	var buf [4]Modifier // most rows have fewer
	mods := buf[:0]
	for {
		var m Modifier
		err := m.parse(lex)
		if err == participle.NextMatch {
			if t := lex.Peek(); t.Type == TokenIdent && !StartsRow(lex) {
				if near := diag.Closest(t.Value, modifierWords); near != "" && !notModifiers[t.Value] {
					return nil, &Misspelt{Pos: t.Pos, Word: t.Value, Near: near}
				}
			}
			return pointers(mods), nil
		}
		if err != nil {
			return nil, err
		}
		mods = append(mods, m)
	}
}

// modifierWords are the keywords of the modifiers, for the suggestion
// after a misspelt one.
var modifierWords = func() []string {
	var words []string
	for _, d := range descriptor.Modifiers {
		if d.Operand != descriptor.RangeOperand {
			words = append(words, d.Keyword)
		}
	}
	return words
}()

// Misspelt is a word read as a misspelt modifier: the parser reports it
// as its own diagnostic (diag.UnknownModifier), not as "unexpected".
type Misspelt struct {
	Pos        Position
	Word, Near string
}

func (m *Misspelt) Error() string {
	return fmt.Sprintf("unknown modifier %s; did you mean %s?", m.Word, m.Near)
}

// notModifiers are words that may follow a row's modifiers and are no
// misspelt modifier: a use, and (after a block that lacks its "}") the
// items of a tool.
var notModifiers = map[string]bool{
	"use": true, "required": true, "optional": true,
	"title": true, "description": true, "hints": true, "in": true, "out": true, "result": true, "endpoint": true,
}

// pointers copies values parsed into a scratch slice to the heap, all in
// one allocation, and returns pointers to them: the tree's []*T without an
// allocation per node. Nil when there are none.
func pointers[T any](vals []T) []*T {
	if len(vals) == 0 {
		return nil
	}
	own := make([]T, len(vals))
	copy(own, vals)
	ptrs := make([]*T, len(own))
	for i := range own {
		ptrs[i] = &own[i]
	}
	return ptrs
}

// parse reads a kind.
func (k *Kind) parse(lex stream) error {
	t := lex.Peek()
	if t.Type != TokenIdent {
		return participle.NextMatch
	}
	k.Pos = t.Pos
	lex.Next()
	if d := descriptor.KindOf(t.Value); d != 0 && descriptor.Kinds[d].Scalar {
		k.Scalar = t.Value
		return nil
	}
	switch t.Value {
	case "enum":
		k.Enum = &EnumKind{Pos: t.Pos}
		if err := punct(lex, "(", "after enum"); err != nil {
			return err
		}
		if isPunct(lex.Peek(), ")") {
			lex.Next()
			return nil
		}
		for {
			v := &EnumValue{}
			if v.parse(lex) != nil {
				return expected(lex, "an enum value (a name, a string or an integer)")
			}
			k.Enum.Values = append(k.Enum.Values, v)
			if isPunct(lex.Peek(), ")") {
				lex.Next()
				return nil
			}
			if err := punct(lex, ",", "or \")\" in the enum"); err != nil {
				return err
			}
		}
	case "array", "map":
		if err := punct(lex, "<", "after "+t.Value); err != nil {
			return err
		}
		e := &ElemType{}
		if err := e.parse(lex); err != nil {
			return orExpected(lex, err, "a kind")
		}
		if t.Value == "array" {
			k.Array = e
		} else {
			k.Map = e
		}
		return punct(lex, ">", "to close "+t.Value+"<")
	case "tuple":
		k.Tuple = &TupleKind{Pos: t.Pos}
		if err := punct(lex, "<", "after tuple"); err != nil {
			return err
		}
		for {
			e := &ElemType{}
			if err := e.parse(lex); err != nil {
				return orExpected(lex, err, "a kind")
			}
			k.Tuple.Items = append(k.Tuple.Items, e)
			if isPunct(lex.Peek(), ">") {
				lex.Next()
				return nil
			}
			if err := punct(lex, ",", `or ">" in the tuple`); err != nil {
				return err
			}
		}
	case "object":
		k.Object = &Block{}
		if err := k.Object.parse(lex); err != nil {
			return orExpected(lex, err, `"{" after object`)
		}
	default:
		k.Unknown = t.Value
		// A misspelt kind that takes arguments (`aray<string>`): skip them,
		// so the checker names the word and nothing follows from it.
		if n := lex.Peek(); isPunct(n, "<") || isPunct(n, "(") {
			return skipBalanced(lex)
		}
	}
	return nil
}

// skipBalanced consumes an opening bracket and everything up to the one
// that closes it.
func skipBalanced(lex stream) error {
	depth := 0
	for {
		t := lex.Peek()
		if t.EOF() {
			return expected(lex, "the end of the kind's arguments")
		}
		if t.Type == TokenPunct {
			switch t.Value {
			case "<", "(", "{", "[":
				depth++
			case ">", ")", "}", "]":
				depth--
			}
		}
		lex.Next()
		if depth == 0 {
			return nil
		}
	}
}

// parse reads a kind and its element modifiers.
func (e *ElemType) parse(lex stream) error {
	e.Pos = lex.Peek().Pos
	e.Kind = &Kind{}
	if err := e.Kind.parse(lex); err != nil {
		return err
	}
	mods, err := parseMods(lex)
	e.Mods = mods
	return err
}

// parse reads `{ items }`.
func (b *Block) parse(lex stream) error {
	t := lex.Peek()
	if !isPunct(t, "{") {
		return participle.NextMatch
	}
	b.Pos = t.Pos
	lex.Next()
	var buf [16]Item
	items := buf[:0]
	for {
		var it Item
		err := it.parse(lex)
		if err == participle.NextMatch {
			break
		}
		if err != nil {
			return err
		}
		items = append(items, it)
	}
	b.Items = pointers(items)
	b.Close = &Close{}
	if b.Close.parse(lex) != nil {
		return expected(lex, `a row, use or "}"`)
	}
	return nil
}

// parse reads a whole tool. The body is parsed by hand so that an error
// inside an item is reported where it is, not as a missing "}" before the
// item.
func (t *Tool) parse(lex stream) error {
	kw := lex.Peek()
	if kw.Type != TokenIdent || kw.Value != "tool" {
		return participle.NextMatch
	}
	t.Pos = kw.Pos
	lex.Next()
	t.Name = &Name{}
	if t.Name.parse(lex) != nil {
		return expected(lex, "a name")
	}
	if err := punct(lex, "{", "after the tool name"); err != nil {
		return err
	}
	for {
		it := &ToolItem{}
		err := it.parse(lex)
		if err == participle.NextMatch {
			break
		}
		if err != nil {
			return err
		}
		t.Items = append(t.Items, it)
	}
	t.Close = &Close{}
	if t.Close.parse(lex) != nil {
		return expected(lex, `"}"`)
	}
	return nil
}

// toolItems names what may come next in a tool body.
const toolItems = `title, description, hints, in, out, result, endpoint or "}"`

// parse reads one item of a tool body. The keyword decides the item, so a
// tool body never backtracks.
func (it *ToolItem) parse(lex stream) error {
	t := lex.Peek()
	if t.EOF() || isPunct(t, "}") {
		return participle.NextMatch
	}
	if t.Type != TokenIdent {
		return expected(lex, toolItems)
	}
	it.Pos = t.Pos
	switch t.Value {
	case "title", "description":
		lex.Next()
		text := &Text{}
		if text.parse(lex) != nil {
			return expected(lex, "a string after "+t.Value)
		}
		if t.Value == "title" {
			it.Title = text
		} else {
			it.Description = text
		}
	case "hints":
		lex.Next()
		it.Hints = &Hints{Pos: t.Pos}
		for {
			h := lex.Peek()
			if h.Type != TokenIdent || !isHint(h.Value) {
				return nil
			}
			it.Hints.Names = append(it.Hints.Names, h.Value)
			lex.Next()
		}
	case "in":
		lex.Next()
		it.In = &Input{Pos: lex.Peek().Pos}
		if n := lex.Peek(); n.Type == TokenIdent && n.Value == "none" {
			it.In.None = true
			lex.Next()
			return nil
		}
		it.In.Block = &Block{}
		return orExpected(lex, it.In.Block.parse(lex), `none or "{" after in`)
	case "out":
		lex.Next()
		it.Out = &Block{}
		return orExpected(lex, it.Out.parse(lex), `"{" after out`)
	case "result":
		lex.Next()
		r := lex.Peek()
		if r.Type != TokenIdent || r.Value != "text" && r.Value != "any" {
			return expected(lex, "text or any after result")
		}
		it.Result = r.Value
		lex.Next()
	case "endpoint":
		lex.Next()
		it.Endpoint = &Endpoint{Pos: t.Pos}
		m := lex.Peek()
		if m.Type != TokenIdent {
			return expected(lex, "an HTTP method after endpoint")
		}
		it.Endpoint.Method = m.Value
		lex.Next()
		it.Endpoint.Path = &Text{}
		if it.Endpoint.Path.parse(lex) != nil {
			return expected(lex, "the path as a string")
		}
	default:
		return expected(lex, toolItems)
	}
	return nil
}

func isHint(name string) bool {
	switch name {
	case "read_only", "destructive", "idempotent", "open_world":
		return true
	}
	return false
}

// punct consumes the punctuation p or fails saying what was expected.
func punct(lex stream, p, context string) error {
	if !isPunct(lex.Peek(), p) {
		return expected(lex, `"`+p+`" `+context)
	}
	lex.Next()
	return nil
}

// orExpected turns "nothing matched" into an error naming what was expected.
func orExpected(lex stream, err error, what string) error {
	if err == participle.NextMatch {
		return expected(lex, what)
	}
	return err
}
