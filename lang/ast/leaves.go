package ast

import (
	"fmt"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
)

// The leaves of the grammar that are read by hand, as participle
// Parseables: the single tokens that are most of a spec (a name, a string,
// a closing brace), an inline JSON value (JSON's own grammar, tokens.go)
// and the error production for a misspelt modifier. Each reads what its
// type's comment says; docs/performance.md has the measurement that
// justified reading them by hand.

// Parse reads an identifier or a string.
func (n *Name) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	switch t.Type {
	case TokenIdent:
		n.Pos, n.Ident = Position(t.Pos), t.Value
	case TokenString, TokenBlock:
		n.Pos, n.Quoted = Position(t.Pos), textOf(t)
	default:
		return participle.NextMatch
	}
	lex.Next()
	return nil
}

// Parse reads a string or a block string.
func (x *Text) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Type != TokenString && t.Type != TokenBlock {
		return participle.NextMatch
	}
	*x = *textOf(t)
	lex.Next()
	return nil
}

func textOf(t *lexer.Token) *Text {
	if t.Type == TokenBlock {
		return &Text{Pos: Position(t.Pos), Block: t.Value}
	}
	return &Text{Pos: Position(t.Pos), Raw: t.Value}
}

// Parse reads a closing brace.
func (c *Close) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Type != TokenPunct || t.Value != "}" {
		return participle.NextMatch
	}
	c.Pos, c.Brace = Position(t.Pos), t.Value
	lex.Next()
	return nil
}

// Parse reads a range: `A..B`, `A..` or `..B`. A number not followed by
// ".." is the error participle gave for the grammar
// `( Number ".." | ".." ) Number?`.
func (r *Range) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	switch {
	case t.Type == TokenNumber:
		r.Pos, r.Min = Position(t.Pos), t.Value
		lex.Next()
		if dots := lex.Peek(); !isPunct(dots, "..") {
			return &participle.UnexpectedTokenError{Unexpected: *dots, Expect: `".."`}
		}
	case isPunct(t, ".."):
		r.Pos = Position(t.Pos)
	default:
		return participle.NextMatch
	}
	r.Dots = lex.Next().Value
	if t := lex.Peek(); t.Type == TokenNumber {
		r.Max = t.Value
		lex.Next()
	}
	return nil
}

// UnknownModifier is a word after a row's modifiers that is close to a
// modifier keyword (`patern "x"`). It never matches: it fails with a
// Misspelt error, which the parser reports as diag.UnknownModifier, so
// the author reads "did you mean pattern?" rather than "unexpected".
type UnknownModifier struct{}

// Parse fails on a misspelt modifier keyword and does not match anything
// else. It consumes the word, so that participle commits to the error.
func (*UnknownModifier) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Type != TokenIdent || notModifiers[t.Value] {
		return participle.NextMatch
	}
	near := diag.Closest(t.Value, modifierWords)
	if near == "" {
		return participle.NextMatch
	}
	lex.Next()
	return &Misspelt{Pos: token.Pos(t.Pos), Word: t.Value, Near: near}
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
	Pos        token.Pos // in the file: an error is made by a whole parse
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

// SetKeywords fills Keyword in the modifiers of a declaration from the
// token that starts each (see Modifier): src is the file its positions
// (from its Base) point into.
func SetKeywords(d *Decl, src []byte) {
	SetKeywordsFrom(d, func(off int) string { return string(wordAt(src, off)) })
}

// SetKeywordsFrom is SetKeywords with the word at each offset of the
// file given by word: the parser's recovery reads some words other than
// as written.
func SetKeywordsFrom(d *Decl, word func(off int) string) {
	base := d.Base()
	var mods func([]*Modifier)
	var kind func(*Kind)
	var block func(*Block)
	items := func(items []*Item) {
		for _, it := range items {
			if r := it.Row; r != nil {
				kind(r.Kind)
				mods(r.Mods)
			}
		}
	}
	block = func(b *Block) {
		if b != nil {
			items(b.Items)
		}
	}
	elem := func(e *ElemType) {
		if e != nil {
			kind(e.Kind)
			mods(e.Mods)
		}
	}
	kind = func(k *Kind) {
		switch {
		case k == nil:
		case k.Object != nil:
			block(k.Object)
		default:
			for _, e := range k.Elems() {
				elem(e)
			}
		}
	}
	mods = func(ms []*Modifier) {
		for _, m := range ms {
			switch {
			case m.Keyword != "":
			case m.Range != nil:
				m.Keyword = "range"
			default:
				if d := descriptor.Lookup(word(base.Pos(m.Pos).Offset)); d != nil {
					m.Keyword = d.Keyword
				}
			}
		}
	}
	switch {
	case d.Tool != nil:
		for _, it := range d.Tool.Items {
			if it.In != nil {
				block(it.In.Block)
			}
			block(it.Out)
		}
	case d.Group != nil:
		items(d.Group.Items)
	}
}

// wordAt is the identifier that starts at offset off of src.
func wordAt(src []byte, off int) []byte {
	end := off
	for end < len(src) && (src[end] == '_' || 'a' <= src[end] && src[end] <= 'z' || 'A' <= src[end] && src[end] <= 'Z' || '0' <= src[end] && src[end] <= '9') {
		end++
	}
	return src[off:end]
}

// LeafGrammar is the grammar of the leaves, in the EBNF participle prints
// for the rest (lang/parser.Grammar): participle names a Parseable but
// cannot see inside it. docs/language.md shows both.
const LeafGrammar = `Name = <ident> | Text .
Text = <string> | <block> .
Close = "}" .
Range = ( <number> ".." | ".." ) <number>? .
JSON = JSONObject | JSONArray | <string> | <number> | "true" | "false" | "null" .
JSONObject = "{" (<string> ":" JSON ("," <string> ":" JSON)*)? "}" .
JSONArray = "[" (JSON ("," JSON)*)? "]" .
UnknownModifier = <ident> .`
