package parser

import "strings"

// syntaxMessage makes participle's message read as ours: `unexpected token
// "1" (expected "required" | "optional")` becomes `unexpected "1",
// expected "required" | "optional"`, the detail of diag.SyntaxError.
func syntaxMessage(msg string) string {
	msg = strings.Replace(msg, `unexpected token "<EOF>"`, "unexpected end of file", 1)
	msg = strings.Replace(msg, "unexpected token ", "unexpected ", 1)
	if i := strings.Index(msg, " (expected "); i >= 0 && strings.HasSuffix(msg, ")") {
		msg = msg[:i] + ", expected " + describe(firstTerm(msg[i+len(" (expected "):len(msg)-1]))
	}
	return msg
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
