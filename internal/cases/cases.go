// Package cases generates argument values for differential tests of the
// validators toolspec's schemas meet (santhosh-tekuri/jsonschema in Go, ajv
// in JavaScript, the generated decoders): for every tool of a checked
// catalog, the spec's own fixtures, then values made from the model, one
// valid value per type and near misses around every rule (bounds ±1 and
// ±0.1, numbers beyond float64 precision next to number bounds, wrong
// types, null, missing required and extra properties, lengths, pattern
// misses, duplicate items and keys, tuple lengths).
//
// It reads only the model. Every value is one well-formed JSON text; which
// values a schema accepts is for the validators under test to say, not for
// this package.
package cases

import (
	"encoding/json"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/gen/golang/runtime/formats"
	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/model"
)

// A Case is one value to validate against one tool's input schema, or its
// output schema when Output is set.
type Case struct {
	Tool   string          `json:"tool"`
	Output bool            `json:"output"`
	Value  json.RawMessage `json:"value"`
}

// Options choose what is generated beyond the common cases.
type Options struct {
	// Extreme adds integers at and beyond int64's and uint64's edges: for
	// validators that read JSON exactly, like the generated Go decoders.
	// JavaScript rounds such numbers before ajv sees them.
	Extreme bool
	// Wire adds the values whose meaning the servers' number and string
	// model settles (docs/servers.md, "One number and one string model"):
	// numbers beyond float64 (1e400, refused) or nearer to 0 than the
	// smallest double (1e-400, read as 0), and lone surrogate escapes in
	// strings and keys (read as U+FFFD). Validators that read JSON exactly
	// see these only through that model.
	Wire bool
	// NumberModifiers adds values around above, below and multiple_of
	// (exclusiveMinimum, exclusiveMaximum, multipleOf): each bound, ±1,
	// ±0.1 and ±1e-20 around it, and multiples and near multiples,
	// 0.3 for multiple_of 0.1 among them. Off until every validator under
	// differential test reads those keywords; valid values respect them
	// either way.
	NumberModifiers bool
}

// Generate returns the cases of every tool of cat: the fixtures of its
// tests first, in order, then the generated values, tool by tool (input,
// then output for a tool with out). The same catalog gives the same cases.
func Generate(cat *model.Catalog, opt Options) []Case {
	var out []Case
	for _, test := range cat.Tests {
		for _, f := range test.Fixtures {
			out = append(out, Case{Tool: f.Tool, Output: f.Output, Value: f.Value})
		}
	}
	for _, tool := range cat.Tools {
		for _, v := range Values(tool.Input, opt) {
			out = append(out, Case{Tool: tool.Name, Value: json.RawMessage(v)})
		}
		if tool.Output != nil {
			for _, v := range Values(tool.Output, opt) {
				out = append(out, Case{Tool: tool.Name, Output: true, Value: json.RawMessage(v)})
			}
		}
	}
	return out
}

// Values returns values for t: a valid one first, then near misses, each
// once, in a fixed order.
func Values(t *model.Type, opt Options) []string {
	var out []string
	seen := map[string]bool{}
	g := generator{opt}
	for _, v := range g.samples(t, 0) {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

type generator struct{ opt Options }

// maxDepth bounds the recursion into nested types: deeper members get only
// their valid value and the wrong types.
const maxDepth = 3

var wrongTypes = []string{`null`, `true`, `"s"`, `1`, `1.5`, `[]`, `{}`}

// epsilon is far below float64 precision at any bound: JSON.parse rounds
// bound±epsilon to the bound itself.
var epsilon, _ = new(big.Rat).SetString("1e-20")

func (g generator) samples(t *model.Type, depth int) []string {
	out := append([]string{valid(t)}, wrongTypes...)
	if depth > maxDepth {
		return out
	}
	switch t.Kind {
	case model.String:
		for _, n := range lengths(t) {
			out = append(out, jsonstr.Quote(strings.Repeat("a", n)), jsonstr.Quote(strings.Repeat("é", n)), jsonstr.Quote(strings.Repeat("😀", n)))
		}
		out = append(out, jsonstr.Quote("@t27_bot"), jsonstr.Quote("no match!"), jsonstr.Quote(`"'`+"`"+`${}*/<>`), `"\u2028\u2029"`, `"a\u0000b"`, `"a b"`, `""`, `"\\S"`, jsonstr.Quote("\xff"))
		if g.opt.Wire {
			out = append(out, loneStrings...)
		}
		for _, e := range t.Examples {
			out = append(out, string(e))
		}
		if s, ok := formatSamples[t.Format]; ok {
			// Asserted formats: a valid value, and one a character off.
			out = append(out, jsonstr.Quote(s), jsonstr.Quote(s[:len(s)-1]+"!"))
		}
	case model.Integer, model.Number:
		for _, b := range []*model.Num{t.Min, t.Max} {
			if b == nil {
				continue
			}
			out = append(out, b.Text, add(b.Rat, big.NewRat(1, 1)), add(b.Rat, big.NewRat(-1, 1)),
				add(b.Rat, big.NewRat(1, 10)), add(b.Rat, big.NewRat(-1, 10)))
			if b.Rat.IsInt() {
				out = append(out, b.Text+".0", b.Text+"e0", b.Text+".5")
			}
			if t.Kind == model.Number {
				out = append(out, add(b.Rat, epsilon), add(b.Rat, new(big.Rat).Neg(epsilon)))
			}
		}
		if g.opt.NumberModifiers {
			out = append(out, numberModifierSamples(t)...)
		}
		out = append(out, `0`, `-0`, `1.0`, `1e2`, `1E+2`, `2.5e-1`, `12345678901234567890`, `-12345678901234567890`, `1e30`, `0.1`,
			// Integer-ness and order from digits and exponent.
			`1e-40`, `150e-2`, `100e-2`, `0.0e5`, `-0.0`, `1.000e3`, `0.5e1`, `12.50e-1`)
		if g.opt.Extreme {
			out = append(out, `9223372036854775807`, `9223372036854775808`, `-9223372036854775808`, `-9223372036854775809`, `18446744073709551616`)
		}
		if g.opt.Wire {
			out = append(out, wireNumbers...)
		}
	case model.Enum:
		for _, v := range t.Enum {
			out = append(out, v.JSON())
			if v.IsInt {
				out = append(out, v.JSON()+".0", strconv.FormatInt(v.Int+100, 10), jsonstr.Quote(v.JSON()))
			} else {
				out = append(out, jsonstr.Quote(v.Str+"x"), jsonstr.Quote(strings.ToUpper(v.Str)))
			}
		}
	case model.Array:
		ok := valid(t.Elem)
		for _, e := range g.samples(t.Elem, depth+1) {
			out = append(out, array(e), array(ok, e))
		}
		for _, n := range lengths(t) {
			out = append(out, array(distinct(t.Elem, n)...))
		}
		out = append(out, array(ok, ok), array("1", "1.0"), array(`{"a":1,"b":2}`, `{"b":2,"a":1}`))
		if g.opt.Wire && t.Elem.Kind == model.Any {
			// Beyond float64 every number is one, ±Infinity, for uniqueItems too.
			out = append(out, array("1e400", "1e500"), array("1e400", "-1e400"), array(`[1e400]`, `[2e400]`), array(`{"k":-1e400}`, `{"k":-1e999}`), array("1e-400", "0"))
		}
	case model.Tuple:
		var items []string
		for _, it := range t.Items {
			items = append(items, valid(it))
		}
		out = append(out, array(items[:len(items)-1]...), array(append(append([]string{}, items...), "1")...))
		for i, it := range t.Items {
			for _, e := range g.samples(it, depth+1) {
				c := append([]string{}, items...)
				c[i] = e
				out = append(out, array(c...))
			}
		}
	case model.Map:
		ok := valid(t.Elem)
		for _, e := range g.samples(t.Elem, depth+1) {
			out = append(out, `{"a":`+e+`}`)
		}
		for _, n := range lengths(t) {
			out = append(out, mapOf(n, ok))
		}
		out = append(out, `{"a":`+ok+`,"a":null}`, `{"a":null,"a":`+ok+`}`, `{"constructor":`+ok+`}`)
		if g.opt.Wire {
			// Two lone surrogates are one key, U+FFFD, the last value winning.
			out = append(out, `{"\ud800":`+ok+`}`, `{"\ud800":`+ok+`,"\udbff":`+ok+`}`, `{"\ud800":null,"\udc00":`+ok+`}`, `{"\ud800":`+ok+`,"\udc00":null}`, `{"a\udc00b":`+ok+`,"a\ufffdb":`+ok+`}`)
		}
	case model.Object:
		out = append(out, g.objectSamples(t, depth)...)
	case model.Union:
		// Each variant's own samples: the valid values of one, the values
		// just past its bounds (which another variant may still accept).
		for _, v := range t.Variants {
			out = append(out, g.samples(v, depth+1)...)
		}
	case model.Any:
		if g.opt.Wire {
			// Free values: no keyword asks for a number, so a number beyond
			// float64 (JSON.parse's ±Infinity) is accepted, at any depth.
			out = append(out, freeWire...)
		}
	case model.Boolean:
		// The valid value and the wrong types are all there is to try.
	}
	return out
}

func (g generator) objectSamples(t *model.Type, depth int) []string {
	var out []string
	var required []field
	var all []field
	for _, f := range t.Fields {
		fv := field{f.Name, valid(f.Type)}
		all = append(all, fv)
		if f.Required {
			required = append(required, fv)
		}
	}
	// with is the required fields plus name set to v.
	with := func(name, v string) string {
		var fs []field
		set := false
		for _, r := range required {
			if r.name == name {
				r.value, set = v, true
			}
			fs = append(fs, r)
		}
		if !set {
			fs = append(fs, field{name, v})
		}
		return object(fs)
	}
	for _, f := range t.Fields {
		for _, s := range g.samples(f.Type, depth+1) {
			out = append(out, with(f.Name, s))
		}
		if f.Required {
			var fs []field
			for _, r := range required {
				if r.name != f.Name {
					fs = append(fs, r)
				}
			}
			out = append(out, object(fs))
		}
		// Duplicate keys: the last one counts.
		ok := with(f.Name, valid(f.Type))
		out = append(out, strings.TrimSuffix(ok, "}")+sep(ok)+jsonstr.Quote(f.Name)+":null}")
		out = append(out, "{"+jsonstr.Quote(f.Name)+":null"+sep(ok)+strings.TrimPrefix(ok, "{"))
	}
	out = append(out, with("zz_extra", "1"), with("constructor", "1"), with("__proto__", "{}"), object(all))
	if g.opt.Wire {
		o := object(required)
		out = append(out, strings.TrimSuffix(o, "}")+sep(o)+`"\ud800":1}`)
		for _, v := range freeWire {
			// An extra member: accepted by an open object as any value is.
			out = append(out, with("zz_extra", v))
		}
	}
	return out
}

// loneStrings hold lone surrogate escapes: high, low, reversed, after a pair.
var loneStrings = []string{`"\ud800"`, `"a\udfffb"`, `"\udc00\ud800"`, `"\ud83d\ude00\ud83d"`, `"\ud800\ud800\ud800"`}

// wireNumbers are beyond float64 (1e400, the least text above the largest
// double), nearer to 0 than the smallest double (1e-400, 2e-324) or just
// within (5e-324, the largest double).
var wireNumbers = []string{`1e400`, `-1e400`, `1.7976931348623159e308`, `-1e500`, `1e-400`, `-1e-400`, `2e-324`, `5e-324`, `1.7976931348623157e308`}

// freeWire are wire numbers inside values the schema leaves free (any,
// an open object's extra members): alone, in an array, in an object, and
// under a key given twice (the last value counts).
var freeWire = []string{`1e400`, `-1e400`, `1e-400`, `[1,1e400]`, `{"k":{"j":-1e500}}`, `{"k":1e400,"k":1}`, `{"k":1,"k":1e400}`, `[1e-400,-0,0]`}

// sep is the comma that joins another member to object text o.
func sep(o string) string {
	if o == "{}" {
		return ""
	}
	return ","
}

type field struct{ name, value string }

// valid returns a value of t that its schema should accept.
func valid(t *model.Type) string {
	switch t.Kind {
	case model.String:
		return jsonstr.Quote(validString(t))
	case model.Integer, model.Number:
		switch {
		case t.ExclusiveMin != nil || t.ExclusiveMax != nil || t.MultipleOf != nil:
			return validNumber(t)
		case t.Min != nil:
			return t.Min.Text
		case t.Max != nil:
			return t.Max.Text
		}
		return "0"
	case model.Boolean:
		return "true"
	case model.Any:
		return `{"any":[1]}`
	case model.Enum:
		return t.Enum[0].JSON()
	case model.Array:
		return array(distinct(t.Elem, count(t.Min))...)
	case model.Tuple:
		var items []string
		for _, it := range t.Items {
			items = append(items, valid(it))
		}
		return array(items...)
	case model.Map:
		return mapOf(count(t.Min), valid(t.Elem))
	case model.Object:
		var fs []field
		for _, f := range t.Fields {
			if f.Required {
				fs = append(fs, field{f.Name, valid(f.Type)})
			}
		}
		return object(fs)
	case model.Union:
		return valid(t.Variants[0])
	}
	return "null"
}

// numberModifierSamples are the values around t's exclusive bounds and
// multipleOf.
func numberModifierSamples(t *model.Type) []string {
	var out []string
	for _, b := range []*model.Num{t.ExclusiveMin, t.ExclusiveMax} {
		if b == nil {
			continue
		}
		out = append(out, b.Text, add(b.Rat, big.NewRat(1, 1)), add(b.Rat, big.NewRat(-1, 1)),
			add(b.Rat, big.NewRat(1, 10)), add(b.Rat, big.NewRat(-1, 10)), add(b.Rat, epsilon), add(b.Rat, new(big.Rat).Neg(epsilon)))
		if b.Rat.IsInt() && !strings.ContainsAny(b.Text, ".eE") {
			out = append(out, b.Text+".0", b.Text+"e0")
		}
	}
	if m := t.MultipleOf; m != nil {
		zero := new(big.Rat)
		for _, k := range []*big.Rat{big.NewRat(1, 1), big.NewRat(2, 1), big.NewRat(3, 1), big.NewRat(-7, 1), big.NewRat(1, 2), big.NewRat(3, 2), big.NewRat(1000001, 1)} {
			out = append(out, add(zero, new(big.Rat).Mul(m.Rat, k)))
		}
		out = append(out, add(m.Rat, epsilon), "0.3", "0.7", "1.1")
		if !strings.ContainsAny(m.Text, "eE") {
			out = append(out, m.Text+"e0") // 1e-3 has an exponent already
		}
	}
	return out
}

// validNumber is a value within t's bounds, above and below, and a
// multiple of its multiple_of, when there is one.
func validNumber(t *model.Type) string {
	lo, loOpen := tighter(t.Min, t.ExclusiveMin, 1)
	hi, hiOpen := tighter(t.Max, t.ExclusiveMax, -1)
	step := (*big.Rat)(nil)
	if t.MultipleOf != nil {
		step = t.MultipleOf.Rat
	} else if t.Kind == model.Integer {
		step = big.NewRat(1, 1)
	}
	var v *big.Rat
	switch {
	case step != nil && lo != nil:
		// The least multiple at or above lo (above it when open).
		q := new(big.Rat).Quo(lo, step)
		k := new(big.Int).Div(q.Num(), q.Denom())
		if !q.IsInt() || loOpen {
			k.Add(k, big.NewInt(1))
		}
		v = new(big.Rat).Mul(new(big.Rat).SetInt(k), step)
	case step != nil && hi != nil:
		q := new(big.Rat).Quo(hi, step)
		k := new(big.Int).Div(q.Num(), q.Denom())
		if q.IsInt() && hiOpen {
			k.Sub(k, big.NewInt(1))
		}
		v = new(big.Rat).Mul(new(big.Rat).SetInt(k), step)
	case step != nil:
		v = new(big.Rat)
	case lo != nil && hi != nil:
		v = new(big.Rat).Quo(new(big.Rat).Add(lo, hi), big.NewRat(2, 1))
	case lo != nil && loOpen:
		v = new(big.Rat).Add(lo, big.NewRat(1, 1))
	case lo != nil:
		v = lo
	case hi != nil && hiOpen:
		v = new(big.Rat).Sub(hi, big.NewRat(1, 1))
	case hi != nil:
		v = hi
	default:
		v = new(big.Rat)
	}
	return add(v, new(big.Rat))
}

// tighter is the tighter of an inclusive and an exclusive bound: the
// larger of two lower bounds (sign 1), the smaller of two upper ones (-1).
func tighter(incl, excl *model.Num, sign int) (*big.Rat, bool) {
	switch {
	case excl != nil && (incl == nil || excl.Rat.Cmp(incl.Rat)*sign >= 0):
		return excl.Rat, true
	case incl != nil:
		return incl.Rat, false
	}
	return nil, false
}

func count(n *model.Num) int {
	if n == nil {
		return 0
	}
	return int(n.Rat.Num().Int64())
}

// distinct makes n valid items, different from each other where the kind
// allows (for unique arrays).
func distinct(t *model.Type, n int) []string {
	var items []string
	for i := range n {
		v := valid(t)
		switch t.Kind { // kinds:partial: the others' valid value is distinct enough (unique arrays of them are rare)

		case model.Integer, model.Number:
			base := new(big.Rat)
			if t.Min != nil {
				base.Set(t.Min.Rat)
			}
			v = add(base, big.NewRat(int64(i), 1))
		case model.Any:
			v = strconv.Itoa(i)
		case model.Enum:
			v = t.Enum[i%len(t.Enum)].JSON()
		case model.String:
			if t.Pattern == nil {
				v = jsonstr.Quote(validString(t) + strings.Repeat("b", i))
			}
		}
		items = append(items, v)
	}
	return items
}

func validString(t *model.Type) string {
	min := max(count(t.Min), 1)
	cands := []string{strings.Repeat("a", min), strings.Repeat("é", min), "@t27_bot", "abcde", "x", ""}
	if s, ok := formatSamples[t.Format]; ok {
		cands = append([]string{s}, cands...)
	}
	for i := len(t.Examples) - 1; i >= 0; i-- {
		var s string
		if json.Unmarshal(t.Examples[i], &s) == nil {
			cands = append([]string{s}, cands...)
		}
	}
	var re *regexp.Regexp
	if t.Pattern != nil {
		re, _ = regexp.Compile(*t.Pattern)
	}
	for _, c := range cands {
		if ok, _ := formats.ValidFormat(t.Format, c); ok && (re == nil || re.MatchString(c)) && fits(t, c) {
			return c
		}
	}
	return cands[0]
}

// formatSamples are valid values of the asserted formats.
var formatSamples = map[string]string{
	"date-time": "2024-02-29T10:00:00Z", "date": "2024-02-29", "time": "10:00:00Z",
	"duration": "P1D", "email": "ada@example.com", "hostname": "example.com",
	"ipv4": "192.0.2.1", "ipv6": "2001:db8::1", "uri": "https://example.com/",
	"uuid": "0b6f8a3e-7c4f-4c9a-9f1e-2d3c4b5a6f70",
}

func fits(t *model.Type, s string) bool {
	n := len([]rune(s))
	return (t.Min == nil || n >= count(t.Min)) && (t.Max == nil || n <= count(t.Max))
}

// lengths are the counts around a range: min-1, min, max, max+1 (small ones).
func lengths(t *model.Type) []int {
	var n []int
	if t.Min != nil {
		m := count(t.Min)
		n = append(n, m-1, m)
	}
	if t.Max != nil && t.Max.Rat.Cmp(big.NewRat(1000, 1)) < 0 {
		m := count(t.Max)
		n = append(n, m, m+1)
	}
	var out []int
	for _, x := range n {
		if x >= 0 {
			out = append(out, x)
		}
	}
	return out
}

// add returns the JSON text of a+b: an integer without a fraction, or a
// decimal with as many digits as it takes (up to 30).
func add(a, b *big.Rat) string {
	r := new(big.Rat).Add(a, b)
	if r.IsInt() {
		return r.Num().String()
	}
	s := r.FloatString(30)
	return strings.TrimRight(s, "0")
}

func array(items ...string) string { return "[" + strings.Join(items, ",") + "]" }

func object(fs []field) string {
	var parts []string
	for _, f := range fs {
		parts = append(parts, jsonstr.Quote(f.name)+":"+f.value)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func mapOf(n int, v string) string {
	var fs []field
	for i := range n {
		fs = append(fs, field{"k" + strconv.Itoa(i), v})
	}
	return object(fs)
}
