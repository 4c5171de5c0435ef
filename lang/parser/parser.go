package parser

import (
	"errors"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	plex "github.com/alecthomas/participle/v2/lexer"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/token"
)

var grammar = participle.MustBuild[ast.File](
	participle.Lexer(definition{}),
	participle.UseLookahead(1),
)

// Result is what parsing one file gives: the tree (nil after a syntax
// error), the comments in source order, and every diagnostic found.
type Result struct {
	File     *ast.File
	Comments []*ast.Comment
	Diags    token.List
}

// Parse parses one spec. It never panics; on a syntax error File is nil and
// Diags says where and what was expected.
func Parse(filename string, src []byte) Result {
	toks, comments, diags := lex(filename, src)
	peek, err := plex.Upgrade(&replay{toks: toks})
	if err != nil {
		diags.Errorf(token.Pos{File: filename, Line: 1, Column: 1}, "%v", err)
		return Result{Comments: comments, Diags: diags.Sort()}
	}
	if first := toks[0]; first.Value != "spec" {
		// participle would only say "unexpected"; say what a file starts with.
		diags.Errorf(Pos(first.Pos), "syntax error: a spec starts with `spec NAME`, not %s", describeToken(first))
		return Result{Comments: comments, Diags: diags.Sort()}
	}
	f, err := grammar.ParseFromLexer(peek)
	if err != nil {
		var perr participle.Error
		if errors.As(err, &perr) {
			diags.Errorf(Pos(perr.Position()), "%s", syntaxMessage(perr.Message()))
		} else {
			diags.Errorf(token.Pos{File: filename, Line: 1, Column: 1}, "%v", err)
		}
		return Result{Comments: comments, Diags: diags.Sort()}
	}
	if diags.HasErrors() {
		// Lexical errors make the token stream unreliable: no tree.
		return Result{Comments: comments, Diags: diags.Sort()}
	}
	return Result{File: f, Comments: comments, Diags: diags.Sort()}
}

func describeToken(t plex.Token) string {
	if t.EOF() {
		return "the end of the file"
	}
	return strconv.Quote(t.Value)
}

// Pos converts a participle position.
func Pos(p plex.Position) token.Pos {
	return token.Pos{File: p.Filename, Offset: p.Offset, Line: p.Line, Column: p.Column}
}

// syntaxMessage makes participle's message read as ours: `unexpected token
// "1" (expected "required" | "optional")` becomes `syntax error: unexpected
// "1", expected "required" | "optional"`.
func syntaxMessage(msg string) string {
	msg = strings.Replace(msg, `unexpected token "<EOF>"`, "unexpected end of file", 1)
	msg = strings.Replace(msg, "unexpected token ", "unexpected ", 1)
	if i := strings.Index(msg, " (expected "); i >= 0 && strings.HasSuffix(msg, ")") {
		msg = msg[:i] + ", expected " + describe(firstTerm(msg[i+len(" (expected "):len(msg)-1]))
	}
	return "syntax error: " + msg
}

// firstTerm keeps the first term of participle's expectation, which spells
// out the whole rest of the sequence: `("required" | "optional") Modifier*`
// becomes `"required" | "optional"`.
func firstTerm(s string) string {
	depth := 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ' ':
			if depth == 0 && !strings.HasPrefix(s[i:], " | ") && !strings.HasSuffix(s[:i], " |") {
				s = s[:i]
				return strings.TrimSuffix(strings.TrimPrefix(s, "("), ")")
			}
		}
	}
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		return s[1 : len(s)-1]
	}
	return s
}

// nodeNames turns grammar node names into words a spec author knows.
var nodeNames = strings.NewReplacer(
	"Close", `"}"`,
	"Name", "a name",
	"Text", "a string",
	"Kind", "a kind (string, integer, number, boolean, any, enum, array, tuple, object, map)",
	"Decl", `"group", "tool" or "test"`,
	"Item", "a row or use",
	"ToolItem", "title, description, hints, in, out or result",
	"Modifier", "a modifier",
	"JSON", "a JSON value",
	"Ident", "a name",
	"Number", "a number",
	"ElemType", "a kind",
)

func describe(s string) string {
	s = strings.TrimSuffix(strings.TrimSuffix(s, "*"), "?")
	return nodeNames.Replace(s)
}
