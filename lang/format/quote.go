package format

import (
	"strings"

	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/descriptor"
)

// keywords are the words of the language. A name spelled like one is quoted
// so the file parses the same whatever the name.
var keywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`spec catalog_key group tool test use in out none
		result title description hints required optional accept reject because at
		text true false null read_only additive destructive idempotent open_world endpoint from as`) {
		keywords[k] = true
	}
	// The kinds and modifiers are declared in lang/descriptor.
	for _, k := range descriptor.KindKeywords() {
		keywords[k] = true
	}
	for _, m := range descriptor.Modifiers {
		if m.Operand != descriptor.RangeOperand {
			keywords[m.Keyword] = true
		}
	}
}

// isIdent reports whether s matches [A-Za-z_][A-Za-z0-9_]*.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// name prints a name bare when it is an identifier and no keyword, and as a
// string otherwise.
func name(s string) string {
	if isIdent(s) && !keywords[s] {
		return s
	}
	return jsonstr.Quote(s)
}

// blockLines returns the lines of v when v is best printed as a """ block
// string and reads back as exactly v: it has a newline, no `"""`, no control
// character but newlines, no line ending in a blank, and a line that starts
// flush, so removing the common indentation gives back v. indent is the
// text the lines will be indented with.
func blockLines(v, indent string) ([]string, bool) {
	if !strings.Contains(v, "\n") || strings.Contains(v, `"""`) {
		return nil, false
	}
	lines := strings.Split(v, "\n")
	flush := false
	for _, l := range lines {
		for _, r := range l {
			if r < 0x20 || r == 0x7f {
				return nil, false
			}
		}
		if strings.HasSuffix(l, " ") {
			return nil, false
		}
		if l != "" && l[0] != ' ' {
			flush = true
		}
	}
	if !flush {
		return nil, false
	}
	for i, l := range lines {
		if l != "" {
			lines[i] = indent + l
		}
	}
	raw := "\"\"\"\n" + strings.Join(lines, "\n") + "\n" + indent + `"""`
	if ast.DecodeBlock(raw) != v {
		return nil, false
	}
	return lines, true
}
