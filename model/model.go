package model

import (
	"encoding/json"
	"fmt"
	"strings"
	"unsafe"

	"github.com/toolspec/toolspec/internal/decimal"
	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/lang/token"
)

// DefaultCatalogKey is the _meta key of the catalog identity when a spec
// does not name one.
const DefaultCatalogKey = "toolspec/catalog"

// Protocol versions of the profiles.
const (
	Profile1Protocol = "2024-11-05"
	Profile2Protocol = "2025-06-18"
	// Profile3Protocol is the sessionless protocol whose list results are
	// cacheable (LANGUAGE.md §5). Profile 3 is opt-in: a server offers
	// the protocol or not. A profile-3 table is the profile-2 one with
	// Profile3Cache and its own identity; gen-json --profile 3 writes it,
	// the generated Go and JavaScript files carry it beside profiles 1 and
	// 2 (ServedProfiles), and the adapters serve it.
	Profile3Protocol = "2026-07-28"
)

// Profile3TTLMs is the ttlMs of a profile-3 tools/list result.
const Profile3TTLMs = 300000

// Profile3Cache is what a profile-3 tools/list result carries between its
// tools and its _meta, for a cacheScope ("public" for the full table,
// "private" for one narrowed to a scope or served per caller).
func Profile3Cache(cacheScope string) string {
	return fmt.Sprintf(`"ttlMs":%d,"cacheScope":%q,"resultType":"complete"`, Profile3TTLMs, cacheScope)
}

// Profiles lists the profiles a spec's seal and hash name, in order.
var Profiles = []int{1, 2}

// ServedProfiles are the profiles whose tables the generated Go and
// JavaScript files carry, in order.
var ServedProfiles = []int{1, 2, 3}

// ProtocolOf returns the MCP protocol version a profile stands for.
func ProtocolOf(profile int) string {
	switch profile {
	case 2:
		return Profile2Protocol
	case 3:
		return Profile3Protocol
	}
	return Profile1Protocol
}

// ProtocolProfiles is the one rule from a negotiated MCP protocol version
// to a profile: a version written as a YYYY-MM-DD date gets the profile of
// the last row whose From it is at or after (protocol versions are dates,
// so they order as strings); anything else, and a date before every row,
// profile 1. The generated runtimes' profileFor (gen/golang/runtime and
// gen/js/runtime profile fragments) are written from it, and their tests
// fail when a fragment is stale.
var ProtocolProfiles = []ProtocolProfile{{From: Profile2Protocol, Profile: 2}, {From: Profile3Protocol, Profile: 3}}

// ProtocolProfile is a row of ProtocolProfiles.
type ProtocolProfile struct {
	From    string // the first protocol version of the profile
	Profile int
}

// ProfileFor maps a negotiated MCP protocol version to a profile by
// ProtocolProfiles: 2025-06-18 and later get profile 2, 2026-07-28 and
// later profile 3; everything earlier, and anything that is not a
// YYYY-MM-DD date, profile 1.
func ProfileFor(protocolVersion string) int {
	v := protocolVersion
	if len(v) != 10 || v[4] != '-' || v[7] != '-' {
		return 1
	}
	for i, c := range v {
		if i != 4 && i != 7 && (c < '0' || c > '9') {
			return 1
		}
	}
	profile := 1
	for _, row := range ProtocolProfiles {
		if v >= row.From {
			profile = row.Profile
		}
	}
	return profile
}

// The startup guard of a generated server (CheckHandlers in Go,
// checkHandlers in JavaScript) names the tools without a handler and the
// handlers without a tool, after these words. The runtimes' profile
// fragments carry them with ProtocolProfiles.
const (
	MissingHandlers = "tools without a handler"
	ExtraHandlers   = "handlers without a tool"
)

// Catalog is one checked spec.
type Catalog struct {
	Name       string
	CatalogKey string
	// Clients are the client families the spec declares (`clients`), in
	// the order written: their lints (lang/clients) are errors.
	Clients []string
	// SpecHash is the BLAKE3-256 of the canonical spec, lowercase hex.
	SpecHash string
	Tools    []*Tool
	Tests    []*Test
	// Survives are the acknowledged surviving mutants, in spec order.
	Survives []*Survives
}

// Identity is the catalog identity of a profile: "<spec_hash>/p<profile>".
func (c *Catalog) Identity(profile int) string {
	return fmt.Sprintf("%s/p%d", c.SpecHash, profile)
}

// Tool returns the tool called name, or nil.
func (c *Catalog) Tool(name string) *Tool {
	for _, t := range c.Tools {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Hints are the MCP tool annotations a spec can declare.
// Additive says the tool changes things but destroys nothing: MCP's
// "destructiveHint": false. At most one of ReadOnly, Additive and
// Destructive is set (check refuses the others).
type Hints struct {
	ReadOnly, Additive, Destructive, Idempotent, OpenWorld bool
}

// Any reports whether any hint is set.
func (h Hints) Any() bool {
	return h.ReadOnly || h.Additive || h.Destructive || h.Idempotent || h.OpenWorld
}

// InWriteScope reports whether a key scoped to "write" sees the tool: it
// reads or only adds. A tool with neither hint may destroy (MCP's
// destructiveHint defaults to true), so only "all" lists it.
func (h Hints) InWriteScope() bool { return h.ReadOnly || h.Additive }

// Result says what a tool returns.
type Result int

const (
	// ResultOut: an `out` block, a JSON object described by Tool.Output.
	ResultOut Result = iota + 1
	// ResultText: `result text`, unstructured text content.
	ResultText
	// ResultAny: `result any`, content the spec does not describe.
	ResultAny
)

func (r Result) String() string {
	switch r {
	case ResultOut:
		return "out"
	case ResultText:
		return "text"
	case ResultAny:
		return "any"
	}
	return "?"
}

// Tool is one tool of the catalog.
type Tool struct {
	Pos         token.Pos
	Name        string
	Title       string
	Description string
	Hints       Hints
	// Input is always a closed or open object; `in none` is an empty closed one.
	Input *Type
	// Output is the `out` object; nil unless Result is ResultOut.
	Output *Type
	Result Result
	// Endpoint is the HTTP operation the tool wraps; nil when none.
	Endpoint *Endpoint
}

// Endpoint is an HTTP operation: an upper-case method and a path template.
type Endpoint struct {
	Pos    token.Pos
	Method string
	Path   string
}

// PathParams returns the names in the path template's braces, in order.
func (e *Endpoint) PathParams() []string {
	var names []string
	p := e.Path
	for {
		i := strings.IndexByte(p, '{')
		if i < 0 {
			return names
		}
		j := strings.IndexByte(p[i:], '}')
		if j < 0 {
			return names
		}
		names = append(names, p[i+1:i+j])
		p = p[i+j+1:]
	}
}

// Where an input row goes in the HTTP request of a tool's endpoint: a
// path parameter, a query parameter, a property of the JSON body, the
// whole body (one row whose value is the body: an array, a free-form
// object, a union), or a header.
const (
	FromPath      = "path"
	FromQuery     = "query"
	FromBody      = "body"
	FromWholeBody = "whole_body"
	FromHeader    = "header"
)

// InBody reports whether a location is a part of the request body.
func InBody(location string) bool { return location == FromBody || location == FromWholeBody }

// Kind is the kind column of a row, declared with its keyword, schema
// and range keywords in lang/descriptor.
type Kind = descriptor.Kind

// The kinds.
const (
	String  = descriptor.String
	Integer = descriptor.Integer
	Number  = descriptor.Number
	Boolean = descriptor.Boolean
	Any     = descriptor.Any
	Enum    = descriptor.Enum
	Array   = descriptor.Array
	Tuple   = descriptor.Tuple
	Object  = descriptor.Object
	Map     = descriptor.Map
	Union   = descriptor.Union
)

// Field is one row of an object: a property with its presence.
type Field struct {
	Pos         token.Pos
	Name        string
	Required    bool
	Description string
	Type        *Type
	// Group is the group the row was inlined from, "" when written in place.
	Group string
	// From and APIName say where a top-level input row goes in the request
	// of the tool's endpoint and under which name. From is written with
	// `from`, or is "" to take the default: path for a template parameter,
	// body for POST, PUT and PATCH, query otherwise (see Tool.Location).
	// APIName is "" unless the row says `as "name"`.
	From    string
	APIName string
}

// WireName is the name the API uses for the field.
func (f *Field) WireName() string {
	if f.APIName != "" {
		return f.APIName
	}
	return f.Name
}

// Location says where an input row goes in the tool's HTTP request: the
// row's own `from`, else path for a template parameter, body for POST,
// PUT and PATCH, query otherwise. It is "" for a tool without endpoint.
func (t *Tool) Location(f *Field) string {
	if t.Endpoint == nil {
		return ""
	}
	if f.From != "" {
		return f.From
	}
	for _, p := range t.Endpoint.PathParams() {
		if p == f.WireName() {
			return FromPath
		}
	}
	switch t.Endpoint.Method {
	case "POST", "PUT", "PATCH":
		return FromBody
	}
	return FromQuery
}

// Type is a kind with its modifiers. Element types (array items, tuple
// members, map values) are Types too; only rows have names and presence.
type Type struct {
	Pos      token.Pos
	Kind     Kind
	Nullable bool
	// Min and Max are the range: length for strings, value for numbers,
	// item count for arrays, property count for maps. Nil when unbounded.
	Min, Max *Num
	// ExclusiveMin and ExclusiveMax are `above N` and `below N`, MultipleOf
	// is `multiple_of N` (N > 0, exact decimal arithmetic): integer and
	// number only. Nil when not given.
	ExclusiveMin, ExclusiveMax, MultipleOf *Num
	Pattern                                *string // ECMAScript/RE2-portable regular expression
	// Backtracks is the checker's verdict on Pattern (TS0603
	// pattern-backtracks): the repeated part of it that can take
	// exponential time in a backtracking engine (ECMAScript), "" when
	// there is none. gen-js carries it so that the JS runtime refuses to
	// serve such a pattern unless the server accepts the risk; RE2 (Go)
	// matches in linear time and ignores it.
	Backtracks string
	Format     string
	// Default and Examples are canonical compact JSON.
	Default    json.RawMessage
	Examples   []json.RawMessage
	Unique     bool
	Deprecated bool
	Open       bool // objects only: no additionalProperties:false
	// Group names the group an object is, whole: its block is exactly
	// `{ use g }`. Generators give every such object one named type
	// (gen-go's struct, gen-js's interface) instead of one per place. ""
	// for any other object and every other kind.
	Group string

	Enum   []EnumValue
	Elem   *Type    // array items, map values
	Items  []*Type  // tuple members
	Fields []*Field // object properties in row order
	// Variants are a union's members, in the order written: at least two,
	// none of them any or nullable (the union itself is nullable), no two
	// alike. A value is valid when one of them accepts it.
	Variants []*Type
}

// Children calls visit with each type directly inside t: object rows
// (with their field), array items and map values, tuple members, union
// variants (with their index). Walkers that only go down call it, so a
// new kind with children is walked everywhere once it is listed here.
func (t *Type) Children(visit func(f *Field, i int, c *Type)) {
	switch t.Kind {
	case Object:
		for i, f := range t.Fields {
			visit(f, i, f.Type)
		}
	case Array, Map:
		visit(nil, 0, t.Elem)
	case Tuple:
		for i, it := range t.Items {
			visit(nil, i, it)
		}
	case Union:
		for i, v := range t.Variants {
			visit(nil, i, v)
		}
	case String, Integer, Number, Boolean, Any, Enum:
		// Leaves.
	}
}

// NumberModifier returns where t holds the operand of the modifier
// written with keyword when that operand is a number (above, below,
// multiple_of), or nil for any other keyword.
func (t *Type) NumberModifier(keyword string) **Num {
	switch keyword {
	case "above":
		return &t.ExclusiveMin
	case "below":
		return &t.ExclusiveMax
	case "multiple_of":
		return &t.MultipleOf
	}
	return nil
}

// Field returns the property called name, or nil.
func (t *Type) Field(name string) *Field {
	for _, f := range t.Fields {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// EnumValue is a string or an integer enum member.
type EnumValue struct {
	IsInt bool
	Str   string
	Int   int64
}

// JSON returns the value as JSON text.
func (v EnumValue) JSON() string {
	if v.IsInt {
		return fmt.Sprint(v.Int)
	}
	b, _ := json.Marshal(v.Str)
	return string(b)
}

func (v EnumValue) String() string {
	if v.IsInt {
		return fmt.Sprint(v.Int)
	}
	return v.Str
}

// Num is an exact JSON number from the spec.
type Num = decimal.Number

// MaxExponent bounds the decimal exponent of a number in a spec. float64,
// which most JSON readers use, ends near 1e308; past that a bound would
// mean something else on the other side of the wire.
const MaxExponent = 308

// NewNum parses JSON number text (see decimal.Number for the text it
// emits). It returns nil when text is not a number or its magnitude is
// beyond 10^±MaxExponent (read on the normal form, before any arithmetic,
// so a short 1e1000000 costs nothing).
func NewNum(text string) *Num { return inRange(decimal.Parse(text)) }

// inRange is n when a spec may hold it.
func inRange(n *Num) *Num {
	if n == nil || n.Rat == nil {
		return nil
	}
	if exp, _ := n.Exponent(); exp > MaxExponent || exp < -MaxExponent-16 {
		return nil
	}
	return n
}

// Arena allocates a catalog's types, fields and small-integer bounds in
// 8 KiB chunks: they are most of its objects, and all live as long as the
// catalog. The zero value is ready; an Arena is for one goroutine.
type Arena struct {
	types  chunk[Type]
	fields chunk[Field]
	nums   chunk[decimal.Slot]
}

// NewType returns a zero Type.
func (a *Arena) NewType() *Type { return a.types.take() }

// NewField returns a zero Field.
func (a *Arena) NewField() *Field { return a.fields.take() }

// NewNum is NewNum, taking small integers from the arena.
func (a *Arena) NewNum(text string) *Num {
	if v, ok := decimal.SmallInt(text); ok {
		return a.nums.take().SetInt(text, v)
	}
	return NewNum(text)
}

// chunk hands out pointers to zero values, allocated 8 KiB at a time (a
// size class, so little is lost to rounding).
type chunk[T any] struct{ free []T }

func (c *chunk[T]) take() *T {
	if len(c.free) == 0 {
		var zero T
		c.free = make([]T, max(1, (8<<10)/int(unsafe.Sizeof(zero))))
	}
	p := &c.free[0]
	c.free = c.free[1:]
	return p
}

// Test is a named group of fixtures.
type Test struct {
	Pos      token.Pos
	Name     string
	Fixtures []*Fixture
}

// Fixture asserts that one value is accepted or rejected by a tool's
// input (or output) schema on profile 2.
type Fixture struct {
	Pos    token.Pos
	Accept bool
	Tool   string
	Output bool
	// Value is canonical compact JSON.
	Value json.RawMessage
	// Because is the JSON Schema keyword that must fail; "" when not given.
	Because string
	// At is the instance location (JSON pointer) of that failure; nil when not given.
	At *string
}
