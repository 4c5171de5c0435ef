package descriptor

import (
	"fmt"

	"github.com/toolspec/toolspec/lang/diag"
)

// Kind is the kind column of a row.
type Kind uint8

// The kinds, in the order the docs list them.
const (
	String Kind = iota + 1
	Integer
	Number
	Boolean
	Any
	Enum
	Array
	Tuple
	Object
	Map
	Union
)

// KindInfo describes one kind.
type KindInfo struct {
	Kind Kind
	// Keyword is the word that starts the kind in a row.
	Keyword string
	// Written is how the docs show the kind with its operands.
	Written string
	// Schema is the JSON Schema the kind becomes, as the docs show it.
	Schema string
	// JSONType is the JSON type of the kind's values: "" for any, and for
	// enum, whose values decide.
	JSONType string
	// Scalar kinds are the keyword alone, with no operand.
	Scalar bool
	// MinKey and MaxKey are the keywords a range becomes; "" when the kind
	// takes no range.
	MinKey, MaxKey string
	// Mutants are the mutation operators made from the kind itself
	// (those made from its modifiers are on the modifiers).
	Mutants []string
}

// Kinds lists every kind, indexed by Kind (index 0 is unused).
var Kinds = [...]KindInfo{
	String: {Kind: String, Keyword: "string", Written: "string", Schema: `{"type":"string"}`,
		JSONType: "string", Scalar: true, MinKey: "minLength", MaxKey: "maxLength"},
	Integer: {Kind: Integer, Keyword: "integer", Written: "integer", Schema: `{"type":"integer"}`,
		JSONType: "integer", Scalar: true, MinKey: "minimum", MaxKey: "maximum", Mutants: []string{OpIntegerToNumber}},
	Number: {Kind: Number, Keyword: "number", Written: "number", Schema: `{"type":"number"}`,
		JSONType: "number", Scalar: true, MinKey: "minimum", MaxKey: "maximum"},
	Boolean: {Kind: Boolean, Keyword: "boolean", Written: "boolean", Schema: `{"type":"boolean"}`,
		JSONType: "boolean", Scalar: true},
	Any: {Kind: Any, Keyword: "any", Written: "any", Schema: `{}`, Scalar: true},
	Enum: {Kind: Enum, Keyword: "enum", Written: "enum(a, b)` / `enum(1, 2)",
		Schema:  `{"type":"string","enum":["a","b"]}` + "` / `" + `{"type":"integer","enum":[1,2]}`,
		Mutants: []string{OpDropEnumValue, OpAddEnumValue}},
	Array: {Kind: Array, Keyword: "array", Written: "array<T>", Schema: `{"type":"array","items":T}`,
		JSONType: "array", MinKey: "minItems", MaxKey: "maxItems"},
	Tuple: {Kind: Tuple, Keyword: "tuple", Written: "tuple<A, B>",
		Schema:   `{"type":"array","prefixItems":[A,B],"items":I,"minItems":2,"maxItems":2}`,
		JSONType: "array", Mutants: []string{OpDropTupleMember}},
	Object: {Kind: Object, Keyword: "object", Written: "object { rows }",
		Schema:   `{"type":"object","properties":{...},"required":[...],"additionalProperties":false}`,
		JSONType: "object", Mutants: []string{OpOpenObject}},
	Map: {Kind: Map, Keyword: "map", Written: "map<T>", Schema: `{"type":"object","additionalProperties":T}`,
		JSONType: "object", MinKey: "minProperties", MaxKey: "maxProperties"},
	Union: {Kind: Union, Keyword: "union", Written: "union<A, B>", Schema: `{"anyOf":[A,B]}`,
		Mutants: []string{OpDropVariant}},
}

func (k Kind) String() string {
	if k > 0 && int(k) < len(Kinds) {
		return Kinds[k].Keyword
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// BoundKeywords names the JSON Schema keywords a range becomes for a kind:
// lengths for strings, values for numbers, item counts for arrays, property
// counts for maps. Both are "" for kinds that take no range.
func (k Kind) BoundKeywords() (min, max string) {
	if k > 0 && int(k) < len(Kinds) {
		return Kinds[k].MinKey, Kinds[k].MaxKey
	}
	return "", ""
}

// KindOf returns the kind written with keyword, or 0.
func KindOf(keyword string) Kind { return kindByKeyword[keyword] }

var kindByKeyword = func() map[string]Kind {
	m := make(map[string]Kind, len(Kinds))
	for _, k := range Kinds[1:] {
		m[k.Keyword] = k.Kind
	}
	return m
}()

// KindKeywords lists the kinds' keywords in order.
func KindKeywords() []string {
	out := make([]string, 0, len(Kinds)-1)
	for _, k := range Kinds[1:] {
		out = append(out, k.Keyword)
	}
	return out
}

// Numeric reports whether the kind's values are numbers.
func (k Kind) Numeric() bool { return k == Integer || k == Number }

// KindSet is a set of kinds.
type KindSet uint16

// Of returns the set of the kinds given.
func Of(kinds ...Kind) KindSet {
	var s KindSet
	for _, k := range kinds {
		s |= 1 << k
	}
	return s
}

// Has reports whether k is in the set.
func (s KindSet) Has(k Kind) bool { return s&(1<<k) != 0 }

// every is the set of all kinds.
var every = func() KindSet {
	var s KindSet
	for _, k := range Kinds[1:] {
		s |= Of(k.Kind)
	}
	return s
}()

// Operand is what follows a modifier's keyword.
type Operand uint8

const (
	NoOperand     Operand = iota
	RangeOperand          // A..B, A.. or ..B, with no keyword
	NumberOperand         // a JSON number
	StringOperand         // a string literal
	WordOperand           // an identifier (a format name, a location)
	JSONOperand           // an inline JSON value
)

// Modifier describes one modifier.
type Modifier struct {
	// Keyword is the word that writes the modifier; "range" stands for
	// A..B, which has none.
	Keyword string
	Operand Operand
	// Expects names the operand in a syntax error: `expected EXPECTS
	// after KEYWORD`.
	Expects string
	// Words are the words a word operand may be, when they are a closed
	// set (the checker refuses others and suggests the nearest).
	Words []string
	// Kinds are the kinds the modifier applies to. RowOnly modifiers apply
	// to no kind: only a row takes them (after its kind's modifiers).
	Kinds   KindSet
	RowOnly bool
	// Repeatable modifiers may be given more than once.
	Repeatable bool
	// Key is the one JSON Schema keyword the modifier's operand becomes,
	// for modifiers emitted generically (a number operand); "" otherwise.
	Key string
	// Schema is the JSON Schema the modifier becomes, as the docs show it.
	Schema string
	// Emit is the modifier's rank among the keywords written after a
	// schema's structure (see EmitOrder); 0 when the modifier writes no
	// keyword of its own there (nullable changes type, open drops
	// additionalProperties, from and as are for endpoints).
	Emit int
	// Checks are the diagnostics particular to the modifier (every one
	// can also be a misfit, TS0502, or given twice, TS0503).
	Checks []*diag.Def
	// Mutants are the mutation operators made from the modifier. For a
	// number operand they are drop and widen, and Widen says which way
	// widening goes.
	Mutants []string
	Widen   Widening
	// GoDecoder and JSValidator say what the generated Go decoders
	// (gen/golang/runtime) and JavaScript validators (gen/js) do with the
	// modifier's keyword: enforce it, and how, or leave it as an
	// annotation. Both runtimes read the emitted schema, so this is what
	// a server built on either checks.
	GoDecoder, JSValidator string
}

// Widening is how the widen mutant of a number modifier accepts more.
type Widening uint8

const (
	NoWidening Widening = iota
	Lower               // a lower bound, lowered by one
	Raise               // an upper bound, raised by one
	Divide              // a divisor, divided by its least prime factor (by 2 when not whole)
)

// Fits reports whether the modifier applies to kind k.
func (m *Modifier) Fits(k Kind) bool { return m.Kinds.Has(k) }

// Modifiers lists every modifier in canonical order: the order toolspec
// writes a row's modifiers in when it writes a spec itself (import), close
// to the order of their keywords in a schema. `toolspec fmt` keeps the
// order a spec is written in (see docs/language.md).
var Modifiers = []*Modifier{
	{Keyword: "nullable", Kinds: every,
		Checks:      []*diag.Def{diag.NullableAny},
		Schema:      "`\"null\"` joins `type` (`[\"integer\",\"null\"]`); an enum also gets `null` in `enum`",
		Mutants:     []string{OpFlipNullable},
		GoDecoder:   "accepts `null`; the field is `*T` when required, `Nullable[T]` when optional",
		JSValidator: "accepts `null`; the type is `T \\| null`"},
	{Keyword: "range", Operand: RangeOperand, Kinds: Of(String, Integer, Number, Array, Map), Emit: 1,
		Checks:      []*diag.Def{diag.RangeEmpty, diag.RangeOutOfRange, diag.RangeBeyondFloat64Integers, diag.RangeFractionOnInteger, diag.RangeFractionOnCount, diag.RangeNegativeCount, diag.RangeTooLarge, diag.RangeMinAboveMax, diag.IntervalEmpty},
		Schema:      "`A..B`, `A..`, `..B`: the kind's bounds, inclusive (see the kind table)",
		Mutants:     []string{OpDropMin, OpWidenMin, OpDropMax, OpWidenMax},
		GoDecoder:   "enforced exactly: values without rounding, string lengths in code points, item and property counts; a number with both ends (and no `above`/`below`) is a `float64`, an integer bounded on both sides within int64 an `int64`, any other a `json.Number`",
		JSValidator: "enforced: numbers on the double `JSON.parse` gives, string lengths in code points, item and property counts"},
	{Keyword: "above", Expects: "a number", Operand: NumberOperand, Key: "exclusiveMinimum", Kinds: Of(Integer, Number), Emit: 2,
		Checks:  []*diag.Def{diag.RangeOutOfRange, diag.RangeBeyondFloat64Integers, diag.RangeFractionOnInteger, diag.IntervalEmpty},
		Schema:  "`\"exclusiveMinimum\": N`",
		Mutants: []string{OpDropAbove, OpWidenAbove}, Widen: Lower,
		GoDecoder:   "enforced exactly; the field is `json.Number` unless an integer is bounded on both sides within int64",
		JSValidator: "enforced on the double `JSON.parse` gives"},
	{Keyword: "below", Expects: "a number", Operand: NumberOperand, Key: "exclusiveMaximum", Kinds: Of(Integer, Number), Emit: 3,
		Checks:  []*diag.Def{diag.RangeOutOfRange, diag.RangeBeyondFloat64Integers, diag.RangeFractionOnInteger, diag.IntervalEmpty},
		Schema:  "`\"exclusiveMaximum\": N`",
		Mutants: []string{OpDropBelow, OpWidenBelow}, Widen: Raise,
		GoDecoder:   "enforced exactly; the field is `json.Number` unless an integer is bounded on both sides within int64",
		JSValidator: "enforced on the double `JSON.parse` gives"},
	{Keyword: "multiple_of", Expects: "a number", Operand: NumberOperand, Key: "multipleOf", Kinds: Of(Integer, Number), Emit: 4,
		Checks:  []*diag.Def{diag.MultipleOfNotPositive, diag.RangeOutOfRange, diag.RangeBeyondFloat64Integers, diag.RangeFractionOnInteger, diag.IntervalEmpty},
		Schema:  "`\"multipleOf\": N` (N > 0)",
		Mutants: []string{OpDropMultipleOf, OpWidenMultipleOf}, Widen: Divide,
		GoDecoder:   "enforced in exact decimal arithmetic (`0.3` is a multiple of `0.1`)",
		JSValidator: "enforced in decimal on the double's shortest text (`0.3` is a multiple of `0.1`)"},
	{Keyword: "pattern", Expects: "a string", Operand: StringOperand, Kinds: Of(String), Emit: 5,
		Checks:      []*diag.Def{diag.PatternEmpty, diag.PatternNotPortable},
		Schema:      "`\"pattern\": \"RE\"` (portable: RE2 and ECMAScript `u`)",
		Mutants:     []string{OpDropPattern},
		GoDecoder:   "enforced with `regexp` (RE2), `.` read as ECMAScript reads it",
		JSValidator: "enforced with `new RegExp(RE, \"u\")`, compiled once"},
	{Keyword: "format", Expects: "a format name", Operand: WordOperand, Kinds: Of(String), Emit: 6,
		Checks:      []*diag.Def{diag.FormatUnknown},
		Schema:      "`\"format\": \"F\"` (asserted for date-time, date, time, duration, email, hostname, ipv4, ipv6, uri, uuid; any other is an annotation)",
		Mutants:     []string{OpDropFormat},
		GoDecoder:   "an asserted format enforced as fixtures are judged (runtime/format.go: net/netip for ipv4 and ipv6, RFC 3339, 5321, 1123, 3986 and 4122 forms by hand); any other ignored",
		JSValidator: "an asserted format enforced with the Go decoders' verdicts (runtime/format.mjs, held equal by a test); any other ignored"},
	{Keyword: "unique", Kinds: Of(Array), Emit: 7,
		Schema:      "`\"uniqueItems\": true`",
		Mutants:     []string{OpDropUnique},
		GoDecoder:   "enforced by JSON equality (`1` equals `1.0`, objects in any key order)",
		JSValidator: "enforced as ajv does: among the items of the items' scalar type"},
	{Keyword: "open", Kinds: Of(Object),
		Schema:      "no `\"additionalProperties\": false`",
		GoDecoder:   "further properties accepted, checked to be JSON and dropped",
		JSValidator: "further properties accepted; the type gets `[key: string]: unknown`"},
	{Keyword: "default", Expects: "a JSON value", Operand: JSONOperand, Kinds: every, Emit: 8,
		Checks:      []*diag.Def{diag.DefaultOffRow, diag.DefaultOutOfRange},
		Schema:      "`\"default\": V` (V is inline JSON and must satisfy the row)",
		GoDecoder:   "ignored: an absent property is not filled in",
		JSValidator: "ignored: an absent property is not filled in"},
	{Keyword: "example", Expects: "a JSON value", Operand: JSONOperand, Kinds: every, Repeatable: true, Emit: 9,
		Checks:      []*diag.Def{diag.ExampleOffRow, diag.ExampleOutOfRange},
		Schema:      "`\"examples\": [V, ...]` (each must satisfy the row)",
		GoDecoder:   "ignored: an annotation",
		JSValidator: "ignored: an annotation"},
	{Keyword: "deprecated", Kinds: every, Emit: 10,
		Schema:      "`\"deprecated\": true`",
		GoDecoder:   "ignored: an annotation",
		JSValidator: "ignored: an annotation"},
	{Keyword: "from", Expects: "path, query, body, whole_body or header", Operand: WordOperand, RowOnly: true,
		Words:       []string{"path", "query", "body", "whole_body", "header"},
		Checks:      []*diag.Def{diag.FromUnknown, diag.FromRepeated, diag.FromPathWithoutParameter, diag.WholeBodyNotAlone, diag.AsOnWholeBody},
		Schema:      "none: where an endpoint's input row goes (path, query, body, whole_body, header)",
		GoDecoder:   "none: not in the schema (parity and import read it)",
		JSValidator: "none: not in the schema (parity and import read it)"},
	{Keyword: "as", Expects: "the API's name (a string)", Operand: StringOperand, RowOnly: true,
		Checks:      []*diag.Def{diag.AsEmpty, diag.AsRepeated},
		Schema:      "none: the endpoint's own name for the row",
		GoDecoder:   "none: not in the schema (parity and import read it)",
		JSValidator: "none: not in the schema (parity and import read it)"},
}

var byKeyword = func() map[string]*Modifier {
	m := make(map[string]*Modifier, len(Modifiers))
	for _, d := range Modifiers {
		m[d.Keyword] = d
	}
	return m
}()

// Lookup returns the modifier written with keyword, or nil.
func Lookup(keyword string) *Modifier { return byKeyword[keyword] }

// EmitOrder lists the modifiers that write keywords after a schema's
// structure, in the order they are written.
var EmitOrder = func() []*Modifier {
	var out []*Modifier
	for rank := 1; ; rank++ {
		n := len(out)
		for _, d := range Modifiers {
			if d.Emit == rank {
				out = append(out, d)
			}
		}
		if len(out) == n {
			return out
		}
	}
}()

// The mutation operators.
const (
	OpDropMin         = "drop-min"          // remove a lower bound
	OpDropMax         = "drop-max"          // remove an upper bound
	OpWidenMin        = "widen-min"         // lower a lower bound by one
	OpWidenMax        = "widen-max"         // raise an upper bound by one
	OpDropAbove       = "drop-above"        // remove an exclusive lower bound
	OpWidenAbove      = "widen-above"       // lower an exclusive lower bound by one
	OpDropBelow       = "drop-below"        // remove an exclusive upper bound
	OpWidenBelow      = "widen-below"       // raise an exclusive upper bound by one
	OpDropMultipleOf  = "drop-multiple-of"  // remove multipleOf
	OpWidenMultipleOf = "widen-multiple-of" // divide multipleOf (by its least prime factor, or by 2)
	OpDropPattern     = "drop-pattern"      // remove a pattern
	OpDropEnumValue   = "drop-enum-value"   // remove one enum value
	OpAddEnumValue    = "add-enum-value"    // accept one more enum value
	OpFlipRequired    = "flip-required"     // required <-> optional
	OpFlipNullable    = "flip-nullable"     // nullable <-> not
	OpOpenObject      = "open-object"       // drop additionalProperties:false
	OpIntegerToNumber = "integer-to-number" // integer -> number
	OpDropRow         = "drop-row"          // remove a row
	OpDropUnique      = "drop-unique"       // remove uniqueItems
	OpDropTupleMember = "drop-tuple-member" // remove a tuple's last member
	OpDropVariant     = "drop-variant"      // remove one variant of a union
	OpDropFormat      = "drop-format"       // remove an asserted format
)

// AssertedFormats are the formats toolspec asserts (LANGUAGE.md section 4):
// fixtures, and the generated validators, refuse a string that is not
// one; any other format name is an annotation.
var AssertedFormats = []string{"date-time", "date", "time", "duration", "email", "hostname", "ipv4", "ipv6", "uri", "uuid"}

// Operators lists every mutation operator: those of the modifiers in
// canonical order, then those of the kinds, then those of a row.
var Operators = func() []string {
	var out []string
	for _, m := range Modifiers {
		out = append(out, m.Mutants...)
	}
	for _, k := range Kinds[1:] {
		out = append(out, k.Mutants...)
	}
	return append(out, RowMutants...)
}()

// RowMutants are the operators made from a row itself: its presence and
// its existence.
var RowMutants = []string{OpFlipRequired, OpDropRow}
