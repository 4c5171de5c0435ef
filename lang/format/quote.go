package format

import (
	"strings"
	"unicode/utf8"

	"github.com/toolspec/toolspec/lang/ast"
)

// keywords are the words of the language. A name spelled like one is quoted
// so the file parses the same whatever the name.
var keywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`spec catalog_key group tool test use in out none
		result title description hints required optional nullable pattern format
		default example unique deprecated open accept reject because at string
		integer number boolean any enum array tuple object map text true false null
		read_only destructive idempotent open_world endpoint from as`) {
		keywords[k] = true
	}
}

// isIdent reports whether s matches [A-Za-z_][A-Za-z0-9_]*.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// name prints a name bare when it is an identifier and no keyword, and as a
// string otherwise.
func name(s string) string {
	if isIdent(s) && !keywords[s] {
		return s
	}
	return quote(s)
}

const hexDigits = "0123456789abcdef"

// quote is the one quoting function: JSON string syntax. It escapes `"`,
// `\`, control characters and U+2028/U+2029 and keeps other non-ASCII text
// as UTF-8. A byte that is not UTF-8 (which the lexer never lets through)
// becomes U+FFFD.
func quote(s string) string {
	if plainASCII(s) {
		return `"` + s + `"`
	}
	return quoteEscaped(s)
}

func quoteEscaped(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20 || r == 0x7f:
			b.WriteString(`\u00`)
			b.WriteByte(hexDigits[r>>4])
			b.WriteByte(hexDigits[r&0xf])
		case r == '\u2028':
			b.WriteString(`\u2028`)
		case r == '\u2029':
			b.WriteString(`\u2029`)
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// plainASCII reports whether quote has nothing to escape in s: printable
// ASCII without `"` and `\`, as most names and descriptions are.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// blockLines returns the lines of v when v is best printed as a """ block
// string and reads back as exactly v: it has a newline, no `"""`, no control
// character but newlines, no line ending in a blank, and a line that starts
// flush, so removing the common indentation gives back v. indent is the
// text the lines will be indented with.
func blockLines(v, indent string) ([]string, bool) {
	if !strings.Contains(v, "\n") || strings.Contains(v, `"""`) {
		return nil, false
	}
	lines := strings.Split(v, "\n")
	flush := false
	for _, l := range lines {
		for _, r := range l {
			if r < 0x20 || r == 0x7f {
				return nil, false
			}
		}
		if strings.HasSuffix(l, " ") {
			return nil, false
		}
		if l != "" && l[0] != ' ' {
			flush = true
		}
	}
	if !flush {
		return nil, false
	}
	for i, l := range lines {
		if l != "" {
			lines[i] = indent + l
		}
	}
	raw := "\"\"\"\n" + strings.Join(lines, "\n") + "\n" + indent + `"""`
	if ast.DecodeBlock(raw) != v {
		return nil, false
	}
	return lines, true
}
