package check

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A pattern travels in the emitted JSON Schema. Clients validate it with
// ECMAScript regular expressions (ajv compiles new RegExp(p, "u")); a Go
// server validates it with RE2 (regexp, Perl flags). A pattern is portable
// when both engines compile it and give it the same meaning; otherwise one
// side of the wire would enforce something the other does not.
//
// patternProblem accepts only the common subset, scanned construct by
// construct, and then compiles the pattern with regexp to catch what both
// engines reject anyway (unbalanced parentheses, z-a ranges, counts above
// 1000):
//
//   - literals: any character except ^ $ \ . * + ? ( ) [ ] { } |; a lone
//     ] { or } is literal text in RE2 but an error in ECMAScript with u.
//   - ^ $ | and the groups (...), (?:...) and (?<name>...), the name
//     [A-Za-z_][A-Za-z0-9_]* (RE2 allows no other characters, ECMAScript no
//     leading digit), each name used once. Named groups are accepted: Go
//     reads them since 1.22, and a schema pattern is only ever asked whether
//     it matches, so group names and numbers cannot change its meaning.
//   - quantifiers * + ? {n} {n,} {n,m}, optionally lazy, after something
//     that can repeat: not after ^ $ \b \B (ECMAScript forbids it), not after
//     another quantifier, and no count with a leading zero ({01} is literal
//     text in RE2).
//   - escapes \d \D \w \W \b \B \f \n \r \t \v \0 \xHH \p{...} \P{...} and a
//     backslash before ^ $ \ . * + ? ( ) [ ] { } | / (and - inside [...]).
//     With the u flag and no i flag, ECMAScript's \d is [0-9], \w is
//     [A-Za-z0-9_] and \b is the boundary of \w, exactly as in RE2.
//   - classes [...] and [^...] of those characters and escapes, with ranges
//     between single characters.
//
// Decided:
//
//   - . is rejected: RE2's . matches any character but \n, ECMAScript's
//     also excludes \r, U+2028 and U+2029, so ^a.b$ takes "a\rb" in a Go
//     server and refuses it in a JS one. The message names the two classes
//     that say either meaning portably, [^\n] and [^\n\r<U+2028><U+2029>].
//     Rewriting . in the emitted schema instead would make the schema
//     clients read differ from the spec's text (docs/language.md).
//   - \s and \S are rejected: RE2's \s is [\t\n\f\r ], ECMAScript's is
//     Unicode whitespace (also \v, U+00A0, U+2028, U+FEFF, ...).
//   - \p{X} is accepted for the General_Category values and aliases both
//     engines spell the same way (L, Lu, Letter, Nd, ...) and for Any, ASCII
//     and Assigned. Each engine uses its own Unicode version (Go 1.26: 15.0,
//     node 20: 17.0), so code points assigned since, and the few whose
//     category changed (U+0295 went from Ll to Lo in 16.0), may differ;
//     refusing \p{L} for that would leave no portable way to say "letter".
//     Scripts have no spelling both accept (RE2 \p{Greek}, ECMAScript
//     \p{Script=Greek}); \p{Cs} matches only lone surrogates, which Go
//     strings cannot hold.
//
// Everything else is rejected with the reason: lookaround and
// backreferences (not in RE2), inline flags, \A \z \Z \Q...\E \C, POSIX
// classes, \pL, (?P<name>...), \x{...}, octal \0NN and \a (RE2 only),
// \u, \c and [^] (ECMAScript only), and escapes of characters that are not
// metacharacters, which the u flag forbids.

// patternProblem returns "" when p is a portable regular expression, else
// a message for a spec author saying what is not portable and why, e.g.
// `pattern "^(?=a)b$": lookahead (?=...) is not supported by RE2 (Go)`.
func patternProblem(p string) string {
	msg := portability(p)
	if msg == "" {
		if _, err := regexp.Compile(p); err != nil {
			msg = "RE2 (Go) cannot compile it: " + reError(err)
		}
	}
	if msg == "" {
		return ""
	}
	return "pattern " + strconv.Quote(p) + ": " + msg
}

// reError is the text of a regexp compile error without its generic prefix.
func reError(err error) string {
	var se *syntax.Error
	if errors.As(err, &se) {
		return se.Code.String() + ": `" + se.Expr + "`"
	}
	return err.Error()
}

// What the term before a quantifier was.
const (
	prevNothing    = iota // start, after ( or |: nothing to repeat
	prevAtom              // a character, class, escape or group
	prevAssertion         // ^ $ \b \B
	prevQuantifier        // a quantifier
)

// portability scans p and returns what is not portable, or "". It reports
// the first problem only; syntax both engines reject (an unclosed group or
// class, say) is left to regexp.Compile.
func portability(p string) string {
	if !utf8.ValidString(p) {
		return "not valid UTF-8"
	}
	prev := prevNothing
	names := map[string]bool{} // group names so far
	for i := 0; i < len(p); {
		switch c := p[i]; c {
		case '\\':
			e := scanEscape(p, i, false)
			if e.problem != "" {
				return e.problem
			}
			i = e.end
			prev = prevAtom
			if e.assertion {
				prev = prevAssertion
			}
		case '[':
			end, msg := scanClass(p, i)
			if msg != "" {
				return msg
			}
			i = end
			prev = prevAtom
		case '(':
			end, name, msg := scanGroupOpen(p, i)
			if msg != "" {
				return msg
			}
			if name != "" {
				if names[name] {
					return "group name " + name + " is used twice; ECMAScript (before ES2025) rejects that"
				}
				names[name] = true
			}
			i = end
			prev = prevNothing
		case ')':
			i++
			prev = prevAtom
		case '|':
			i++
			prev = prevNothing
		case '^', '$':
			i++
			prev = prevAssertion
		case '*', '+', '?', '{':
			end := i + 1
			if c == '{' {
				n, msg := scanBraces(p, i)
				if msg != "" {
					return msg
				}
				end = n
			}
			q := p[i:end]
			switch prev {
			case prevNothing:
				return "quantifier " + q + " has nothing to repeat"
			case prevAssertion:
				return "quantifier " + q + " repeats an assertion (^ $ \\b \\B); ECMAScript (u flag) rejects that"
			case prevQuantifier:
				return "quantifier " + q + " follows another quantifier; wrap the repeated part in (?:...)"
			}
			if end < len(p) && p[end] == '?' {
				end++ // lazy: the same matches, found in another order
			}
			i = end
			prev = prevQuantifier
		case '}', ']':
			return fmt.Sprintf("a lone %c is literal text in RE2 but an error in ECMAScript (u flag); write \\%c", c, c)
		default:
			_, n := utf8.DecodeRuneInString(p[i:])
			i += n
			prev = prevAtom
		}
	}
	return ""
}

// scanBraces reads the quantifier {n}, {n,} or {n,m} at p[i] and returns
// the offset after it.
func scanBraces(p string, i int) (int, string) {
	j := i + 1
	zero := false // a count with a leading zero
	for part := 0; part < 2; part++ {
		k := j
		for k < len(p) && '0' <= p[k] && p[k] <= '9' {
			k++
		}
		if k == j && part == 0 || k >= len(p) {
			break
		}
		zero = zero || k-j > 1 && p[j] == '0'
		if p[k] == '}' {
			if zero {
				return 0, "quantifier " + p[i:k+1] + ": RE2 reads a count with a leading zero as literal text; drop the zero"
			}
			return k + 1, ""
		}
		if p[k] != ',' {
			break
		}
		j = k + 1
	}
	return 0, "a { that does not start a quantifier {n}, {n,} or {n,m} is literal text in RE2 but an error in ECMAScript (u flag); write \\{"
}

// scanGroupOpen reads the opening of a group at p[i] and returns the offset
// after it: after "(", "(?:" or "(?<name>"; and the name.
func scanGroupOpen(p string, i int) (end int, name, problem string) {
	rest := p[i+1:]
	switch {
	case !strings.HasPrefix(rest, "?"):
		return i + 1, "", ""
	case strings.HasPrefix(rest, "?:"):
		return i + 3, "", ""
	case strings.HasPrefix(rest, "?="):
		return 0, "", "lookahead (?=...) is not supported by RE2 (Go)"
	case strings.HasPrefix(rest, "?!"):
		return 0, "", "negative lookahead (?!...) is not supported by RE2 (Go)"
	case strings.HasPrefix(rest, "?<="):
		return 0, "", "lookbehind (?<=...) is not supported by RE2 (Go)"
	case strings.HasPrefix(rest, "?<!"):
		return 0, "", "negative lookbehind (?<!...) is not supported by RE2 (Go)"
	case strings.HasPrefix(rest, "?P<"):
		return 0, "", "(?P<name>...) is RE2-only syntax; write (?<name>...)"
	case strings.HasPrefix(rest, "?P="):
		return 0, "", "named backreference (?P=name) is supported by neither RE2 (Go) nor ECMAScript"
	case strings.HasPrefix(rest, "?<"):
		k := strings.IndexByte(rest, '>')
		if k < 0 {
			return 0, "", "named group (?<... has no closing >"
		}
		name = rest[2:k]
		if !portableGroupName(name) {
			return 0, "", "group name " + strconv.Quote(name) + " must match [A-Za-z_][A-Za-z0-9_]* to be valid in both RE2 and ECMAScript"
		}
		return i + 1 + k + 1, name, ""
	}
	// (?flags) and (?flags:...), or something else after (?.
	j := 1
	for j < len(rest) && (isLetter(rest[j]) || rest[j] == '-') {
		j++
	}
	if j > 1 && j < len(rest) && (rest[j] == ')' || rest[j] == ':') {
		return 0, "", "inline flags " + p[i:i+1+j+1] + " are not supported by ECMAScript; a pattern cannot set flags portably (for case, list both: [Aa])"
	}
	return 0, "", head(p[i:], 3) + " is not group syntax both engines accept; use (...), (?:...) or (?<name>...)"
}

func portableGroupName(name string) bool {
	if name == "" || '0' <= name[0] && name[0] <= '9' {
		return false
	}
	for k := 0; k < len(name); k++ {
		if c := name[k]; c != '_' && !isLetter(c) && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// head returns the first n runes of s, or all of s.
func head(s string, n int) string {
	for k := range s {
		if n == 0 {
			return s[:k]
		}
		n--
	}
	return s
}

// scanClass reads the character class at p[i] and returns the offset after
// its closing ], or len(p) if it has none (regexp.Compile reports that).
func scanClass(p string, i int) (int, string) {
	j := i + 1
	if j < len(p) && p[j] == '^' {
		j++
	}
	if j < len(p) && p[j] == ']' {
		if p[i+1] == '^' {
			return 0, "[^] (any character) is ECMAScript-only; RE2 reads ] first in a class as a literal; write [\\d\\D]"
		}
		return 0, "[] is an empty class in ECMAScript but RE2 reads ] first in a class as a literal; write \\] for a literal ]"
	}
	// atom reads one class member at p[j]: a character or an escape.
	// isSet reports an escape that stands for a set (\d, \p{L}, ...).
	atom := func(j int) (end int, isSet bool, msg string) {
		switch p[j] {
		case '[':
			if strings.HasPrefix(p[j:], "[:") {
				if k := strings.Index(p[j:], ":]"); k > 0 {
					return 0, false, "POSIX class " + p[j:j+k+2] + " is RE2-only; write the ranges, e.g. [A-Za-z] for [:alpha:]"
				}
			}
			return 0, false, "a [ inside [...] must be escaped as \\[ (RE2 reads [:name:] as a POSIX class)"
		case '\\':
			e := scanEscape(p, j, true)
			return e.end, e.set, e.problem
		}
		_, n := utf8.DecodeRuneInString(p[j:])
		return j + n, false, ""
	}
	for j < len(p) && p[j] != ']' {
		end, isSet, msg := atom(j)
		if msg != "" {
			return 0, msg
		}
		if end+1 < len(p) && p[end] == '-' && p[end+1] != ']' {
			hi, hiSet, msg := atom(end + 1)
			if msg != "" {
				return 0, msg
			}
			if isSet || hiSet {
				return 0, "range " + p[j:hi] + " has a set escape as an end; ECMAScript (u flag) rejects that and RE2 reads the - as a literal; write \\- for a literal -"
			}
			end = hi
		}
		j = end
	}
	if j < len(p) {
		j++
	}
	return j, ""
}

type escape struct {
	end       int    // offset after the escape
	set       bool   // \d \w \p{L} ...: stands for a set of characters
	assertion bool   // \b \B
	problem   string // why it is not portable, or ""
}

// scanEscape reads the escape at p[i] == '\\', in a class or not.
func scanEscape(p string, i int, inClass bool) escape {
	if i+1 >= len(p) {
		return escape{problem: "trailing \\ at end of pattern"}
	}
	c, n := utf8.DecodeRuneInString(p[i+1:])
	end := i + 1 + n
	seq := p[i:end]
	fail := func(msg string) escape { return escape{problem: msg} }
	switch c {
	case 'd', 'D', 'w', 'W':
		return escape{end: end, set: true}
	case 'f', 'n', 'r', 't', 'v', '/':
		return escape{end: end}
	case '^', '$', '\\', '.', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|':
		return escape{end: end}
	case '-':
		if inClass {
			return escape{end: end}
		}
	case 'b':
		if inClass {
			return fail("\\b inside [...] is backspace in ECMAScript and an error in RE2; write \\x08 for backspace")
		}
		return escape{end: end, assertion: true}
	case 'B':
		if inClass {
			return fail("\\B inside [...] is an error in both RE2 and ECMAScript")
		}
		return escape{end: end, assertion: true}
	case 's', 'S':
		return fail(seq + " differs: RE2 matches ASCII whitespace [\\t\\n\\f\\r ], ECMAScript Unicode whitespace (also \\v, U+00A0, U+2028, U+FEFF, ...); write the class you mean, e.g. [ \\t\\r\\n]")
	case '0':
		if end < len(p) && '0' <= p[end] && p[end] <= '9' {
			return fail(p[i:end+1] + " is an octal escape in RE2 but an error in ECMAScript (u flag); write \\xHH")
		}
		return escape{end: end}
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return fail("backreference " + seq + " is not supported by RE2 (Go)")
	case 'k':
		return fail("named backreference \\k<name> is not supported by RE2 (Go)")
	case 'x':
		if strings.HasPrefix(p[end:], "{") {
			return fail("\\x{...} is RE2-only; write the character itself, or \\xHH below U+0100")
		}
		if end+2 <= len(p) && isHex(p[end]) && isHex(p[end+1]) {
			return escape{end: end + 2}
		}
		return fail("\\x must be followed by exactly two hex digits")
	case 'u':
		return fail("\\u escapes are ECMAScript-only (RE2 rejects them); write the character itself, or \\xHH below U+0100")
	case 'c':
		return fail("\\c control escapes are ECMAScript-only; write \\xHH")
	case 'a':
		return fail("\\a is RE2-only; write \\x07")
	case 'A':
		return fail("\\A is RE2-only; write ^ (start of text in both engines)")
	case 'z':
		return fail("\\z is RE2-only; write $ (end of text in both engines)")
	case 'Z':
		return fail("\\Z is supported by neither RE2 (Go) nor ECMAScript; write $")
	case 'Q', 'E':
		return fail("\\Q...\\E quoting is RE2-only; escape each metacharacter with a backslash")
	case 'C':
		return fail("\\C (any byte) is RE2 syntax that Go and ECMAScript reject")
	case 'p', 'P':
		return scanProperty(p, i, end)
	}
	if c < utf8.RuneSelf && !isLetter(byte(c)) && (c < '0' || c > '9') {
		return fail(seq + " escapes a character that is not a metacharacter; ECMAScript (u flag) rejects that; write it without the backslash")
	}
	return fail(seq + " is not an escape both RE2 (Go) and ECMAScript know")
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// scanProperty reads \p{Name} or \P{Name}; p[end] follows the p or P.
func scanProperty(p string, i, end int) escape {
	seq := p[i:end]
	if end >= len(p) {
		return escape{problem: seq + " needs a name in braces, e.g. " + seq + "{L}"}
	}
	if p[end] != '{' {
		return escape{problem: head(p[i:], 3) + " without braces is RE2-only; write " + seq + "{" + head(p[end:], 1) + "}"}
	}
	k := strings.IndexByte(p[end:], '}')
	if k < 0 {
		return escape{problem: seq + "{ has no closing }"}
	}
	name := p[end+1 : end+k]
	full := p[i : end+k+1]
	switch {
	case portableProperties[name]:
		return escape{end: end + k + 1, set: true}
	case name == "Cs" || name == "Surrogate":
		return escape{problem: full + " matches only lone surrogates, which ECMAScript strings can hold and Go strings cannot"}
	case strings.HasPrefix(name, "General_Category=") || strings.HasPrefix(name, "gc="):
		v := name[strings.IndexByte(name, '=')+1:]
		return escape{problem: full + " is ECMAScript-only syntax; write " + seq + "{" + v + "}"}
	case unicode.Scripts[name] != nil || strings.HasPrefix(name, "Script") || strings.HasPrefix(name, "sc=") || strings.HasPrefix(name, "scx="):
		return escape{problem: full + ": Unicode scripts have no spelling both engines accept (RE2 \\p{Greek}, ECMAScript \\p{Script=Greek}); list the ranges"}
	}
	return escape{problem: full + " is not a Unicode general category both RE2 and ECMAScript know by that exact name; use e.g. \\p{L}, \\p{Lu}, \\p{Nd}"}
}

// portableProperties are the names \p{...} may take: the Unicode
// General_Category values and aliases ECMAScript accepts on their own, all of
// which Go (1.25 and later) reads as the same category, and the three
// properties both define alike. Cs is left out: see scanProperty.
var portableProperties = map[string]bool{
	"Any": true, "ASCII": true, "Assigned": true,
	"C": true, "Other": true,
	"Cc": true, "Control": true, "cntrl": true,
	"Cf": true, "Format": true,
	"Cn": true, "Unassigned": true,
	"Co": true, "Private_Use": true,
	"L": true, "Letter": true,
	"LC": true, "Cased_Letter": true,
	"Ll": true, "Lowercase_Letter": true,
	"Lm": true, "Modifier_Letter": true,
	"Lo": true, "Other_Letter": true,
	"Lt": true, "Titlecase_Letter": true,
	"Lu": true, "Uppercase_Letter": true,
	"M": true, "Mark": true, "Combining_Mark": true,
	"Mc": true, "Spacing_Mark": true,
	"Me": true, "Enclosing_Mark": true,
	"Mn": true, "Nonspacing_Mark": true,
	"N": true, "Number": true,
	"Nd": true, "Decimal_Number": true, "digit": true,
	"Nl": true, "Letter_Number": true,
	"No": true, "Other_Number": true,
	"P": true, "Punctuation": true, "punct": true,
	"Pc": true, "Connector_Punctuation": true,
	"Pd": true, "Dash_Punctuation": true,
	"Pe": true, "Close_Punctuation": true,
	"Pf": true, "Final_Punctuation": true,
	"Pi": true, "Initial_Punctuation": true,
	"Po": true, "Other_Punctuation": true,
	"Ps": true, "Open_Punctuation": true,
	"S": true, "Symbol": true,
	"Sc": true, "Currency_Symbol": true,
	"Sk": true, "Modifier_Symbol": true,
	"Sm": true, "Math_Symbol": true,
	"So": true, "Other_Symbol": true,
	"Z": true, "Separator": true,
	"Zl": true, "Line_Separator": true,
	"Zp": true, "Paragraph_Separator": true,
	"Zs": true, "Space_Separator": true,
}
