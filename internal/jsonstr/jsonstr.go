// Package jsonstr writes strings in JSON string syntax: toolspec's one
// quoting function for JSON text and spec text (whose strings are JSON
// strings), from the formatter, the checker's canonical JSON, the
// importer, test-report's suggestions and the seal file. Generated code
// quotes with its own language's function (gen/golang, gen/js), and the
// generated runtimes stay self-contained.
package jsonstr

import (
	"strings"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// Quote writes s in JSON string syntax. It escapes `"`, `\`, control
// characters, DEL and U+2028/U+2029 (so the text is also one line of
// JavaScript) and keeps other non-ASCII text as UTF-8; `<`, `>` and `&`
// need nothing. A byte that is not UTF-8 becomes U+FFFD.
func Quote(s string) string {
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

// plainASCII reports whether Quote has nothing to escape in s: printable
// ASCII without `"` and `\`, as most names and descriptions are.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
