package ast

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// stream is what the hand-written parsers read tokens from: participle's
// PeekingLexer when the grammar calls them, or a plain token slice when a
// whole tool is parsed without participle (ParseTool).
type stream interface {
	Peek() *lexer.Token
	// PeekAt returns the token n places after the next one (PeekAt(0) is
	// Peek), or the end of the file.
	PeekAt(n int) *lexer.Token
	Next() *lexer.Token
}

// tokenSlice is a stream over tokens, then an end of file.
type tokenSlice struct {
	toks []lexer.Token
	eof  lexer.Token
	i    int
}

func (s *tokenSlice) Peek() *lexer.Token { return s.PeekAt(0) }

func (s *tokenSlice) PeekAt(n int) *lexer.Token {
	if s.i+n < len(s.toks) {
		return &s.toks[s.i+n]
	}
	return &s.eof
}

func (s *tokenSlice) Next() *lexer.Token {
	t := s.Peek()
	if s.i < len(s.toks) {
		s.i++
	}
	return t
}

// ParseTool parses toks as exactly one tool declaration, followed by an end
// of file at eof. It is the grammar's Tool production without participle's
// per-declaration cost (copying the tokens into its own lexer, a parse
// context): tools are most of a spec. It returns false when toks are not
// one well-formed tool; the caller then parses them with the grammar, which
// reports the error as it always has.
func ParseTool(toks []lexer.Token, eof lexer.Token) (*Tool, bool) {
	s := &tokenSlice{toks: toks, eof: eof}
	t := &Tool{}
	if t.parse(s) != nil || s.i != len(toks) {
		return nil, false
	}
	return t, true
}

// peeking is participle's lexer as a stream.
type peeking struct{ *lexer.PeekingLexer }

func (p peeking) PeekAt(n int) *lexer.Token {
	if n == 0 {
		return p.Peek()
	}
	cp := p.MakeCheckpoint()
	for range n {
		p.Next()
	}
	t := p.Peek()
	p.LoadCheckpoint(cp)
	return t
}

// The nodes the grammar in ast.go refers to implement participle's
// Parseable with their hand-written parsers.

func (n *Name) Parse(lex *lexer.PeekingLexer) error  { return n.parse(peeking{lex}) }
func (x *Text) Parse(lex *lexer.PeekingLexer) error  { return x.parse(peeking{lex}) }
func (c *Close) Parse(lex *lexer.PeekingLexer) error { return c.parse(peeking{lex}) }
func (it *Item) Parse(lex *lexer.PeekingLexer) error { return it.parse(peeking{lex}) }
func (v *JSON) Parse(lex *lexer.PeekingLexer) error  { return v.parse(peeking{lex}) }
func (t *Tool) Parse(lex *lexer.PeekingLexer) error  { return t.parse(peeking{lex}) }
