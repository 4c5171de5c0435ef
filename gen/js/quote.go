package js

import (
	"strings"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// Quote returns s as a double-quoted JavaScript (and TypeScript) string
// literal. It is the only way spec text enters generated code.
//
// Besides the quote and the backslash it escapes every control character
// and DEL, the line terminators U+2028 and U+2029, '<', '>' and '&' (so no
// "</script>" or "<!--" can appear), a '/' after a '*' (so no "*/" can
// appear: the literal without its quotes is also safe inside a block
// comment), and invalid UTF-8 (as U+FFFD). Backticks and "${" need nothing
// in a double-quoted literal. Other non-ASCII text is kept as UTF-8.
func Quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch c {
			case '"', '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case '/':
				if i > 0 && s[i-1] == '*' {
					b.WriteByte('\\')
				}
				b.WriteByte(c)
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			case '\t':
				b.WriteString(`\t`)
			default:
				if c < 0x20 || c == 0x7f || c == '<' || c == '>' || c == '&' {
					writeU(&b, rune(c))
				} else {
					b.WriteByte(c)
				}
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			writeU(&b, utf8.RuneError)
		case r == '\u2028' || r == '\u2029':
			writeU(&b, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// writeU writes a \uXXXX escape of a rune in the Basic Multilingual Plane.
func writeU(b *strings.Builder, r rune) {
	b.WriteString(`\u`)
	for shift := 12; shift >= 0; shift -= 4 {
		b.WriteByte(hexDigits[(r>>shift)&0xf])
	}
}

// commentText returns s for a /** ... */ comment: the quoted literal without
// its quotes, so it holds no line terminator and no "*/".
func commentText(s string) string {
	q := Quote(s)
	return q[1 : len(q)-1]
}
