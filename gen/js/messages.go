package js

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/gen/message"
)

// The validators' messages are written from gen/message.Catalogue, the
// one declaration the Go decoders' table is generated from too: no word
// of a message is spelt here.

// arg is one value a message shows: a JavaScript expression, evaluated
// when the problem is found, or words known when the module is written
// (a bound, a pattern, a type's names).
type arg struct {
	expr  string
	words string
}

func jsExpr(e string) arg    { return arg{expr: e} }
func known(words string) arg { return arg{words: words} }

// messageExpr is the JavaScript expression of m's text with args in its
// holes, the known words folded into its string literals; with m.One, a
// choice of the two texts on the first value.
func messageExpr(m message.Message, args ...arg) string {
	if m.Holes() != len(args) {
		panic(fmt.Sprintf("gen/js: message %s takes %d values, not %d", m.Name, m.Holes(), len(args)))
	}
	text := fill(m.Pieces(), args)
	if one := m.OnePieces(); one != nil && args[0].expr == "" && args[0].words == "1" {
		return fill(one, args)
	} else if one != nil && args[0].expr != "" {
		ones := append([]arg{known("1")}, args[1:]...) // the first value is 1 there
		return "(" + args[0].expr + " === 1 ? " + fill(one, ones) + " : " + text + ")"
	}
	return text
}

// fill is the expression of a text's pieces with args in its holes.
func fill(pieces []message.Piece, args []arg) string {
	var parts []string // JavaScript operands
	lit := ""          // words not yet written
	hasLit := false
	flush := func() {
		if hasLit {
			parts = append(parts, Quote(lit))
		}
		lit, hasLit = "", false
	}
	i := 0
	for _, p := range pieces {
		switch {
		case p.Verb == 0:
			lit, hasLit = lit+p.Words, true
		case args[i].expr == "":
			lit, hasLit = lit+args[i].words, true
			i++
		default:
			flush()
			parts = append(parts, args[i].expr)
			i++
		}
	}
	flush()
	if len(parts) == 0 {
		return `""`
	}
	// + concatenates only when a string comes first or second.
	if !strings.HasPrefix(parts[0], `"`) && (len(parts) == 1 || !strings.HasPrefix(parts[1], `"`)) {
		parts = append([]string{`""`}, parts...)
	}
	return strings.Join(parts, " + ")
}

// quotedName is a spec's name as the runtime's tsQuote shows it: known
// words when the name is short printable ASCII without quotes or
// backslashes (almost every name), which JSON.stringify only puts in
// quotes; else the call.
func quotedName(name string) arg {
	if len(name) > message.MaxQuote {
		return jsExpr("tsQuote(" + Quote(name) + ")")
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return jsExpr("tsQuote(" + Quote(name) + ")")
		}
	}
	return known(`"` + name + `"`)
}

// problemOf returns the statement that records a problem of message m at
// the path expression p.
func problemOf(p string, m message.Message, args []arg, params ...string) string {
	return problem(p, m.Keyword, messageExpr(m, args...), params...)
}

// runtimeMessages are the messages runtime/runtime.mjs puts together
// itself, written into every module as functions tsMsg<Name>.
var runtimeMessages = []string{"AnyOf", "Beyond", "Root", "More", "Uncounted"}

// messagesJS is those functions.
var messagesJS = func() string {
	var b strings.Builder
	b.WriteString("// The words of the runtime's own messages, from the catalogue that the\n// validators' messages and the Go decoders' come from (gen/message).\n")
	b.WriteString("\n/** Input strings (values and keys) are quoted in messages up to this many characters, then \"...\". */\n")
	b.WriteString("export const QUOTE_LIMIT = " + strconv.Itoa(message.MaxQuote) + ";\n\n")
	for _, name := range runtimeMessages {
		m := message.Lookup(name)
		var params []string
		var args []arg
		for i := range m.Holes() {
			params = append(params, string(rune('a'+i)))
			args = append(args, jsExpr(params[i]))
		}
		b.WriteString("function tsMsg" + name + "(" + strings.Join(params, ", ") + ") {\n  return " + messageExpr(m, args...) + ";\n}\n")
	}
	return b.String()
}()
