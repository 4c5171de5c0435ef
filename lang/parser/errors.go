package parser

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	plex "github.com/alecthomas/participle/v2/lexer"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/descriptor"
)

// A syntax error says what came and what the grammar expected there: the
// first term of what participle expected, described for people by the one
// table below when it is a production, or as written when it is a literal
// (`"required" | "optional"`).

// Expected describes each production of the grammar (the names
// participle's EBNF gives them, see Grammar) as a syntax error names it:
// "expected a kind (string, ...)". A test fails when a production has no
// entry or an entry names no production.
var Expected = map[string]string{
	"File":            "`spec NAME`",
	"Clients":         "clients F, ...",
	"Decl":            `"tool", "group" or "test"`,
	"Name":            "a name",
	"Text":            "a string",
	"Close":           `"}"`,
	"Group":           "a group",
	"Item":            "a row or use",
	"Use":             "use GROUP",
	"RowStart":        "the start of a row",
	"Row":             "a row",
	"Kind":            "a kind (" + kindWords() + ")",
	"KindArgs":        "the arguments of a kind",
	"EnumKind":        "enum(...)",
	"EnumValue":       "an enum value (a name, a string or an integer)",
	"TupleKind":       "tuple<...>",
	"UnionKind":       "union<...>",
	"ElemType":        "a kind",
	"Block":           `"{"`,
	"Modifier":        "a modifier",
	"UnknownModifier": "a modifier",
	"Range":           "a range (A..B, A.. or ..B)",
	"Tool":            "a tool",
	"ToolItem":        "title, description, hints, in, out, result, endpoint",
	"Hints":           "hints",
	"Input":           `none or "{"`,
	"Endpoint":        "endpoint METHOD PATH",
	"Test":            "a test",
	"Fixture":         "accept or reject",
	"Because":         "a JSON Schema keyword",
	"JSON":            "a JSON value",
}

// tokenNames describe the token types as participle's EBNF writes them.
var tokenNames = map[string]string{
	"<ident>":  "a name",
	"<string>": "a string",
	"<block>":  "a block string",
	"<number>": "a number",
	"<format>": "a format name",
	"<punct>":  "punctuation",
	"<eof>":    "the end of the file",
}

// kindWords lists the kinds' keywords in lang/descriptor's order.
func kindWords() string {
	var words []string
	for _, k := range descriptor.Kinds {
		if k.Keyword != "" {
			words = append(words, k.Keyword)
		}
	}
	return strings.Join(words, ", ")
}

// bodies names the production of the items of a production that is
// closed by "}": the items the "}" may come after.
var bodies = map[string]string{"Tool": "ToolItem", "Block": "Item", "Group": "Item", "Test": "Fixture"}

// unexpectedError is participle's UnexpectedTokenError, explained.
type unexpectedError struct {
	token    plex.Token
	expected string // described; "" when the grammar names nothing
}

func (u *unexpectedError) Error() string { return u.message() }

func (u *unexpectedError) message() string {
	got := "end of file"
	if !u.token.EOF() {
		got = strconv.Quote(u.token.Value)
	}
	if u.expected == "" {
		return "unexpected " + got
	}
	return "unexpected " + got + ", expected " + u.expected
}

// explain turns participle's unexpected-token error into one that names
// what was expected. partial is the tree participle built up to the error
// (nil for the header): it tells which body a "}" was expected to close.
// toks are the tokens parsed: right after a modifier's keyword only its
// operand can come, which lang/descriptor names (Expects).
func explain(err error, partial *declList, toks []plex.Token) error {
	var u *participle.UnexpectedTokenError
	if !errors.As(err, &u) {
		return err
	}
	if kw := before(toks, u.Unexpected); kw != nil && kw.Type == tIdent {
		if d := descriptor.Lookup(kw.Value); d != nil && d.Expects != "" {
			return &unexpectedError{token: u.Unexpected, expected: d.Expects + " after " + d.Keyword}
		}
	}
	term := expectedTerm(u)
	if term == "" && partial != nil {
		// A token after the last declaration that starts none.
		term = "Decl"
	}
	what := describe(term)
	if term == `">"` {
		what = closeAngle(toks, u.Unexpected)
	}
	if body := bodies[openBody(partial)]; term == "Close" && body != "" {
		// "}" ends a run of items: either may come.
		items := Expected[body]
		if i := strings.LastIndex(items, " or "); i >= 0 {
			items = items[:i] + ", " + items[i+len(" or "):]
		}
		what = items + ` or "}"`
	}
	return &unexpectedError{token: u.Unexpected, expected: what}
}

// closeAngle says what a ">" was expected to close: the innermost "<"
// still open before t, and the kind that opened it (`">" to close
// array<`); in a tuple another element may come first.
func closeAngle(toks []plex.Token, t plex.Token) string {
	depth := 0
	for i := len(toks) - 1; i > 0; i-- {
		k := toks[i]
		if k.Pos.Offset >= t.Pos.Offset || k.Type != tPunct {
			continue
		}
		switch k.Value {
		case ">":
			depth++
		case "<":
			if depth > 0 {
				depth--
				continue
			}
			switch kind := toks[i-1].Value; kind {
			case "tuple", "union":
				return `"," or ">" in the ` + kind
			case "array", "map":
				return `">" to close ` + kind + "<"
			}
			return `">"`
		}
	}
	return `">"`
}

// before returns the token just before t in toks, or nil.
func before(toks []plex.Token, t plex.Token) *plex.Token {
	for i := len(toks) - 1; i >= 0; i-- {
		if toks[i].Pos.Offset < t.Pos.Offset {
			return &toks[i]
		}
	}
	return nil
}

// describe says what an EBNF term stands for: a production by its entry
// in Expected, tokens by their names, literals as written.
func describe(term string) string {
	if term == "" {
		return ""
	}
	if what, ok := Expected[term]; ok {
		return what
	}
	alts := strings.Split(term, " | ")
	for i, alt := range alts {
		name, ok := tokenNames[alt]
		if !ok {
			return term // literals, or a mix: as written
		}
		alts[i] = name
	}
	return strings.Join(alts, " or ")
}

// expectedTerm is the first term of what participle expected next, in its
// EBNF: a production (`Kind`), a literal (`"}"`) or a choice of literals
// (`"required" | "optional"`). participle v2.1.4 keeps the expected node
// unexported (UnexpectedTokenError.Expect is never set); its EBNF is
// printed after the prefix participle writes for the token.
func expectedTerm(u *participle.UnexpectedTokenError) string {
	msg := u.Message()
	prefix := fmt.Sprintf("unexpected token %q (expected ", u.Unexpected)
	if !strings.HasPrefix(msg, prefix) || !strings.HasSuffix(msg, ")") {
		return ""
	}
	return firstTerm(msg[len(prefix) : len(msg)-1])
}

// firstTerm cuts the first term off an EBNF sequence, without the
// parentheses of a group and its repetition mark.
func firstTerm(s string) string {
	depth, inString := 0, false
	end := len(s)
scan:
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			inString = !inString
		case inString:
			if c == '\\' {
				i++
			}
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ' ' && depth == 0:
			end = i
			break scan
		}
	}
	s = strings.TrimRight(s[:end], "*?+!")
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		s = s[1 : len(s)-1]
	}
	return s
}

// openBody names the production whose "}" the partial tree still lacks,
// the innermost one: "Tool", "Block", "Group" or "Test"; "" when none is
// open.
func openBody(partial *declList) string {
	if partial == nil || len(partial.Decls) == 0 {
		return ""
	}
	d := partial.Decls[len(partial.Decls)-1]
	switch {
	case d.Tool != nil && d.Tool.Close == nil:
		if n := len(d.Tool.Items); n > 0 {
			it := d.Tool.Items[n-1]
			if it.In != nil {
				if open := openBlock(it.In.Block); open != "" {
					return open
				}
			}
			if open := openBlock(it.Out); open != "" {
				return open
			}
		}
		return "Tool"
	case d.Group != nil && d.Group.Close == nil:
		if open := openItems(d.Group.Items); open != "" {
			return open
		}
		return "Group"
	case d.Test != nil && d.Test.Close == nil:
		return "Test"
	}
	return ""
}

func openBlock(b *ast.Block) string {
	if b == nil || b.Close != nil {
		return ""
	}
	if open := openItems(b.Items); open != "" {
		return open
	}
	return "Block"
}

// openItems looks for an open block in the kind of the last row.
func openItems(items []*ast.Item) string {
	if len(items) == 0 || items[len(items)-1].Row == nil {
		return ""
	}
	return openKind(items[len(items)-1].Row.Kind)
}

func openKind(k *ast.Kind) string {
	switch {
	case k == nil:
	case k.Object != nil:
		return openBlock(k.Object)
	default:
		if elems := k.Elems(); len(elems) > 0 {
			return openKind(elems[len(elems)-1].Kind)
		}
	}
	return ""
}
