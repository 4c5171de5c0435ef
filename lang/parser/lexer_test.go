package parser

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTokens holds what participle receives from the lexer's compact
// tokens (tok, source.token): type, text and position of every token, and
// the empty string or block string that stands for one with an error.
func TestTokens(t *testing.T) {
	tests := []struct {
		src  string
		want []string // type value line:col offset
	}{
		{"spec a\ngroup g { b string required 1..2 }", []string{
			`-2 "spec" 1:1 0`, `-2 "a" 1:6 5`,
			`-2 "group" 2:1 7`, `-2 "g" 2:7 13`, `-6 "{" 2:9 15`, `-2 "b" 2:11 17`, `-2 "string" 2:13 19`,
			`-2 "required" 2:20 26`, `-5 "1" 2:29 35`, `-6 ".." 2:30 36`, `-5 "2" 2:32 38`, `-6 "}" 2:34 40`,
		}},
		{"x \"a\\qb\" \"ok\"", []string{`-2 "x" 1:1 0`, `-3 "\"\"" 1:3 2`, `-3 "\"ok\"" 1:10 9`}},
		{"x \"open\ny", []string{`-2 "x" 1:1 0`, `-3 "\"\"" 1:3 2`, `-2 "y" 2:1 8`}},
		{"x \"\"\"a\x01\nb\"\"\" \"\"\"c\nd\"\"\" y", []string{
			`-2 "x" 1:1 0`, `-4 "\"\"\"\"\"\"" 1:3 2`, `-4 "\"\"\"c\nd\"\"\"" 2:6 13`, `-2 "y" 3:6 23`,
		}},
		{"x \"\"\"open", []string{`-2 "x" 1:1 0`, `-4 "\"\"\"\"\"\"" 1:3 2`}},
		{"format date-time", []string{`-2 "format" 1:1 0`, `-7 "date-time" 1:8 7`}},
	}
	for _, tt := range tests {
		lx := lex("t.tspec", []byte(tt.src))
		var got []string
		for _, p := range lx.pieces {
			for _, k := range lx.tokens(p) {
				if k.Pos.Filename != "t.tspec" {
					t.Errorf("%q: token %q in file %q", tt.src, k.Value, k.Pos.Filename)
				}
				got = append(got, fmt.Sprintf("%d %q %d:%d %d", k.Type, k.Value, k.Pos.Line, k.Pos.Column, k.Pos.Offset))
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%q: tokens (-want +got):\n%s", tt.src, diff)
		}
	}
}
