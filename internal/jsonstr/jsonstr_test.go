package jsonstr

import (
	"encoding/json"
	"strings"
	"testing"
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
