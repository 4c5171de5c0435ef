package jsonstr

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuote(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"", `""`},
		{"plain", `"plain"`},
		{`"quoted" \ back`, `"\"quoted\" \\ back"`},
		{"\n\t\r\b\f", `"\n\t\r\b\f"`},
		{"\x00\x01\x1f\x7f", `"\u0000\u0001\u001f\u007f"`},
		{"\u2028\u2029", `"\u2028\u2029"`},
		{"été – 日本 🙂", `"été – 日本 🙂"`},
		{"</script>/", `"</script>/"`},
		{"bad \xff byte", `"bad \ufffd byte"`},
	}
	for _, tt := range tests {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestQuotePlainFastPath: the shortcut for text with nothing to escape
// agrees with the escaping loop on every byte, alone and between letters.
func TestQuotePlainFastPath(t *testing.T) {
	t.Parallel()
	for c := 0; c < 256; c++ {
		for _, s := range []string{string(rune(c)), string([]byte{byte(c)}), "a" + string([]byte{byte(c)}) + "z"} {
			if got, want := Quote(s), string(appendQuoted(nil, s, false)); got != want {
				t.Errorf("Quote(%q) = %s, want %s", s, got, want)
			}
		}
	}
}

// TestQuoteIsJSON: every byte, alone and between letters, quotes to a JSON
// string that decodes back (invalid UTF-8 as U+FFFD, as encoding/json
// does).
func TestQuoteIsJSON(t *testing.T) {
	t.Parallel()
	for c := 0; c < 256; c++ {
		for _, s := range []string{string(rune(c)), string([]byte{byte(c)}), "a" + string([]byte{byte(c)}) + "z", "\u2028" + string(rune(c))} {
			var got string
			if err := json.Unmarshal([]byte(Quote(s)), &got); err != nil || got != strings.ToValidUTF8(s, "\ufffd") {
				t.Errorf("Quote(%q) = %s decodes to %q, %v", s, Quote(s), got, err)
			}
		}
	}
}

// TestAppendHTMLSafe: the emitted-JSON flavour writes what encoding/json
// writes for valid UTF-8 (but \b and \f, which it spells as \u0008 and
// \u000c as encoding/json did before Go 1.22), for every byte alone and
// between letters.
func TestAppendHTMLSafe(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"</script>&", `"\u003c/script\u003e\u0026"`},
		{"\b\f\x7f\u2028", `"\u0008\u000c` + "\x7f" + `\u2028"`},
		{"bad \xff", `"bad \ufffd"`},
		{"été", `"été"`},
	} {
		if got := string(AppendHTMLSafe([]byte("x"), tt.in)); got != "x"+tt.want {
			t.Errorf("AppendHTMLSafe(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
	for c := 0; c < 256; c++ {
		for _, s := range []string{string(rune(c)), "a" + string(rune(c)) + "z"} {
			want, _ := json.Marshal(s)
			w := strings.NewReplacer(`\b`, `\u0008`, `\f`, `\u000c`).Replace(string(want))
			if got := string(AppendHTMLSafe(nil, s)); got != w {
				t.Errorf("AppendHTMLSafe(%q) = %s, encoding/json writes %s", s, got, w)
			}
		}
	}
}

// TestRunsEqualByteByByte: appendQuoted, which copies runs of bytes that
// need nothing, writes what the escaping loop it replaced wrote byte by
// byte (appendQuotedByByte), in both flavours, for every pair of bytes and
// every rune below U+3000 between other text.
func TestRunsEqualByteByByte(t *testing.T) {
	t.Parallel()
	var inputs []string
	for c := 0; c < 256; c++ {
		for d := 0; d < 256; d++ {
			inputs = append(inputs, string([]byte{byte(c), byte(d)}), "ab"+string([]byte{byte(c)})+"é"+string([]byte{byte(d)}))
		}
	}
	for r := rune(0); r < 0x3000; r++ {
		inputs = append(inputs, "x"+string(r)+"y<\u2029", string(r)+"\xe2\x80")
	}
	for _, s := range inputs {
		for _, html := range []bool{false, true} {
			if got, want := string(appendQuoted(nil, s, html)), string(appendQuotedByByte(nil, s, html)); got != want {
				t.Fatalf("appendQuoted(%q, html %v) = %s, want %s", s, html, got, want)
			}
		}
	}
}

func appendQuotedByByte(b []byte, s string, html bool) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
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
			case c < 0x20, !html && c == 0x7f, html && (c == '<' || c == '>' || c == '&'):
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
