package lsp

import (
	"strings"
	"testing"
)

// TestComplete holds what completion offers after each line prefix.
func TestComplete(t *testing.T) {
	d := analyse(uri, 1, fixed)
	for _, tc := range []struct {
		line string
		want string // labels, space-separated; "" for none
		has  string // or: one label that must be there ...
		not  string // ... and one that must not
	}{
		{line: "    use ", want: "filter"},
		{line: "    use fil", want: "filter"},
		{line: "  accept ", want: "list"},
		{line: "  accept list ", want: "in out"},
		{line: `  accept list {`, want: "prefix limit"},
		{line: `  accept list in {"limit": 1, `, want: "prefix limit"},
		{line: `  accept list {"limit": 1`, want: ""},
		{line: "    size ", has: "tuple", not: "required"},
		{line: "    size integer ", want: "required optional"},
		{line: "    size integer optional ", has: "multiple_of", not: "pattern"},
		{line: "    size string required 1..2 ", has: "pattern", not: "above"},
		{line: "    size array<", has: "map", not: "nullable"},
		{line: "    size array<string ", has: "format", not: "from"},
		{line: "    size array<integer> optional ", has: "unique", not: "pattern"},
		{line: "    size tuple<string, ", has: "boolean"},
		{line: "    size tuple<string, integer ", has: "above", not: "pattern"},
		{line: "    size string optional from ", want: "path query body whole_body header"},
		{line: "    size integer required ", has: "from"},
		{line: "  description ", want: ""},
		{line: "    at string required format ", has: "date-time", not: "string"},
		{line: "    at array<string format d", has: "uuid"},
		{line: "clients ", has: "openai_strict", not: "string"},
		{line: "clients gemini, ", has: "cursor"},
		{line: "clients gemini ", want: ""},
	} {
		got := labels(complete(d, tc.line))
		switch {
		case tc.has == "" && got != tc.want:
			t.Errorf("complete(%q) = %q, want %q", tc.line, got, tc.want)
		case tc.has != "" && !hasWord(got, tc.has):
			t.Errorf("complete(%q) = %q, want %s among them", tc.line, got, tc.has)
		case tc.not != "" && hasWord(got, tc.not):
			t.Errorf("complete(%q) = %q, want no %s", tc.line, got, tc.not)
		}
	}
}

func hasWord(s, w string) bool {
	for _, x := range strings.Fields(s) {
		if x == w {
			return true
		}
	}
	return false
}
