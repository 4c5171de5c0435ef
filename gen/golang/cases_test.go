package golang_test

import (
	"encoding/json"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/model"
)

// Cases are the differential test's values for every tool of a catalog:
// the spec's fixtures, then values generated from the model, valid and
// near misses (bounds ±1, wrong types, null, missing required, extra
// properties, lengths, pattern misses, duplicate items, tuple lengths).
func Cases(cat *model.Catalog) []testCase {
	var cases []testCase
	for _, test := range cat.Tests {
		for _, f := range test.Fixtures {
			cases = append(cases, testCase{Tool: f.Tool, Output: f.Output, Value: f.Value})
		}
	}
	for _, tool := range cat.Tools {
		for _, v := range samples(tool.Input, 0) {
			cases = append(cases, testCase{Tool: tool.Name, Value: json.RawMessage(v)})
		}
		if tool.Output != nil {
			for _, v := range samples(tool.Output, 0) {
				cases = append(cases, testCase{Tool: tool.Name, Output: true, Value: json.RawMessage(v)})
			}
		}
		// Syntax: malformed JSON, carried as raw bytes, is refused by both.
		for _, v := range []string{`{`, `{"a":1,}`, `{} {}`, `[1 2]`, `{"a" 1}`, `nul`, `01`, `"\x"`, ``, `{"a":1e}`, `[1,]`, "\"a\x01\"", `-`, `{"a":.5}`} {
			cases = append(cases, testCase{Tool: tool.Name, Raw: []byte(v)})
			if tool.Output != nil {
				cases = append(cases, testCase{Tool: tool.Name, Output: true, Raw: []byte(v)})
			}
		}
	}
	return cases
}

var wrongTypes = []string{`null`, `true`, `"s"`, `1`, `1.5`, `[]`, `{}`}

func q(s string) string { b, _ := json.Marshal(s); return string(b) }

// valid returns one value of t that should validate, when it can.
func valid(t *model.Type) string {
	switch t.Kind {
	case model.String:
		return q(validString(t))
	case model.Integer, model.Number:
		if t.Min != nil {
			return ceil(t.Min)
		}
		if t.Max != nil {
			return floor(t.Max)
		}
		return "0"
	case model.Boolean:
		return "true"
	case model.Any:
		return `{"any":[1]}`
	case model.Enum:
		return t.Enum[0].JSON()
	case model.Array:
		n := 0
		if t.Min != nil {
			n = int(t.Min.Rat.Num().Int64())
		}
		return array(repeatDistinct(t.Elem, n))
	case model.Tuple:
		var items []string
		for _, it := range t.Items {
			items = append(items, valid(it))
		}
		return array(items)
	case model.Map:
		n := 0
		if t.Min != nil {
			n = int(t.Min.Rat.Num().Int64())
		}
		m := map[string]string{}
		for i := 0; i < n; i++ {
			m["k"+strconv.Itoa(i)] = valid(t.Elem)
		}
		return object(m, keys(n))
	case model.Object:
		m := map[string]string{}
		var order []string
		for _, f := range t.Fields {
			if f.Required {
				m[f.Name] = valid(f.Type)
				order = append(order, f.Name)
			}
		}
		return object(m, order)
	}
	return "null"
}

func keys(n int) []string {
	var k []string
	for i := 0; i < n; i++ {
		k = append(k, "k"+strconv.Itoa(i))
	}
	return k
}

// repeatDistinct makes n valid items, distinct where the kind allows.
func repeatDistinct(t *model.Type, n int) []string {
	var items []string
	for i := 0; i < n; i++ {
		v := valid(t)
		switch t.Kind {
		case model.Integer, model.Number:
			if t.Min != nil {
				r := new(big.Rat).Add(t.Min.Rat, big.NewRat(int64(i), 1))
				v = ratText(ceilRat(r))
			} else {
				v = strconv.Itoa(i)
			}
		case model.Any:
			v = strconv.Itoa(i)
		case model.Enum:
			v = t.Enum[i%len(t.Enum)].JSON()
		}
		items = append(items, v)
	}
	return items
}

func validString(t *model.Type) string {
	min := 0
	if t.Min != nil {
		min = int(t.Min.Rat.Num().Int64())
	}
	cands := []string{strings.Repeat("a", max(min, 1)), strings.Repeat("é", max(min, 1)), "@t27_bot", "abcde", "x", ""}
	if t.Pattern != nil {
		re := regexp.MustCompile(*t.Pattern)
		for _, e := range t.Examples {
			var s string
			if json.Unmarshal(e, &s) == nil {
				cands = append([]string{s}, cands...)
			}
		}
		for _, c := range cands {
			if re.MatchString(c) && fitsLen(t, c) {
				return c
			}
		}
	}
	return cands[0]
}

func fitsLen(t *model.Type, s string) bool {
	n := int64(len([]rune(s)))
	return (t.Min == nil || n >= t.Min.Rat.Num().Int64()) && (t.Max == nil || n <= t.Max.Rat.Num().Int64())
}

func ceilRat(r *big.Rat) *big.Rat {
	if r.IsInt() {
		return r
	}
	i := new(big.Int).Quo(r.Num(), r.Denom())
	if r.Sign() > 0 {
		i.Add(i, big.NewInt(1))
	}
	return new(big.Rat).SetInt(i)
}

func ratText(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	return r.FloatString(20)
}

func ceil(n *model.Num) string  { return n.Text }
func floor(n *model.Num) string { return n.Text }

func array(items []string) string { return "[" + strings.Join(items, ",") + "]" }

func object(m map[string]string, order []string) string {
	var parts []string
	for _, k := range order {
		parts = append(parts, q(k)+":"+m[k])
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func addRat(n *model.Num, d *big.Rat) string {
	return ratText(new(big.Rat).Add(n.Rat, d))
}

// samples returns values of t, valid ones and near misses.
func samples(t *model.Type, depth int) []string {
	out := append([]string{valid(t)}, wrongTypes...)
	if depth > 3 {
		return out
	}
	one := big.NewRat(1, 1)
	tenth := big.NewRat(1, 10)
	switch t.Kind {
	case model.String:
		for _, n := range lens(t) {
			out = append(out, q(strings.Repeat("é", n)), q(strings.Repeat("a", n)))
		}
		out = append(out, q("@t27_bot"), q("no match!"), q(`"'`+"`"+`${}*/<>`), `"\u2028\u2029"`, `"\ud800"`, `"a\u0000b"`, `"\\S"`, `"a b"`, q("\xff"))
	case model.Integer, model.Number:
		for _, b := range []*model.Num{t.Min, t.Max} {
			if b != nil {
				out = append(out, b.Text, addRat(b, one), addRat(b, new(big.Rat).Neg(one)), addRat(b, tenth), addRat(b, new(big.Rat).Neg(tenth)))
				if b.IsInt() {
					out = append(out, b.Text+".0", b.Text+"e0", b.Text+".5")
				}
			}
		}
		out = append(out, `0`, `-0`, `1.0`, `1e2`, `1E+2`, `2.5e-1`, `12345678901234567890`, `-12345678901234567890`, `1e30`, `0.1`,
			// Integer-ness and order from digits and exponent.
			`1e400`, `-1e400`, `1e-40`, `150e-2`, `100e-2`, `0.0e5`, `-0.0`, `1.000e3`, `0.5e1`, `12.50e-1`,
			`9223372036854775807`, `9223372036854775808`, `-9223372036854775808`, `-9223372036854775809`, `18446744073709551616`)
		if t.Kind == model.Integer {
			// (A float64 field would round it to 0.)
			out = append(out, `1e-400`)
		}
	case model.Enum:
		for _, v := range t.Enum {
			out = append(out, v.JSON())
			if v.IsInt {
				out = append(out, v.JSON()+".0", strconv.FormatInt(v.Int+100, 10))
			} else {
				out = append(out, q(v.Str+"x"), q(strings.ToUpper(v.Str)))
			}
		}
	case model.Array:
		ev := samples(t.Elem, depth+1)
		for _, e := range ev {
			out = append(out, array([]string{e}), array([]string{valid(t.Elem), e}))
		}
		for _, n := range lens(t) {
			out = append(out, array(repeatDistinct(t.Elem, n)))
		}
		v := valid(t.Elem)
		out = append(out, array([]string{v, v}), array([]string{"1", "1.0"}), array([]string{`{"a":1,"b":2}`, `{"b":2,"a":1}`}))
	case model.Tuple:
		var items []string
		for _, it := range t.Items {
			items = append(items, valid(it))
		}
		out = append(out, array(items[:len(items)-1]), array(append(append([]string{}, items...), "1")))
		for i, it := range t.Items {
			for _, e := range samples(it, depth+1) {
				c := append([]string{}, items...)
				c[i] = e
				out = append(out, array(c))
			}
		}
	case model.Map:
		for _, e := range samples(t.Elem, depth+1) {
			out = append(out, `{"a":`+e+`}`)
		}
		for _, n := range lens(t) {
			m := map[string]string{}
			for _, k := range keys(n) {
				m[k] = valid(t.Elem)
			}
			out = append(out, object(m, keys(n)))
		}
		out = append(out, `{"a":`+valid(t.Elem)+`,"a":null}`, `{"a":null,"a":`+valid(t.Elem)+`}`)
	case model.Object:
		var req []string
		base := map[string]string{}
		for _, f := range t.Fields {
			base[f.Name] = valid(f.Type)
			if f.Required {
				req = append(req, f.Name)
			}
		}
		with := func(name, v string) string {
			m := map[string]string{}
			order := []string{}
			for _, r := range req {
				m[r] = base[r]
				order = append(order, r)
			}
			if _, ok := m[name]; !ok {
				order = append(order, name)
			}
			m[name] = v
			return object(m, order)
		}
		var all []string
		for _, f := range t.Fields {
			all = append(all, f.Name)
			for _, s := range samples(f.Type, depth+1) {
				out = append(out, with(f.Name, s))
			}
			if f.Required {
				m := map[string]string{}
				var order []string
				for _, r := range req {
					if r != f.Name {
						m[r] = base[r]
						order = append(order, r)
					}
				}
				out = append(out, object(m, order))
			}
			// Duplicate keys: the last one counts.
			out = append(out, strings.TrimSuffix(with(f.Name, valid(f.Type)), "}")+","+q(f.Name)+":null}")
			out = append(out, "{"+q(f.Name)+":null,"+strings.TrimPrefix(with(f.Name, valid(f.Type)), "{"))
		}
		out = append(out, with("zz_extra", "1"), object(base, all))
	}
	return out
}

// lens are the counts around a range: min-1, min, max, max+1.
func lens(t *model.Type) []int {
	var n []int
	if t.Min != nil {
		m := int(t.Min.Rat.Num().Int64())
		n = append(n, m, m-1)
	}
	if t.Max != nil && t.Max.Rat.Num().Int64() < 1000 {
		m := int(t.Max.Rat.Num().Int64())
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
