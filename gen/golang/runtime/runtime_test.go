package runtime

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestMultipleOf(t *testing.T) {
	for _, c := range []struct {
		v, m string
		want bool
	}{
		{"0.3", "0.1", true},
		{"0.35", "0.1", false},
		{"-0.3", "0.1", true},
		{"0", "0.7", true},
		{"8", "2", true},
		{"7", "2", false},
		{"4.5", "1.5", true},
		{"4.6", "1.5", false},
		{"12.5", "2.5", true},
		{"0.0001", "0.001", false},
		{"1e-5", "1e-6", true},
		{"10", "0.0625", true},
		{"0.1", "0.0625", false},
		{"0.5", "0.25", true},
		{"0.125", "0.25", false},
		{"1e999999", "2", true},
		{"1e999999", "3", false},
		{"3e999999", "3", true},
		{"1e-999999", "3", false},
		{"3e-999999", "3", false},
		{"1e99999999999999999999", "7", false},
		{"7e99999999999999999999", "7", true},
		{"123456789012345678901", "123456789012345678901", true},
		{"246913578024691357802", "123456789012345678901", true},
		{"246913578024691357803", "123456789012345678901", false},
		{"12.3456789012345678901", "1.23456789012345678901", true},
	} {
		if got := tsMultiple(tsDecimal([]byte(c.v)), tsDecimal([]byte(c.m))); got != c.want {
			t.Errorf("%s multipleOf %s: got %v, want %v", c.v, c.m, got, c.want)
		}
	}
}

// TestMultipleOfRat holds tsMultiple to big.Rat arithmetic on random
// decimals.
func TestMultipleOfRat(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	dec := func() string {
		s := fmt.Sprint(r.IntN(2000) - 1000)
		if r.IntN(2) == 0 {
			s += fmt.Sprintf("e%d", r.IntN(9)-4)
		}
		return s
	}
	for range 20000 {
		v, m := dec(), dec()
		if strings.HasPrefix(m, "-") || strings.HasPrefix(m, "0") {
			continue
		}
		rv, _ := new(big.Rat).SetString(v)
		rm, _ := new(big.Rat).SetString(m)
		want := new(big.Rat).Quo(rv, rm).IsInt()
		if got := tsMultiple(tsDecimal([]byte(v)), tsDecimal([]byte(m))); got != want {
			t.Fatalf("%s multipleOf %s: got %v, want %v", v, m, got, want)
		}
	}
}

func TestValidate(t *testing.T) {
	const schema = `{"type":"object","properties":{` +
		`"a":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1.5},` +
		`"m":{"type":"number","multipleOf":0.1},` +
		`"i":{"type":["integer","null"],"minimum":-5,"multipleOf":3},` +
		`"e":{"type":"string","enum":["x","y"]},` +
		`"p":{"type":"string","pattern":"^a+$"},` +
		`"map":{"type":"object","additionalProperties":{"type":"integer"},"maxProperties":1},` +
		`"any":{}},"required":["a"],"additionalProperties":false}`
	n := tsCompile(schema)
	for _, c := range []struct{ in, want string }{
		{`{"a": 1}`, ""},
		{`{"a": 0}`, "/a: exclusiveMinimum: 0 is not greater than 0"},
		{`{"a": 1.5}`, "/a: exclusiveMaximum: 1.5 is not less than 1.5"},
		// One number model (docs/servers.md): a number is the double
		// nearest to it, as JSON.parse reads it; none is beyond float64.
		{`{"a": 1.49999999999999999999}`, "/a: exclusiveMaximum: 1.5 is not less than 1.5"},
		{`{"a": 1.4999999999999998}`, ""},
		{`{"a": 1e-400}`, "/a: exclusiveMinimum: 0 is not greater than 0"},
		{`{"a": 1, "m": -1e-400}`, ""},
		{`{"a": 1, "i": 1e-400}`, ""},
		{`{"a": 1, "i": 2e-324}`, ""},
		{`{"a": 1, "i": 5e-324}`, "/i: type: got number, want integer or null; /i: multipleOf: 5e-324 is not a multiple of 3"},
		{`{"a": 1e400}`, "/a: type: got number beyond float64, want number"},
		{`{"a": 1, "m": -1.7976931348623159e308}`, "/m: type: got number beyond float64, want number"},
		{`{"a": 1, "m": 1.7976931348623157e308}`, ""}, // the largest double
		{`{"a": 1, "i": 1e99999999999999999999}`, "/i: type: got number beyond float64, want integer or null"},
		{`{"a": 1, "e": 1e400}`, "/e: type: got number beyond float64, want string; /e: enum: Infinity is not one of the allowed values"},
		{`{"a": 1, "any": 1e400}`, ""},
		// A lone surrogate is U+FFFD: two such keys are one.
		{`{"a": 1, "map": {"\ud800": 1, "\ud801": 2}}`, ""},
		{`{"a": 1, "map": {"\ud800": 1, "\ud801": "x"}}`, "/map/\ufffd: type: got string, want integer"},
		{`{"a": 1, "e": "\udc00"}`, "/e: enum: \"\ufffd\" is not one of the allowed values"},
		{`{"a": 1, "m": 0.3}`, ""},
		{`{"a": 1, "m": 0.35}`, "/m: multipleOf: 0.35 is not a multiple of 0.1"},
		{`{"a": 1, "i": 9}`, ""},
		{`{"a": 1, "i": null}`, ""},
		{`{"a": 1, "i": -6}`, "/i: minimum: -6 is less than -5"},
		{`{"a": 1, "i": 4}`, "/i: multipleOf: 4 is not a multiple of 3"},
		{`{"a": 1, "i": 4.5}`, "/i: type: got number, want integer or null; /i: multipleOf: 4.5 is not a multiple of 3"},
		{`{"a": 1, "e": "z"}`, `/e: enum: "z" is not one of the allowed values`},
		{`{"a": 1, "map": {"k": 1, "k": 2}}`, ""},
		{`{"a": 1, "map": {"k": 1, "l": 2}}`, "/map: maxProperties: 2 properties, want at most 1"},
		{`{"a": 1, "map": {"k": "s"}}`, "/map/k: type: got string, want integer"},
		{`{"a": 1, "any": {"k": [1, {"x": null}]}}`, ""},
		{`{"a": 1, "b": 1}`, `(root): additionalProperties: property "b" is not allowed`},
		{`{}`, `(root): required: missing property "a"`},
	} {
		err := tsValidate([]byte(c.in), n)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.in, got, c.want)
		}
	}
}

// TestEveryProblem: a value's problems are all named, in the order of the
// JavaScript validators (required, properties in schema order, unknown
// properties; an array's count before its items, uniqueItems last), a
// repeated key's earlier value forgotten, at most MaxProblems listed.
func TestEveryProblem(t *testing.T) {
	n := tsCompile(`{"type":"object","properties":{` +
		`"chat":{"type":"string","minLength":3,"pattern":"^@"},` +
		`"e":{"type":"string","enum":["x","y"]},` +
		`"n":{"type":"integer","enum":[1,2],"minimum":2},` +
		`"list":{"type":"array","items":{"type":"integer","maximum":5},"minItems":3,"uniqueItems":true},` +
		`"map":{"type":"object","additionalProperties":{"type":"object","properties":{"x":{"type":"integer"}},"required":["x"]},"maxProperties":1}},` +
		`"required":["chat","e"],"additionalProperties":false}`)
	for _, c := range []struct{ in, want string }{
		{`{"text":"hi","nope":1}`, `(root): required: missing property "chat"; (root): required: missing property "e"; ` +
			`(root): additionalProperties: property "text" is not allowed; (root): additionalProperties: property "nope" is not allowed`},
		{`{"nope":1,"e":"z","chat":"a"}`, `/chat: minLength: length 1 is less than 3; ` +
			`/e: enum: "z" is not one of the allowed values; (root): additionalProperties: property "nope" is not allowed`},
		{`{"chat":"@abc","e":5,"n":1.5}`, `/e: type: got number, want string; /e: enum: 5 is not one of the allowed values; ` +
			`/n: type: got number, want integer; /n: enum: 1.5 is not one of the allowed values; /n: minimum: 1.5 is less than 2`},
		{`{"chat":"@abc","e":"x","e":"q","chat":"@abcd","e":"y","x":1,"x":2}`, `(root): additionalProperties: property "x" is not allowed`},
		{`{"chat":"@abc","e":"x","list":[9,9]}`, `/list: minItems: 2 items, want at least 3; /list/0: maximum: 9 is greater than 5; ` +
			`/list/1: maximum: 9 is greater than 5; /list: uniqueItems: items at 0 and 1 are equal`},
		{`{"chat":"@abc","e":"x","map":{"a":{},"b":{"x":"s"},"a":{"x":1}}}`, `/map/b/x: type: got string, want integer; /map: maxProperties: 2 properties, want at most 1`},
		{`{"chat":"@abc","e":null,"list":"s"}`, `/e: type: got null, want string; /e: enum: null is not one of the allowed values; /list: type: got string, want array`},
	} {
		err := tsValidate([]byte(c.in), n)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.in, got, c.want)
		}
	}
	var many strings.Builder
	many.WriteString(`{"chat":"@abc","e":"x","list":[`)
	for i := range 150 {
		if i > 0 {
			many.WriteByte(',')
		}
		many.WriteString(strconv.Itoa(100 + i))
	}
	many.WriteString(`]}`)
	err := tsValidate([]byte(many.String()), n)
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != MaxProblems || !ve.Truncated || ve.Problems[0].Pointer != "/list/0" || ve.Problems[0].Keyword != "maximum" {
		t.Fatalf("150 problems: %#v", err)
	}
	if !strings.HasSuffix(err.Error(), "; and 80 more problems; (more not counted)") || strings.Count(err.Error(), "maximum:") != MaxShown {
		t.Errorf("150 problems: %s", err)
	}
}

// TestBooleanSchemas: true allows any value, false none (a tuple's items
// may be either).
func TestBooleanSchemas(t *testing.T) {
	n := tsCompile(`{"type":"object","properties":{"a":true,"b":false}}`)
	if err := tsValidate([]byte(`{"a": [1, {}]}`), n); err != nil {
		t.Error(err)
	}
	if err := tsValidate([]byte(`{"b": 1}`), n); err == nil || err.Error() != "/b: false: no value is allowed here" {
		t.Errorf("got %v", err)
	}
}

// TestQuoteLimit: a message quotes at most MaxQuote characters of any
// input string, however long the key, enum value or string that failed,
// and a number as the double nearest to it.
func TestQuoteLimit(t *testing.T) {
	n := tsCompile(`{"type":"object","properties":{"e":{"type":"string","enum":["x"]},` +
		`"p":{"type":"string","pattern":"^a$"},"m":{"type":"object","additionalProperties":{"type":"integer","maximum":5}}},` +
		`"additionalProperties":false}`)
	huge := strings.Repeat("é", 1<<20) // 2 MB
	for _, in := range []string{
		`{"` + huge + `": 1}`,
		`{"e": "` + huge + `"}`,
		`{"p": "` + huge + `"}`,
		`{"m": {"` + huge + `": "s"}}`,
	} {
		err := tsValidate([]byte(in), n)
		if err == nil || len(err.Error()) > 2*MaxQuote+100 || !strings.Contains(err.Error(), "...") {
			msg := fmt.Sprint(err)
			t.Errorf("%.40s…: message of %d bytes: %.200s", in, len(msg), msg)
		}
	}
	if s, want := tsQuote("aé"+strings.Repeat("é", MaxQuote)), `"a`+strings.Repeat("é", MaxQuote-1)+`"...`; s != want {
		t.Errorf("tsQuote cut %q, want %q", s, want)
	}
	if err := tsValidate([]byte(`{"m": {"k": 1`+strings.Repeat("0", 300)+`}}`), n); err == nil || err.Error() != "/m/k: maximum: 1e+300 is greater than 5" {
		t.Errorf("a 301-digit number: %v", err)
	}
}

func TestDepth(t *testing.T) {
	n := tsCompile(`{}`)
	for depth, ok := range map[int]bool{MaxDepth: true, MaxDepth + 1: false} {
		in := strings.Repeat("[", depth) + strings.Repeat("]", depth)
		err := tsValidate([]byte(in), n)
		var de tsDepthError
		if ok != (err == nil) || !ok && !errors.As(err, &de) {
			t.Errorf("depth %d: %v", depth, err)
		}
	}
}

// TestDedup: an any value keeps its bytes unless an object in it repeats
// a key; then each key keeps its first place and its last value, keys
// compared as decoded.
func TestDedup(t *testing.T) {
	for in, want := range map[string]string{
		`{"a": 1, "b": [1, 2]}`:                `{"a": 1, "b": [1, 2]}`,
		`{"a":1,"b":2,"a":3}`:                  `{"a":3,"b":2}`,
		`{"a": 1, "\u0061": {"x": 1, "x": 2}}`: `{"a":{"x":2}}`,
		`[{"k": 1, "k": {"k": 0, "k": 9}}, 2]`: `[{"k":{"k":9}},2]`,
		`"{\"a\":1,\"a\":2}"`:                  `"{\"a\":1,\"a\":2}"`,
	} {
		d := &tsDecoder{data: []byte(in)}
		d.path = d.pathBuf[:0]
		if got := string(d.raw(nil)); got != want {
			t.Errorf("%s: got %s, want %s", in, got, want)
		}
	}
}

// TestListPieces: a tool with a title, an output and annotations is
// assembled as each profile writes it; profile 3 is profile 2's tools.
func TestListPieces(t *testing.T) {
	c := tsNewCatalog("s", "h", `"k"`, [3]string{"h/p1", "h/p2", "h/p3"}, [][6]string{
		{"a", `{"name":"a","description":"d","inputSchema":`, `{"name":"a","title":"T","description":"d","inputSchema":`, `{"type":"object"}`, `{"type":"object"}`, `{"readOnlyHint":true}`},
		{"b", `{"name":"b","description":"e","inputSchema":`, ``, `{}`, ``, ``},
	}, [3]string{`],"_meta":{"k":"h/p1"}}`, `],"_meta":{"k":"h/p2"}}`, `],"ttlMs":1,"_meta":{"k":"h/p3"}}`})
	want1 := `{"tools":[{"name":"a","description":"d","inputSchema":{"type":"object"}},{"name":"b","description":"e","inputSchema":{}}],"_meta":{"k":"h/p1"}}`
	want2 := `{"tools":[{"name":"a","title":"T","description":"d","inputSchema":{"type":"object"},"outputSchema":{"type":"object"},"annotations":{"readOnlyHint":true}},{"name":"b","description":"e","inputSchema":{}}],"_meta":{"k":"h/p2"}}`
	if got := string(c.list(1)); got != want1 {
		t.Errorf("profile 1: %s", got)
	}
	if got := string(c.list(2)); got != want2 {
		t.Errorf("profile 2: %s", got)
	}
	if got, want := string(c.list(3)), strings.Replace(want2, `],"_meta":{"k":"h/p2"}}`, `],"ttlMs":1,"_meta":{"k":"h/p3"}}`, 1); got != want {
		t.Errorf("profile 3: %s", got)
	}
	b := c.list(1)
	b[0] = 'x'
	if c.list(1)[0] != '{' {
		t.Error("list returns a shared slice")
	}
}

// TestMapCount: minProperties and maxProperties count distinct keys, past
// the few a decoder keeps without a map.
func TestMapCount(t *testing.T) {
	n := tsCompile(`{"type":"object","additionalProperties":{"type":"integer"},"minProperties":10,"maxProperties":10}`)
	obj := func(keys ...string) string {
		var b strings.Builder
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%q: %d", k, i)
		}
		return "{" + b.String() + "}"
	}
	ten := strings.Split("a b c d e f g h i j", " ")
	for in, ok := range map[string]bool{
		obj(ten...): true,
		obj(slices.Concat(ten, []string{"a", "j"})...): true,
		obj(slices.Concat(ten[:9], []string{"a"})...):  false,
		obj(slices.Concat(ten[:9], ten[:9])...):        false,
		obj(slices.Concat(ten, []string{"k"})...):      false,
		obj(slices.Concat([]string{"j"}, ten, ten)...): true,
	} {
		if err := tsValidate([]byte(in), n); (err == nil) != ok {
			t.Errorf("%s: %v", in, err)
		}
	}
}

// TestNestedUnique: arrays with uniqueItems inside one another keep their
// item spans on one stack in the decoder; each compares only its own.
func TestNestedUnique(t *testing.T) {
	n := tsCompile(`{"type":"array","items":{"type":"array","items":{"type":"integer"},"uniqueItems":true},"uniqueItems":true}`)
	for _, c := range []struct{ in, want string }{
		{`[[1,2],[2,1]]`, ""},
		{`[[1,2],[1,2.0]]`, "(root): uniqueItems: items at 0 and 1 are equal"},
		{`[[1,1],[2]]`, "/0: uniqueItems: items at 0 and 1 are equal"},
		{`[[3],[1,2,1],[3]]`, "/1: uniqueItems: items at 0 and 2 are equal; (root): uniqueItems: items at 0 and 2 are equal"},
	} {
		got := ""
		if err := tsValidate([]byte(c.in), n); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.in, got, c.want)
		}
	}
}

// TestIntRange: num takes an int64 within [lo, hi] without checking the
// bounds one by one; at and beyond the edges every bound still decides.
func TestIntRange(t *testing.T) {
	for _, c := range []struct {
		schema string
		ok     []string
		bad    []string
	}{
		{`{"type":"integer","exclusiveMinimum":5,"exclusiveMaximum":10}`, []string{"6", "9", "6.0", "90e-1"}, []string{"5", "10", "-3", "100000000000000000000", "5.5"}},
		{`{"type":"integer","minimum":5,"maximum":10}`, []string{"5", "10"}, []string{"4", "11"}},
		// Bounds and values are doubles, as JSON.parse reads them:
		// 9223372036854775807 and 9223372036854775808 are both 2^63, and
		// the next double is 2^63 + 2048.
		{`{"type":"integer","minimum":-9223372036854775808,"maximum":9223372036854775807}`, []string{"-9223372036854775808", "0", "9223372036854775807", "9223372036854775808", "-9223372036854775809"}, []string{"9223372036854777856", "-9223372036854777856"}},
		{`{"type":"integer","exclusiveMinimum":9223372036854775807}`, []string{"9223372036854777856"}, []string{"9223372036854775808", "9223372036854775807", "0"}},
		{`{"type":"integer","exclusiveMaximum":-9223372036854775808}`, []string{"-9223372036854777856"}, []string{"-9223372036854775809", "-9223372036854775808", "0"}},
		{`{"type":"integer","maximum":9007199254740992}`, []string{"9007199254740993"}, []string{"9007199254740994"}},
		{`{"type":"number","minimum":0.5,"maximum":2}`, []string{"1", "2", "0.5"}, []string{"0", "3"}},
		{`{"type":"integer","minimum":1,"multipleOf":2}`, []string{"2", "4"}, []string{"3", "0"}},
		{`{"type":"integer","enum":[1,3]}`, []string{"1", "3"}, []string{"2"}},
	} {
		n := tsCompile(c.schema)
		for _, in := range c.ok {
			if err := tsValidate([]byte(in), n); err != nil {
				t.Errorf("%s: %s: %v", c.schema, in, err)
			}
		}
		for _, in := range c.bad {
			if err := tsValidate([]byte(in), n); err == nil {
				t.Errorf("%s: %s accepted", c.schema, in)
			}
		}
	}
}

// TestNegativeZero: -0 decodes to the float -0, as strconv reads it.
func TestNegativeZero(t *testing.T) {
	d := tsGetDecoder([]byte("-0"))
	defer tsPutDecoder(d)
	if f := d.f64(tsCompile(`{"type":"number"}`)); f != 0 || !math.Signbit(f) {
		t.Errorf("got %v", f)
	}
}

// TestInRangeAgreesWithNum: whatever inRange takes, num takes too, with
// the same value and end and no problem; what it leaves, it does not read.
func TestInRangeAgreesWithNum(t *testing.T) {
	nodes := []*tsNode{
		tsCompile(`{"type":"integer"}`),
		tsCompile(`{"type":"integer","minimum":-5,"exclusiveMaximum":300}`),
		tsCompile(`{"type":"number","maximum":1000000000000000000}`),
		tsCompile(`{"type":"number","minimum":0.5}`),
	}
	tokens := []string{"0", "-0", "01", "-01", "7", "-5", "-6", "299", "300", "1e2", "1.0", "1E2", "-", "",
		"123456789012345678", "1234567890123456789", "-12345678901234567", "-123456789012345678",
		"999999999999999999", "9223372036854775807", "12x", "5 ", "5,", "5]"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		tok := []byte(strconv.FormatUint(r.Uint64(), 10) + strconv.FormatUint(r.Uint64(), 10))[:1+r.IntN(22)]
		if r.IntN(2) == 0 {
			tok = append([]byte{'-'}, tok...)
		}
		tokens = append(tokens, string(tok))
	}
	for _, n := range nodes {
		for _, tok := range tokens {
			d := tsGetDecoder([]byte(tok))
			i, ok := d.inRange(n)
			end := d.pos
			tsPutDecoder(d)
			if !ok {
				if end != 0 && strings.TrimLeft(tok, " ") == tok {
					t.Errorf("%q: inRange read to %d and refused", tok, end)
				}
				continue
			}
			d = tsGetDecoder([]byte(tok))
			v, numOK := d.num(n)
			if !numOK || !v.small || v.i != i || d.pos != end || d.found != 0 {
				t.Errorf("%q: inRange %d to %d; num %+v to %d, %d problems", tok, i, end, v, d.pos, d.found)
			}
			tsPutDecoder(d)
		}
	}
}

// TestPlanMismatchIsAnError: a Go type the plan cannot fill (a generator
// bug) makes every Decode return an error naming the type, never panic,
// the first call or a later one.
func TestPlanMismatchIsAnError(t *testing.T) {
	c := &tsCatalog{
		tools:   []tsTool{{name: "t", in: `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`}},
		schemas: make([]tsSchemas, 1),
	}
	type wrong struct{ A chan int }
	for range 2 {
		err := tsDecode(c, 0, []byte(`{"a":"x"}`), new(wrong))
		if err == nil || !strings.Contains(err.Error(), "cannot decode into runtime.wrong") {
			t.Fatalf("err = %v", err)
		}
	}
	type right struct{ A *string }
	if err := tsPrepare(&tsSchemas{in: tsCompile(c.tools[0].in)}, reflect.TypeFor[right]()); err != nil {
		t.Fatal(err)
	}
}

// TestQuoteAndNumber: strings are quoted as JSON.stringify quotes them and
// numbers shown as JavaScript's String shows them (gen/message); the
// differential test of gen/golang holds both to node.
func TestQuoteAndNumber(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a\"b\\c", `"a\"b\\c"`},
		{"\b\f\n\r\t\x00\x1f\x7f", `"\b\f\n\r\t\u0000\u001f` + "\x7f\""},
		{"é\u2028<>&", "\"é\u2028<>&\""},
		{"a\xffb", "\"a\ufffdb\""},
	} {
		if got := tsQuote(c.in); got != c.want {
			t.Errorf("tsQuote(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	for _, c := range []struct {
		in   float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {1.5, "1.5"}, {100, "100"}, {-42, "-42"},
		{1e21, "1e+21"}, {1e20, "100000000000000000000"}, {123e18, "123000000000000000000"},
		{1.5e21, "1.5e+21"}, {1e-6, "0.000001"}, {1e-7, "1e-7"}, {1.25e-7, "1.25e-7"},
		{0.1, "0.1"}, {5e-324, "5e-324"}, {math.MaxFloat64, "1.7976931348623157e+308"},
		{9007199254740993, "9007199254740992"}, {123.456, "123.456"}, {math.Inf(-1), "-Infinity"},
	} {
		if got := tsNumber(c.in); got != c.want {
			t.Errorf("tsNumber(%v) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestOneInTheSingular: a count of 1 takes the message's One text.
func TestOneInTheSingular(t *testing.T) {
	for _, c := range []struct {
		m    tsMsg
		n    int
		want string
	}{
		{tsMsgMinItems, 1, "1 item, want at least 3"},
		{tsMsgMinItems, 2, "2 items, want at least 3"},
		{tsMsgMinItems, 0, "0 items, want at least 3"},
		{tsMsgMaxProperties, 1, "1 property, want at most 3"},
		{tsMsgMinLength, 1, "length 1 is less than 3"},
	} {
		if got := c.m.format(c.n, "3"); got != c.want {
			t.Errorf("%q with %d: %q, want %q", c.m.text, c.n, got, c.want)
		}
	}
	if got := tsMsgMore.format(1); got != "and 1 more problem" {
		t.Errorf("More with 1: %q", got)
	}
}
