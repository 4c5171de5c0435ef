package golang

// runtime is appended to every generated file: the validating JSON
// scanner the Decode functions share. Its unexported names start with ts,
// which no generated name does; its exported names (ValidationError,
// Nullable) are reserved.
const runtime = `
// ValidationError is a value the schema refuses: the JSON pointer of the
// value, the JSON Schema keyword that failed, and what was wrong.
type ValidationError struct {
	Pointer string // "" is the whole value
	Keyword string
	Message string
}

func (e *ValidationError) Error() string {
	p := e.Pointer
	if p == "" {
		p = "(root)"
	}
	return p + ": " + e.Keyword + ": " + e.Message
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

type tsSyntax struct {
	off int
	msg string
}

type tsSeg struct {
	key string
	idx int
}

type tsDecoder struct {
	data []byte
	pos  int
	path []tsSeg
	verr  *ValidationError
	depth int // open objects and arrays, limited as in encoding/json
}

type tsNum struct {
	tok     []byte
	i       int64
	small   bool // an integer that fits int64, in i
	integer bool
}

func tsRecovered(r any) error {
	s, ok := r.(tsSyntax)
	if !ok {
		panic(r)
	}
	return fmt.Errorf("invalid JSON at offset %d: %s", s.off, s.msg)
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

func (d *tsDecoder) pointer() string {
	var b strings.Builder
	for _, s := range d.path {
		b.WriteByte('/')
		if s.idx >= 0 {
			b.WriteString(strconv.Itoa(s.idx))
			continue
		}
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(s.key, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

// fail records the first validation error; decoding goes on, so that
// invalid JSON later in the input is still reported as such.
func (d *tsDecoder) fail(keyword, format string, args ...any) {
	if d.verr == nil {
		d.verr = &ValidationError{Pointer: d.pointer(), Keyword: keyword, Message: fmt.Sprintf(format, args...)}
	}
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

// typeErr records a type failure and skips the value.
func (d *tsDecoder) typeErr(want string) {
	d.fail("type", "got %s, want %s", tsKindOf(d.peek()), want)
	d.skip()
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

func (d *tsDecoder) boolean() bool {
	switch d.peek() {
	case 't':
		d.lit("true")
		return true
	case 'f':
		d.lit("false")
		return false
	}
	d.typeErr("boolean")
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

func (d *tsDecoder) str() string { return string(d.strBytes()) }

func tsDigits(data []byte, pos int) int {
	for pos < len(data) && data[pos] >= '0' && data[pos] <= '9' {
		pos++
	}
	return pos
}

// number scans a JSON number and classifies it exactly.
func (d *tsDecoder) number() tsNum {
	start := d.pos
	p := start
	if p < len(d.data) && d.data[p] == '-' {
		p++
	}
	switch {
	case p < len(d.data) && d.data[p] == '0':
		p++
	case p < len(d.data) && d.data[p] >= '1' && d.data[p] <= '9':
		p = tsDigits(d.data, p)
	default:
		d.syntax("invalid number")
	}
	plain := true
	if p < len(d.data) && d.data[p] == '.' {
		plain = false
		q := tsDigits(d.data, p+1)
		if q == p+1 {
			d.pos = q
			d.syntax("invalid number")
		}
		p = q
	}
	if p < len(d.data) && (d.data[p] == 'e' || d.data[p] == 'E') {
		plain = false
		p++
		if p < len(d.data) && (d.data[p] == '+' || d.data[p] == '-') {
			p++
		}
		q := tsDigits(d.data, p)
		if q == p {
			d.pos = q
			d.syntax("invalid number")
		}
		p = q
	}
	d.pos = p
	n := tsNum{tok: d.data[start:p]}
	if plain && len(n.tok) <= 18 {
		n.i, _ = strconv.ParseInt(string(n.tok), 10, 64)
		n.small, n.integer = true, true
	}
	return n
}

// classify decides exactly whether a number that is not a small plain
// integer (1.0, 1e2, 12345678901234567890) is an integer.
func (n *tsNum) classify() {
	if n.small {
		return
	}
	if r, ok := new(big.Rat).SetString(string(n.tok)); ok && r.IsInt() {
		n.integer = true
		if r.Num().IsInt64() {
			n.i, n.small = r.Num().Int64(), true
		}
	}
}

// canon is the number as JSON text, integers without fraction or exponent.
func (n tsNum) canon() string {
	if n.small {
		return strconv.FormatInt(n.i, 10)
	}
	if n.integer {
		r, _ := new(big.Rat).SetString(string(n.tok))
		return r.Num().String()
	}
	return string(n.tok)
}

func (n tsNum) float() float64 {
	f, _ := strconv.ParseFloat(string(n.tok), 64)
	return f
}

// cmp compares the number with a bound exactly, as JSON Schema does.
// Rounding to float64 keeps order, so floats that differ decide; only
// equal floats need exact arithmetic.
func (n tsNum) cmp(bound string) int {
	f, _ := strconv.ParseFloat(string(n.tok), 64)
	b, _ := strconv.ParseFloat(bound, 64)
	switch {
	case f < b:
		return -1
	case f > b:
		return 1
	}
	return n.cmpExact(bound)
}

func (n tsNum) cmpExact(bound string) int {
	a, ok := new(big.Rat).SetString(string(n.tok))
	if !ok {
		return 0
	}
	b, _ := new(big.Rat).SetString(bound)
	return a.Cmp(b)
}

// num scans a number, or records a type failure and returns false.
func (d *tsDecoder) num(want string) (tsNum, bool) {
	c := d.peek()
	if c != '-' && (c < '0' || c > '9') {
		d.typeErr(want)
		return tsNum{}, false
	}
	n := d.number()
	if want == "integer" {
		n.classify()
	}
	if want == "integer" && !n.integer {
		d.fail("type", "got number, want integer")
		return n, false
	}
	return n, true
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

// open consumes the opening byte of an object or array, or records a
// type failure, skips the value and returns false.
func (d *tsDecoder) open(c byte, want string) bool {
	if d.peek() != c {
		d.typeErr(want)
		return false
	}
	d.enter()
	return true
}

// enter consumes the opening byte of an object or array.
func (d *tsDecoder) enter() {
	d.pos++
	d.depth++
	if d.depth > 10000 {
		d.syntax("exceeded max depth")
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
		d.number()
	}
}

// raw scans any JSON value and returns a copy of its bytes.
func (d *tsDecoder) raw() json.RawMessage {
	d.ws()
	start := d.pos
	d.skip()
	return append(json.RawMessage(nil), d.data[start:d.pos]...)
}

// tsCanon is a value in a form where JSON-equal values are equal strings:
// keys sorted, numbers exact.
func tsCanon(raw []byte) string {
	switch c := raw[0]; {
	case c == '"' && bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw):
		return string(raw)
	case c == 't' || c == 'f' || c == 'n':
		return string(raw)
	case c == '-' || c >= '0' && c <= '9':
		if k, ok := tsNumKey(raw); ok {
			return k
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return string(raw)
	}
	if s, ok := v.(string); ok {
		return "\"" + s + "\"" // as the fast path above
	}
	var b strings.Builder
	tsCanonWrite(&b, v)
	return b.String()
}

func tsCanonWrite(b *strings.Builder, v any) {
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for _, k := range keys {
			b.WriteString(strconv.Quote(k))
			b.WriteByte(':')
			tsCanonWrite(b, v[k])
			b.WriteByte(',')
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for _, e := range v {
			tsCanonWrite(b, e)
			b.WriteByte(',')
		}
		b.WriteByte(']')
	case json.Number:
		r, ok := new(big.Rat).SetString(string(v))
		if ok {
			b.WriteString("n" + r.RatString())
		} else {
			b.WriteString("n" + string(v))
		}
	case string:
		b.WriteString(strconv.Quote(v))
	default:
		fmt.Fprint(b, v)
	}
}

// tsNumKey is the exact value of a JSON number as significant digits and
// a power of ten ("n-15e-1" for -1.50), so that equal numbers give equal
// keys without big arithmetic.
func tsNumKey(raw []byte) (string, bool) {
	neg := raw[0] == '-'
	if neg {
		raw = raw[1:]
	}
	var digits []byte
	var buf [32]byte
	digits = buf[:0]
	exp := int64(0)
	i := 0
	for ; i < len(raw) && raw[i] >= '0' && raw[i] <= '9'; i++ {
		digits = append(digits, raw[i])
	}
	if i < len(raw) && raw[i] == '.' {
		for i++; i < len(raw) && raw[i] >= '0' && raw[i] <= '9'; i++ {
			digits = append(digits, raw[i])
			exp--
		}
	}
	if i < len(raw) && (raw[i] == 'e' || raw[i] == 'E') {
		e, err := strconv.ParseInt(string(raw[i+1:]), 10, 32)
		if err != nil {
			return "", false
		}
		exp += e
	}
	for len(digits) > 0 && digits[0] == '0' {
		digits = digits[1:]
	}
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		exp++
	}
	if len(digits) == 0 {
		return "n0", true
	}
	sign := ""
	if neg {
		sign = "-"
	}
	return "n" + sign + string(digits) + "e" + strconv.FormatInt(exp, 10), true
}

// unique records a uniqueItems failure when two items are JSON-equal.
func (d *tsDecoder) unique(items [][2]int) {
	if len(items) < 2 {
		return
	}
	if len(items) <= 16 {
		var buf [16]string
		keys := buf[:0]
		for i, it := range items {
			k := tsCanon(d.data[it[0]:it[1]])
			for j, prev := range keys {
				if prev == k {
					d.fail("uniqueItems", "items at %d and %d are equal", j, i)
					return
				}
			}
			keys = append(keys, k)
		}
		return
	}
	seen := make(map[string]int, len(items))
	for i, it := range items {
		k := tsCanon(d.data[it[0]:it[1]])
		if j, ok := seen[k]; ok {
			d.fail("uniqueItems", "items at %d and %d are equal", j, i)
			return
		}
		seen[k] = i
	}
}

// firstErr returns the error of the smallest key.
func tsFirstErr(errs map[string]*ValidationError) *ValidationError {
	var best string
	var e *ValidationError
	for k, v := range errs {
		if e == nil || k < best {
			best, e = k, v
		}
	}
	return e
}
`
