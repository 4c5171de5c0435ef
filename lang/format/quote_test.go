package format

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/lang/ast"
)

// TestQuoteRoundTrip checks that what jsonstr.Quote writes decodes back to the
// same text, both as the lexer reads it and as JSON.
func TestQuoteRoundTrip(t *testing.T) {
	t.Parallel()
	hostile := []string{
		"", `\`, `"`, `\"`, `\\"`, "\"\"\"", "a\nb", "\x00", "\u2028", "\ufeff",
		"// not a comment", "tab\there", `\u0041`, "💥\r\n",
	}
	for _, s := range hostile {
		q := jsonstr.Quote(s)
		if got, ok := ast.DecodeString(q); !ok || got != s {
			t.Errorf("DecodeString(quote(%q)) = %q, %v", s, got, ok)
		}
		var got string
		if err := json.Unmarshal([]byte(q), &got); err != nil || got != s {
			t.Errorf("json.Unmarshal(quote(%q)) = %q, %v", s, got, err)
		}
	}
}

func TestName(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"a", "a"},
		{"_x9", "_x9"},
		{"9x", `"9x"`},
		{"get-app", `"get-app"`},
		{"", `""`},
		{"required", `"required"`},
		{"open_world", `"open_world"`},
		{"Required", "Required"},
		{"é", `"é"`},
	}
	for _, tt := range tests {
		if got := name(tt.in); got != tt.want {
			t.Errorf("name(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestBlockLines(t *testing.T) {
	t.Parallel()
	tests := []struct {
		value string
		block bool
	}{
		{"one line", false},
		{"two\nlines", true},
		{"\nleading newline", true},
		{"trailing newline\n", true},
		{"a\n\n  b", true},
		{"  all\n  indented", false},
		{"trailing \nspace", false},
		{"tab\tin\nit", false},
		{"cr\r\nlf", false},
		{"three \"\"\"\nquotes", false},
		{"\n", false},
		{"\n\n", false},
	}
	for _, tt := range tests {
		lines, ok := blockLines(tt.value, "    ")
		if ok != tt.block {
			t.Errorf("blockLines(%q) = %v, want %v", tt.value, ok, tt.block)
			continue
		}
		if !ok {
			continue
		}
		raw := "\"\"\"\n" + strings.Join(lines, "\n") + "\n    \"\"\""
		if got := ast.DecodeBlock(raw); got != tt.value {
			t.Errorf("block of %q decodes to %q", tt.value, got)
		}
	}
}
