package validate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/big"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/toolspec/toolspec/gen/golang/runtime/formats"
	"github.com/toolspec/toolspec/internal/decimal"
	"github.com/toolspec/toolspec/internal/pattern"
)

// Draft selects the JSON Schema dialect a schema is compiled as.
type Draft int

const (
	Draft2020 Draft = iota
	Draft7
)

// Schema is a compiled schema, with the document it was compiled from
// (freeAt reads it).
type Schema struct {
	s   *jsonschema.Schema
	doc any
}

// Compile compiles one self-contained schema; the formats toolspec
// asserts are asserted.
func Compile(schema []byte, draft Draft) (*Schema, error) { return compile(schema, draft, true) }

// CompileAnnotatedFormats compiles a schema with every format an
// annotation: for the check of a row's default and examples, which
// predates asserted formats (docs/language.md, "Formats").
func CompileAnnotatedFormats(schema []byte, draft Draft) (*Schema, error) {
	return compile(schema, draft, false)
}

func compile(schema []byte, draft Draft, assert bool) (*Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, fmt.Errorf("schema is not JSON: %w", err)
	}
	c := jsonschema.NewCompiler()
	c.UseRegexpEngine(ecmaRegexp)
	// The formats toolspec asserts are asserted, with the functions the
	// generated Go validators use; every other format is an annotation,
	// so it is taken out before the validator sees it.
	if assert {
		c.AssertFormat()
		for _, name := range formats.FormatNames() {
			c.RegisterFormat(&jsonschema.Format{Name: name, Validate: formatCheck(name)})
		}
	}
	doc = schemaDoubles(dropAnnotatedFormats(doc, assert))
	if draft == Draft7 {
		c.DefaultDraft(jsonschema.Draft7)
	} else {
		c.DefaultDraft(jsonschema.Draft2020)
	}
	const url = "mem:///schema.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	s, err := c.Compile(url)
	if err != nil {
		return nil, err
	}
	return &Schema{s, doc}, nil
}

// formatCheck is the JSON Schema format function of an asserted format.
func formatCheck(name string) func(any) error {
	return func(v any) error {
		s, ok := v.(string)
		if !ok {
			return nil
		}
		if ok, _ := formats.ValidFormat(name, s); !ok {
			return fmt.Errorf("not a valid %s", name)
		}
		return nil
	}
}

// dropAnnotatedFormats removes every "format" whose value toolspec does
// not assert. A "format" key holding a schema (a property named format)
// is left alone.
func dropAnnotatedFormats(v any, keepAsserted bool) any {
	switch x := v.(type) {
	case map[string]any:
		if f, ok := x["format"].(string); ok {
			if _, known := formats.ValidFormat(f, ""); !known || !keepAsserted {
				delete(x, "format")
			}
		}
		for k, m := range x {
			x[k] = dropAnnotatedFormats(m, keepAsserted)
		}
	case []any:
		for i, m := range x {
			x[i] = dropAnnotatedFormats(m, keepAsserted)
		}
	}
	return v
}

// ecmaRegexp compiles a pattern with ECMAScript's meaning (JSON Schema's),
// which differs from RE2's only in what `.` matches (internal/pattern).
func ecmaRegexp(p string) (jsonschema.Regexp, error) {
	re, err := regexp.Compile(pattern.RE2(p))
	if err != nil {
		return nil, err
	}
	return written{re, p}, nil
}

// written is a compiled pattern that prints as the schema wrote it.
type written struct {
	*regexp.Regexp
	text string
}

func (w written) String() string { return w.text }

// Failure is one keyword that failed at one instance location.
type Failure struct {
	Keyword string // e.g. "maximum"
	At      string // JSON pointer into the value, "" for the root
	Message string // the validator's words, e.g. "maximum: got 4, want 3"
}

func (f Failure) String() string {
	at := f.At
	if at == "" {
		at = "(root)"
	}
	return fmt.Sprintf("%s at %s", f.Keyword, at)
}

// Validate checks a JSON value. It returns nil when the value is valid and
// otherwise every failing keyword with its instance location, sorted.
func (s *Schema) Validate(value []byte) ([]Failure, error) {
	if n := beyondFloat64(value); n != "" {
		return nil, fmt.Errorf("the number %s has %w: far beyond float64, it means nothing on the wire (docs/servers.md)", clip(n), ErrHugeExponent)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(value))
	if err != nil {
		return nil, fmt.Errorf("value is not JSON: %w", err)
	}
	v = nearestDoubles(v)
	err = s.s.Validate(v)
	if err == nil {
		return nil, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil, err
	}
	var out []Failure
	s.collect(ve, v, &out)
	sort.Slice(out, func(i, j int) bool {
		if out[i].At != out[j].At {
			return out[i].At < out[j].At
		}
		return out[i].Keyword < out[j].Keyword
	})
	return out, nil
}

// collect walks the error tree and keeps the leaves: the keywords that
// failed themselves rather than because a subschema failed; and anyOf
// (a union no variant accepts) beside its variants' leaves, as ajv
// reports it, so that a fixture can say `because anyOf`.
func (s *Schema) collect(ve *jsonschema.ValidationError, root any, out *[]Failure) {
	if path := ve.ErrorKind.KeywordPath(); len(path) == 1 && path[0] == "anyOf" {
		*out = append(*out, Failure{Keyword: "anyOf", At: pointer(ve.InstanceLocation), Message: "anyOf: matches none of the variants"})
	}
	if len(ve.Causes) > 0 {
		for _, c := range ve.Causes {
			s.collect(c, root, out)
		}
		return
	}
	if _, ok := ve.ErrorKind.(*kind.InvalidJsonValue); ok {
		// The only invalid value nearestDoubles makes: a number beyond
		// float64. The library refuses it under any schema it meets; the
		// model refuses it only where a keyword asks for a type (a value
		// the schema leaves free, any, takes it, as JSON.parse's
		// Infinity: docs/servers.md). At an array, uniqueItems met it:
		// the items are compared here, every such number equal to its
		// own infinity.
		if arr, ok := ValueAt(root, ve.InstanceLocation).([]any); ok {
			if i, j := duplicate(arr); j >= 0 {
				*out = append(*out, Failure{Keyword: "uniqueItems", At: pointer(ve.InstanceLocation), Message: fmt.Sprintf("uniqueItems: items at %d and %d are equal", i, j)})
			}
			return
		}
		if !s.freeAt(ve.SchemaURL) {
			*out = append(*out, Failure{Keyword: "type", At: pointer(ve.InstanceLocation), Message: "type: got number beyond float64"})
		}
		return
	}
	path := ve.ErrorKind.KeywordPath()
	kw := ""
	if len(path) > 0 {
		kw = path[len(path)-1]
	}
	// additionalProperties:false reports the false schema itself.
	if kw == "false" || kw == "" {
		for i := len(path) - 1; i >= 0; i-- {
			if path[i] != "false" {
				kw = path[i]
				break
			}
		}
	}
	msg := ve.Error()
	// Leaves read "at '/a': maximum: got 4, want 3"; the location is At.
	if strings.HasPrefix(msg, "at '") {
		if i := strings.Index(msg, "': "); i >= 0 {
			msg = msg[i+3:]
		}
	}
	*out = append(*out, Failure{Keyword: kw, At: pointer(ve.InstanceLocation), Message: msg})
}

// ValueAt is the value at an instance location (a JSON pointer's
// unescaped tokens) of a decoded value, nil when there is none.
func ValueAt(v any, loc []string) any {
	for _, tok := range loc {
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

// duplicate returns the indexes i < j of the first two equal items of a
// (JSON equality, numbers by exact value, beyond float64 by sign), or
// -1, -1.
func duplicate(a []any) (int, int) {
	seen := map[string]int{}
	for j, x := range a {
		k := canon(x)
		if i, ok := seen[k]; ok {
			return i, j
		}
		seen[k] = j
	}
	return -1, -1
}

// canon is a text of a decoded value that equal values share.
func canon(v any) string {
	switch x := v.(type) {
	case beyond:
		return string(x)
	case json.Number:
		if r, ok := new(big.Rat).SetString(string(x)); ok {
			return r.RatString()
		}
		return string(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = canon(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = strconv.Quote(k) + ":" + canon(x[k])
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// beyond is a number whose magnitude float64 does not hold, "+Inf" or
// "-Inf": no JSON value to the library (it refuses it where it validates
// it, and fails to compare it for uniqueItems; collect then decides).
type beyond string

// freeAt reports whether the schema at url (the library's absolute
// schema location, mem:///schema.json#/properties/a) leaves its value
// free: no type, enum or const, in itself or in an anyOf variant.
func (s *Schema) freeAt(url string) bool {
	_, frag, _ := strings.Cut(url, "#")
	node := s.doc
	for tok := range strings.SplitSeq(strings.TrimPrefix(frag, "/"), "/") {
		if tok == "" {
			continue
		}
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch n := node.(type) {
		case map[string]any:
			node = n[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n) {
				return false
			}
			node = n[i]
		default:
			return false
		}
	}
	return free(node)
}

func free(schema any) bool {
	switch n := schema.(type) {
	case bool:
		return n
	case map[string]any:
		for _, k := range []string{"type", "enum", "const"} {
			if _, ok := n[k]; ok {
				return false
			}
		}
		if variants, ok := n["anyOf"].([]any); ok {
			for _, v := range variants {
				if !free(v) {
					return false
				}
			}
		}
		return true
	}
	return false
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		t = strings.ReplaceAll(t, "~", "~0")
		b.WriteString(strings.ReplaceAll(t, "/", "~1"))
	}
	return b.String()
}

// ErrHugeExponent is wrapped by the error Validate returns for a value
// holding a non-zero number whose exponent is beyond ±MaxExponent: the
// JSON Schema library crashes on such a number (math/big), and no JSON
// reader holds it.
var ErrHugeExponent = errors.New("an exponent beyond ±100000")

// MaxExponent bounds the decimal exponent of a non-zero number Validate
// hands to the JSON Schema library; 1e400 is validated as written.
const MaxExponent = 100000

// beyondFloat64 returns the first non-zero number of the JSON text value
// whose exponent is beyond ±MaxExponent, else "". Exponents are read
// without expanding the number.
func beyondFloat64(value []byte) string {
	if !mayHaveHugeExponent(value) {
		return ""
	}
	d := json.NewDecoder(bytes.NewReader(value))
	d.UseNumber()
	for {
		tok, err := d.Token()
		if err != nil {
			return ""
		}
		n, ok := tok.(json.Number)
		if !ok {
			continue
		}
		num := decimal.Parse(string(n))
		if num == nil || num.Sign() == 0 {
			continue
		}
		if e, ok := num.Exponent(); !ok || e > MaxExponent || e < -MaxExponent {
			return string(n)
		}
	}
}

// mayHaveHugeExponent is false when no number of the JSON text value can
// have an exponent beyond ±MaxExponent, read from the bytes alone: a
// number written without an exponent part has fewer digits than the text
// has bytes, and a number token with one has a digit just before its e or
// E. Most values (50, "fast", [1, 2]) need no decoder then.
func mayHaveHugeExponent(value []byte) bool {
	if len(value) > MaxExponent {
		return true
	}
	for i := 1; i < len(value); i++ {
		if c := value[i]; (c == 'e' || c == 'E') && '0' <= value[i-1] && value[i-1] <= '9' {
			return true
		}
	}
	return false
}

// nearestDoubles applies the servers' number model (docs/servers.md, "One
// number and one string model") to a decoded value: a number is the
// double nearest to it, as JSON.parse reads it. One whose magnitude float64
// does not hold becomes beyond ±Inf, which the library refuses as no JSON
// value (collect reports it as type where a type is asked for, and
// nothing in a free value); a non-zero one nearer to 0 than the smallest
// double becomes 0. Other numbers become their double too (double), so
// 2.50000000000000000001 is 2.5, as for JSON.parse and the generated
// validators of both languages.
func nearestDoubles(v any) any {
	return mapNumbers(v, func(n json.Number) any {
		f, err := strconv.ParseFloat(string(n), 64)
		switch {
		case err != nil && math.IsInf(f, 0):
			if f > 0 {
				return beyond("+Inf")
			}
			return beyond("-Inf")
		case f != 0:
			return double(n, f)
		case isZero(string(n)):
			return n // 0 as written
		}
		if strings.HasPrefix(string(n), "-") {
			return json.Number("-0")
		}
		return json.Number("0")
	})
}

// mapNumbers replaces, in place, every number of a decoded value with
// what f makes of it.
func mapNumbers(v any, f func(json.Number) any) any {
	switch v := v.(type) {
	case json.Number:
		return f(v)
	case []any:
		for i, x := range v {
			v[i] = mapNumbers(x, f)
		}
	case map[string]any:
		for k, x := range v {
			v[k] = mapNumbers(x, f)
		}
	}
	return v
}

// double is a finite number f, written n, as the double nearest to it:
// n itself when it has at most 15 significant digits (a double keeps
// those exactly), else the shortest text of f.
func double(n json.Number, f float64) json.Number {
	digits := 0
	for _, c := range n {
		if c == 'e' || c == 'E' {
			break
		}
		if c >= '0' && c <= '9' {
			digits++
		}
	}
	if digits <= 15 {
		return n
	}
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
}

// schemaDoubles reads the schema's own numbers (bounds, enum values,
// multipleOf) as doubles, as ajv and the generated validators do: a bound
// 9223372036854775807 is 2^63 to all of them.
func schemaDoubles(v any) any {
	return mapNumbers(v, func(n json.Number) any {
		if f, err := strconv.ParseFloat(string(n), 64); err == nil && f != 0 {
			return double(n, f)
		}
		return n
	})
}

func isZero(n string) bool {
	d := decimal.Parse(n)
	return d == nil || d.Sign() == 0
}

// clip cuts a number's text for a message.
func clip(s string) string {
	if len(s) > 64 {
		return s[:64] + "..."
	}
	return s
}
