// Package jsonstr writes strings in JSON string syntax: toolspec's one
// quoting function, in two flavours. Quote is for text people read (spec
// text, whose strings are JSON strings, the seal file, test-report's
// suggestions, the importer); AppendHTMLSafe is for the JSON toolspec emits
// (gen/schema's tables, and the checker's canonical JSON of defaults and
// examples, which the tables carry), whose bytes must be safe inside HTML
// and JavaScript source (docs/language.md, "Choice — text escaping").
// Generated code quotes with its own language's function (gen/golang,
// gen/js), and the generated runtimes stay self-contained.
package jsonstr

import "unicode/utf8"

const hexDigits = "0123456789abcdef"

// Quote writes s in JSON string syntax for people to read. It escapes `"`,
// `\`, control characters (`\n`, `\t`, `\r`, `\b`, `\f` by name), DEL and
// U+2028/U+2029 (so the text is also one line of JavaScript) and keeps
// other text as UTF-8; `<`, `>` and `&` need nothing. A byte that is not
// UTF-8 becomes U+FFFD.
func Quote(s string) string {
	if plainASCII(s) {
		return `"` + s + `"`
	}
	return string(appendQuoted(make([]byte, 0, len(s)+8), s, false))
}

// AppendQuote appends Quote(s) to dst.
func AppendQuote(dst []byte, s string) []byte { return appendQuoted(dst, s, false) }

// AppendHTMLSafe appends s to dst as a JSON string, as encoding/json writes
// one except for \b and \f (written \u0008 and \u000c, as every other
// control character but `\n`, `\t` and `\r`), and
// `<`, `>`, `&`, U+2028 and U+2029 escaped too, so the bytes are safe
// inside HTML and JavaScript; DEL is kept. A byte that is not UTF-8
// becomes U+FFFD. Unlike encoding/json it never fails and allocates only
// when dst is too small.
func AppendHTMLSafe(dst []byte, s string) []byte { return appendQuoted(dst, s, true) }

func appendQuoted(b []byte, s string, html bool) []byte {
	b = append(b, '"')
	keep := &kept[0]
	if html {
		keep = &kept[1]
	}
	// Bytes that need nothing are copied a run at a time.
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if keep[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, `\n`...)
			case c == '\t':
				b = append(b, `\t`...)
			case c == '\r':
				b = append(b, `\r`...)
			case !html && c == '\b':
				b = append(b, `\b`...)
			case !html && c == '\f':
				b = append(b, `\f`...)
			default: // c < 0x20, DEL (Quote), < > & (AppendHTMLSafe)
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
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

// kept says which ASCII bytes are written as they are: by Quote ([0]) and
// by AppendHTMLSafe ([1]).
var kept = func() (k [2][utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain := c != '"' && c != '\\'
		k[0][c] = plain && c != 0x7f
		k[1][c] = plain && c != '<' && c != '>' && c != '&'
	}
	return k
}()

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
