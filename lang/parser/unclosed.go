package parser

import (
	"fmt"

	plex "github.com/alecthomas/participle/v2/lexer"
)

// A "{" without its "}" is reported where it opens, not where the parser
// gave up (often the end of the file): the indentation tells which block
// the author left open.

// unclosed finds the "{" a piece leaves open: the innermost open brace whose
// block is followed by a line indented no deeper than the line that opened
// it, or else the innermost still open at the end. before is the token of
// that line (EOF when the piece ends first). ok is false when every brace
// is closed.
func unclosed(p []plex.Token) (open, before plex.Token, ok bool) {
	type brace struct {
		tok    plex.Token
		indent int // column of the first token on the brace's line
	}
	var stack []brace
	indent, line := 0, 0
	for i, t := range p {
		startsLine := t.Pos.Line != line
		if startsLine {
			indent, line = t.Pos.Column, t.Pos.Line
		}
		if t.Type != tPunct || t.Value != "}" {
			if startsLine && len(stack) > 0 && t.Pos.Column <= stack[len(stack)-1].indent && i > 0 {
				return stack[len(stack)-1].tok, t, true
			}
		}
		if t.Type == tPunct {
			switch t.Value {
			case "{":
				stack = append(stack, brace{t, indent})
			case "}":
				if len(stack) > 0 {
					stack = stack[:len(stack)-1]
				}
			}
		}
	}
	if len(stack) == 0 {
		return plex.Token{}, plex.Token{}, false
	}
	return stack[len(stack)-1].tok, plex.EOFToken(endOf(p)), true
}

// unclosedBrace is the error of a piece with a "{" left open: the brace,
// the words before it, and what comes where its "}" should be.
type unclosedBrace struct {
	open          plex.Position
	after, before string
}

func (u *unclosedBrace) Error() string {
	return fmt.Sprintf(`the "{" after %s is not closed: a "}" is missing before %s`, u.after, u.before)
}

// unclosedError names the open brace by the words before it.
func unclosedError(p []plex.Token, open, before plex.Token) error {
	what := ""
	for i := range p {
		if p[i].Pos.Offset != open.Pos.Offset || i == 0 {
			continue
		}
		what = p[i-1].Value
		if i >= 2 && (p[i-2].Value == "tool" || p[i-2].Value == "group" || p[i-2].Value == "test") {
			what = p[i-2].Value + " " + p[i-1].Value
		}
		break
	}
	where := "the end of the file"
	if !before.EOF() {
		where = fmt.Sprintf("line %d", before.Pos.Line)
	}
	return &unclosedBrace{open: open.Pos, after: what, before: where}
}

// splitDecls cuts a piece at every line that starts with tool, group or
// test followed by a name (and, for tool and group, "{"): where a
// declaration that a missing "}" swallowed begins. Only a piece that fails
// to parse is cut, so a row named tool in a valid spec is never mistaken.
func splitDecls(p []plex.Token) [][]plex.Token {
	var pieces [][]plex.Token
	start, line := 0, 0
	for i, t := range p {
		startsLine := t.Pos.Line != line
		line = t.Pos.Line
		if i > start && startsLine && t.Pos.Column == 1 && beginsDecl(p[i:]) {
			pieces = append(pieces, p[start:i])
			start = i
		}
	}
	return append(pieces, p[start:])
}

func beginsDecl(p []plex.Token) bool {
	if len(p) < 3 || p[0].Type != tIdent {
		return false
	}
	switch p[0].Value {
	case "tool", "group":
		return (p[1].Type == tIdent || p[1].Type == tString) && p[2].Type == tPunct && p[2].Value == "{"
	case "test":
		return p[1].Type == tString && p[2].Type == tPunct && p[2].Value == "{"
	}
	return false
}
