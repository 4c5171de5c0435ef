package diag

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/toolspec/toolspec/lang/token"
)

// Phase is the part of toolspec that reports a diagnostic.
type Phase int

const (
	// Read: the spec file cannot be read.
	Read Phase = iota
	// Syntax: the lexer and the parser (lang/parser).
	Syntax
	// Check: the rules of the language (lang/check), on a parsed spec.
	Check
)

func (p Phase) String() string {
	switch p {
	case Read:
		return "read"
	case Syntax:
		return "syntax"
	}
	return "check"
}

// Def declares one diagnostic.
type Def struct {
	// Code is stable and never reused: "TS" and four digits, the first two
	// naming the area (see areas).
	Code string
	// Name is a short kebab-case name; `toolspec explain` accepts it too.
	Name     string
	Severity token.Severity
	Phase    Phase
	// Format is the message, a fmt format; its arguments are given where
	// the diagnostic is reported.
	Format string
	// Explain is one paragraph: what the rule is and why it holds.
	Explain string
	// Wrong is a spec that gets this diagnostic; Right is the same spec
	// written so that it gets none.
	Wrong, Right string
	// NoExample, when set, says why no spec can show the diagnostic (it
	// reports a failure of toolspec itself); Wrong and Right are then empty.
	NoExample string
	// NoControl, when set on a checker rule, says why test-report has no
	// negative control that plants it.
	NoControl string
	// Strict marks a warning that strict runs (check --strict,
	// test-report --strict) count as an error.
	Strict bool
}

// New makes the diagnostic at pos; args fill in Format.
func (d *Def) New(pos token.Pos, args ...any) token.Diagnostic {
	msg := d.Format
	if len(args) > 0 {
		msg = fmt.Sprintf(d.Format, args...)
	}
	return token.Diagnostic{Pos: pos, Severity: d.Severity, Code: d.Code, Msg: msg}
}

// Report appends the diagnostic at pos to l.
func (d *Def) Report(l *token.List, pos token.Pos, args ...any) {
	*l = append(*l, d.New(pos, args...))
}

// Strict returns l with every warning whose declaration is Strict made an
// error: what check --strict and test-report --strict report.
func Strict(l token.List) token.List {
	out := make(token.List, len(l))
	for i, x := range l {
		if d := Of(x); d != nil && d.Strict && x.Severity == token.Warning {
			x.Severity = token.Error
		}
		out[i] = x
	}
	return out
}

// Is reports whether diagnostic x was reported through d.
func (d *Def) Is(x token.Diagnostic) bool { return x.Code == d.Code }

// areas name the first two digits of a code, for docs/diagnostics.md.
var areas = []struct{ prefix, title string }{
	{"TS00", "Reading the spec"},
	{"TS01", "Syntax"},
	{"TS02", "Spec header and unique names"},
	{"TS03", "Tools"},
	{"TS04", "Groups"},
	{"TS05", "Rows, kinds and modifiers"},
	{"TS06", "Patterns and formats"},
	{"TS07", "Defaults, examples and JSON values"},
	{"TS08", "Tests"},
	{"TS09", "Endpoints and request wiring"},
	{"TS10", "Client families"},
}

var (
	all   []*Def // sorted by code in init
	byKey = map[string]*Def{}
)

// def registers one entry of the table.
func def(d Def) *Def {
	p := &d
	all = append(all, p)
	return p
}

// All returns the table, ordered by code.
func All() []*Def { return all }

func init() {
	sort.Slice(all, func(i, j int) bool { return all[i].Code < all[j].Code })
	for _, d := range all {
		for _, k := range []string{d.Code, d.Name} {
			if _, dup := byKey[k]; dup {
				panic("diag: " + k + " is declared twice")
			}
			byKey[k] = d
		}
	}
}

// Lookup finds a diagnostic by code (TS0510, case-insensitive) or name.
func Lookup(key string) (*Def, bool) {
	d, ok := byKey[key]
	if !ok {
		d, ok = byKey[strings.ToUpper(key)]
	}
	return d, ok
}

// Of returns the declaration of a reported diagnostic, or nil when it has
// no code.
func Of(x token.Diagnostic) *Def {
	if x.Code == "" {
		return nil
	}
	return byKey[x.Code]
}

// Suggest returns the code or name closest to key within a few edits, or "".
func Suggest(key string) string {
	best, bestDist := "", len(key)/4+2
	for _, d := range All() {
		for _, cand := range []string{d.Code, d.Name} {
			if dist := editDistance(strings.ToLower(key), strings.ToLower(cand)); dist < bestDist {
				best, bestDist = cand, dist
			}
		}
	}
	return best
}

// Closest returns the candidate nearest to name within a few edits (a
// third of its length, plus one), the first in sorted order on a tie, or ""
// — the one did-you-mean rule of every message and editor action.
func Closest(name string, candidates []string) string {
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	best, bestDist := "", len(name)/3+2
	for _, c := range sorted {
		if dist := editDistance(name, c); dist < bestDist && c != name {
			best, bestDist = c, dist
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

var identRx = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Name writes the name of a row, tool or group as messages show it, and
// as a spec author writes it: bare when it is an identifier, otherwise a
// JSON string ("get user").
func Name(s string) string {
	if identRx.MatchString(s) {
		return s
	}
	b, _ := json.Marshal(s) // a string always marshals
	return string(b)
}
