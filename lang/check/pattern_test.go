package check

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/toolspec/toolspec/internal/pattern"
)

// patternCase is one row of the table: want is "" for a portable pattern,
// else a substring of the message. conservative, when set, says why the
// pattern is rejected although both engines compile it and agree on every
// probe (see TestPatternProblemDifferential).
type patternCase struct {
	p            string
	want         string
	conservative string
}

var patternCases = []patternCase{
	// Portable.
	{p: `^[a-z]+$`},
	{p: `^@?[A-Za-z0-9_]{5,32}$`},
	{p: ``},
	{p: `^\d{3}-\d{4}$`},
	{p: `^\w+$`},
	{p: `\bword\b`},
	{p: `\Bx`},
	{p: `^(?:ab|cd)+$`},
	{p: `^(?<year>\d{4})-(?<month>\d{2})$`},
	{p: `(?<_x1>a)`},
	{p: `^\p{L}+$`},
	{p: `^\P{Lu}*$`},
	{p: `^[\p{L}\p{Nd}_-]+$`},
	{p: `\p{Letter}\p{Uppercase_Letter}\p{digit}\p{punct}\p{cntrl}`},
	{p: `\p{Any}\p{ASCII}\p{Assigned}`},
	{p: `^[^\n]*$`},
	{p: "^a[^\\n\\r\u2028\u2029]b$"}, // ECMAScript's ., written portably
	{p: `[.]\.`},
	{p: `\x41\x7e\xE9`},
	{p: `a\0b`},
	{p: `\t\n\r\f\v`},
	{p: `\/path\/`},
	{p: `\.\*\+\?\(\)\[\]\{\}\|\^\$\\`},
	{p: `[\-\]\[\^\\\/\.\*]`},
	{p: `[a-c-e]`},
	{p: `[--z]`},
	{p: `[-a]`},
	{p: `[a-]`},
	{p: `[\w-]`},
	{p: `[-\d]`},
	{p: `[\d\D]`},
	{p: `^a{2}b{2,}c{2,5}d{0}$`},
	{p: `a*?b+?c??d{1,3}?`},
	{p: `a|`},
	{p: `|`},
	{p: `()`},
	{p: `(a)(b)`},
	{p: `é+😀`},
	{p: `^[^\x00-\x1f]*$`},
	{p: `a/b`},
	{p: `-`},
	{p: `x{1000}`},
	{p: `(?:^)*a`},
	{p: "^line\nbreak$"},

	// RE2 lacks lookaround and backreferences.
	{p: `^(?=a)b$`, want: `lookahead (?=...) is not supported by RE2 (Go)`},
	{p: `(?!a)b`, want: `negative lookahead (?!...)`},
	{p: `(?<=a)b`, want: `lookbehind (?<=...)`},
	{p: `(?<!a)b`, want: `negative lookbehind (?<!...)`},
	{p: `(a)\1`, want: `backreference \1 is not supported by RE2`},
	{p: `(?<n>a)\k<n>`, want: `named backreference \k<name>`},
	{p: `(?P<n>a)(?P=n)`, want: `(?P<name>...) is RE2-only`},
	{p: `(?P=n)`, want: `named backreference (?P=name)`},
	{p: `\8`, want: `backreference \8`},

	// Anchors and flags.
	{p: `\Aabc`, want: `\A is RE2-only; write ^`},
	{p: `abc\z`, want: `\z is RE2-only; write $`},
	{p: `abc\Z`, want: `\Z is supported by neither`},
	{p: `(?i)abc`, want: `inline flags (?i) are not supported by ECMAScript`},
	{p: `(?s).`, want: `inline flags (?s)`},
	{p: `(?m)^a$`, want: `inline flags (?m)`},
	{p: `(?U)a*`, want: `inline flags (?U)`},
	{p: `(?i:a)b`, want: `inline flags (?i:`},
	{p: `(?-s:.)`, want: `inline flags (?-s:`},
	{p: `(?#note)a`, want: `(?# is not group syntax both engines accept`},
	{p: `(?>a)`, want: `(?> is not group syntax`},

	// RE2-only syntax.
	{p: `\Q.*\E`, want: `\Q...\E quoting is RE2-only`},
	{p: `[[:alpha:]]`, want: `POSIX class [:alpha:] is RE2-only`},
	{p: `[[a]`, want: `a [ inside [...] must be escaped`, conservative: "RE2 and ECMAScript both read [ as a literal here, but RE2 reads [:x:] as a POSIX class; one rule is clearer"},
	{p: `\pL`, want: `\pL without braces is RE2-only; write \p{L}`},
	{p: `[\PN]`, want: `\PN without braces`},
	{p: `(?P<name>a)`, want: `write (?<name>...)`},
	{p: `\x{41}`, want: `\x{...} is RE2-only`},
	{p: `\x4`, want: `exactly two hex digits`},
	{p: `\C`, want: `\C (any byte)`},
	{p: `\a`, want: `\a is RE2-only; write \x07`},
	{p: `\01`, want: `\01 is an octal escape in RE2`},
	{p: `\08`, want: `\08 is an octal escape`},
	{p: `a{`, want: `a { that does not start a quantifier`},
	{p: `a{,5}`, want: `write \{`},
	{p: `a{1, 2}`, want: `a { that does not start`},
	{p: `a{x}`, want: `a { that does not start`},
	{p: `a}`, want: `a lone } is literal text in RE2`},
	{p: `]`, want: `a lone ] is literal text in RE2`},
	{p: `a{01}`, want: `quantifier {01}: RE2 reads a count with a leading zero as literal text`},
	{p: `a{1,02}`, want: `quantifier {1,02}`},
	{p: `[]a]`, want: `RE2 reads ] first in a class as a literal`},
	{p: `[]`, want: `[] is an empty class in ECMAScript`},

	// ECMAScript-only syntax.
	{p: `\u0041`, want: `\u escapes are ECMAScript-only`},
	{p: `\u{1F600}`, want: `\u escapes are ECMAScript-only`},
	{p: `\cA`, want: `\c control escapes are ECMAScript-only`},
	{p: `[^]`, want: `[^] (any character) is ECMAScript-only`},
	{p: `[\b]`, want: `\b inside [...] is backspace in ECMAScript`},
	{p: `\p{Script=Greek}`, want: `Unicode scripts have no spelling both engines accept`},
	{p: `\p{sc=Latn}`, want: `Unicode scripts`},
	{p: `\p{gc=L}`, want: `\p{gc=L} is ECMAScript-only syntax; write \p{L}`},
	{p: `\P{General_Category=Lu}`, want: `write \P{Lu}`},
	{p: `\p{Alphabetic}`, want: `not a Unicode general category both`},
	{p: `\p{White_Space}`, want: `not a Unicode general category both`},

	// The u flag forbids identity escapes of non-metacharacters.
	{p: `\_`, want: `\_ escapes a character that is not a metacharacter`},
	{p: `a\-b`, want: `\- escapes a character that is not a metacharacter`},
	{p: `\ `, want: `escapes a character that is not a metacharacter`},
	{p: `\#`, want: `escapes a character that is not a metacharacter`},
	{p: `[\_]`, want: `escapes a character that is not a metacharacter`},
	{p: `\e`, want: `\e is not an escape both RE2 (Go) and ECMAScript know`},
	{p: `\h`, want: `\h is not an escape both`},
	{p: `\é`, want: `is not an escape both`},
	{p: `[\B]`, want: `\B inside [...] is an error`},

	// Same syntax, different meaning.
	{p: `^\s*$`, want: `\s differs: RE2 matches ASCII whitespace`},
	{p: `\S+`, want: `\S differs`},
	{p: `[\s\d]`, want: `\s differs`},
	{p: `\p{Greek}`, want: `Unicode scripts have no spelling both engines accept`},
	{p: `\p{letter}`, want: `exact name`},
	{p: `\p{^L}`, want: `not a Unicode general category`},
	{p: `\p{Cs}`, want: `lone surrogates`, conservative: "no valid UTF-8 probe holds a surrogate"},
	{p: `\P{Surrogate}`, want: `lone surrogates`, conservative: "no valid UTF-8 probe holds a surrogate"},

	// Quantifiers.
	{p: `^*a`, want: `quantifier * repeats an assertion`},
	{p: `a$+`, want: `quantifier + repeats an assertion`},
	{p: `\b{2}`, want: `quantifier {2} repeats an assertion`},
	{p: `a**`, want: `quantifier * follows another quantifier`},
	{p: `a*+`, want: `quantifier + follows another quantifier`},
	{p: `a{2}{3}`, want: `quantifier {3} follows another quantifier`},
	{p: `a*??`, want: `quantifier ? follows another quantifier`},
	{p: `*a`, want: `quantifier * has nothing to repeat`},
	{p: `(+a)`, want: `quantifier + has nothing to repeat`},
	{p: `a|?b`, want: `quantifier ? has nothing to repeat`},

	// Classes.
	{p: `[\d-z]`, want: `range \d-z has a set escape as an end`},
	{p: `[a-\w]`, want: `range a-\w has a set escape`},
	{p: `[\p{L}-z]`, want: `range \p{L}-z has a set escape`},

	// Named groups.
	{p: `(?<1a>x)`, want: `group name "1a" must match [A-Za-z_][A-Za-z0-9_]*`},
	{p: `(?<é>x)`, want: `group name "é"`},
	{p: `(?<$x>x)`, want: `group name "$x"`},
	{p: `(?<a`, want: `has no closing >`},
	{p: `(?<n>a)|(?<n>b)`, want: `group name n is used twice`},

	// Broken in both engines: RE2's own message.
	{p: `(a`, want: "RE2 (Go) cannot compile it: missing closing ): `(a`"},
	{p: `a)`, want: "unexpected ): `a)`"},
	{p: `[a`, want: "missing closing ]: `[a`"},
	{p: `[z-a]`, want: "invalid character class range: `z-a`"},
	{p: `a{1001}`, want: "invalid repeat count: `{1001}`"},
	{p: `a{3,2}`, want: "invalid repeat count: `{3,2}`"},
	{p: `\p{L`, want: `\p{ has no closing }`},
	{p: `a\p`, want: `\p needs a name in braces`},
	{p: `a\`, want: `trailing \ at end of pattern`},
	{p: "\xff", want: `not valid UTF-8`},
}

func TestPatternProblem(t *testing.T) {
	t.Parallel()
	for _, c := range patternCases {
		t.Run(c.p, func(t *testing.T) {
			t.Parallel()
			got := patternProblem(c.p)
			if c.want == "" {
				if got != "" {
					t.Fatalf("patternProblem(%q) = %q, want portable", c.p, got)
				}
				return
			}
			prefix := "pattern " + strconv.Quote(c.p) + ": "
			if !strings.HasPrefix(got, prefix) || !strings.Contains(got[len(prefix):], c.want) {
				t.Fatalf("patternProblem(%q) = %q, want %q followed by a message containing %q", c.p, got, prefix, c.want)
			}
		})
	}
}

func TestPatternProblemExample(t *testing.T) {
	t.Parallel()
	const want = `pattern "^(?=a)b$": lookahead (?=...) is not supported by RE2 (Go)`
	if got := patternProblem(`^(?=a)b$`); got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// TestPatternProblemTableSize keeps the table from shrinking unnoticed.
func TestPatternProblemTableSize(t *testing.T) {
	t.Parallel()
	var ok, bad int
	for _, c := range patternCases {
		if c.want == "" {
			ok++
		} else {
			bad++
		}
	}
	if ok < 30 || bad < 60 {
		t.Fatalf("table has %d portable and %d non-portable cases, want at least 30 and 60", ok, bad)
	}
}

// FuzzPatternProblem: no input panics; what is accepted compiles in Go and
// goes through the backtracking analysis, whose verdict names a part of
// the pattern. (TestPatternProblemDifferential holds the accepted ones to
// node's reading, on probes with \r, U+2028 and U+2029 among others.)
func FuzzPatternProblem(f *testing.F) {
	for _, c := range patternCases {
		f.Add(c.p)
	}
	for _, c := range backtrackCases {
		f.Add(c.p)
	}
	for _, p := range safePatterns {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if patternProblem(p) != "" {
			return
		}
		if _, err := regexp.Compile(p); err != nil {
			t.Fatalf("patternProblem(%q) accepts a pattern Go rejects: %v", p, err)
		}
		if part, why := backtracking(p); (why == "") != (part == "") || !strings.Contains(p, part) {
			t.Fatalf("backtracking(%q) = %q, %q: the part must be in the pattern", p, part, why)
		}
	})
}

// nodeScript reads [{p, s: [probe...]}] and answers, for each, either
// {error} when new RegExp(p, "u") throws or {m: "0101..."}, one digit per
// probe: whether the pattern matches it.
const nodeScript = `
let d = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", c => d += c);
process.stdin.on("end", () => {
  const out = JSON.parse(d).map(r => {
    let re;
    try { re = new RegExp(r.p, "u"); } catch (e) { return {error: String(e.message)}; }
    return {m: r.s.map(s => re.test(s) ? "1" : "0").join("")};
  });
  process.stdout.write(JSON.stringify(out));
});
`

type nodeRequest struct {
	Pattern string   `json:"p"`
	Probes  []string `json:"s"`
}

type nodeAnswer struct {
	Error string `json:"error"`
	Match string `json:"m"`
}

// runNode asks one node process about every request.
func runNode(t *testing.T, reqs []nodeRequest) []nodeAnswer {
	t.Helper()
	in, err := json.Marshal(reqs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "-e", nodeScript)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var answers []nodeAnswer
	if err := json.Unmarshal(out, &answers); err != nil {
		t.Fatalf("node answer: %v", err)
	}
	if len(answers) != len(reqs) {
		t.Fatalf("node answered %d requests, want %d", len(answers), len(reqs))
	}
	return answers
}

// standardProbes are strings on which the two engines' readings of a
// pattern tend to part.
var standardProbes = []string{
	"", "a", "b", "ab", "abc", "aa", "aaa", "A", "Z", "z", "x", "L", "_", "-",
	"0", "5", "9", "12", "2024-01", "a-b", "a b", "a,b", ",", "word", "a word",
	" ", "\t", "\n", "\r", "\v", "\f", "\x00", "\x07", "\x08", "a\nb",
	"\u00a0", "\u2028", "\u2029", "\ufeff", "\u200b", "\u3000",
	"é", "É", "😀", "é😀", "٣", "ǅ", "K", "ſ", "€", "Ⅻ", "\u0301",
	"[", "]", "{", "}", "(", ")", "/", "\\", ".", "*", "a{2}", "a{,5}", "a{01}",
	"@t27_bot", "line\nbreak", "abcdefghij", "a/b",
	// Where RE2's . and ECMAScript's part.
	"a\rb", "a\u2028b", "a\u2029b", "\r\n", "a\r", "\u2028\u2029",
}

// probesFor adds the pattern's own text, with and without backslashes, to
// extra probes: a pattern RE2 reads as literal text matches it there.
func probesFor(p string, extra []string) []string {
	s := slices.Concat(standardProbes, extra, []string{p, strings.ReplaceAll(p, `\`, "")})
	return slices.DeleteFunc(s, func(x string) bool { return !utf8.ValidString(x) })
}

// goMatches is the Go counterpart of the node answer.
func goMatches(re *regexp.Regexp, probes []string) string {
	var b strings.Builder
	for _, s := range probes {
		if re.MatchString(s) {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}

// disagreement returns the first probe on which the engines differ.
func disagreement(p string, probes []string, goM, jsM string) (string, bool) {
	for k, s := range probes {
		if goM[k] != jsM[k] {
			return s, true
		}
	}
	return "", false
}

// fuzzPatterns builds patterns from pieces both portable and not, and from
// raw metacharacter soup; the seed is fixed so every run is the same.
func fuzzPatterns() []string {
	r := rand.New(rand.NewPCG(27, 5))
	atoms := []string{
		"a", "b", "é", "😀", "-", "_", "/", ",", ".", `\d`, `\D`, `\w`, `\W`, `\b`, `\B`, "^", "$",
		`\x41`, `\0`, `\n`, `\r`, `\t`, `\v`, `\.`, `\-`, `\/`, `\{`, `\}`, `\]`, `\[`, `\s`, `\S`,
		`\p{L}`, `\P{Ll}`, `\p{Nd}`, `\pL`, "{", "}", "]", "[a-c]", "[^a]", `[\w-]`, "[-a]", "[a-c-e]",
		`[\d-z]`, `[a\-z]`, `[^\n]`, "[.]", `[\b]`, "[[]", "[]a]", "[^]", `\z`, `\A`, `\1`, `\k<g>`,
		`\x{41}`, `\u0041`, `\cA`, `\a`, `\_`, `[\d\D]`, `[--z]`, `[\p{Lu}\d]`,
	}
	quants := []string{"", "", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,}", "{01}", "{,2}", "*?", "+?", "??", "{2}?", "**"}
	var group int
	var term func(depth int) string
	seq := func(depth int) string {
		var b strings.Builder
		for n := 1 + r.IntN(4); n > 0; n-- {
			b.WriteString(term(depth))
		}
		if r.IntN(5) == 0 {
			b.WriteString("|")
			b.WriteString(term(depth))
		}
		return b.String()
	}
	term = func(depth int) string {
		var t string
		if depth < 3 && r.IntN(5) == 0 {
			group++
			open := []string{"(", "(?:", "(?<g" + strconv.Itoa(group) + ">", "(?=", "(?i)", "(?P<h" + strconv.Itoa(group) + ">"}
			t = open[r.IntN(len(open))] + seq(depth+1) + ")"
		} else {
			t = atoms[r.IntN(len(atoms))]
		}
		return t + quants[r.IntN(len(quants))]
	}
	var out []string
	for range 3000 {
		out = append(out, seq(0))
	}
	soup := []rune(`ab-_012[]^\{}()|*+?.,dswbDWSBpPLxuk<>=!:$é😀 /`)
	for range 3000 {
		n := 1 + r.IntN(8)
		var b strings.Builder
		for range n {
			b.WriteRune(soup[r.IntN(len(soup))])
		}
		out = append(out, b.String())
	}
	return out
}

// randomProbes are short strings over the characters the fuzz patterns use.
func randomProbes() []string {
	r := rand.New(rand.NewPCG(5, 27))
	chars := []rune("ab-_012[]{}é😀\n\r x,AL/.\u00a0")
	var out []string
	for range 40 {
		var b strings.Builder
		for n := r.IntN(7); n > 0; n-- {
			b.WriteRune(chars[r.IntN(len(chars))])
		}
		out = append(out, b.String())
	}
	return out
}

// unicodeDrift are sampled code points whose General_Category differs
// between Go's Unicode (15.0) and node 20's (17.0).
var unicodeDrift = map[rune]bool{
	0x295: true, // ʕ: Ll until Unicode 16.0, Lo since
}

// codePointProbes samples code points for the \p{...} comparison: all of
// Latin-1 and a stride through the rest. Code points unassigned in Go's
// Unicode version are left out, except a few unassigned in every version,
// and so is unicodeDrift: node may use a newer Unicode, and the engines'
// data differ exactly there (see the \p decision in pattern.go).
func codePointProbes() []string {
	var out []string
	add := func(c rune) {
		if !unicodeDrift[c] {
			out = append(out, string(c))
		}
	}
	for c := rune(0); c < 0x300; c++ {
		add(c)
	}
	for c := rune(0x300); c <= unicode.MaxRune; {
		if !(0xd800 <= c && c <= 0xdfff) && !unicode.Is(unicode.Cn, c) {
			add(c)
		}
		if c < 0x10000 {
			c += 37
		} else {
			c += 331
		}
	}
	for _, c := range []rune{0x378, 0xfdd0, 0xffff, 0x10ffff} {
		add(c)
	}
	return out
}

// TestPatternProblemDifferential asks node what ECMAScript makes of the
// patterns, in one process, and checks that every pattern patternProblem
// accepts compiles in both engines and matches the same probes in both; and
// that every pattern it rejects is rejected by an engine or read differently
// by the two, unless the table says why the rejection is conservative.
func TestPatternProblemDifferential(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not on PATH")
	}

	type item struct {
		kind string // table, fuzz, property, dot
		c    patternCase
	}
	var items []item
	var reqs []nodeRequest
	add := func(kind string, c patternCase, probes []string) {
		items = append(items, item{kind, c})
		reqs = append(reqs, nodeRequest{c.p, probes})
	}
	for _, c := range patternCases {
		if utf8.ValidString(c.p) {
			add("table", c, probesFor(c.p, nil))
		}
	}
	extra := randomProbes()
	var fuzzAccepted int
	for _, p := range fuzzPatterns() {
		if patternProblem(p) == "" {
			fuzzAccepted++
			add("fuzz", patternCase{p: p}, probesFor(p, extra))
		}
	}
	cps := codePointProbes()
	var names []string
	for name := range portableProperties {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		add("property", patternCase{p: `^\p{` + name + `}$`}, cps)
	}
	dotProbes := []string{"\r", "\u2028", "\u2029", "\n", "a"}
	add("dot", patternCase{p: `^.$`}, dotProbes)

	answers := runNode(t, reqs)

	// Fewer than this and the fuzz has stopped exercising the scanner.
	if fuzzAccepted < 500 {
		t.Errorf("only %d fuzz patterns were accepted; the generator no longer explores portable patterns", fuzzAccepted)
	}
	var rejectedOnEvidence int
	for k, it := range items {
		p, probes, js := it.c.p, reqs[k].Probes, answers[k]
		problem := patternProblem(p)
		// Go-side matchers compile the pattern with ECMAScript's meaning
		// of . (internal/pattern); the rest is RE2's as written.
		re, goErr := regexp.Compile(pattern.RE2(p))
		if it.kind == "dot" {
			// . is portable once translated: RE2's own . would also match
			// \r, U+2028 and U+2029.
			if problem != "" || goErr != nil || js.Error != "" {
				t.Fatalf("%q: problem %q, Go %v, node %q; want it accepted, and compiled by both", p, problem, goErr, js.Error)
			}
			if got, want := goMatches(re, probes), "00001"; got != want {
				t.Errorf("Go: %q matches %q as %s, want %s", p, probes, got, want)
			}
			if got, want := js.Match, "00001"; got != want {
				t.Errorf("node: %q matches %q as %s, want %s", p, probes, got, want)
			}
			continue
		}
		if problem == "" {
			if goErr != nil {
				t.Errorf("%s %q: accepted, but Go rejects it: %v", it.kind, p, goErr)
				continue
			}
			if js.Error != "" {
				t.Errorf("%s %q: accepted, but ECMAScript rejects it: %s", it.kind, p, js.Error)
				continue
			}
			if s, ok := disagreement(p, probes, goMatches(re, probes), js.Match); ok {
				t.Errorf("%s %q: accepted, but on %q Go says %v and ECMAScript %v", it.kind, p, s, re.MatchString(s), !re.MatchString(s))
			}
			continue
		}
		// Rejected: show why.
		var evidence bool
		if goErr != nil || js.Error != "" {
			evidence = true
		} else {
			_, evidence = disagreement(p, probes, goMatches(re, probes), js.Match)
		}
		switch {
		case evidence && it.c.conservative != "":
			t.Errorf("%q is marked conservative (%s), but the engines do differ on it; drop the mark", p, it.c.conservative)
		case evidence:
			rejectedOnEvidence++
		case it.c.conservative == "":
			t.Errorf("%q is rejected (%s), yet both engines compile it and agree on every probe; find a probe that shows the difference or mark it conservative", p, problem)
		}
	}
	if rejectedOnEvidence < 60 {
		t.Errorf("only %d rejections are backed by an engine; want at least 60", rejectedOnEvidence)
	}
	t.Logf("%d requests, %d fuzz patterns accepted, %d rejections shown by an engine", len(reqs), fuzzAccepted, rejectedOnEvidence)
}
