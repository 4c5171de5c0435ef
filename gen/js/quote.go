package js

import "unicode/utf8"

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
	return string(appendQuote(make([]byte, 0, len(s)+2), s))
}

// appendQuote appends Quote(s) to b and returns the extended slice. Bytes
// that need no escape are copied a run at a time.
func appendQuote[T string | []byte](b []byte, s T) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if quoteKept[c] {
				i++
				continue
			}
			if c == '/' && (i == 0 || s[i-1] != '*') {
				i++ // only "*/" needs its '/' escaped
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\', '/':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, `\n`...)
			case '\r':
				b = append(b, `\r`...)
			case '\t':
				b = append(b, `\t`...)
			default: // a control character, DEL, '<', '>' or '&'
				b = appendU(b, rune(c))
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(string(s[i:min(i+utf8.UTFMax, len(s))]))
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = appendU(b, utf8.RuneError)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = appendU(b, r)
		default:
			i += size // kept as UTF-8, in the run
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// quoteKept are the ASCII bytes Quote always copies as they are; '/' is
// not among them, as appendQuote escapes it after a '*'.
var quoteKept = func() (k [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		k[c] = c != '"' && c != '\\' && c != '/' && c != 0x7f && c != '<' && c != '>' && c != '&'
	}
	return k
}()

// appendU appends a \uXXXX escape of a rune in the Basic Multilingual Plane.
func appendU(b []byte, r rune) []byte {
	return append(b, '\\', 'u', hexDigits[(r>>12)&0xf], hexDigits[(r>>8)&0xf], hexDigits[(r>>4)&0xf], hexDigits[r&0xf])
}

// commentText returns s for a /** ... */ comment: the quoted literal without
// its quotes, so it holds no line terminator and no "*/".
func commentText(s string) string {
	if plainText(s) {
		return s
	}
	q := Quote(s)
	return q[1 : len(q)-1]
}

// plainText reports whether Quote(s) is s between quotes: every byte
// ASCII that Quote keeps as it is.
func plainText(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || !quoteKept[c] && (c != '/' || i > 0 && s[i-1] == '*') {
			return false
		}
	}
	return true
}
