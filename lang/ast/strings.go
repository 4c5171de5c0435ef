package ast

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// DecodeString decodes a JSON string literal including its quotes. It
// returns false when the literal is malformed; the lexer reports why.
func DecodeString(raw string) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	s := raw[1 : len(raw)-1]
	if !strings.ContainsRune(s, '\\') {
		return s, true
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(s) {
			return b.String(), false
		}
		switch s[i+1] {
		case '"', '\\', '/':
			b.WriteByte(s[i+1])
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'u':
			r, n := decodeU(s[i:])
			if n == 0 {
				return b.String(), false
			}
			b.WriteRune(r)
			i += n
			continue
		default:
			return b.String(), false
		}
		i += 2
	}
	return b.String(), true
}

// decodeU decodes \uXXXX (and a following low surrogate) at the start of s.
// It returns the rune and the bytes consumed, or 0 bytes when malformed. A
// lone surrogate is malformed: it has no UTF-8 encoding (encoding/json
// would silently make it U+FFFD; the lexer reports it instead).
func decodeU(s string) (rune, int) {
	r, ok := DecodeHex4(s)
	if !ok {
		return 0, 0
	}
	if utf16.IsSurrogate(r) {
		if len(s) >= 12 {
			if r2, ok := DecodeHex4(s[6:]); ok {
				if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
					return d, 12
				}
			}
		}
		return 0, 0
	}
	return r, 6
}

// DecodeHex4 decodes the escape \uXXXX at the start of s.
func DecodeHex4(s string) (rune, bool) {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range s[2:6] {
		switch {
		case '0' <= c && c <= '9':
			r = r*16 + c - '0'
		case 'a' <= c && c <= 'f':
			r = r*16 + c - 'a' + 10
		case 'A' <= c && c <= 'F':
			r = r*16 + c - 'A' + 10
		default:
			return 0, false
		}
	}
	return r, true
}

// DecodeBlock returns the value of a """ block string given its token text.
// Block strings are raw: no escapes. The first line break and a last line of
// only blanks are removed, then the indentation common to all lines that are
// not blank.
func DecodeBlock(raw string) string {
	s := strings.TrimSuffix(strings.TrimPrefix(raw, `"""`), `"""`)
	if strings.IndexByte(s, '\r') >= 0 {
		// CRLF and a lone CR end a line as LF does.
		s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	}
	s = strings.TrimPrefix(s, "\n")
	if i := strings.LastIndexByte(s, '\n'); i >= 0 && strings.TrimLeft(s[i+1:], " \t") == "" {
		s = s[:i]
	} else if i < 0 && strings.TrimLeft(s, " \t") == "" {
		return ""
	}
	lines := strings.Split(s, "\n")
	indent := ""
	first := true
	for _, l := range lines {
		if strings.TrimLeft(l, " \t") == "" {
			continue
		}
		lead := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			indent, first = lead, false
			continue
		}
		for !strings.HasPrefix(lead, indent) {
			indent = indent[:len(indent)-1]
		}
	}
	for i, l := range lines {
		if strings.HasPrefix(l, indent) {
			lines[i] = l[len(indent):]
		} else {
			lines[i] = strings.TrimLeft(l, " \t")
		}
	}
	return strings.Join(lines, "\n")
}
