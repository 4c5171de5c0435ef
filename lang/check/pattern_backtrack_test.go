package check

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/parser"
	"github.com/toolspec/toolspec/lang/token"
)

// backtrackCases are patterns that take exponential time in a backtracking
// engine, with the repeated part the message must name.
var backtrackCases = []struct{ p, part, why string }{
	{`^(a+)+$`, `(a+)+`, `a+ inside it`},
	{`^(a|a)*$`, `(a|a)*`, `alternatives a and a`},
	{`(.*a){25}`, `(.*a){25}`, `.* inside it`},
	{`([^\n]*a){25}`, `([^\n]*a){25}`, `[^\n]* inside it`},
	{`^(\w+ ?)+$`, `(\w+ ?)+`, `\w+ inside it`},
	{`^(a*b*)*$`, `(a*b*)*`, `a* inside it`},
	{`^(\d|[0-9a-f])+$`, `(\d|[0-9a-f])+`, `alternatives \d and [0-9a-f]`},
	{`^(ab|a[a-z])*$`, `(ab|a[a-z])*`, `alternatives ab and a[a-z]`},
	{`^(x(a|a))*$`, `(x(a|a))*`, `alternatives a and a`},
	{`^(a?){30}a{30}$`, `(a?){30}`, `a? inside it`},
	{`^((ab)+c?)+$`, `((ab)+c?)+`, `(ab)+ inside it`},
	{`^(?:[a-z]+)*!$`, `(?:[a-z]+)*`, `[a-z]+ inside it`},
	{`^([/\w .-]*)*/?$`, `([/\w .-]*)*`, `[/\w .-]* inside it`},
	{`^([a-zA-Z0-9])(([\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$`, `(([\-.]|[_]+)?([a-zA-Z0-9]+))*`, `[a-zA-Z0-9]+ inside it`},
	{`^(a+)+?$`, `(a+)+?`, `a+ inside it`},
	{`^(?<w>[a-z]+,?)+$`, `(?<w>[a-z]+,?)+`, `[a-z]+ inside it`},
}

// safePatterns are common patterns, from the reference spec, the docs, the
// conformance cases and everyday schemas, that backtrack at most
// polynomially: none may warn.
var safePatterns = []string{
	`^[a-z]+$`, `^[0-9a-f]{40}$`, `\.t27$`, `^c_[a-z0-9]+$`, `^[A-Z]`, `^[0-9a-f]{7,40}$`,
	`^[0-9a-f]{64}$`, `^a$`, `^\.[a-z0-9]+$`, `^[a-z][a-z0-9_.]{0,63}$`, `^[a-z0-9_/]+$`,
	`^[a-z0-9-]+$`, `^[a-z0-9 ]+$`, `^[0-9]+$`, `^E[0-9]+$`,
	`^(@[A-Za-z][A-Za-z0-9_]{4,31}|-?[1-9][0-9]{0,19})$`, `^@?[A-Za-z0-9_]{5,32}$`,
	`^[a-z0-9]+(-[a-z0-9]+)*$`, `^[a-z0-9]+(?:[._-][a-z0-9]+)*$`,
	`^([a-z0-9]+(-[a-z0-9]+)*\.)+[a-z]{2,}$`, `^\d+(\.\d+)*$`, `^(\d{1,3}\.){3}\d{1,3}$`,
	`^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`,
	`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`,
	`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`,
	`^\d{4}-\d{2}-\d{2}$`, `^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$`,
	`^([A-Z][a-z]*)+$`, `^(?:\w+ )*\w+$`, `^[^/]+(/[^/]+)*$`, `^(\d+,)*\d+$`,
	`^(?:GET|POST|PUT|DELETE)$`, `^(?:[a-z]|\d)*$`, `^(?:[^"\\]|\\")*$`,
	`^(?: *, *[a-z]+)*$`, `^[a-z]+(?:-[a-z]+)*(?:/[a-z]+(?:-[a-z]+)*)*$`,
	`^https?://[a-z0-9.-]+(?::\d{1,5})?(?:/[^ ]*)?$`, `^\+?[1-9]\d{1,14}$`,
	`^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`, `^(?:[01]?\d|2[0-3]):[0-5]\d$`,
	`^[A-Za-z_][A-Za-z0-9_]*$`, `^\p{L}[\p{L}\p{Nd}_-]*$`, `^(\d{1,3})(,\d{3})*$`,
	`^(a+b)+$`, `^(ab+)+$`, `^(a|b|c)*$`, `^(ab|ac)*$`, `^(a|ab)*$`, `^(a+){2}$`, `^(\d{1,3}\.){1,5}$`,
	`^([a-z]+,)*[a-z]+$`, `^[a-z]+$|^[0-9]+$`, ``, `a`, `()`, `(|)*`, `^$`,
}

func TestBacktracking(t *testing.T) {
	t.Parallel()
	for _, c := range backtrackCases {
		part, why := backtracking(c.p)
		if part != c.part || !strings.Contains(why, c.why) {
			t.Errorf("backtracking(%q) = %q, %q; want %q and a reason containing %q", c.p, part, why, c.part, c.why)
		}
	}
}

func TestBacktrackingSafe(t *testing.T) {
	t.Parallel()
	for _, p := range safePatterns {
		if msg := patternProblem(p); msg != "" {
			t.Errorf("%q is not even portable: %s", p, msg)
		}
		if part, why := backtracking(p); why != "" {
			t.Errorf("backtracking(%q) warns: in %s, %s", p, part, why)
		}
	}
}

// TestBacktrackingWarning: the checker reports a backtracking pattern as a
// warning that strict runs make an error, naming the row.
func TestBacktrackingWarning(t *testing.T) {
	t.Parallel()
	d := diags(t, "spec s\ntool t {\n  description \"d\"\n  in { x string required pattern \"^(a+)+$\" }\n  result text\n}\n")
	if len(d) != 1 || d[0].Severity != token.Warning || !diag.PatternBacktracks.Is(d[0]) {
		t.Fatalf("got %v, want one pattern-backtracks warning", d)
	}
	const want = `x: pattern "^(a+)+$" can take exponential time in ECMAScript, whose engines backtrack (RE2 in Go does not): in (a+)+, a+ inside it can end one repetition or carry on into the next`
	if !strings.HasPrefix(d[0].Msg, want) {
		t.Errorf("got  %s\nwant %s...", d[0].Msg, want)
	}
	if s := diag.Strict(d); !s.HasErrors() {
		t.Errorf("diag.Strict kept it a warning: %v", s)
	}
}

// diags parses and checks src and returns the checker's diagnostics.
func diags(t *testing.T, src string) token.List {
	t.Helper()
	p := parser.Parse("x.tspec", []byte(src))
	if p.File == nil {
		t.Fatalf("syntax: %v", p.Diags)
	}
	return Check(p.File).Diags
}
