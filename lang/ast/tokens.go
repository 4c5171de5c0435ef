package ast

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
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

// Parse reads an inline JSON value: a leaf of the grammar (see JSON).
//
//	json   = object | array | String | Number | "true" | "false" | "null"
//	object = "{" [ String ":" json { "," String ":" json } ] "}"
//	array  = "[" [ json { "," json } ] "]"
func (v *JSON) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	v.Pos = Position(t.Pos)
	switch {
	case isPunct(t, "{"):
		lex.Next()
		v.Object = &JSONObject{Pos: Position(t.Pos), Open: "{"}
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
			m := &JSONMember{Pos: Position(k.Pos), Key: &Text{Pos: Position(k.Pos), Raw: k.Value}, Value: &JSON{}}
			if err := m.Value.Parse(lex); err != nil {
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
		v.Array = &JSONArray{Pos: Position(t.Pos), Open: "["}
		if isPunct(lex.Peek(), "]") {
			lex.Next()
			return nil
		}
		for {
			item := &JSON{}
			if err := item.Parse(lex); err != nil {
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
		v.String = &Text{Pos: Position(t.Pos), Raw: t.Value}
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

func jsonValueError(lex *lexer.PeekingLexer, err error) error {
	if err == participle.NextMatch {
		return expected(lex, "a JSON value")
	}
	return err
}

// expected is the error of a leaf that has read part of its production.
func expected(lex *lexer.PeekingLexer, what string) error {
	t := lex.Peek()
	if t.EOF() {
		return participle.Errorf(t.Pos, "unexpected end of file, expected %s", what)
	}
	return participle.Errorf(t.Pos, "unexpected %q, expected %s", t.Value, what)
}

func isPunct(t *lexer.Token, p string) bool { return t.Type == TokenPunct && t.Value == p }
