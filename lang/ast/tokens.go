package ast

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/toolspec/toolspec/lang/descriptor"
)

// Token types the lexer (lang/parser) produces. participle reserves -1 for
// the end of the file.
const (
	TokenIdent lexer.TokenType = -(iota + 2)
	TokenString
	TokenBlock
	TokenNumber
	TokenPunct
	TokenFormat
)

// Symbols names the token types for the grammar.
var Symbols = map[string]lexer.TokenType{
	"EOF":    lexer.EOF,
	"Ident":  TokenIdent,
	"String": TokenString,
	"Block":  TokenBlock,
	"Number": TokenNumber,
	"Punct":  TokenPunct,
	"Format": TokenFormat,
}

// The nodes below are single tokens or token pairs, parsed by hand instead
// of through the reflective grammar: they are the most frequent nodes of a
// spec, and a hand-written match of one token costs a fraction of a
// participle disjunction.

// parse reads an identifier or a string.
func (n *Name) parse(lex stream) error {
	t := lex.Peek()
	switch t.Type {
	case TokenIdent:
		n.Pos, n.Ident = t.Pos, t.Value
	case TokenString, TokenBlock:
		n.Pos, n.Quoted = t.Pos, textOf(t)
	default:
		return participle.NextMatch
	}
	lex.Next()
	return nil
}

// parse reads a string or a block string.
func (x *Text) parse(lex stream) error {
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
		return &Text{Pos: t.Pos, Block: t.Value}
	}
	return &Text{Pos: t.Pos, Raw: t.Value}
}

// parse reads a closing brace.
func (c *Close) parse(lex stream) error {
	t := lex.Peek()
	if t.Type != TokenPunct || t.Value != "}" {
		return participle.NextMatch
	}
	c.Pos, c.Brace = t.Pos, t.Value
	lex.Next()
	return nil
}

// parse reads an identifier, string or number.
func (v *EnumValue) parse(lex stream) error {
	t := lex.Peek()
	switch t.Type {
	case TokenIdent:
		v.Ident = t.Value
	case TokenString, TokenBlock:
		v.Quoted = textOf(t)
	case TokenNumber:
		v.Number = t.Value
	default:
		return participle.NextMatch
	}
	v.Pos = t.Pos
	lex.Next()
	return nil
}

// parse reads A..B, A.. or ..B.
func (r *Range) parse(lex stream) error {
	t := lex.Peek()
	r.Pos = t.Pos
	if t.Type == TokenNumber {
		if dots := lex.PeekAt(1); !isPunct(dots, "..") {
			return participle.Errorf(dots.Pos, "unexpected %q after number %s, expected ..", dots.Value, t.Value)
		}
		r.Min = t.Value
		lex.Next()
	} else if !isPunct(t, "..") {
		return participle.NextMatch
	}
	r.Dots = ".."
	lex.Next()
	if t := lex.Peek(); t.Type == TokenNumber {
		r.Max = t.Value
		lex.Next()
	}
	return nil
}

// parse reads one modifier: a range, or a keyword of lang/descriptor and
// the operand it takes.
func (m *Modifier) parse(lex stream) error {
	t := lex.Peek()
	m.Pos = t.Pos
	if t.Type == TokenNumber || t.Type == TokenPunct && t.Value == ".." {
		m.Keyword, m.Range = "range", &Range{}
		return m.Range.parse(lex)
	}
	if t.Type != TokenIdent || StartsRow(lex) {
		// `open boolean optional` is the next row, not the open modifier.
		return participle.NextMatch
	}
	d := descriptor.Lookup(t.Value)
	if d == nil || d.Operand == descriptor.RangeOperand {
		return participle.NextMatch
	}
	m.Keyword = t.Value
	lex.Next()
	o := lex.Peek()
	switch d.Operand {
	case descriptor.NoOperand:
		return nil
	case descriptor.NumberOperand:
		if o.Type != TokenNumber {
			return expected(lex, d.Expects+" after "+t.Value)
		}
		m.Number = o.Value
	case descriptor.WordOperand:
		if o.Type != TokenIdent && o.Type != TokenFormat {
			return expected(lex, d.Expects+" after "+t.Value)
		}
		m.Word = o.Value
	case descriptor.StringOperand:
		m.Text = &Text{}
		if m.Text.parse(lex) != nil {
			return expected(lex, d.Expects+" after "+t.Value)
		}
		return nil
	case descriptor.JSONOperand:
		m.JSON = &JSON{}
		if m.JSON.parse(lex) != nil {
			return expected(lex, d.Expects+" after "+t.Value)
		}
		return nil
	}
	lex.Next()
	return nil
}

// StartsRow reports whether the next tokens begin a row: a name followed
// by the start of a kind (`enum (`, `array <`, `tuple <`, `map <`,
// `object {`, or any other word and a presence). A row has no terminator, so
// this is how a modifier keyword or a string after a row is told apart from
// the name of the next row.
func StartsRow(lex stream) bool {
	name := lex.Peek()
	if name.Type != TokenIdent && name.Type != TokenString {
		return false
	}
	kind, next := lex.PeekAt(1), lex.PeekAt(2)
	if kind.Type != TokenIdent {
		return false
	}
	switch kind.Value {
	case "enum":
		return isPunct(next, "(")
	case "array", "tuple", "map":
		return isPunct(next, "<")
	case "object":
		return isPunct(next, "{")
	}
	if isPunct(next, "<") || isPunct(next, "(") {
		return true // a misspelt kind with arguments: the checker names it
	}
	// A scalar kind, or a word that is no kind (the checker names it):
	// either way a presence follows.
	return next.Type == TokenIdent && (next.Value == "required" || next.Value == "optional")
}

func expected(lex stream, what string) error {
	t := lex.Peek()
	if t.EOF() {
		return participle.Errorf(t.Pos, "unexpected end of file, expected %s", what)
	}
	return participle.Errorf(t.Pos, "unexpected %q, expected %s", t.Value, what)
}

func isPunct(t *lexer.Token, p string) bool { return t.Type == TokenPunct && t.Value == p }

// parse reads an inline JSON value.
func (v *JSON) parse(lex stream) error {
	t := lex.Peek()
	v.Pos = t.Pos
	switch {
	case isPunct(t, "{"):
		lex.Next()
		v.Object = &JSONObject{Pos: t.Pos, Open: "{"}
		if isPunct(lex.Peek(), "}") {
			lex.Next()
			return nil
		}
		for {
			k := lex.Peek()
			if k.Type != TokenString {
				return expected(lex, "a string key")
			}
			lex.Next()
			if !isPunct(lex.Peek(), ":") {
				return expected(lex, `":"`)
			}
			lex.Next()
			m := &JSONMember{Pos: k.Pos, Key: textOf(k), Value: &JSON{}}
			if err := m.Value.parse(lex); err != nil {
				return jsonValueError(lex, err)
			}
			v.Object.Members = append(v.Object.Members, m)
			if isPunct(lex.Peek(), "}") {
				lex.Next()
				return nil
			}
			if !isPunct(lex.Peek(), ",") {
				return expected(lex, `"," or "}"`)
			}
			lex.Next()
		}
	case isPunct(t, "["):
		lex.Next()
		v.Array = &JSONArray{Pos: t.Pos, Open: "["}
		if isPunct(lex.Peek(), "]") {
			lex.Next()
			return nil
		}
		for {
			item := &JSON{}
			if err := item.parse(lex); err != nil {
				return jsonValueError(lex, err)
			}
			v.Array.Items = append(v.Array.Items, item)
			if isPunct(lex.Peek(), "]") {
				lex.Next()
				return nil
			}
			if !isPunct(lex.Peek(), ",") {
				return expected(lex, `"," or "]"`)
			}
			lex.Next()
		}
	case t.Type == TokenString:
		v.String = textOf(t)
	case t.Type == TokenNumber:
		v.Number = t.Value
	case t.Type == TokenIdent && (t.Value == "true" || t.Value == "false"):
		v.Bool = t.Value
	case t.Type == TokenIdent && t.Value == "null":
		v.Null = true
	default:
		return participle.NextMatch
	}
	lex.Next()
	return nil
}

func jsonValueError(lex stream, err error) error {
	if err == participle.NextMatch {
		return expected(lex, "a JSON value")
	}
	return err
}
