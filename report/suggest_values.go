package report

import (
	"bytes"
	"encoding/json"
	"math/big"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/toolspec/toolspec/internal/decimal"
	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/internal/pattern"
	"github.com/toolspec/toolspec/model"
)

// The values of suggested fixtures. A value is nil, bool, json.Number,
// string, []any or jobj: an object that keeps its members in row order,
// so a suggestion reads like the rows it is about.

// jobj is a JSON object whose members keep their order.
type jobj []jmember

type jmember struct {
	key string
	val any
}

func (o jobj) with(key string, val any) jobj {
	out := make(jobj, 0, len(o)+1)
	done := false
	for _, m := range o {
		if m.key == key {
			m.val, done = val, true
		}
		out = append(out, m)
	}
	if !done {
		out = append(out, jmember{key, val})
	}
	return out
}

func (o jobj) without(key string) jobj {
	out := make(jobj, 0, len(o))
	for _, m := range o {
		if m.key != key {
			out = append(out, m)
		}
	}
	return out
}

// jsonText writes a value as the formatter writes fixtures: ", " between
// members and items, ": " after keys.
func jsonText(v any) string {
	var b strings.Builder
	writeJSON(&b, v)
	return b.String()
}

func writeJSON(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case json.Number:
		b.WriteString(string(x))
	case string:
		b.WriteString(jsonstr.Quote(x))
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSON(b, e)
		}
		b.WriteByte(']')
	case jobj:
		b.WriteByte('{')
		for i, m := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(jsonstr.Quote(m.key))
			b.WriteString(": ")
			writeJSON(b, m.val)
		}
		b.WriteByte('}')
	}
}

// decodeOrdered reads JSON (a default or an example) keeping member order.
func decodeOrdered(raw []byte) (any, bool) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	v, err := decodeValue(d)
	return v, err == nil
}

func decodeValue(d *json.Decoder) (any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '[' {
			arr := []any{}
			for d.More() {
				v, err := decodeValue(d)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := d.Token()
			return arr, err
		}
		obj := jobj{}
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeValue(d)
			if err != nil {
				return nil, err
			}
			obj = append(obj, jmember{k.(string), v})
		}
		_, err := d.Token()
		return obj, err
	}
	return tok, nil
}

// minimal is the smallest valid value of a type: its first example or its
// default when it has one, else required rows only, each minimal, bounds,
// patterns and enums respected. ok is false when no value could be made
// (a pattern this generator cannot satisfy); the caller verifies the rest.
func minimal(t *model.Type) (any, bool) {
	if len(t.Examples) > 0 {
		if v, ok := decodeOrdered(t.Examples[0]); ok {
			return v, true
		}
	}
	if t.Default != nil {
		if v, ok := decodeOrdered(t.Default); ok {
			return v, true
		}
	}
	switch t.Kind {
	case model.String:
		return minimalString(t)
	case model.Integer, model.Number:
		r, ok := numberIn(t)
		return ratNumber(r), ok
	case model.Boolean:
		return false, true
	case model.Any:
		return nil, true
	case model.Enum:
		return enumValue(t.Enum[0]), true
	case model.Array:
		return distinct(t.Elem, countOf(t.Min), t.Unique)
	case model.Tuple:
		arr := make([]any, len(t.Items))
		for i, it := range t.Items {
			v, ok := minimal(it)
			if !ok {
				return nil, false
			}
			arr[i] = v
		}
		return arr, true
	case model.Object:
		obj := jobj{}
		for _, f := range t.Fields {
			if f.Required {
				v, ok := minimal(f.Type)
				if !ok {
					return nil, false
				}
				obj = append(obj, jmember{f.Name, v})
			}
		}
		return obj, true
	case model.Map:
		return mapOf(t.Elem, countOf(t.Min))
	case model.Union:
		for _, v := range t.Variants {
			if x, ok := minimal(v); ok {
				return x, true
			}
		}
	}
	return nil, false
}

func enumValue(v model.EnumValue) any {
	if v.IsInt {
		return json.Number(strconv.FormatInt(v.Int, 10))
	}
	return v.Str
}

func countOf(n *model.Num) int {
	if n == nil {
		return 0
	}
	return int(n.Rat.Num().Int64())
}

// mapOf is a map of n members "a", "b", ... with minimal values, first
// the given one when there is one (first is a one-element slice, so that
// a first null can be told from none).
func mapOf(elem *model.Type, n int, first ...any) (any, bool) {
	if n > maxSuggestion {
		return nil, false // each member takes bytes of the fixture
	}
	obj := jobj{}
	v, ok := minimal(elem)
	if !ok {
		return nil, false
	}
	for i := 0; i < n; i++ {
		obj = append(obj, jmember{mapKey(i), v})
	}
	if len(first) > 0 {
		if len(obj) == 0 {
			obj = append(obj, jmember{mapKey(0), nil})
		}
		obj[0].val = first[0]
	}
	return obj, true
}

func mapKey(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return "k" + strconv.Itoa(i)
}

// distinct is an array of n valid values of elem, all different when
// unique, starting with first when there is one (as for mapOf).
func distinct(elem *model.Type, n int, unique bool, first ...any) ([]any, bool) {
	if n > maxSuggestion {
		return nil, false // each item takes at least a byte of the fixture
	}
	arr := []any{}
	seen := map[string]bool{}
	add := func(v any) {
		if len(arr) < n && (!unique || !seen[jsonText(v)]) {
			seen[jsonText(v)] = true
			arr = append(arr, v)
		}
	}
	if len(first) > 0 {
		n = max(n, 1)
		add(first[0])
	}
	base, ok := minimal(elem)
	if !ok {
		return nil, false
	}
	add(base)
	for _, v := range variants(elem, n+2) {
		if len(arr) >= n {
			break
		}
		add(v)
	}
	for i := 0; len(arr) < n && !unique; i++ {
		arr = append(arr, base)
	}
	return arr, len(arr) == n
}

// variants are up to about limit more valid-looking values of a type, to
// fill a unique array.
func variants(t *model.Type, limit int) []any {
	limit = min(limit, 1024)
	var out []any
	switch t.Kind { // kinds:partial: arrays and maps are rarely unique items; they get what minimal gives
	case model.Enum:
		for _, v := range t.Enum {
			out = append(out, enumValue(v))
		}
	case model.Boolean:
		out = append(out, true, false)
	case model.Integer, model.Number:
		r, _ := numberIn(t)
		step := big.NewRat(1, 1)
		if t.MultipleOf != nil {
			step = t.MultipleOf.Rat
		}
		for i := 1; i <= limit; i++ {
			out = append(out, ratNumber(new(big.Rat).Add(r, new(big.Rat).Mul(step, big.NewRat(int64(i), 1)))))
		}
	case model.String:
		if t.Pattern == nil {
			// "b", "c", ... then two characters and more: base 36 padded
			// with "a" to the length the row needs.
			n := naturalLength(t)
			for i := 1; i <= limit; i++ {
				v := strconv.FormatInt(int64(i), 36)
				if l := utf8.RuneCountInString(v); l < n {
					v = strings.Repeat("a", n-l) + v
				}
				if fitsLength(t, len(v)) {
					out = append(out, v)
				}
			}
		}
		if t.Pattern != nil {
			s, _ := minimalString(t)
			n := utf8.RuneCountInString(s)
			for l := n + 1; l < n+32; l++ {
				if s, ok := stringValue(t, l); ok {
					out = append(out, s)
				}
			}
		}
	case model.Any:
		out = append(out, json.Number("0"), json.Number("1"), json.Number("2"), "a", "b", true, false)
	case model.Object:
		// Vary the first row that varies.
		base, ok := minimal(t)
		obj, isObj := base.(jobj)
		if !ok || !isObj {
			break
		}
		for _, f := range t.Fields {
			if vs := variants(f.Type, limit); len(vs) > 0 {
				for _, v := range vs {
					out = append(out, obj.with(f.Name, v))
				}
				break
			}
		}
	case model.Tuple:
		base, ok := minimal(t)
		arr, isArr := base.([]any)
		if !ok || !isArr || len(arr) == 0 {
			break
		}
		for _, v := range variants(t.Items[0], limit) {
			out = append(out, append([]any{v}, arr[1:]...))
		}
	}
	return out
}

// naturalLength is the length of a type's minimal string: its minLength,
// but at least 1 when it may be, and a format's sample length.
func naturalLength(t *model.Type) int {
	n := max(countOf(t.Min), 1)
	if t.Max != nil && n > countOf(t.Max) {
		n = countOf(t.Max)
	}
	return n
}

// formatSamples are values of the common formats, used when a string row
// has a format and no pattern: valid for each format toolspec asserts
// (TestFormatSamplesValid).
var formatSamples = map[string]string{
	"duration":  "P1D",
	"date-time": "2024-01-01T00:00:00Z",
	"date":      "2024-01-01",
	"time":      "00:00:00Z",
	"email":     "a@example.com",
	"uri":       "https://example.com",
	"url":       "https://example.com",
	"uuid":      "00000000-0000-0000-0000-000000000000",
	"hostname":  "example.com",
	"ipv4":      "127.0.0.1",
	"ipv6":      "::1",
}

// minimalString is the shortest string (of at least one character when
// allowed) that fits the type's length and pattern.
func minimalString(t *model.Type) (string, bool) {
	hi := naturalLength(t) + 256
	if t.Max != nil {
		hi = min(hi, countOf(t.Max))
	}
	for n := naturalLength(t); n <= hi; n++ {
		if s, ok := stringValue(t, n); ok {
			return s, true
		}
	}
	return "", false
}

// stringValue is a string of n characters that matches the type's pattern,
// or ok false when this generator cannot make one.
func stringValue(t *model.Type, n int) (string, bool) {
	// A value longer than a suggestion may be is never printed: do not
	// build it (a minLength of 10^9 would take the memory of the run).
	if n < 0 || n > maxSuggestion {
		return "", false
	}
	if t.Pattern == nil {
		if s, ok := formatSamples[t.Format]; ok && utf8.RuneCountInString(s) == n {
			return s, true
		}
		if s, ok := formatSamples[t.Format]; ok && n == naturalLength(t) && fitsLength(t, utf8.RuneCountInString(s)) {
			return s, true
		}
		return strings.Repeat("a", n), true
	}
	re, parsed, ok := compilePattern(*t.Pattern)
	if !ok {
		return "", false
	}
	s := genRegexp(parsed, n)
	if utf8.RuneCountInString(s) == n && re.MatchString(s) {
		return s, true
	}
	// An unanchored pattern matches inside a longer string: pad it.
	if l := utf8.RuneCountInString(s); l < n && re.MatchString(s) {
		for _, pad := range []string{"a", "0", "_"} {
			if p := s + strings.Repeat(pad, n-l); re.MatchString(p) {
				return p, true
			}
			if p := strings.Repeat(pad, n-l) + s; re.MatchString(p) {
				return p, true
			}
		}
	}
	return "", false
}

func fitsLength(t *model.Type, n int) bool {
	return (t.Min == nil || n >= countOf(t.Min)) && (t.Max == nil || n <= countOf(t.Max))
}

// nonMatching is a string of a length the type allows that its pattern
// does not match.
func nonMatching(t *model.Type) (string, bool) {
	re, _, ok := compilePattern(*t.Pattern)
	if !ok {
		return "", false
	}
	lo := countOf(t.Min)
	hi := lo + 8
	if t.Max != nil {
		hi = min(hi, countOf(t.Max))
	}
	for n := max(lo, 1); n <= hi; n++ {
		for _, c := range []string{"!", " ", "a", "0", "A", "_", "-", ".", "é"} {
			if s := strings.Repeat(c, n); !re.MatchString(s) {
				return s, true
			}
		}
	}
	if lo == 0 && !re.MatchString("") {
		return "", true
	}
	return "", false
}

type compiledPattern struct {
	re     *regexp.Regexp
	parsed *syntax.Regexp
}

// patterns caches compiled patterns: a row's pattern is used for every
// length tried and every variant.
var patterns sync.Map

func compilePattern(p string) (*regexp.Regexp, *syntax.Regexp, bool) {
	if c, ok := patterns.Load(p); ok {
		cp := c.(*compiledPattern)
		return cp.re, cp.parsed, cp.re != nil
	}
	cp := &compiledPattern{}
	if re, err := regexp.Compile(pattern.RE2(p)); err == nil {
		if parsed, err := syntax.Parse(pattern.RE2(p), syntax.Perl); err == nil {
			cp.re, cp.parsed = re, parsed.Simplify()
		}
	}
	patterns.Store(p, cp)
	return cp.re, cp.parsed, cp.re != nil
}

// genRegexp writes a string of about n characters that the expression
// matches: fixed parts as they are, repetitions stretched to reach n.
func genRegexp(re *syntax.Regexp, n int) string {
	var b strings.Builder
	gen(&b, re, n)
	return b.String()
}

// minLen and maxLen are the lengths a (simplified) expression can match;
// maxLen is -1 when unbounded.
func minLen(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpLiteral:
		return len(re.Rune)
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1
	case syntax.OpCapture:
		return minLen(re.Sub[0])
	case syntax.OpStar, syntax.OpQuest:
		return 0
	case syntax.OpPlus:
		return minLen(re.Sub[0])
	case syntax.OpRepeat:
		return re.Min * minLen(re.Sub[0])
	case syntax.OpConcat:
		s := 0
		for _, sub := range re.Sub {
			s += minLen(sub)
		}
		return s
	case syntax.OpAlternate:
		m := -1
		for _, sub := range re.Sub {
			if l := minLen(sub); m < 0 || l < m {
				m = l
			}
		}
		return max(m, 0)
	}
	return 0
}

func maxLen(re *syntax.Regexp) int {
	switch re.Op {
	case syntax.OpLiteral:
		return len(re.Rune)
	case syntax.OpCharClass, syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return 1
	case syntax.OpCapture, syntax.OpQuest:
		return maxLen(re.Sub[0])
	case syntax.OpStar, syntax.OpPlus:
		if maxLen(re.Sub[0]) == 0 {
			return 0
		}
		return -1
	case syntax.OpRepeat:
		m := maxLen(re.Sub[0])
		if re.Max < 0 || m < 0 {
			if m == 0 {
				return 0
			}
			return -1
		}
		return re.Max * m
	case syntax.OpConcat:
		s := 0
		for _, sub := range re.Sub {
			m := maxLen(sub)
			if m < 0 {
				return -1
			}
			s += m
		}
		return s
	case syntax.OpAlternate:
		m := 0
		for _, sub := range re.Sub {
			l := maxLen(sub)
			if l < 0 {
				return -1
			}
			m = max(m, l)
		}
		return m
	}
	return 0
}

// gen writes a match of re of length close to n.
func gen(b *strings.Builder, re *syntax.Regexp, n int) {
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			b.WriteRune(r)
		}
	case syntax.OpCharClass:
		b.WriteRune(pickRune(re.Rune))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('a')
	case syntax.OpCapture:
		gen(b, re.Sub[0], n)
	case syntax.OpConcat:
		// Every part gets its minimum; the extra goes to the first parts
		// that can stretch.
		extra := n - minLen(re)
		for _, sub := range re.Sub {
			lo, hi := minLen(sub), maxLen(sub)
			give := max(extra, 0)
			if hi >= 0 {
				give = min(give, hi-lo)
			}
			gen(b, sub, lo+give)
			extra -= give
		}
	case syntax.OpAlternate:
		best := re.Sub[0]
		for _, sub := range re.Sub {
			if lo, hi := minLen(sub), maxLen(sub); lo <= n && (hi < 0 || n <= hi) {
				best = sub
				break
			}
		}
		gen(b, best, n)
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		lo, hi := repeatBounds(re)
		sub := re.Sub[0]
		each := max(minLen(sub), 1)
		k := max(lo, min(n/each, 1<<12))
		if hi >= 0 {
			k = min(k, hi)
		}
		k = max(k, lo)
		for i := 0; i < k; i++ {
			// The last copies take what is left.
			left := n - minLen(sub)*(k-i-1)
			w := minLen(sub)
			if i == k-1 || maxLen(sub) != minLen(sub) {
				w = max(min(left, each), minLen(sub))
			}
			gen(b, sub, w)
			n -= w
		}
	}
}

func repeatBounds(re *syntax.Regexp) (int, int) {
	switch re.Op {
	case syntax.OpStar:
		return 0, -1
	case syntax.OpPlus:
		return 1, -1
	case syntax.OpQuest:
		return 0, 1
	}
	return re.Min, re.Max
}

// pickRune picks a readable rune from a character class given as ranges:
// a lower-case letter, a digit or an upper-case letter when the class has
// one, else its first rune.
func pickRune(ranges []rune) rune {
	for _, want := range []rune{'a', 'x', '0', '1', 'A', '_', '-', '.'} {
		for i := 0; i+1 < len(ranges); i += 2 {
			if ranges[i] <= want && want <= ranges[i+1] {
				return want
			}
		}
	}
	for _, lo := range []rune{'a', '0', 'A'} {
		hi := lo + 25
		if lo == '0' {
			hi = '9'
		}
		for i := 0; i+1 < len(ranges); i += 2 {
			if ranges[i] <= hi && lo <= ranges[i+1] {
				return max(ranges[i], lo)
			}
		}
	}
	if len(ranges) == 0 {
		return 'a'
	}
	r := ranges[0]
	if r < ' ' && ranges[1] >= ' ' {
		r = '!'
	}
	return r
}

// numberIn is the valid number nearest to zero the type allows (its
// bounds, exclusive bounds and multiple_of), or ok false.
func numberIn(t *model.Type) (*big.Rat, bool) {
	v := new(big.Rat)
	isInt := t.Kind == model.Integer
	if t.Min != nil && v.Cmp(t.Min.Rat) < 0 {
		v.Set(t.Min.Rat)
	}
	if t.ExclusiveMin != nil && v.Cmp(t.ExclusiveMin.Rat) <= 0 {
		v = just(t.ExclusiveMin.Rat, +1, isInt, t)
	}
	if t.Max != nil && v.Cmp(t.Max.Rat) > 0 {
		v.Set(t.Max.Rat)
	}
	if t.ExclusiveMax != nil && v.Cmp(t.ExclusiveMax.Rat) >= 0 {
		v = just(t.ExclusiveMax.Rat, -1, isInt, t)
	}
	if isInt && !v.IsInt() {
		v = ceilRat(v)
	}
	if t.MultipleOf != nil {
		m := t.MultipleOf.Rat
		q := ceilRat(new(big.Rat).Quo(v, m))
		up := new(big.Rat).Mul(q, m)
		if inBounds(t, up) {
			return up, true
		}
		down := new(big.Rat).Mul(new(big.Rat).Sub(q, big.NewRat(1, 1)), m)
		return down, inBounds(t, down)
	}
	return v, inBounds(t, v)
}

// just is the number just inside an exclusive bound b, going in
// direction dir: b ± 1, or halfway to the other bound for a number row
// whose interval is narrower.
func just(b *big.Rat, dir int64, isInt bool, t *model.Type) *big.Rat {
	if isInt {
		if dir > 0 {
			return new(big.Rat).Add(floorRat(b), big.NewRat(1, 1))
		}
		return new(big.Rat).Sub(ceilRat(b), big.NewRat(1, 1))
	}
	v := new(big.Rat).Add(b, big.NewRat(dir, 1))
	if inBounds(t, v) {
		return v
	}
	for _, other := range []*model.Num{t.Max, t.ExclusiveMax, t.Min, t.ExclusiveMin} {
		if other != nil && other.Rat.Cmp(b) != 0 {
			mid := new(big.Rat).Add(b, other.Rat)
			return mid.Quo(mid, big.NewRat(2, 1))
		}
	}
	return v
}

func inBounds(t *model.Type, v *big.Rat) bool {
	return (t.Min == nil || v.Cmp(t.Min.Rat) >= 0) &&
		(t.Max == nil || v.Cmp(t.Max.Rat) <= 0) &&
		(t.ExclusiveMin == nil || v.Cmp(t.ExclusiveMin.Rat) > 0) &&
		(t.ExclusiveMax == nil || v.Cmp(t.ExclusiveMax.Rat) < 0)
}

func floorRat(r *big.Rat) *big.Rat {
	q := new(big.Int).Div(r.Num(), r.Denom()) // Euclidean: floor for a positive denominator
	return new(big.Rat).SetInt(q)
}

func ceilRat(r *big.Rat) *big.Rat {
	f := floorRat(r)
	if f.Cmp(r) == 0 {
		return f
	}
	return f.Add(f, big.NewRat(1, 1))
}

// ratNumber writes a number as JSON: exactly when it has a decimal
// expansion (5e-32), else a decimal of 20 places, trailing zeros cut.
func ratNumber(r *big.Rat) json.Number {
	if text, ok := decimal.RatText(r); ok {
		return json.Number(text)
	}
	s := strings.TrimRight(r.FloatString(20), "0")
	return json.Number(strings.TrimSuffix(s, "."))
}

func numberRat(v any) (*big.Rat, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, false
	}
	d := decimal.Parse(string(n))
	if d == nil || d.Rat == nil {
		return nil, false // not a number, or too far from 1 to compute with
	}
	return d.Rat, true
}

// filled is a value of t with its optional rows filled in down to depth
// objects (below that, as minimal writes them), and arrays and maps of
// one such item: one accept fixture of it kills the "row dropped" mutant
// of every row it holds, where a minimal value changed at one place
// kills one. The caller checks it with the validator.
func filled(t *model.Type, depth int) (any, bool) {
	if depth <= 0 || len(t.Examples) > 0 || t.Default != nil {
		return minimal(t)
	}
	switch t.Kind { // kinds:partial: scalars are as minimal makes them
	case model.Object:
		obj := jobj{}
		for _, f := range t.Fields {
			v, ok := filled(f.Type, depth-1)
			if !ok {
				if f.Required {
					return nil, false
				}
				continue
			}
			obj = append(obj, jmember{f.Name, v})
		}
		return obj, true
	case model.Array:
		if t.Max != nil && countOf(t.Max) < 1 {
			return minimal(t)
		}
		v, ok := filled(t.Elem, depth)
		if !ok {
			return minimal(t)
		}
		return distinct(t.Elem, max(countOf(t.Min), 1), t.Unique, v)
	case model.Map:
		if t.Max != nil && countOf(t.Max) < 1 {
			return minimal(t)
		}
		v, ok := filled(t.Elem, depth)
		if !ok {
			return minimal(t)
		}
		return mapOf(t.Elem, max(countOf(t.Min), 1), v)
	case model.Tuple:
		arr := make([]any, len(t.Items))
		for i, it := range t.Items {
			v, ok := filled(it, depth)
			if !ok {
				return nil, false
			}
			arr[i] = v
		}
		return arr, true
	case model.Union:
		for _, v := range t.Variants {
			if x, ok := filled(v, depth); ok {
				return x, true
			}
		}
		return nil, false
	}
	return minimal(t)
}
