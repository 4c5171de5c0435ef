// Everything after the import block is copied into every generated file.

package runtime

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// MaxDepth is the deepest nesting of objects and arrays a decoder reads,
// counted from the value it is given (the arguments object is depth 1). A
// deeper value is refused with an error that is not a *ValidationError.
// A server should let its transport carry MaxDepth plus its own envelope.
const MaxDepth = 1000

// MaxProblems is the most problems a ValidationError lists: the first
// ones found, in document order.
const MaxProblems = 100

// MaxShown is the most problems ValidationError.Error names; it then says
// how many more there are.
const MaxShown = 20

// ValidationError is a value the schema refuses: every problem found, in
// the order of the generated JavaScript validators (see Problem).
type ValidationError struct {
	Problems  []Problem // at least one unless Truncated; at most MaxProblems
	Truncated bool      // more problems were found than Problems holds
}

// Problem is one JSON Schema keyword that failed: the JSON pointer of the
// value ("" is the whole value; for required and additionalProperties the
// object), the keyword, and what was wrong.
type Problem struct {
	Pointer string
	Keyword string
	Message string
}

// String is "pointer: keyword: message", "(root)" for the whole value.
func (p Problem) String() string {
	at := p.Pointer
	if at == "" {
		at = tsMsgRoot.text
	}
	return at + ": " + p.Keyword + ": " + p.Message
}

// Error names the first MaxShown problems, "; "-separated, then how many
// more there are, as the JavaScript describeProblems does.
func (e *ValidationError) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i == MaxShown {
			b.WriteString("; " + tsMsgMore.format(len(e.Problems)-MaxShown))
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	if e.Truncated {
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		b.WriteString(tsMsgUncounted.text)
	}
	return b.String()
}

// Nullable is an optional field that may also be null: Present is false
// when the property is absent; Null is true when it is present and null;
// otherwise Value holds it.
type Nullable[T any] struct {
	Present bool
	Null    bool
	Value   T
}

// IsZero reports an absent value, so that omitzero leaves it out.
func (n Nullable[T]) IsZero() bool { return !n.Present }

// MarshalJSON writes null or the value.
func (n Nullable[T]) MarshalJSON() ([]byte, error) {
	if !n.Present || n.Null {
		return []byte("null"), nil
	}
	return json.Marshal(n.Value)
}

// UnmarshalJSON reads null or a value; either way the field is present.
func (n *Nullable[T]) UnmarshalJSON(data []byte) error {
	*n = Nullable[T]{Present: true}
	if string(bytes.TrimSpace(data)) == "null" {
		n.Null = true
		return nil
	}
	return json.Unmarshal(data, &n.Value)
}

// tsTool is one tool's entry of the tools/list tables, as JSON text.
type tsTool struct {
	name  string // the wire name
	head  string // {"name":…,"description":…,"inputSchema": as profile 1 writes it
	head2 string // the same with "title", for profile 2; "" when head serves
	in    string // input schema
	out   string // output schema, or ""
	ann   string // annotations object, or ""
}

// tsCatalog is a generated catalog: its identity, its tools, its tables
// built once, and each tool's schemas compiled on first use.
type tsCatalog struct {
	name, hash string    // SpecName, SpecHash
	metaKey    string    // CatalogKey as a JSON string
	ids        [3]string // CatalogID of each profile
	tools      []tsTool
	meta       [3]string // ],…"_meta":{…}} closing each profile's table
	once       [3]sync.Once
	lists      [3][]byte
	schemas    []tsSchemas
	scoped     [3][2]struct { // the narrowed tables (tsScopedList), by profile and scope
		once sync.Once
		json []byte
	}
}

type tsSchemas struct {
	once     sync.Once
	in, out  *tsNode
	planOnce sync.Once
	plan     tsPlan       // decodes the input into its Go type
	planErr  error        // why no plan could be built (a generator bug)
	one      reflect.Type // [1]T of the input's Go type T, for tsDecode's copy
}

// tsNewCatalog is the catalog of spec name (hash, the JSON string of its
// CatalogKey, and the identity of each profile) whose tools are rows of
// {name, head, head2, in, out, ann} (see tsTool), and whose profiles'
// tables end with meta.
func tsNewCatalog(name, hash, metaKey string, ids [3]string, rows [][6]string, meta [3]string) *tsCatalog {
	tools := make([]tsTool, len(rows))
	for i, r := range rows {
		tools[i] = tsTool{name: r[0], head: r[1], head2: r[2], in: r[3], out: r[4], ann: r[5]}
	}
	return &tsCatalog{name: name, hash: hash, metaKey: metaKey, ids: ids, tools: tools, meta: meta, schemas: make([]tsSchemas, len(tools))}
}

// list returns a fresh copy of a profile's tools/list result: profile 3
// is the profile-2 tools, closed by its own meta (ttlMs, cacheScope,
// resultType and its identity); any profile but 2 and 3 is profile 1.
func (c *tsCatalog) list(profile int) []byte {
	p := 0
	if profile == 2 || profile == 3 {
		p = profile - 1
	}
	c.once[p].Do(func() {
		var b bytes.Buffer
		b.WriteString(`{"tools":[`)
		for i, t := range c.tools {
			if i > 0 {
				b.WriteByte(',')
			}
			head := t.head
			if p > 0 && t.head2 != "" {
				head = t.head2
			}
			b.WriteString(head)
			b.WriteString(t.in)
			if p > 0 && t.out != "" {
				b.WriteString(`,"outputSchema":`)
				b.WriteString(t.out)
			}
			if p > 0 && t.ann != "" {
				b.WriteString(`,"annotations":`)
				b.WriteString(t.ann)
			}
			b.WriteByte('}')
		}
		b.WriteString(c.meta[p])
		c.lists[p] = b.Bytes()
	})
	return bytes.Clone(c.lists[p])
}

func (c *tsCatalog) compiled(i int) *tsSchemas {
	s := &c.schemas[i]
	s.once.Do(func() {
		s.in = tsCompile(c.tools[i].in)
		if c.tools[i].out != "" {
			s.out = tsCompile(c.tools[i].out)
		}
	})
	return s
}

func (c *tsCatalog) input(i int) *tsNode  { return c.compiled(i).in }
func (c *tsCatalog) output(i int) *tsNode { return c.compiled(i).out }

// checkHandlers returns one error naming every tool without a handler and
// every handler without a tool, sorted, or nil.
func (c *tsCatalog) checkHandlers(names []string) error {
	if parts := c.handlerProblems(names); len(parts) > 0 {
		return errors.New("toolspec: " + strings.Join(parts, "; "))
	}
	return nil
}

// handlerProblems names the tools without a handler and the handlers
// without a tool, a part each; none when they agree.
func (c *tsCatalog) handlerProblems(names []string) []string {
	have := make(map[string]bool, len(names))
	for _, n := range names {
		have[n] = true
	}
	known := make(map[string]bool, len(c.tools))
	var missing, extra []string
	for _, t := range c.tools {
		known[t.name] = true
		if !have[t.name] {
			missing = append(missing, t.name)
		}
	}
	for n := range have {
		if !known[n] {
			extra = append(extra, n)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, tsMissingHandlers+": "+tsJoin(missing))
	}
	if len(extra) > 0 {
		parts = append(parts, tsExtraHandlers+": "+tsJoin(extra))
	}
	return parts
}

func tsJoin(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// JSON types of a schema node, as bits.
const (
	tsTNull uint8 = 1 << iota
	tsTBoolean
	tsTObject
	tsTArray
	tsTNumber
	tsTInteger
	tsTString
	// tsTUnion is the kind of an anyOf node (a union): its types are its
	// variants', and null when one variant is {"type":"null"}.
	tsTUnion
)

// tsNode is a compiled schema: the subset of JSON Schema 2020-12 that
// gen-json emits. A node has at most one type besides null.
type tsNode struct {
	types  uint8  // allowed types; 0 is any value
	kind   uint8  // the type besides null
	want   string // its name, for messages
	enumS  []string
	enumI  []int64
	enum   bool
	props  []tsProp
	index  map[string]int // props by name, when there are many
	closed bool           // additionalProperties: false
	values *tsNode        // additionalProperties as a schema (a map)
	items  *tsNode
	prefix []*tsNode
	tuple  bool
	minN   int // minLength, minItems or minProperties; -1 when absent
	maxN   int
	min    *tsBound
	max    *tsBound
	xmin   *tsBound
	xmax   *tsBound
	mult   *tsBound
	re     *regexp.Regexp
	reText string
	format string // an asserted format (format.go), "" for none
	unique bool
	// variants are an anyOf's schemas but {"type":"null"}, whose null is
	// in types.
	variants []*tsNode
	nullAt   int  // 1 + the place among the variants of {"type":"null"}; 0 without
	never    bool // the schema false
	// Every int64 in [lo, hi] meets the number keywords (none when lo >
	// hi), so that num takes one without checking them one by one.
	lo, hi int64
}

type tsProp struct {
	name     string
	key      []byte // name as a JSON string
	node     *tsNode
	required bool
}

// tsBound is a number of the schema, kept exact.
type tsBound struct {
	text  string
	f     float64
	i     int64
	small bool // an integer that fits int64, in i
	dec   tsDec
}

func tsNewBound(text []byte) *tsBound {
	tok := tsDouble(text)
	b := &tsBound{text: string(text), dec: tsDecimal(tok)}
	b.f, _ = strconv.ParseFloat(b.text, 64)
	n := tsNum{tok: tok}
	n.classify()
	b.i, b.small = n.i, n.small
	return b
}

// tsCompile compiles a schema gen-json wrote. Keywords it does not know
// are annotations.
func tsCompile(schema string) *tsNode {
	d := &tsDecoder{data: []byte(schema)}
	d.path = d.pathBuf[:0]
	d.depth = -1 << 30 // MaxDepth limits values, not the spec's own schemas
	n := d.schema()
	d.end()
	return n
}

func (d *tsDecoder) schema() *tsNode {
	n := &tsNode{minN: -1, maxN: -1}
	switch d.peek() {
	case 't': // the schema true: any value
		d.lit("true")
		return n
	case 'f': // the schema false: no value
		d.lit("false")
		n.never = true
		return n
	}
	var required []string
	d.enter()
	first := true
	for d.more('}', &first) {
		switch string(d.key()) {
		case "type":
			if d.peek() == '[' {
				d.enter()
				f := true
				for d.more(']', &f) {
					n.addType(string(d.strBytes()))
				}
			} else {
				n.addType(string(d.strBytes()))
			}
		case "enum":
			n.enum = true
			d.enter()
			f := true
			for d.more(']', &f) {
				switch c := d.peek(); {
				case c == '"':
					n.enumS = append(n.enumS, string(d.strBytes()))
				case c == 'n':
					d.lit("null")
				default:
					n.enumI = append(n.enumI, tsNewBound(d.scanNum().tok).i)
				}
			}
		case "properties":
			d.enter()
			f := true
			for d.more('}', &f) {
				d.ws()
				start := d.pos
				name := string(d.key())
				key := bytes.TrimRight(d.data[start:d.pos-1], " \t\r\n")
				n.props = append(n.props, tsProp{name: name, key: key, node: d.schema()})
			}
		case "required":
			d.enter()
			f := true
			for d.more(']', &f) {
				required = append(required, string(d.strBytes()))
			}
		case "additionalProperties":
			if d.peek() == 'f' {
				d.lit("false")
				n.closed = true
			} else {
				n.values = d.schema()
			}
		case "items":
			n.items = d.schema()
		case "prefixItems":
			n.tuple = true
			d.enter()
			f := true
			for d.more(']', &f) {
				n.prefix = append(n.prefix, d.schema())
			}
		case "minLength", "minItems", "minProperties":
			n.minN = tsCount(d.scanNum().tok)
		case "maxLength", "maxItems", "maxProperties":
			n.maxN = tsCount(d.scanNum().tok)
		case "minimum":
			n.min = tsNewBound(d.scanNum().tok)
		case "maximum":
			n.max = tsNewBound(d.scanNum().tok)
		case "exclusiveMinimum":
			n.xmin = tsNewBound(d.scanNum().tok)
		case "exclusiveMaximum":
			n.xmax = tsNewBound(d.scanNum().tok)
		case "multipleOf":
			n.mult = tsNewBound(d.scanNum().tok)
		case "format":
			if f := string(d.strBytes()); tsFormatAsserted(f) {
				n.format = f
			}
		case "pattern":
			n.reText = string(d.strBytes())
			n.re = regexp.MustCompile(tsECMAPattern(n.reText))
		case "uniqueItems":
			n.unique = d.peek() == 't'
			d.skip()
		case "anyOf":
			d.enter()
			f := true
			for d.more(']', &f) {
				v := d.schema()
				if v.types == tsTNull {
					n.types |= tsTNull
					n.nullAt = len(n.variants) + 1
					continue
				}
				n.variants = append(n.variants, v)
				n.types |= v.types
			}
			n.kind, n.want = tsTUnion, "one of the union's variants"
		default:
			d.skip()
		}
	}
	for _, r := range required {
		for i := range n.props {
			if n.props[i].name == r {
				n.props[i].required = true
			}
		}
	}
	n.intRange()
	if len(n.props) > 24 { // below that, comparing lengths first is faster than hashing
		n.index = make(map[string]int, len(n.props))
		for i, p := range n.props {
			n.index[p.name] = i
		}
	}
	return n
}

// intRange sets lo and hi from the bounds when they are all int64s and
// no other keyword checks a number.
func (n *tsNode) intRange() {
	n.lo, n.hi = 1, 0
	if n.kind != tsTInteger && n.kind != tsTNumber || n.enum || n.mult != nil {
		return
	}
	lo, hi := int64(-1<<63), int64(1<<63-1)
	for _, b := range []*tsBound{n.min, n.max, n.xmin, n.xmax} {
		if b != nil && !b.small {
			return
		}
	}
	if n.min != nil {
		lo = max(lo, n.min.i)
	}
	if n.xmin != nil {
		if n.xmin.i == 1<<63-1 {
			return
		}
		lo = max(lo, n.xmin.i+1)
	}
	if n.max != nil {
		hi = min(hi, n.max.i)
	}
	if n.xmax != nil {
		if n.xmax.i == -1<<63 {
			return
		}
		hi = min(hi, n.xmax.i-1)
	}
	n.lo, n.hi = lo, hi
}

func (n *tsNode) addType(t string) {
	bit := map[string]uint8{"null": tsTNull, "boolean": tsTBoolean, "object": tsTObject, "array": tsTArray, "number": tsTNumber, "integer": tsTInteger, "string": tsTString}[t]
	n.types |= bit
	if bit != tsTNull {
		n.kind = bit
	}
	// Every name, in the schema's order: want string or null.
	if n.want != "" {
		n.want += tsMsgOr.text
	}
	n.want += t
}

// tsCount is a length or count bound as an int; a huge one saturates and
// a fraction rounds up (the checker allows neither).
func tsCount(tok []byte) int {
	v := tsDecimal(tok)
	switch {
	case v.neg || len(v.digits) == 0:
		return 0
	case int64(len(v.digits))+v.exp > 10:
		return 1 << 31
	}
	c := 0
	for i := int64(0); i < int64(len(v.digits))+v.exp; i++ {
		c *= 10
		if i < int64(len(v.digits)) {
			c += int(v.digits[i] - '0')
		}
	}
	if v.exp < 0 {
		c++ // digits after the point
	}
	return min(c, 1<<31)
}

// lookup returns the index of the property named k, or -1.
func (n *tsNode) lookup(k []byte) int {
	if n.index != nil {
		if i, ok := n.index[string(k)]; ok {
			return i
		}
		return -1
	}
	for i := range n.props {
		if n.props[i].name == string(k) {
			return i
		}
	}
	return -1
}

type tsSyntax struct {
	off int
	msg string
}

type tsSeg struct {
	key string
	idx int
}

// tsDecoder reads one JSON value in one pass, checking it against schema
// nodes as it goes.
type tsDecoder struct {
	data    []byte
	pos     int
	path    []tsSeg
	probs   []Problem // the first MaxProblems found
	found   int       // problems found, listed or not
	depth   int       // open objects and arrays
	pathBuf [8]tsSeg
	spare   unsafe.Pointer // a zero input value of spareOf's tool, kept for tsDecode
	spareOf *tsSchemas
	items   [][2]int // the item spans of the open uniqueItems arrays, innermost last
	keys    []byte   // scratch for unique's keys
}

// tsSpan is the problems of one value: probs[from:to], found of them
// found in all (more than to-from when some were not listed).
type tsSpan struct{ from, to, found int }

// mark starts a span at the current problem.
func (d *tsDecoder) mark() tsSpan { return tsSpan{from: len(d.probs), found: d.found} }

// close ends a span started by mark.
func (d *tsDecoder) close(s tsSpan) tsSpan {
	return tsSpan{s.from, len(d.probs), d.found - s.found}
}

// cut forgets the problems of a span (a value that a repeated key
// replaced) and returns how many listed problems it removed.
func (d *tsDecoder) cut(s tsSpan) int {
	d.probs = append(d.probs[:s.from], d.probs[s.to:]...)
	d.found -= s.found
	return s.to - s.from
}

// insert puts the problems found since len was at into place at: a
// container's own problems, found when it closes, go before those of its
// members.
func (d *tsDecoder) insert(at, since int) {
	if since <= at || since >= len(d.probs) {
		return
	}
	added := append([]Problem(nil), d.probs[since:]...)
	copy(d.probs[at+len(added):], d.probs[at:since])
	copy(d.probs[at:], added)
}

// err is the decoder's ValidationError, or nil.
func (d *tsDecoder) err() *ValidationError {
	if d.found == 0 {
		return nil
	}
	return &ValidationError{Problems: d.probs, Truncated: d.found > len(d.probs)}
}

// tsDecode is every Decode<Tool>Input: it decodes data into *dst, the
// Go value (dst is a pointer to it) of the input of tool i, checking it
// against the tool's schema, and returns nil or every failure; *dst is
// set only when data is accepted. The plan that fills the value is built
// from its type and the schema on the first call (see tsPlan). dst is an
// interface, not a type parameter, so that the Go compiler compiles this
// function once, not once per tool (docs/gen-go.md, "Speed").
func tsDecode(c *tsCatalog, i int, data []byte, dst any) (err error) {
	t := reflect.TypeOf(dst).Elem()
	s := c.compiled(i)
	if err := tsPrepare(s, t); err != nil {
		return err
	}
	// The plan writes through a pointer that a function value is given, so
	// the value it fills lives on the heap: the pooled decoder keeps one of
	// the tool it last decoded, which is copied out and cleared, cheaper
	// than a new one per call.
	d := tsGetDecoder(data)
	if d.spareOf != s {
		d.spare, d.spareOf = reflect.New(t).UnsafePointer(), s
	}
	x := reflect.NewAt(s.one, d.spare).Elem()
	defer func() {
		x.SetZero()
		tsPutDecoder(d)
		if r := recover(); r != nil {
			err = tsRecovered(r)
		}
	}()
	s.plan(d, s.in, d.spare)
	d.end()
	if e := d.err(); e != nil {
		return e
	}
	// A copy as a [1]T, which (unlike Value.Set) does not make *dst escape,
	// so the caller's value stays on its stack.
	reflect.Copy(reflect.NewAt(s.one, reflect.ValueOf(dst).UnsafePointer()).Elem(), x)
	return nil
}

// tsPrepare builds the plan that fills a value of type t from the schema
// s, once. A type the plan cannot fill is a bug of the generator, not of
// the input: it is an error for every call (and for Bind, which prepares
// every tool it serves before the first call), never a panic in a request.
func tsPrepare(s *tsSchemas, t reflect.Type) error {
	s.planOnce.Do(func() {
		defer func() {
			if r := recover(); r != nil {
				s.plan, s.planErr = nil, fmt.Errorf("cannot decode into %v: %v", t, r)
			}
		}()
		s.plan, s.one = tsPlanFor(t, s.in), reflect.ArrayOf(1, t)
	})
	return s.planErr
}

// tsDecoders keeps decoders between calls: a decoder escapes to the heap
// (plans are function values), and reusing one is cheaper.
var tsDecoders = sync.Pool{New: func() any { return new(tsDecoder) }}

// tsGetDecoder returns a reset decoder of data. Its problems, if any, are
// handed to the caller, which is why probs starts nil.
func tsGetDecoder(data []byte) *tsDecoder {
	d := tsDecoders.Get().(*tsDecoder)
	// Field by field: assigning a whole tsDecoder would clear pathBuf and
	// the spare too, each word through the GC's write barrier.
	d.data, d.pos, d.probs, d.found, d.depth = data, 0, nil, 0, 0
	d.path = d.pathBuf[:0]
	d.items, d.keys = d.items[:0], d.keys[:0]
	if cap(d.items) > 1<<12 || cap(d.keys) > 1<<16 { // a huge array once: do not keep its buffers
		d.items, d.keys = nil, nil
	}
	return d
}

// tsPutDecoder returns a decoder to the pool, without its input.
func tsPutDecoder(d *tsDecoder) {
	d.data = nil
	// Path keys are cut from the input (and may be large): do not keep
	// them, or the input, alive in the pool.
	clear(d.pathBuf[:])
	tsDecoders.Put(d)
}

// tsValidate is every Validate<Tool>Output: nil when data validates
// against n, else every failure.
func tsValidate(data []byte, n *tsNode) (err error) {
	d := tsGetDecoder(data)
	defer func() {
		tsPutDecoder(d)
		if r := recover(); r != nil {
			err = tsRecovered(r)
		}
	}()
	d.check(n)
	d.end()
	if e := d.err(); e != nil {
		return e
	}
	return nil
}

// tsDepthError is the error of a value nested deeper than MaxDepth.
type tsDepthError struct{ off int }

func (e tsDepthError) Error() string {
	return fmt.Sprintf("JSON nested deeper than %d levels at offset %d", MaxDepth, e.off)
}

func tsRecovered(r any) error {
	switch s := r.(type) {
	case tsSyntax:
		return fmt.Errorf("invalid JSON at offset %d: %s", s.off, s.msg)
	case tsDepthError:
		return s
	}
	panic(r)
}

func (d *tsDecoder) syntax(msg string) { panic(tsSyntax{d.pos, msg}) }

func (d *tsDecoder) ws() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

func (d *tsDecoder) end() {
	d.ws()
	if d.pos != len(d.data) {
		d.syntax("data after the top-level value")
	}
}

func (d *tsDecoder) peek() byte {
	d.ws()
	if d.pos >= len(d.data) {
		d.syntax("unexpected end of JSON input")
	}
	return d.data[d.pos]
}

func (d *tsDecoder) push(key string, idx int) { d.path = append(d.path, tsSeg{key, idx}) }
func (d *tsDecoder) pop()                     { d.path = d.path[:len(d.path)-1] }

// pointer is the JSON pointer of the current value, each segment cut
// after MaxQuote characters.
func (d *tsDecoder) pointer() string {
	var b strings.Builder
	for _, s := range d.path {
		b.WriteByte('/')
		if s.idx >= 0 {
			b.WriteString(strconv.Itoa(s.idx))
			continue
		}
		k, cut := tsCut(s.key)
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1"))
		if cut {
			b.WriteString("...")
		}
	}
	return b.String()
}

// tsCut returns the first MaxQuote characters (code points) of s, and
// whether it cut; a byte that is not UTF-8 is one character, U+FFFD.
func tsCut(s string) (string, bool) {
	if len(s) <= MaxQuote {
		return s, false
	}
	n := 0
	for i := range s {
		if n == MaxQuote {
			return strings.ToValidUTF8(s[:i], "\uFFFD"), true
		}
		n++
	}
	return s, false
}

// tsQuote is input text in a message as JavaScript's JSON.stringify
// quotes it (gen/message), cut after MaxQuote characters and then "...".
func tsQuote(s string) string {
	k, cut := tsCut(s)
	var b strings.Builder
	b.Grow(len(k) + 5)
	b.WriteByte('"')
	for _, r := range k {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[r>>4])
			b.WriteByte("0123456789abcdef"[r&15])
		default:
			b.WriteRune(r) // an invalid byte is U+FFFD
		}
	}
	b.WriteByte('"')
	if cut {
		b.WriteString("...")
	}
	return b.String()
}

// tsNumber shows a number as JavaScript's String shows the double nearest
// to it (gen/message): 1.50 is 1.5, 1e2 is 100, 1e21 is 1e+21, -0 is 0.
func tsNumber(f float64) string {
	switch {
	case f == 0:
		return "0"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	// The shortest digits that read back as f, and the exponent n with
	// f = 0.digits × 10^n, as ECMAScript's Number::toString names them.
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	n, k := x+1, len(digits)
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	es := "+"
	if n-1 < 0 {
		es = "-"
	}
	ex := strconv.Itoa(max(n-1, 1-n))
	if k == 1 {
		return sign + digits + "e" + es + ex
	}
	return sign + digits[:1] + "." + digits[1:] + "e" + es + ex
}

// fail records a problem at the current value, the first MaxProblems
// in full, the rest counted; decoding goes on, to find them all (and
// invalid JSON later in the input, which is reported as such).
func (d *tsDecoder) fail(m tsMsg, args ...any) {
	d.found++
	if len(d.probs) < MaxProblems {
		d.probs = append(d.probs, Problem{Pointer: d.pointer(), Keyword: m.keyword, Message: m.format(args...)})
	}
}

// format fills m's text (its one text when the first value is the count 1).
func (m tsMsg) format(args ...any) string {
	if m.one != "" && len(args) > 0 && args[0] == 1 {
		return fmt.Sprintf(m.one, args...)
	}
	return fmt.Sprintf(m.text, args...)
}

func tsKindOf(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}

// typeErr records a type failure and skips the value; a value of
// another type is not one of an enum's either (as JSON Schema and the
// JavaScript validators report it).
func (d *tsDecoder) typeErr(n *tsNode) {
	c := d.peek()
	kind := tsKindOf(c)
	if kind == "number" {
		start := d.pos
		v := d.scanNum()
		if v.beyond() {
			kind = tsMsgBeyond.text // 1e400: JSON.parse reads Infinity, no number (docs/servers.md)
		}
		d.pos = start
	}
	d.fail(tsMsgType, kind, n.want)
	if !n.enum {
		d.skip()
		return
	}
	start := d.pos
	d.skip()
	shown := tsKindOf(c)
	switch c {
	case '"':
		d.pos = start
		shown = tsQuote(string(d.strBytes()))
	case 't', 'f', 'n':
		shown = string(d.data[start:d.pos])
	case '{', '[':
	default:
		d.pos = start
		shown = d.scanNum().text()
	}
	d.fail(tsMsgEnum, shown)
}

func (d *tsDecoder) lit(word string) {
	if len(d.data)-d.pos < len(word) || string(d.data[d.pos:d.pos+len(word)]) != word {
		d.syntax("invalid literal")
	}
	d.pos += len(word)
}

// null consumes a null if one comes next.
func (d *tsDecoder) null() bool {
	if d.peek() == 'n' {
		d.lit("null")
		return true
	}
	return false
}

// strBytes scans a string and returns its decoded bytes, aliasing the
// input when no escape or invalid UTF-8 needs rewriting.
func (d *tsDecoder) strBytes() []byte {
	if d.peek() != '"' {
		d.syntax("expected string")
	}
	start := d.pos
	d.pos++
	plain, ascii := true, true
	for {
		if d.pos >= len(d.data) {
			d.syntax("unexpected end of JSON input")
		}
		c := d.data[d.pos]
		switch {
		case c == '"':
			d.pos++
			span := d.data[start+1 : d.pos-1]
			if plain && (ascii || utf8.Valid(span)) {
				return span
			}
			var s string
			if err := json.Unmarshal(d.data[start:d.pos], &s); err != nil {
				d.pos = start
				d.syntax("invalid string")
			}
			return []byte(s)
		case c == '\\':
			plain = false
			d.pos += 2
			continue
		case c < 0x20:
			d.syntax("control character in string")
		case c >= 0x80:
			ascii = false
		}
		d.pos++
	}
}

// str decodes a string value of n.
func (d *tsDecoder) str(n *tsNode) string {
	if d.peek() != '"' {
		d.typeErr(n)
		return ""
	}
	b := d.strBytes()
	if n.enum && n.re == nil && n.minN < 0 && n.maxN < 0 {
		// An enum value: the allowed string itself, no copy of the input.
		for _, e := range n.enumS {
			if e == string(b) {
				return e
			}
		}
		d.fail(tsMsgEnum, tsQuote(string(b)))
		return ""
	}
	s := string(b)
	d.strRules(n, s)
	return s
}

func (d *tsDecoder) strRules(n *tsNode, s string) {
	if n.enum && !slices.Contains(n.enumS, s) {
		d.fail(tsMsgEnum, tsQuote(s))
	}
	// The pattern is tested only on a string of an allowed length, as the
	// JavaScript validators test it, so that both report the same problems.
	length := true
	if n.minN >= 0 || n.maxN >= 0 {
		c := utf8.RuneCountInString(s)
		if n.minN >= 0 && c < n.minN {
			d.fail(tsMsgMinLength, c, strconv.Itoa(n.minN))
			length = false
		} else if n.maxN >= 0 && c > n.maxN {
			d.fail(tsMsgMaxLength, c, strconv.Itoa(n.maxN))
			length = false
		}
	}
	if length && n.re != nil && !n.re.MatchString(s) {
		d.fail(tsMsgPattern, tsQuote(s), n.reText)
	}
	if n.format != "" {
		if ok, _ := tsFormat(n.format, s); !ok {
			d.fail(tsMsgFormat, tsQuote(s), n.format)
		}
	}
}

func (d *tsDecoder) boolean(n *tsNode) bool {
	switch d.peek() {
	case 't':
		d.lit("true")
		return true
	case 'f':
		d.lit("false")
		return false
	}
	d.typeErr(n)
	return false
}

// raw scans any JSON value and returns a copy of its bytes, with
// duplicate object keys normalised: the last value wins, at the place of
// the first (as JSON.parse and encoding/json read them).
func (d *tsDecoder) raw(*tsNode) json.RawMessage {
	d.ws()
	start := d.pos
	d.skip()
	span := d.data[start:d.pos]
	if bytes.IndexByte(span, '{') >= 0 && tsHasDup(span) {
		return tsDedup(span)
	}
	return append(json.RawMessage(nil), span...)
}

type tsNum struct {
	tok     []byte
	i       int64
	f       float64 // the value rounded, when hasF
	small   bool    // an integer that fits int64, in i
	integer bool
	hasF    bool
}

func tsDigits(data []byte, pos int) int {
	for pos < len(data) && data[pos] >= '0' && data[pos] <= '9' {
		pos++
	}
	return pos
}

// scanNum scans a JSON number, reading the value of a plain integer of
// up to 18 digits (within int64) on the way.
func (d *tsDecoder) scanNum() tsNum {
	data, start := d.data, d.pos
	p := start
	if p < len(data) && data[p] == '-' {
		p++
	}
	var u uint64 // the integer part, exact up to 19 digits
	switch {
	case p < len(data) && data[p] == '0':
		p++
	case p < len(data) && data[p] >= '1' && data[p] <= '9':
		for ; p < len(data) && data[p] >= '0' && data[p] <= '9'; p++ {
			u = u*10 + uint64(data[p]-'0')
		}
	default:
		d.syntax("invalid number")
	}
	plain := true
	if p < len(data) && data[p] == '.' {
		plain = false
		q := tsDigits(data, p+1)
		if q == p+1 {
			d.pos = q
			d.syntax("invalid number")
		}
		p = q
	}
	if p < len(data) && (data[p] == 'e' || data[p] == 'E') {
		plain = false
		p++
		if p < len(data) && (data[p] == '+' || data[p] == '-') {
			p++
		}
		q := tsDigits(data, p)
		if q == p {
			d.pos = q
			d.syntax("invalid number")
		}
		p = q
	}
	d.pos = p
	n := tsNum{tok: data[start:p]}
	if plain && p-start <= 18 {
		n.i = int64(u)
		if data[start] == '-' {
			n.i = -n.i
		}
		n.small, n.integer = true, true
	}
	return n
}

// classify decides exactly whether a number that is not a small plain
// integer (1.0, 1e2, 12345678901234567890) is an integer, from its digits
// and exponent: it never expands the number, so 1e999999 costs its 8 bytes.
func (n *tsNum) classify() {
	if n.small {
		return
	}
	v := tsDecimal(n.tok)
	if len(v.digits) > 0 && v.exp < 0 {
		return // fractional digits the exponent does not cover
	}
	n.integer = true
	if int64(len(v.digits))+v.exp > 19 {
		return
	}
	var u uint64 // at most 19 digits: below 10^19, within uint64
	for _, c := range v.digits {
		u = u*10 + uint64(c-'0')
	}
	for e := v.exp; e > 0; e-- {
		u *= 10
	}
	switch {
	case v.neg && u <= 1<<63:
		n.i, n.small = -int64(u), true
	case !v.neg && u <= 1<<63-1:
		n.i, n.small = int64(u), true
	}
}

// float is the number rounded to float64, parsed once.
func (n *tsNum) float() float64 {
	if !n.hasF {
		if n.small && (n.i != 0 || n.tok[0] != '-') { // -0 is the float -0
			n.f = float64(n.i) // rounded as ParseFloat rounds the same digits
		} else {
			n.f, _ = strconv.ParseFloat(string(n.tok), 64)
		}
		n.hasF = true
	}
	return n.f
}

// tsMayLeave reports whether a number's text may overflow or underflow
// float64: only with an exponent or hundreds of digits.
func tsMayLeave(tok []byte) bool {
	return len(tok) > 300 || bytes.IndexAny(tok, "eE") >= 0
}

// beyond reports whether the number's magnitude rounds beyond float64.
func (n *tsNum) beyond() bool {
	return !n.small && tsMayLeave(n.tok) && math.IsInf(n.float(), 0)
}

// underflow makes a non-zero number nearer to 0 than the smallest double
// (1e-400) the 0 that JSON.parse reads, so both sides check the same value.
func (n *tsNum) underflow() {
	if n.small || !tsMayLeave(n.tok) || n.float() != 0 || tsDecimal(n.tok).digits == nil {
		return
	}
	zero := "0"
	if n.tok[0] == '-' {
		zero = "-0"
	}
	*n = tsNum{tok: []byte(zero), small: true, integer: true, f: n.f, hasF: true}
}

// tsDouble is a number token as the double nearest to it: the token
// itself when it has at most 15 significant digits (a double keeps
// those), else the shortest text of its double. JSON.parse reads
// 2.50000000000000000001 as 2.5 and 9007199254740993 as 9007199254740992;
// the Go validators and test-report read the same double
// (docs/servers.md, "One number and one string model"). A token beyond
// float64 is left as written: it is refused, or read as ±Infinity,
// before this.
func tsDouble(tok []byte) []byte {
	digits := 0
	for _, c := range tok {
		if c == 'e' || c == 'E' {
			break
		}
		if c >= '0' && c <= '9' {
			digits++
		}
	}
	if digits <= 15 {
		return tok
	}
	f, err := strconv.ParseFloat(string(tok), 64)
	if err != nil || math.IsInf(f, 0) {
		return tok
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64)
}

// double makes n the double nearest to it (tsDouble).
func (n *tsNum) double() {
	if tok := tsDouble(n.tok); string(tok) != string(n.tok) {
		*n = tsNum{tok: tok}
		n.classify()
	}
}

func tsUnderflows(raw []byte) bool {
	f, _ := strconv.ParseFloat(string(raw), 64)
	return f == 0
}

// text is the number for messages: the double nearest to it, as
// JavaScript shows it (tsNumber).
func (n tsNum) text() string {
	return tsNumber(n.float())
}

// against is the number for the message of a bound it breaks: text, or,
// when its double is the bound's but it is not (2.50000000000000001
// against 2.5, which JavaScript reads as 2.5 and accepts), the number as
// written, cut after
// MaxQuote characters, so that the message does not say 2.5 is greater
// than 2.5.
func (n *tsNum) against(b *tsBound) string {
	if n.float() != b.f || n.cmp(b) == 0 {
		return n.text()
	}
	k, cut := tsCut(string(n.tok))
	if cut {
		k += "..."
	}
	return k
}

// cmp compares the number with a bound exactly, as JSON Schema does:
// int64s directly; beyond them, rounding to float64 keeps order, so
// floats that differ decide, and only equal floats need the exact
// comparison of digits and exponents.
func (n *tsNum) cmp(b *tsBound) int {
	if n.small && b.small {
		return cmp.Compare(n.i, b.i)
	}
	switch f := n.float(); {
	case f < b.f:
		return -1
	case f > b.f:
		return 1
	}
	return tsCmpDecimal(tsDecimal(n.tok), b.dec)
}

// num scans a number of n and checks it; false when it is not one.
func (d *tsDecoder) num(n *tsNode) (tsNum, bool) {
	c := d.peek()
	if c != '-' && (c < '0' || c > '9') {
		d.typeErr(n)
		return tsNum{}, false
	}
	v := d.scanNum()
	if v.small && n.lo <= v.i && v.i <= n.hi {
		return v, true // an int64 within every bound (see tsNode.lo)
	}
	if v.beyond() {
		d.fail(tsMsgType, tsMsgBeyond.text, n.want)
		return tsNum{}, false
	}
	v.underflow()
	v.double()
	ok := true
	if n.kind == tsTInteger {
		if !v.small { // a small one is an integer: no call
			v.classify()
		}
		if !v.integer {
			// Still a number: its bounds are checked too.
			d.fail(tsMsgType, "number", n.want)
			ok = false
		}
	}
	if n.enum {
		in := false
		for _, e := range n.enumI {
			in = in || v.small && v.i == e
		}
		if !in {
			d.fail(tsMsgEnum, v.text())
		}
	}
	if n.min != nil && v.cmp(n.min) < 0 {
		d.fail(tsMsgMinimum, v.against(n.min), n.min.text)
	}
	if n.max != nil && v.cmp(n.max) > 0 {
		d.fail(tsMsgMaximum, v.against(n.max), n.max.text)
	}
	if n.xmin != nil && v.cmp(n.xmin) <= 0 {
		d.fail(tsMsgExclusiveMinimum, v.against(n.xmin), n.xmin.text)
	}
	if n.xmax != nil && v.cmp(n.xmax) >= 0 {
		d.fail(tsMsgExclusiveMaximum, v.against(n.xmax), n.xmax.text)
	}
	if n.mult != nil && !tsMultiple(tsDecimal(v.tok), n.mult.dec) {
		d.fail(tsMsgMultipleOf, v.text(), n.mult.text)
	}
	return v, ok
}

// inRange reads a plain integer of up to 18 digits (as scanNum takes
// for an int64) within [n.lo, n.hi], the common valid value, and reports
// whether it did; otherwise it reads only whitespace. It returns two
// words where num returns a tsNum.
func (d *tsDecoder) inRange(n *tsNode) (int64, bool) {
	if n.lo > n.hi {
		return 0, false
	}
	d.ws()
	data, p := d.data, d.pos
	if p < len(data) && data[p] == '-' {
		p++
	}
	first := p
	var u uint64
	for ; p < len(data) && data[p] >= '0' && data[p] <= '9' && p-d.pos < 18; p++ {
		u = u*10 + uint64(data[p]-'0')
	}
	switch {
	case p == first || data[first] == '0' && p > first+1: // not a number, or a leading zero
		return 0, false
	case p < len(data) && (data[p] == '.' || data[p] == 'e' || data[p] == 'E' || data[p] >= '0' && data[p] <= '9'):
		return 0, false // a fraction, an exponent or a 19th character: num decides
	}
	i := int64(u)
	if first > d.pos {
		i = -i
	}
	if i < n.lo || i > n.hi || i == 0 && first > d.pos { // -0: the float -0, for f64
		return 0, false
	}
	d.pos = p
	return i, true
}

// i64 decodes an integer whose bounds fit int64.
func (d *tsDecoder) i64(n *tsNode) int64 {
	if i, ok := d.inRange(n); ok {
		return i
	}
	v, _ := d.num(n)
	return v.i
}

// f64 decodes a number with both bounds.
func (d *tsDecoder) f64(n *tsNode) float64 {
	if i, ok := d.inRange(n); ok {
		return float64(i) // rounded as ParseFloat rounds the same digits
	}
	v, ok := d.num(n)
	if !ok {
		return 0
	}
	return v.float()
}

// integer decodes an integer as json.Number: plain digits when it fits
// int64 (1.0 and 1e2 become "1" and "100"), else the number as written.
func (d *tsDecoder) integer(n *tsNode) json.Number {
	v, ok := d.num(n)
	switch {
	case !ok:
		return ""
	case v.small:
		return json.Number(strconv.FormatInt(v.i, 10))
	}
	return json.Number(v.tok)
}

// number decodes a number as json.Number, as written.
func (d *tsDecoder) number(n *tsNode) json.Number {
	v, ok := d.num(n)
	if !ok {
		return ""
	}
	return json.Number(v.tok)
}

// tsDec is the exact value of a JSON number: digits × 10^exp, digits
// without leading or trailing zeros (none for zero, whose sign is
// dropped). An exponent of more than 18 digits saturates exp at ±2^62,
// which keeps comparisons with bounds exact; etext, eneg and adj keep the
// exact exponent (etext × 10^0, negated when eneg, plus adj) for keys.
type tsDec struct {
	neg    bool
	digits []byte
	exp    int64
	huge   bool
	eneg   bool
	etext  []byte
	adj    int64
}

// tsDecimal reads a valid JSON number token in time linear in its length.
func tsDecimal(tok []byte) tsDec {
	var v tsDec
	p := 0
	if p < len(tok) && tok[p] == '-' {
		v.neg = true
		p++
	}
	q := tsDigits(tok, p)
	whole := tok[p:q]
	p = q
	var frac []byte
	if p < len(tok) && tok[p] == '.' {
		q = tsDigits(tok, p+1)
		frac = tok[p+1 : q]
		p = q
	}
	var etext []byte
	eneg := false
	if p < len(tok) && (tok[p] == 'e' || tok[p] == 'E') {
		p++
		if p < len(tok) && (tok[p] == '+' || tok[p] == '-') {
			eneg = tok[p] == '-'
			p++
		}
		etext = tok[p:]
	}
	for len(frac) > 0 && frac[len(frac)-1] == '0' {
		frac = frac[:len(frac)-1]
	}
	digits := whole
	if len(frac) > 0 {
		digits = append(append(make([]byte, 0, len(whole)+len(frac)), whole...), frac...)
	}
	adj := -int64(len(frac))
	for len(digits) > 0 && digits[0] == '0' {
		digits = digits[1:]
	}
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		adj++
	}
	if len(digits) == 0 {
		return tsDec{}
	}
	v.digits = digits
	for len(etext) > 0 && etext[0] == '0' {
		etext = etext[1:]
	}
	if len(etext) > 18 {
		v.huge, v.eneg, v.etext, v.adj = true, eneg, etext, adj
		v.exp = 1 << 62
		if eneg {
			v.exp = -v.exp
		}
		return v
	}
	var e int64
	for _, c := range etext {
		e = e*10 + int64(c-'0')
	}
	if eneg {
		e = -e
	}
	v.exp = e + adj
	return v
}

func (v tsDec) sign() int {
	switch {
	case len(v.digits) == 0:
		return 0
	case v.neg:
		return -1
	}
	return 1
}

// tsCmpDecimal compares two exact values by sign, then by the position of
// the leading digit, then digit by digit.
func tsCmpDecimal(a, b tsDec) int {
	sa, sb := a.sign(), b.sign()
	if sa != sb || sa == 0 {
		return max(-1, min(1, sa-sb))
	}
	c := 0
	ma, mb := int64(len(a.digits))+a.exp, int64(len(b.digits))+b.exp
	switch {
	case ma < mb:
		c = -1
	case ma > mb:
		c = 1
	default:
		// Same leading position and no trailing zeros: a digit string
		// that is a prefix of the other is the smaller value.
		c = bytes.Compare(a.digits, b.digits)
	}
	return c * sa
}

// tsMultiple reports whether v is an integer multiple of m (m > 0) in
// exact decimal arithmetic: 0.3 is a multiple of 0.1. With v = a × 10^p
// and m = b × 10^q (a and b without trailing zeros), v/m = (a/b) ×
// 10^(p-q). Write b = 2^i × 5^j × c with c prime to 10. When p < q the
// quotient would need a to end in a zero, which it does not; otherwise it
// is an integer exactly when c divides a and 2^(i-(p-q)) and 5^(j-(p-q))
// (when positive) divide a. The digits of a are divided as text, so a long
// v costs its length and a huge exponent nothing.
func tsMultiple(v, m tsDec) bool {
	if len(v.digits) == 0 {
		return true // zero
	}
	shift := v.exp - m.exp
	if len(m.digits) == 0 || shift < 0 {
		return false
	}
	if len(m.digits) > 18 {
		a, _ := new(big.Int).SetString(string(v.digits), 10)
		b, _ := new(big.Int).SetString(string(m.digits), 10)
		if shift >= 4096 { // more than the 2s and 5s of any b the checker allows
			return tsBigCoprimeDivides(a, b)
		}
		a.Mul(a, new(big.Int).Exp(big.NewInt(10), big.NewInt(shift), nil))
		return new(big.Int).Mod(a, b).Sign() == 0
	}
	var b uint64
	for _, c := range m.digits {
		b = b*10 + uint64(c-'0')
	}
	c, i, j := b, int64(0), int64(0)
	for c%2 == 0 {
		c, i = c/2, i+1
	}
	for c%5 == 0 {
		c, j = c/5, j+1
	}
	two, five := uint64(1), uint64(1)
	for k := shift; k < i; k++ {
		two *= 2
	}
	for k := shift; k < j; k++ {
		five *= 5
	}
	return tsMod(v.digits, c) == 0 && tsMod(v.digits, two) == 0 && tsMod(v.digits, five) == 0
}

// tsBigCoprimeDivides is tsMultiple's rule for a long b and a large
// shift, which covers any power of 2 or 5 in b: the part of b prime
// to 10 must divide a.
func tsBigCoprimeDivides(a, b *big.Int) bool {
	c := new(big.Int).Set(b)
	for _, p := range []int64{2, 5} {
		bp := big.NewInt(p)
		r := new(big.Int)
		for {
			q, rem := new(big.Int).QuoRem(c, bp, r)
			if rem.Sign() != 0 {
				break
			}
			c = q
		}
	}
	return new(big.Int).Mod(a, c).Sign() == 0
}

// tsMod is the number written in digits, modulo m (below 1.8 × 10^18).
func tsMod(digits []byte, m uint64) uint64 {
	var r uint64
	for _, c := range digits {
		r = (r*10 + uint64(c-'0')) % m
	}
	return r
}

// expText is the exact exponent of v as decimal text.
func (v tsDec) expText() string {
	if !v.huge {
		return strconv.FormatInt(v.exp, 10)
	}
	// |E| >= 10^18 > |adj|: E + adj keeps the sign of E, and its
	// magnitude is |E| + adj (or - adj when E is negative).
	delta := v.adj
	sign := ""
	if v.eneg {
		delta, sign = -delta, "-"
	}
	hi := []byte(string(v.etext[:len(v.etext)-18]))
	lo, _ := strconv.ParseInt(string(v.etext[len(v.etext)-18:]), 10, 64)
	lo += delta
	const ten18 = 1000000000000000000
	switch {
	case lo >= ten18:
		lo -= ten18
		i := len(hi) - 1
		for ; i >= 0 && hi[i] == '9'; i-- {
			hi[i] = '0'
		}
		if i < 0 {
			hi = append([]byte{'1'}, hi...)
		} else {
			hi[i]++
		}
	case lo < 0:
		lo += ten18
		i := len(hi) - 1
		for ; hi[i] == '0'; i-- {
			hi[i] = '9'
		}
		hi[i]--
		for len(hi) > 0 && hi[0] == '0' {
			hi = hi[1:]
		}
	}
	if len(hi) == 0 {
		return sign + strconv.FormatInt(lo, 10)
	}
	l := strconv.FormatInt(lo, 10)
	return sign + string(hi) + strings.Repeat("0", 18-len(l)) + l
}

// key scans an object key and the colon after it.
func (d *tsDecoder) key() []byte {
	k := d.strBytes()
	if d.peek() != ':' {
		d.syntax("expected :")
	}
	d.pos++
	return k
}

// more reports whether another member or element follows, consuming the
// comma or the closing byte.
func (d *tsDecoder) more(end byte, first *bool) bool {
	c := d.peek()
	if c == end {
		d.pos++
		d.depth--
		return false
	}
	if *first {
		*first = false
		return true
	}
	if c != ',' {
		d.syntax("expected , or " + string(end))
	}
	d.pos++
	return true
}

// open consumes the opening byte of an object or array of n, or records a
// type failure, skips the value and returns false.
func (d *tsDecoder) open(c byte, n *tsNode) bool {
	if d.peek() != c {
		d.typeErr(n)
		return false
	}
	d.enter()
	return true
}

// enter consumes the opening byte of an object or array.
func (d *tsDecoder) enter() {
	d.pos++
	d.depth++
	if d.depth > MaxDepth {
		panic(tsDepthError{d.pos - 1})
	}
}

// skip scans any JSON value.
func (d *tsDecoder) skip() {
	switch d.peek() {
	case '{':
		d.enter()
		first := true
		for d.more('}', &first) {
			d.key()
			d.skip()
		}
	case '[':
		d.enter()
		first := true
		for d.more(']', &first) {
			d.skip()
		}
	case '"':
		d.strBytes()
	case 't':
		d.lit("true")
	case 'f':
		d.lit("false")
	case 'n':
		d.lit("null")
	default:
		d.scanNum()
	}
}

// tsHasDup reports whether an object in a valid JSON value has a key
// twice (keys compared as decoded).
func tsHasDup(raw []byte) bool {
	d := &tsDecoder{data: raw}
	return d.hasDup()
}

func (d *tsDecoder) hasDup() bool {
	switch d.peek() {
	case '{':
		d.pos++
		var buf [16][]byte
		keys := buf[:0]
		first := true
		for d.more('}', &first) {
			k := d.key()
			for _, prev := range keys {
				if bytes.Equal(prev, k) {
					return true
				}
			}
			keys = append(keys, k)
			if d.hasDup() {
				return true
			}
		}
	case '[':
		d.pos++
		first := true
		for d.more(']', &first) {
			if d.hasDup() {
				return true
			}
		}
	default:
		d.skip()
	}
	return false
}

// tsDedup returns a copy of a valid JSON value without duplicate keys:
// each key keeps its first place and its last value. A value without
// duplicates is copied byte for byte.
func tsDedup(raw []byte) json.RawMessage {
	d := &tsDecoder{data: raw}
	var b bytes.Buffer
	if !d.dedup(&b) {
		return append(json.RawMessage(nil), raw...)
	}
	return b.Bytes()
}

// dedup writes the value without duplicate keys (and without whitespace
// between tokens) and reports whether it dropped any.
func (d *tsDecoder) dedup(b *bytes.Buffer) (dropped bool) {
	d.ws()
	switch d.data[d.pos] {
	case '{':
		d.pos++
		type member struct {
			key   []byte // as written
			value []byte // rewritten
		}
		var members []member
		at := map[string]int{}
		first := true
		for d.more('}', &first) {
			d.ws()
			start := d.pos
			k := string(d.key())
			keyText := bytes.TrimRight(d.data[start:d.pos-1], " \t\r\n")
			var v bytes.Buffer
			dropped = d.dedup(&v) || dropped
			if i, ok := at[k]; ok {
				members[i].value = v.Bytes()
				dropped = true
				continue
			}
			at[k] = len(members)
			members = append(members, member{keyText, v.Bytes()})
		}
		b.WriteByte('{')
		for i, m := range members {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(m.key)
			b.WriteByte(':')
			b.Write(m.value)
		}
		b.WriteByte('}')
	case '[':
		d.pos++
		b.WriteByte('[')
		first := true
		for i := 0; d.more(']', &first); i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			dropped = d.dedup(b) || dropped
		}
		b.WriteByte(']')
	default:
		start := d.pos
		d.skip()
		b.Write(d.data[start:d.pos])
	}
	return dropped
}

// check validates any value against n without building it.
func (d *tsDecoder) check(n *tsNode) {
	if n.never {
		d.fail(tsMsgFalse)
		d.skip()
		return
	}
	if n.types == 0 {
		d.skip()
		return
	}
	if n.types&tsTNull != 0 && d.null() {
		return
	}
	switch n.kind {
	case tsTString:
		d.str(n)
	case tsTInteger, tsTNumber:
		d.num(n)
	case tsTBoolean:
		d.boolean(n)
	case tsTObject:
		if n.values != nil {
			for e := d.entries(n); e.next(d); {
				d.check(e.node)
			}
			return
		}
		for o := d.object(n); o.next(d); {
			d.check(o.node)
		}
	case tsTArray:
		for a := d.array(n); a.next(d); {
			d.check(a.node)
		}
	case tsTUnion:
		d.union(n)
	}
}

// union checks the value against each variant of union n in turn, from
// the same place, and returns the first that accepts it, forgetting the
// others' problems. When none does, it keeps every variant's problems
// and adds anyOf, as ajv reports them, and returns -1. Either way it
// leaves the decoder after the value.
func (d *tsDecoder) union(n *tsNode) int {
	start, all := d.pos, d.mark()
	for i, v := range n.variants {
		d.pos = start
		if i+1 == n.nullAt {
			d.nullVariant()
		}
		one := d.mark()
		d.check(v)
		if d.found == one.found {
			d.cut(d.close(all))
			return i
		}
	}
	d.pos = start
	if len(n.variants)+1 == n.nullAt {
		d.nullVariant()
	}
	d.fail(tsMsgAnyOf)
	d.skip()
	return -1
}

// nullVariant records the failure of a union's {"type":"null"} on the
// value at d.pos, which is not null (the union accepted it before).
func (d *tsDecoder) nullVariant() {
	kind := tsKindOf(d.peek())
	if kind == "number" {
		start := d.pos
		if v := d.scanNum(); v.beyond() {
			kind = tsMsgBeyond.text
		}
		d.pos = start
	}
	d.fail(tsMsgType, kind, "null")
}

// tsObj is an object being read: the plans loop
//
//	for o := d.object(n); o.next(d); { switch o.i { … decode o.node … } }
//
// next leaves the decoder at the value of the known property o.i, whose
// schema is o.node, checking unknown properties on the way; at the end it
// checks missing ones. Its problems are then put in the order of the
// JavaScript validators: required, each property's in schema order (of
// its last value, when a key repeats), then unknown properties'.
type tsObj struct {
	n     *tsNode
	i     int
	node  *tsNode
	first bool
	done  bool // the object is read (or was no object)
	open  bool // the caller is decoding property i
	start tsSpan
	at    tsSpan   // of property i
	spans []tsSpan // of each property, made on the first problem in one
	extra map[string]bool
	seen  tsBits
}

func (d *tsDecoder) object(n *tsNode) tsObj {
	o := tsObj{n: n, first: true}
	o.done = !d.open('{', n)
	if !o.done {
		o.seen.init(len(n.props))
		o.start = d.mark()
	}
	return o
}

func (o *tsObj) next(d *tsDecoder) bool {
	if o.done {
		return false
	}
	if o.open {
		o.open = false
		if d.found > o.at.found {
			if o.spans == nil {
				o.spans = make([]tsSpan, len(o.n.props))
			}
			o.spans[o.i] = d.close(o.at)
		}
		o.seen.set(o.i)
		d.pop()
	}
	n := o.n
	for d.more('}', &o.first) {
		k := d.key()
		i := n.lookup(k)
		if i < 0 {
			if n.closed {
				o.unknown(d, k)
			}
			d.skip()
			continue
		}
		if o.spans != nil && o.spans[i].found > 0 {
			o.forget(d, i)
		}
		d.push(n.props[i].name, -1)
		o.i, o.node, o.open = i, n.props[i].node, true
		o.at = d.mark()
		return true
	}
	o.done = true
	since := len(d.probs)
	for i := range n.props {
		if n.props[i].required && !o.seen.has(i) {
			d.fail(tsMsgRequired, tsQuote(n.props[i].name))
		}
	}
	if d.found > o.start.found {
		o.order(d, since)
	}
	return false
}

// unknown records an unknown property of a closed object, once per key.
func (o *tsObj) unknown(d *tsDecoder, k []byte) {
	if len(d.probs) < MaxProblems { // past it, only the count matters
		if o.extra[string(k)] {
			return
		}
		if o.extra == nil {
			o.extra = map[string]bool{}
		}
		o.extra[string(k)] = true
	}
	d.fail(tsMsgAdditionalProperties, tsQuote(string(k)))
}

// forget drops the problems of property i's earlier value: the key came
// again, and the last value counts (as JSON.parse reads it).
func (o *tsObj) forget(d *tsDecoder, i int) {
	s := o.spans[i]
	o.spans[i] = tsSpan{}
	removed := d.cut(s)
	for j := range o.spans {
		if o.spans[j].from >= s.to {
			o.spans[j].from -= removed
			o.spans[j].to -= removed
		}
	}
}

// order puts the object's problems (from o.start) in the JavaScript
// validators' order: the required ones found at the end (from since)
// first, then each property's in schema order, then the rest (unknown
// properties), each group in the order found.
func (o *tsObj) order(d *tsDecoder, since int) {
	from := o.start.from
	block := d.probs[from:]
	out := make([]Problem, 0, len(block))
	out = append(out, d.probs[since:]...)
	inSpan := make([]bool, len(block))
	for _, s := range o.spans {
		out = append(out, d.probs[s.from:s.to]...)
		for k := s.from; k < s.to; k++ {
			inSpan[k-from] = true
		}
	}
	for k, p := range d.probs[from:since] {
		if !inSpan[k] {
			out = append(out, p)
		}
	}
	copy(block, out)
}

// tsBits is a set of property indexes: a word for up to 64, else a slice.
type tsBits struct {
	w    uint64
	more []bool
}

func (b *tsBits) init(n int) {
	if n > 64 {
		b.more = make([]bool, n)
	}
}

func (b *tsBits) set(i int) {
	if b.more != nil {
		b.more[i] = true
	} else {
		b.w |= 1 << uint(i)
	}
}

func (b *tsBits) has(i int) bool {
	if b.more != nil {
		return b.more[i]
	}
	return b.w&(1<<uint(i)) != 0
}

// tsEnts is a map being read, as tsObj is an object:
//
//	for e := d.entries(n); e.next(d); { … decode the value of e.key, of schema e.node … }
//
// The problems are the values' in the order found (of its last value,
// when a key repeats), then the count's.
type tsEnts struct {
	n       *tsNode
	key     string
	node    *tsNode
	first   bool
	done    bool
	open    bool // the caller is decoding the value of key
	counted bool // the map has minProperties or maxProperties
	at      tsSpan
	spans   map[string]tsSpan // of each key with problems
	keys    tsKeySet          // distinct keys, when counted
}

func (d *tsDecoder) entries(n *tsNode) tsEnts {
	e := tsEnts{n: n, node: n.values, first: true, counted: n.minN >= 0 || n.maxN >= 0}
	e.done = !d.open('{', n)
	return e
}

func (e *tsEnts) next(d *tsDecoder) bool {
	if e.done {
		return false
	}
	if e.open {
		e.open = false
		if d.found > e.at.found {
			if e.spans == nil {
				e.spans = map[string]tsSpan{}
			}
			e.spans[e.key] = d.close(e.at)
		}
		d.pop()
	}
	n := e.n
	if d.more('}', &e.first) {
		k := string(d.key())
		if e.counted {
			e.keys.add(k)
		}
		if s, ok := e.spans[k]; ok {
			delete(e.spans, k)
			removed := d.cut(s)
			for j, t := range e.spans {
				if t.from >= s.to {
					e.spans[j] = tsSpan{t.from - removed, t.to - removed, t.found}
				}
			}
		}
		d.push(k, -1)
		e.key, e.open = k, true
		e.at = d.mark()
		return true
	}
	e.done = true
	count := e.keys.len()
	if n.minN >= 0 && count < n.minN {
		d.fail(tsMsgMinProperties, count, strconv.Itoa(n.minN))
	}
	if n.maxN >= 0 && count > n.maxN {
		d.fail(tsMsgMaxProperties, count, strconv.Itoa(n.maxN))
	}
	return false
}

// tsKeySet counts distinct keys: a few in a slice, more in a map.
type tsKeySet struct {
	buf   [8]string
	count int
	many  map[string]bool
}

func (s *tsKeySet) add(k string) {
	if s.many != nil {
		s.many[k] = true
		return
	}
	for _, prev := range s.buf[:s.count] {
		if prev == k {
			return
		}
	}
	if s.count < len(s.buf) {
		s.buf[s.count] = k
		s.count++
		return
	}
	s.many = map[string]bool{k: true}
	for _, prev := range s.buf[:s.count] {
		s.many[prev] = true
	}
}

func (s *tsKeySet) len() int {
	if s.many != nil {
		return len(s.many)
	}
	return s.count
}

// tsArr is an array (or tuple) being read, as tsObj is an object:
//
//	for a := d.array(n); a.next(d); { … decode element a.i of schema a.node … }
//
// A tuple's members beyond its prefix are skipped and counted. At the end
// next checks the counts, whose problems go before the items' (as the
// JavaScript validators order them), and uniqueness, whose go last.
type tsArr struct {
	n     *tsNode
	i     int     // the index of the current element
	node  *tsNode // its schema
	first bool    // no element read yet
	done  bool
	open  bool // the caller is decoding element i
	start int  // its offset, for uniqueItems
	items int  // where its item spans start in d.items, for uniqueItems
	from  int  // the array's first problem
}

func (d *tsDecoder) array(n *tsNode) tsArr {
	return tsArr{n: n, first: true, done: !d.open('[', n), items: len(d.items), from: len(d.probs)}
}

func (a *tsArr) next(d *tsDecoder) bool {
	if a.done {
		return false
	}
	if a.open {
		a.open = false
		a.end(d)
	}
	n := a.n
	for d.more(']', &a.first) {
		d.push("", a.i)
		d.ws()
		a.start = d.pos
		e := n.items
		if n.tuple {
			e = nil
			if a.i < len(n.prefix) {
				e = n.prefix[a.i]
			}
		}
		if e != nil {
			a.node, a.open = e, true
			return true
		}
		d.skip()
		a.end(d)
	}
	a.done = true
	since := len(d.probs)
	switch count := a.i; {
	case n.minN >= 0 && count < n.minN:
		d.fail(tsMsgMinItems, count, strconv.Itoa(n.minN))
	case n.maxN >= 0 && count > n.maxN:
		d.fail(tsMsgMaxItems, count, strconv.Itoa(n.maxN))
	}
	d.insert(a.from, since) // the count before the items, as in JavaScript
	if n.unique {
		d.unique(d.items[a.items:])
		d.items = d.items[:a.items]
	}
	return false
}

// end ends the current element.
func (a *tsArr) end(d *tsDecoder) {
	if a.n.unique {
		span := [2]int{a.start, d.pos}
		if !tsCompared(a.n.items, d.data[a.start:d.pos]) {
			span[1] = -1 // not compared, but counted: the indexes stay the array's
		}
		d.items = append(d.items, span)
	}
	d.pop()
	a.i++
}

// tsCanon is a value in a form where JSON-equal values are equal strings:
// keys sorted, numbers exact.
func tsCanon(raw []byte) string { return string(tsCanonAppend(nil, raw)) }

// tsCanonAppend appends tsCanon of raw, a valid JSON value, to dst. A
// string or literal is itself, a number its tsNumKey; inside an object or
// array, strings are Go-quoted (the decoded text, invalid UTF-8 as
// U+FFFD, as encoding/json reads it) and an object's members are sorted
// by key, a repeated key keeping its last value (as JSON.parse reads it).
func tsCanonAppend(dst, raw []byte) []byte {
	switch c := raw[0]; {
	case c == '"' && bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw):
		return append(dst, raw...)
	case c == '"':
		d := tsDecoder{data: raw}
		return append(append(append(dst, '"'), d.strBytes()...), '"') // as above
	case c == 't' || c == 'f' || c == 'n':
		return append(dst, raw...)
	case c == '-' || c >= '0' && c <= '9':
		return tsNumKeyAppend(dst, raw)
	}
	d := tsDecoder{data: raw}
	return d.canon(dst)
}

// tsMember is an object member being put in canonical form: its decoded
// key and where its value's form lies in the buffer.
type tsMember struct {
	key      []byte
	from, to int
}

// canon appends the canonical form of the value at d.pos to dst.
func (d *tsDecoder) canon(dst []byte) []byte {
	switch c := d.peek(); c {
	case '{':
		d.pos++
		// The values' forms go to dst in input order, then the sorted
		// object after them, which is finally moved to where it starts.
		start := len(dst)
		var buf [8]tsMember
		members := buf[:0]
		first := true
		for d.more('}', &first) {
			k := d.key()
			from := len(dst)
			dst = d.canon(dst)
			members = append(members, tsMember{k, from, len(dst)})
		}
		slices.SortStableFunc(members, func(a, b tsMember) int { return bytes.Compare(a.key, b.key) })
		out := len(dst)
		dst = append(dst, '{')
		for i, m := range members {
			if i+1 < len(members) && bytes.Equal(m.key, members[i+1].key) {
				continue // a later value of the same key replaces this one
			}
			dst = strconv.AppendQuote(dst, string(m.key))
			dst = append(dst, ':')
			dst = append(dst, dst[m.from:m.to]...)
			dst = append(dst, ',')
		}
		dst = append(dst, '}')
		return append(dst[:start], dst[out:]...)
	case '[':
		d.pos++
		dst = append(dst, '[')
		first := true
		for d.more(']', &first) {
			dst = append(d.canon(dst), ',')
		}
		return append(dst, ']')
	case '"':
		return strconv.AppendQuote(dst, string(d.strBytes()))
	case 't', 'f', 'n':
		start := d.pos
		d.skip()
		return append(dst, d.data[start:d.pos]...)
	}
	start := d.pos
	d.skip()
	return tsNumKeyAppend(dst, d.data[start:d.pos])
}

// tsNumKey is the exact value of a JSON number as significant digits and
// a power of ten ("n-15e-1" for -1.50), so that equal numbers give equal
// keys without big arithmetic, in time linear in the token.
func tsNumKey(raw []byte) string { return string(tsNumKeyAppend(nil, raw)) }

func tsNumKeyAppend(dst, raw []byte) []byte {
	raw = tsDouble(raw)
	v := tsDecimal(raw)
	if len(v.digits) == 0 || tsMayLeave(raw) && v.exp < 0 && tsUnderflows(raw) {
		return append(dst, "n0"...) // 1e-400 is 0, as JSON.parse reads it
	}
	if tsMayLeave(raw) && v.exp > 0 {
		if f, _ := strconv.ParseFloat(string(raw), 64); math.IsInf(f, 0) {
			// Every number beyond float64 is JSON.parse's Infinity.
			return append(dst, strconv.FormatFloat(f, 'g', -1, 64)...)
		}
	}
	dst = append(dst, 'n')
	if v.neg {
		dst = append(dst, '-')
	}
	dst = append(append(dst, v.digits...), 'e')
	if !v.huge {
		return strconv.AppendInt(dst, v.exp, 10)
	}
	return append(dst, v.expText()...)
}

// tsCompared reports whether uniqueItems compares an item: as in the
// JavaScript validators (and ajv), when the items' schema allows only
// scalar types, only the items of those types; the others already fail
// type. A number is read as the double nearest to it.
func tsCompared(items *tsNode, raw []byte) bool {
	if items == nil || items.types == 0 || items.kind == tsTUnion || items.types&(tsTObject|tsTArray) != 0 {
		return true
	}
	switch raw[0] {
	case '"':
		return items.types&tsTString != 0
	case 't', 'f':
		return items.types&tsTBoolean != 0
	case 'n':
		return items.types&tsTNull != 0
	case '{', '[':
		return false
	}
	f, _ := strconv.ParseFloat(string(raw), 64)
	if math.IsInf(f, 0) {
		return false
	}
	return items.types&tsTNumber != 0 || items.types&tsTInteger != 0 && f == math.Trunc(f)
}

// unique records a uniqueItems failure when two items are JSON-equal;
// an item whose end is -1 is not compared (tsCompared).
func (d *tsDecoder) unique(items [][2]int) {
	if len(items) < 2 {
		return
	}
	if len(items) <= 16 {
		// The keys one after the other in d.keys, the end of key j in ends[j].
		var ends [16]int
		buf := d.keys[:0]
		defer func() { d.keys = buf }()
		for i, it := range items {
			start := len(buf)
			if it[1] < 0 {
				ends[i] = start // an empty key, skipped below
				continue
			}
			buf = tsCanonAppend(buf, d.data[it[0]:it[1]])
			prev := 0
			for j := range i {
				if items[j][1] >= 0 && bytes.Equal(buf[prev:ends[j]], buf[start:]) {
					d.fail(tsMsgUniqueItems, j, i)
					return
				}
				prev = ends[j]
			}
			ends[i] = len(buf)
		}
		return
	}
	seen := make(map[string]int, len(items))
	for i, it := range items {
		if it[1] < 0 {
			continue
		}
		k := tsCanon(d.data[it[0]:it[1]])
		if j, ok := seen[k]; ok {
			d.fail(tsMsgUniqueItems, j, i)
			return
		}
		seen[k] = i
	}
}

// tsMarshal is the MarshalJSON of a generated struct whose fields are the
// properties of n, in order: every property under its exact name, absent
// optional ones left out, a nil array or map written [] or {} (unless the
// field is a nil pointer that means null). The field's Go type follows
// from the property as the generator chose it: any is json.RawMessage
// (nil is absent); required is T, or *T when nullable (nil is null);
// optional is *T (nil is absent), or Nullable[T] when nullable.
func tsMarshal(v any, n *tsNode) ([]byte, error) {
	rv := reflect.ValueOf(v)
	var o tsMembers
	for i, p := range n.props {
		f := rv.Field(i)
		nullable := p.node.types&tsTNull != 0
		switch {
		case p.node.types == 0:
			if p.required || f.Len() > 0 {
				o.value(p.key, f, "")
			}
		case p.required && !nullable:
			o.value(p.key, f, p.node.empty())
		case p.required:
			if f.IsNil() {
				o.raw(p.key, []byte("null"))
			} else {
				o.value(p.key, f.Elem(), p.node.empty())
			}
		case nullable:
			switch {
			case !f.Field(0).Bool():
			case f.Field(1).Bool():
				o.raw(p.key, []byte("null"))
			default:
				o.value(p.key, f.Field(2), p.node.empty())
			}
		case !f.IsNil():
			o.value(p.key, f.Elem(), p.node.empty())
		}
	}
	return o.end()
}

// empty is what a nil Go value of n writes when n is not null: [] for an
// array, {} for a map.
func (n *tsNode) empty() string {
	switch {
	case n.kind == tsTArray && !n.tuple:
		return "[]"
	case n.kind == tsTObject && n.values != nil:
		return "{}"
	}
	return ""
}

// tsMembers builds a JSON object for tsMarshal.
type tsMembers struct {
	b   []byte
	err error
}

func (o *tsMembers) raw(key, value []byte) {
	if len(o.b) == 0 {
		o.b = append(o.b, '{')
	} else {
		o.b = append(o.b, ',')
	}
	o.b = append(o.b, key...)
	o.b = append(o.b, ':')
	o.b = append(o.b, value...)
}

// value writes f, or empty for a nil slice or map when empty is not "".
func (o *tsMembers) value(key []byte, f reflect.Value, empty string) {
	if o.err != nil {
		return
	}
	if empty != "" && f.IsNil() {
		o.raw(key, []byte(empty))
		return
	}
	data, err := json.Marshal(f.Interface())
	if err != nil {
		o.err = err
		return
	}
	o.raw(key, data)
}

func (o *tsMembers) end() ([]byte, error) {
	if o.err != nil {
		return nil, o.err
	}
	if len(o.b) == 0 {
		return []byte("{}"), nil
	}
	return append(o.b, '}'), nil
}

// tsECMAPattern gives RE2 the ECMAScript meaning of a schema's pattern
// (JSON Schema patterns are ECMA-262): each . outside a class and not
// escaped becomes ECMAScript's . (u flag), which unlike RE2's does not match
// \r, U+2028 or U+2029. The checker admits only patterns the two engines
// otherwise read alike. internal/pattern.RE2 is the same function for the
// compiler's own matchers; a test holds the two equal.
func tsECMAPattern(p string) string {
	if !strings.Contains(p, ".") {
		return p
	}
	var b strings.Builder
	inClass := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p):
			b.WriteByte(c)
			i++
			b.WriteByte(p[i])
			continue
		case inClass && c == ']':
			inClass = false
		case !inClass && c == '[':
			inClass = true
		case !inClass && c == '.':
			b.WriteString(`[^\n\r\x{2028}\x{2029}]`)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// tsPlan decodes one value of a Go type, checked against a schema node,
// into the memory at p, which holds a value of that type. Plans are built
// once per tool by reflection over the input type the generator declared
// (tsPlanFor) and then run without reflection on the common paths: a
// struct field is an offset, a scalar a store, so a tool's generated code
// is its types and one line per decoder, and every tool shares this code.
//
// The Go type follows from the schema as the generator chose it (see
// docs/gen-go.md, "Types"), so the plan trusts it: a mismatch is a
// generator bug and panics when the plan is built.
type tsPlan func(d *tsDecoder, n *tsNode, p unsafe.Pointer)

var (
	tsNumberType = reflect.TypeFor[json.Number]()
	tsRawType    = reflect.TypeFor[json.RawMessage]()
)

// tsPlanFor is the plan of a non-null value of Go type t and schema n.
func tsPlanFor(t reflect.Type, n *tsNode) tsPlan {
	if n.types == 0 || n.never {
		return tsRawPlan
	}
	if n.kind == tsTUnion {
		return tsUnionPlan(t, n)
	}
	switch t.Kind() {
	case reflect.String:
		switch {
		case t == tsNumberType && n.kind == tsTInteger:
			return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) { *(*json.Number)(p) = d.integer(n) }
		case t == tsNumberType:
			return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) { *(*json.Number)(p) = d.number(n) }
		}
		return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) { *(*string)(p) = d.str(n) }
	case reflect.Int64:
		return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) { *(*int64)(p) = d.i64(n) }
	case reflect.Float64:
		return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) { *(*float64)(p) = d.f64(n) }
	case reflect.Bool:
		return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) { *(*bool)(p) = d.boolean(n) }
	case reflect.Slice:
		return tsSlicePlan(t, n)
	case reflect.Map:
		return tsMapPlan(t, n)
	case reflect.Array:
		return tsTuplePlan(t, n, func(i int) uintptr { return uintptr(i) * t.Elem().Size() }, func(int) reflect.Type { return t.Elem() })
	case reflect.Struct:
		if n.tuple {
			return tsTuplePlan(t, n, func(i int) uintptr { return t.Field(i).Offset }, func(i int) reflect.Type { return t.Field(i).Type })
		}
		return tsObjectPlan(t, n)
	}
	panic("toolspec: no plan for Go type " + t.String()) // a generator bug
}

// tsUnion is a union's Go type: a struct whose one field, Value, holds
// one wrapper per variant (a struct whose one field, Value, holds the
// variant's value). tsVariants lists a zero wrapper of each variant, in
// the schema's order.
type tsUnion interface{ tsVariants() []any }

// tsUnionPlan checks the value against the variants (tsDecoder.union),
// then decodes it again, with the plan of the variant that accepted it,
// into that variant's wrapper.
func tsUnionPlan(t reflect.Type, n *tsNode) tsPlan {
	u, ok := reflect.New(t).Elem().Interface().(tsUnion)
	if !ok || t.NumField() != 1 {
		panic("toolspec: " + t.String() + " is no union") // a generator bug
	}
	wrappers := u.tsVariants()
	if len(wrappers) != len(n.variants) {
		panic("toolspec: " + t.String() + " does not match its schema") // a generator bug
	}
	types := make([]reflect.Type, len(wrappers))
	plans := make([]tsPlan, len(wrappers))
	for i, w := range wrappers {
		types[i] = reflect.TypeOf(w)
		plans[i] = tsPlanFor(types[i].Field(0).Type, n.variants[i])
	}
	return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) {
		start := d.pos
		i := d.union(n)
		if i < 0 {
			return
		}
		end := d.pos
		d.pos = start
		w := reflect.New(types[i])
		plans[i](d, n.variants[i], w.UnsafePointer())
		d.pos = end
		reflect.NewAt(t, p).Elem().Field(0).Set(w.Elem())
	}
}

// tsUnionPlans are the plans of the unions' UnmarshalJSON, by Go type:
// a union's Go type has one schema node, the union's at the place the
// generator wrote the type for.
var tsUnionPlans sync.Map // reflect.Type → tsPlan

// tsUnmarshalUnion is every union's UnmarshalJSON, so that encoding/json
// decodes a union as the runtime does (tsUnionPlan: the first variant
// whose schema n, the union's node, accepts the value): it fills u with
// that variant, or returns the problems of every variant (a
// *ValidationError) and leaves u as it was when none accepts the value.
// null, which encoding/json hands an Unmarshaler, leaves u as it was
// when the union may be null, and is an error like any value no variant
// accepts when it may not (a nullable union's field is a pointer or a
// Nullable, which encoding/json sets to null without calling
// UnmarshalJSON). The plans decode without encoding/json, so they never
// call UnmarshalJSON. u is a pointer to the union, as an interface: a
// type parameter would compile this function again for every union.
func tsUnmarshalUnion(u any, n *tsNode, data []byte) (err error) {
	dst := reflect.ValueOf(u).Elem()
	t := dst.Type()
	plan, ok := tsUnionPlans.Load(t)
	if !ok {
		plan, _ = tsUnionPlans.LoadOrStore(t, tsUnionPlan(t, n))
	}
	d := tsGetDecoder(data)
	defer func() {
		tsPutDecoder(d)
		if r := recover(); r != nil {
			err = tsRecovered(r)
		}
	}()
	if n.types&tsTNull != 0 && d.null() {
		d.end()
		return nil
	}
	v := reflect.New(t)
	plan.(tsPlan)(d, n, v.UnsafePointer())
	d.end()
	if e := d.err(); e != nil {
		return e
	}
	dst.Set(v.Elem())
	return nil
}

// tsMarshalUnion writes the value a union's wrapper holds.
func tsMarshalUnion(wrapper any) ([]byte, error) {
	if wrapper == nil {
		return nil, errors.New("the union holds no variant")
	}
	return json.Marshal(reflect.ValueOf(wrapper).Field(0).Interface())
}

func tsRawPlan(d *tsDecoder, n *tsNode, p unsafe.Pointer) {
	if n.never {
		d.check(n)
		return
	}
	*(*json.RawMessage)(p) = d.raw(n)
}

// tsElemPlan is the plan of an array item, map value or tuple member: a
// nullable one (but any, whose RawMessage holds null) is a pointer, nil
// for null.
func tsElemPlan(t reflect.Type, n *tsNode) tsPlan {
	if n.types&tsTNull == 0 || n.types == tsTNull || t.Kind() != reflect.Pointer {
		return tsPlanFor(t, n)
	}
	return tsPtrPlan(t, n)
}

// tsPtrPlan is the plan of a *T that is nil for null.
func tsPtrPlan(t reflect.Type, n *tsNode) tsPlan {
	inner, alloc := tsPlanFor(t.Elem(), n), tsAlloc(t.Elem())
	return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) {
		if d.null() {
			*(*unsafe.Pointer)(p) = nil
			return
		}
		q := alloc()
		inner(d, n, q)
		*(*unsafe.Pointer)(p) = q
	}
}

// tsAlloc returns a function that allocates a zero value of t.
func tsAlloc(t reflect.Type) func() unsafe.Pointer {
	switch t.Kind() {
	case reflect.String:
		return func() unsafe.Pointer { return unsafe.Pointer(new(string)) }
	case reflect.Int64:
		return func() unsafe.Pointer { return unsafe.Pointer(new(int64)) }
	case reflect.Float64:
		return func() unsafe.Pointer { return unsafe.Pointer(new(float64)) }
	case reflect.Bool:
		return func() unsafe.Pointer { return unsafe.Pointer(new(bool)) }
	}
	return func() unsafe.Pointer { return reflect.New(t).UnsafePointer() }
}

// tsField is a struct field: its offset, its plan, and its type, to zero
// it when a key repeats.
type tsField struct {
	off  uintptr
	plan tsPlan
	typ  reflect.Type
	op   uint8 // tsOpPlan, or a scalar the object loop decodes itself
}

// Scalar fields the object loop decodes without calling a plan: a
// required or optional (pointer) string, int64, float64 or bool, named
// types of those included. Fields are mostly these, and a switch costs
// less than two calls through function values.
const (
	tsOpPlan uint8 = iota
	tsOpStr
	tsOpI64
	tsOpF64
	tsOpBool
	tsOpOptStr
	tsOpOptI64
	tsOpOptF64
	tsOpOptBool
)

// tsFieldOp is the op of a struct field of Go type t holding prop.
func tsFieldOp(t reflect.Type, prop tsProp) uint8 {
	n := prop.node
	if n.types == 0 || n.never || n.types&tsTNull != 0 {
		return tsOpPlan
	}
	op := tsOpStr
	if !prop.required {
		t, op = t.Elem(), tsOpOptStr
	}
	switch {
	case t == tsNumberType:
		return tsOpPlan
	case t.Kind() == reflect.String:
		return op
	case t.Kind() == reflect.Int64:
		return op + 1
	case t.Kind() == reflect.Float64:
		return op + 2
	case t.Kind() == reflect.Bool:
		return op + 3
	}
	return tsOpPlan
}

// tsObjectPlan fills a struct whose fields are the properties of n, in
// order; a field's Go type says how it holds presence and null (see
// tsFieldPlan).
func tsObjectPlan(t reflect.Type, n *tsNode) tsPlan {
	if t.NumField() != len(n.props) {
		panic("toolspec: " + t.String() + " does not match its schema") // a generator bug
	}
	fields := make([]tsField, len(n.props))
	for i, prop := range n.props {
		f := t.Field(i)
		fields[i] = tsField{f.Offset, tsFieldPlan(f.Type, prop), f.Type, tsFieldOp(f.Type, prop)}
	}
	return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) {
		for o := d.object(n); o.next(d); {
			f := &fields[o.i]
			q := unsafe.Add(p, f.off)
			if o.seen.has(o.i) { // the key came again: the last value counts, alone
				reflect.NewAt(f.typ, q).Elem().SetZero()
			}
			switch f.op {
			case tsOpStr:
				*(*string)(q) = d.str(o.node)
			case tsOpI64:
				*(*int64)(q) = d.i64(o.node)
			case tsOpF64:
				*(*float64)(q) = d.f64(o.node)
			case tsOpBool:
				*(*bool)(q) = d.boolean(o.node)
			case tsOpOptStr:
				v := d.str(o.node)
				*(**string)(q) = &v
			case tsOpOptI64:
				v := d.i64(o.node)
				*(**int64)(q) = &v
			case tsOpOptF64:
				v := d.f64(o.node)
				*(**float64)(q) = &v
			case tsOpOptBool:
				v := d.boolean(o.node)
				*(**bool)(q) = &v
			default:
				f.plan(d, o.node, q)
			}
		}
	}
}

// tsFieldPlan is the plan of a struct field holding property prop, as
// the generator types it: any is json.RawMessage (nil is absent);
// required is T, or *T when nullable (nil is null); optional is *T (nil
// is absent), or Nullable[T] when nullable.
func tsFieldPlan(t reflect.Type, prop tsProp) tsPlan {
	n := prop.node
	nullable := n.types&tsTNull != 0
	switch {
	case n.types == 0 || n.never:
		return tsRawPlan
	case prop.required && !nullable:
		return tsPlanFor(t, n)
	case prop.required:
		return tsPtrPlan(t, n)
	case !nullable:
		inner, alloc := tsPlanFor(t.Elem(), n), tsAlloc(t.Elem())
		return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) {
			q := alloc()
			inner(d, n, q)
			*(*unsafe.Pointer)(p) = q
		}
	}
	// Nullable[T]: Present, Null, Value.
	isNull, val := t.Field(1).Offset, t.Field(2).Offset
	inner := tsPlanFor(t.Field(2).Type, n)
	return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) {
		*(*bool)(p) = true
		if d.null() {
			*(*bool)(unsafe.Add(p, isNull)) = true
			return
		}
		inner(d, n, unsafe.Add(p, val))
	}
}

// tsTuplePlan fills a tuple: a [n]T (every member of one Go type) or a
// struct of V0, V1, … at the offsets off gives.
func tsTuplePlan(t reflect.Type, n *tsNode, off func(int) uintptr, typ func(int) reflect.Type) tsPlan {
	members := make([]tsField, len(n.prefix))
	for i, m := range n.prefix {
		members[i] = tsField{off: off(i), plan: tsElemPlan(typ(i), m)}
	}
	return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) {
		for a := d.array(n); a.next(d); {
			m := &members[a.i]
			m.plan(d, a.node, unsafe.Add(p, m.off))
		}
	}
}

// tsSlicePlan decodes an array into a slice, never nil: a slice of a
// scalar or pointer type through a typed append of values a getter
// returns (a named string or int64 type has the layout of string or
// int64, every pointer that of unsafe.Pointer; and a value returned, not
// written through a pointer, lets the compiler keep the growing slice on
// the stack), any other through reflect.
func tsSlicePlan(t reflect.Type, n *tsNode) tsPlan {
	if t == tsRawType {
		return tsRawPlan
	}
	et, items := t.Elem(), n.items
	switch et.Kind() {
	case reflect.String:
		return tsSliceOf(tsStringGetter(et, items))
	case reflect.Int64:
		return tsSliceOf((*tsDecoder).i64)
	case reflect.Float64:
		return tsSliceOf((*tsDecoder).f64)
	case reflect.Bool:
		return tsSliceOf((*tsDecoder).boolean)
	case reflect.Pointer:
		return tsSliceOf(tsPtrGetter(et, items))
	case reflect.Slice:
		if et == tsRawType {
			return tsSliceOf((*tsDecoder).raw)
		}
	}
	elem := tsElemPlan(et, items)
	size := et.Size()
	return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) {
		v := reflect.MakeSlice(t, 0, 0)
		for a := d.array(n); a.next(d); {
			if v.Len() == v.Cap() {
				w := reflect.MakeSlice(t, v.Len(), max(4, 2*v.Cap()))
				reflect.Copy(w, v)
				v = w
			}
			v = v.Slice(0, v.Len()+1)
			elem(d, a.node, unsafe.Add(v.UnsafePointer(), uintptr(v.Len()-1)*size))
		}
		reflect.NewAt(t, p).Elem().Set(v)
	}
}

// tsStringGetter decodes a value held in a Go string type: a string, or
// an integer or number held as json.Number.
func tsStringGetter(t reflect.Type, n *tsNode) func(*tsDecoder, *tsNode) string {
	switch {
	case t == tsNumberType && n.kind == tsTInteger:
		return func(d *tsDecoder, n *tsNode) string { return string(d.integer(n)) }
	case t == tsNumberType:
		return func(d *tsDecoder, n *tsNode) string { return string(d.number(n)) }
	}
	return (*tsDecoder).str
}

// tsPtrGetter decodes a nullable value held as a pointer of type t: nil
// for null.
func tsPtrGetter(t reflect.Type, n *tsNode) func(*tsDecoder, *tsNode) unsafe.Pointer {
	inner, alloc := tsPlanFor(t.Elem(), n), tsAlloc(t.Elem())
	return func(d *tsDecoder, n *tsNode) unsafe.Pointer {
		if d.null() {
			return nil
		}
		q := alloc()
		inner(d, n, q)
		return q
	}
}

// tsSliceOf collects the items on the stack and stores one copy of the
// exact length: growing the stored slice would allocate at 1, 2, 4, …
func tsSliceOf[E any](get func(*tsDecoder, *tsNode) E) tsPlan {
	return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) {
		var buf [16]E
		v := buf[:0]
		for a := d.array(n); a.next(d); {
			v = append(v, get(d, a.node))
		}
		w := make([]E, len(v)) // never nil: an empty array is []
		copy(w, v)
		*(*[]E)(p) = w
	}
}

// tsMapPlan decodes a map: through a typed map when the values are of a
// scalar type or a pointer to one, through reflect otherwise.
func tsMapPlan(t reflect.Type, n *tsNode) tsPlan {
	et, values := t.Elem(), n.values
	switch et {
	case reflect.TypeFor[string](), tsNumberType:
		if et == tsNumberType {
			return tsMapOf(func(d *tsDecoder, n *tsNode) json.Number { return json.Number(tsStringGetter(et, values)(d, n)) })
		}
		return tsMapOf((*tsDecoder).str)
	case reflect.TypeFor[int64]():
		return tsMapOf((*tsDecoder).i64)
	case reflect.TypeFor[float64]():
		return tsMapOf((*tsDecoder).f64)
	case reflect.TypeFor[bool]():
		return tsMapOf((*tsDecoder).boolean)
	case tsRawType:
		return tsMapOf((*tsDecoder).raw)
	case reflect.TypeFor[*string]():
		return tsMapOf(tsPtrOf[string](et, values))
	case reflect.TypeFor[*int64]():
		return tsMapOf(tsPtrOf[int64](et, values))
	case reflect.TypeFor[*float64]():
		return tsMapOf(tsPtrOf[float64](et, values))
	case reflect.TypeFor[*bool]():
		return tsMapOf(tsPtrOf[bool](et, values))
	case reflect.TypeFor[*json.Number]():
		return tsMapOf(tsPtrOf[json.Number](et, values))
	}
	elem := tsElemPlan(et, values)
	return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) {
		v := reflect.MakeMap(t)
		for e := d.entries(n); e.next(d); {
			x := reflect.New(et)
			elem(d, e.node, x.UnsafePointer())
			v.SetMapIndex(reflect.ValueOf(e.key), x.Elem())
		}
		reflect.NewAt(t, p).Elem().Set(v)
	}
}

// tsPtrOf is tsPtrGetter typed: t is *E.
func tsPtrOf[E any](t reflect.Type, n *tsNode) func(*tsDecoder, *tsNode) *E {
	get := tsPtrGetter(t, n)
	return func(d *tsDecoder, n *tsNode) *E { return (*E)(get(d, n)) }
}

func tsMapOf[E any](get func(*tsDecoder, *tsNode) E) tsPlan {
	return func(d *tsDecoder, n *tsNode, p unsafe.Pointer) {
		v := map[string]E{}
		for e := d.entries(n); e.next(d); {
			v[e.key] = get(d, e.node)
		}
		*(*map[string]E)(p) = v
	}
}
