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

// canon is the value of an integer json.Number: plain digits when it fits
// int64 (1.0 and 1e2 become "1" and "100"), else the number as written.
func (n tsNum) canon() string {
	if n.small {
		return strconv.FormatInt(n.i, 10)
	}
	return string(n.tok)
}

// text is the number as written, for messages; a long one is cut.
func (n tsNum) text() string {
	if len(n.tok) > 64 {
		return string(n.tok[:64]) + "..."
	}
	return string(n.tok)
}

func (n tsNum) float() float64 {
	f, _ := strconv.ParseFloat(string(n.tok), 64)
	return f
}

// cmp compares the number with a bound exactly, as JSON Schema does.
// Rounding to float64 keeps order, so floats that differ decide; only
// equal floats need the exact comparison of digits and exponents.
func (n tsNum) cmp(bound string) int {
	f, _ := strconv.ParseFloat(string(n.tok), 64)
	b, _ := strconv.ParseFloat(bound, 64)
	switch {
	case f < b:
		return -1
	case f > b:
		return 1
	}
	return tsCmpDecimal(tsDecimal(n.tok), tsDecimal([]byte(bound)))
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
		k, _ := tsNumKey([]byte(v))
		b.WriteString(k)
	case string:
		b.WriteString(strconv.Quote(v))
	default:
		fmt.Fprint(b, v)
	}
}

// tsNumKey is the exact value of a JSON number as significant digits and
// a power of ten ("n-15e-1" for -1.50), so that equal numbers give equal
// keys without big arithmetic, in time linear in the token.
func tsNumKey(raw []byte) (string, bool) {
	v := tsDecimal(raw)
	if len(v.digits) == 0 {
		return "n0", true
	}
	sign := ""
	if v.neg {
		sign = "-"
	}
	return "n" + sign + string(v.digits) + "e" + v.expText(), true
}

// unique records a uniqueItems failure when two items are JSON-equal.
func (d *tsDecoder) unique(items [][2]int) {
	if len(items) < 2 || d.verr != nil {
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

// tsObject builds a JSON object for the generated MarshalJSON methods;
// keys are JSON string literals.
type tsObject struct {
	b   []byte
	err error
}

func (o *tsObject) raw(key string, value []byte) {
	if len(o.b) == 0 {
		o.b = append(o.b, '{')
	} else {
		o.b = append(o.b, ',')
	}
	o.b = append(o.b, key...)
	o.b = append(o.b, ':')
	o.b = append(o.b, value...)
}

func (o *tsObject) value(key string, v any) {
	if o.err != nil {
		return
	}
	data, err := json.Marshal(v)
	if err != nil {
		o.err = err
		return
	}
	o.raw(key, data)
}

func (o *tsObject) end() ([]byte, error) {
	if o.err != nil {
		return nil, o.err
	}
	if len(o.b) == 0 {
		return []byte("{}"), nil
	}
	return append(o.b, '}'), nil
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
