package participle

import (
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

var (
	// MaxIterations limits the number of elements capturable by {}.
	MaxIterations = 1000000

	positionType        = reflect.TypeOf(lexer.Position{})
	stringType          = reflect.TypeOf("")
	tokenType           = reflect.TypeOf(lexer.Token{})
	tokensType          = reflect.TypeOf([]lexer.Token{})
	captureType         = reflect.TypeOf((*Capture)(nil)).Elem()
	textUnmarshalerType = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
	parseableType       = reflect.TypeOf((*Parseable)(nil)).Elem()

	// NextMatch should be returned by Parseable.Parse() method implementations to indicate
	// that the node did not match and that other matches should be attempted, if appropriate.
	NextMatch = errors.New("no match") // nolint: golint
)

// A node in the grammar.
type node interface {
	// Parse from scanner into value.
	//
	// Returned slice will be nil if the node does not match.
	Parse(ctx *parseContext, parent reflect.Value) ([]reflect.Value, error)

	// Return a decent string representation of the Node.
	fmt.Stringer

	fmt.GoStringer
}

func decorate(err *error, name func() string) {
	if *err == nil {
		return
	}
	if perr, ok := (*err).(Error); ok {
		*err = Errorf(perr.Position(), "%s: %s", name(), perr.Message())
	} else {
		*err = &ParseError{Msg: fmt.Sprintf("%s: %s", name(), *err)}
	}
}

// A node that proxies to an implementation that implements the Parseable interface.
type parseable struct {
	t reflect.Type
	// slot numbers the production for the spare nodes of a parse
	// (numberNodes); -1 until Build numbers it.
	slot int
}

func (p *parseable) String() string   { return ebnf(p) }
func (p *parseable) GoString() string { return p.t.String() }

func (p *parseable) Parse(ctx *parseContext, parent reflect.Value) (out []reflect.Value, err error) {
	if ctx.trace != nil {
		defer ctx.printTrace(p)()
	}
	rv := ctx.state.node(p.slot, p.t)
	v := rv.Addr().Interface().(Parseable)
	err = v.Parse(&ctx.PeekingLexer)
	if err != nil {
		if err == NextMatch {
			// Not this production: the next one of its type reuses the value.
			ctx.state.giveBack(p.slot, rv)
			return nil, nil
		}
		return nil, err
	}
	return ctx.state.one(rv), nil
}

// @@ (but for a custom production)
type custom struct {
	typ     reflect.Type
	parseFn reflect.Value
}

func (c *custom) String() string   { return ebnf(c) }
func (c *custom) GoString() string { return c.typ.Name() }

func (c *custom) Parse(ctx *parseContext, parent reflect.Value) (out []reflect.Value, err error) {
	if ctx.trace != nil {
		defer ctx.printTrace(c)()
	}
	results := c.parseFn.Call([]reflect.Value{reflect.ValueOf(&ctx.PeekingLexer)})
	if err, _ := results[1].Interface().(error); err != nil {
		if err == NextMatch {
			return nil, nil
		}
		return nil, err
	}
	return []reflect.Value{results[0]}, nil
}

// @@ (for a union)
type union struct {
	unionDef
	disjunction disjunction
}

func (u *union) String() string   { return ebnf(u) }
func (u *union) GoString() string { return u.typ.Name() }

func (u *union) Parse(ctx *parseContext, parent reflect.Value) (out []reflect.Value, err error) {
	if ctx.trace != nil {
		defer ctx.printTrace(u)()
	}
	vals, err := u.disjunction.Parse(ctx, parent)
	if err != nil {
		return nil, err
	}
	for i := range vals {
		vals[i] = maybeRef(u.members[i], vals[i]).Convert(u.typ)
	}
	return vals, nil
}

// @@
type strct struct {
	typ              reflect.Type
	expr             node
	tokensFieldIndex []int
	posFieldIndex    []int
	endPosFieldIndex []int
	// posIsPosition and endPosIsPosition: the field's underlying type is
	// lexer.Position, so a position is stored without boxing it.
	posIsPosition    bool
	endPosIsPosition bool
	usages           int
	// slot: as parseable's.
	slot int
}

func newStrct(typ reflect.Type) *strct {
	s := &strct{
		typ:    typ,
		usages: 1,
		slot:   -1,
	}
	field, ok := typ.FieldByName("Pos")
	if ok && positionType.ConvertibleTo(field.Type) {
		s.posFieldIndex = field.Index
		s.posIsPosition = sameUnderlying(field.Type, positionType)
	}
	field, ok = typ.FieldByName("EndPos")
	if ok && positionType.ConvertibleTo(field.Type) {
		s.endPosFieldIndex = field.Index
		s.endPosIsPosition = sameUnderlying(field.Type, positionType)
	}
	field, ok = typ.FieldByName("Tokens")
	if ok && field.Type == tokensType {
		s.tokensFieldIndex = field.Index
	}
	return s
}

func (s *strct) String() string   { return ebnf(s) }
func (s *strct) GoString() string { return s.typ.Name() }

func (s *strct) Parse(ctx *parseContext, parent reflect.Value) (out []reflect.Value, err error) {
	if ctx.trace != nil {
		defer ctx.printTrace(s)()
	}
	sv := ctx.state.node(s.slot, s.typ)
	start := ctx.RawCursor()
	deferred := len(ctx.apply)
	mark := ctx.state.mark()
	t := ctx.Peek()
	s.maybeInjectStartToken(t, sv)
	// The node keeps none of its expression's results: its captures keep
	// what they need.
	boxed := ctx.boxed
	ctx.boxed = false
	out, err = s.expr.Parse(ctx, sv)
	ctx.boxed = boxed
	if err != nil {
		if ctx.Apply() == nil { // Best effort to give partial AST.
			// Every capture is applied: the results inside sv are
			// referred to by nothing.
			ctx.state.reset(mark)
		}
		ctx.MaybeUpdateError(err)
		return ctx.state.one(sv), err
	} else if out == nil {
		// Nothing matched, so nothing refers to sv: the next node of
		// this type reuses it.
		if len(ctx.apply) == deferred {
			ctx.state.giveBack(s.slot, sv)
			ctx.state.reset(mark)
		}
		return nil, nil
	}
	end := ctx.RawCursor()
	t = ctx.RawPeek()
	s.maybeInjectEndToken(t, sv)
	s.maybeInjectTokens(ctx.Range(start, end), sv)
	if err = ctx.Apply(); err != nil {
		return ctx.state.one(sv), err
	}
	ctx.state.reset(mark)
	return ctx.state.one(sv), nil
}

func (s *strct) maybeInjectStartToken(token *lexer.Token, v reflect.Value) {
	if s.posFieldIndex == nil {
		return
	}
	setPosition(v.FieldByIndex(s.posFieldIndex), s.posIsPosition, token.Pos)
}

func (s *strct) maybeInjectEndToken(token *lexer.Token, v reflect.Value) {
	if s.endPosFieldIndex == nil {
		return
	}
	setPosition(v.FieldByIndex(s.endPosFieldIndex), s.endPosIsPosition, token.Pos)
}

// setPosition stores pos in f. When f's underlying type is
// lexer.Position it is written in place; boxing pos for reflect.Value.Set
// would allocate once per node.
func setPosition(f reflect.Value, isPosition bool, pos lexer.Position) {
	if isPosition {
		*(*lexer.Position)(unsafe.Pointer(f.UnsafeAddr())) = pos
		return
	}
	f.Set(reflect.ValueOf(pos).Convert(f.Type()))
}

// sameUnderlying reports whether t is a struct type with the same fields
// as position, so that a position can be written through a pointer to t.
func sameUnderlying(t, position reflect.Type) bool {
	if t.Kind() != reflect.Struct || t.NumField() != position.NumField() || t.Size() != position.Size() {
		return false
	}
	for i := 0; i < t.NumField(); i++ {
		a, b := t.Field(i), position.Field(i)
		if a.Name != b.Name || a.Type != b.Type || a.Offset != b.Offset {
			return false
		}
	}
	return true
}

func (s *strct) maybeInjectTokens(tokens []lexer.Token, v reflect.Value) {
	if s.tokensFieldIndex == nil {
		return
	}
	v.FieldByIndex(s.tokensFieldIndex).Set(reflect.ValueOf(tokens))
}

type groupMatchMode int

func (g groupMatchMode) String() string {
	switch g {
	case groupMatchOnce:
		return "n"
	case groupMatchZeroOrOne:
		return "n?"
	case groupMatchZeroOrMore:
		return "n*"
	case groupMatchOneOrMore:
		return "n+"
	case groupMatchNonEmpty:
		return "n!"
	}
	panic("??")
}

const (
	groupMatchOnce       groupMatchMode = iota
	groupMatchZeroOrOne                 = iota
	groupMatchZeroOrMore                = iota
	groupMatchOneOrMore                 = iota
	groupMatchNonEmpty                  = iota
)

// ( <expr> ) - match once
// ( <expr> )* - match zero or more times
// ( <expr> )+ - match one or more times
// ( <expr> )? - match zero or once
// ( <expr> )! - must be a non-empty match
//
// The additional modifier "!" forces the content of the group to be non-empty if it does match.
type group struct {
	expr node
	mode groupMatchMode
	// first is expr's first set (first.go); nil before Build computes it.
	first *firstSet
}

func (g *group) String() string   { return ebnf(g) }
func (g *group) GoString() string { return fmt.Sprintf("group{%s}", g.mode) }
func (g *group) Parse(ctx *parseContext, parent reflect.Value) (out []reflect.Value, err error) {
	if ctx.trace != nil {
		defer ctx.printTrace(g)()
	}
	// Configure min/max matches.
	min := 1
	max := 1
	switch g.mode {
	case groupMatchNonEmpty:
		out, err = g.expr.Parse(ctx, parent)
		if err != nil {
			return out, err
		}
		if len(out) == 0 {
			t := ctx.Peek()
			return out, Errorf(t.Pos, "sub-expression %s cannot be empty", g)
		}
		return out, nil
	case groupMatchOnce:
		return g.expr.Parse(ctx, parent)
	case groupMatchZeroOrOne:
		min = 0
	case groupMatchZeroOrMore:
		min = 0
		max = MaxIterations
	case groupMatchOneOrMore:
		min = 1
		max = MaxIterations
	}
	matches := 0
	for ; matches < max; matches++ {
		if t := ctx.firstToken(); t != nil && g.first != nil && !g.first.admits(t) {
			break // As when expr does not match: nothing to accept.
		}
		branch := ctx.Branch()
		v, err := g.expr.Parse(branch, parent)
		if err != nil {
			ctx.MaybeUpdateError(err)
			// Optional part failed to match.
			if ctx.Stop(err, branch) {
				ctx.Release(branch)
				out = ctx.state.appendValues(out, v, len(out)) // Try to return as much of the parse tree as possible
				return out, err
			}
			ctx.Release(branch)
			break
		}
		out = ctx.state.appendValues(out, v, len(out))
		ctx.Accept(branch)
		ctx.Release(branch)
		if v == nil {
			break
		}
	}
	// fmt.Printf("%d < %d < %d: out == nil? %v\n", min, matches, max, out == nil)
	t := ctx.Peek()
	if matches >= MaxIterations {
		return nil, Errorf(t.Pos, "too many iterations of %s (> %d)", g, MaxIterations)
	}
	// avoid returning errors in parent nodes if the group is optional
	if matches > 0 && matches < min {
		return out, Errorf(t.Pos, "sub-expression %s must match at least once", g)
	}
	// The idea here is that something like "a"? is a successful match and that parsing should proceed.
	if min == 0 && out == nil {
		out = []reflect.Value{}
	}
	return out, nil
}

// (?= <expr> ) for positive lookahead, (?! <expr> ) for negative lookahead; neither consumes input
type lookaheadGroup struct {
	expr     node
	negative bool
	// first is expr's first set (first.go); nil before Build computes it.
	first *firstSet
	// recognizable: recognize decides expr (recognize.go); set by Build.
	recognizable bool
}

func (l *lookaheadGroup) String() string   { return ebnf(l) }
func (l *lookaheadGroup) GoString() string { return "lookaheadGroup{}" }

func (l *lookaheadGroup) Parse(ctx *parseContext, parent reflect.Value) (out []reflect.Value, err error) {
	if ctx.trace != nil {
		defer ctx.printTrace(l)()
	}
	matchedLookahead := false
	if t := ctx.firstToken(); t != nil && l.first != nil && l.first.exact {
		// A terminal, or a choice of them: it matches the next token
		// when the token is in its set.
		matchedLookahead = l.first.admits(t)
	} else if t != nil && l.first != nil && !l.first.admits(t) {
		// It cannot start with the next token: no match.
	} else if r := l.recognize(ctx); !r.unknown {
		matchedLookahead = r.ok && !r.failed
	} else {
		// Create a branch to avoid advancing the parser as any match will be discarded
		branch := ctx.Branch()
		out, err = l.expr.Parse(branch, parent)
		ctx.Release(branch)
		matchedLookahead = err == nil && out != nil
	}
	expectingMatch := !l.negative
	if matchedLookahead != expectingMatch {
		return nil, (*lookaheadError)(ctx.Peek())
	}
	return []reflect.Value{}, nil // Empty match slice means a match, unlike nil
}

// recognize decides the look-ahead without a branch (recognize.go), or
// says it does not know.
func (l *lookaheadGroup) recognize(ctx *parseContext) recognition {
	if !l.recognizable || ctx.trace != nil {
		return unknownRecognition
	}
	start := ctx.MakeCheckpoint()
	r := ctx.recognize(l.expr, &ctx.PeekingLexer)
	ctx.LoadCheckpoint(start)
	return r
}

// <expr> {"|" <expr>}
type disjunction struct {
	nodes []node
	// filter picks the alternatives that may start with the next token
	// (first.go); nil before Build computes it, or for more than 64.
	filter *firstFilter
}

func (d *disjunction) String() string   { return ebnf(d) }
func (d *disjunction) GoString() string { return "disjunction{}" }

func (d *disjunction) Parse(ctx *parseContext, parent reflect.Value) (out []reflect.Value, err error) {
	if ctx.trace != nil {
		defer ctx.printTrace(d)()
	}
	var (
		deepestError = 0
		firstError   error
		firstValues  []reflect.Value
	)
	tried := ^uint64(0)
	if t := ctx.firstToken(); t != nil && d.filter != nil {
		tried = d.filter.alternatives(t)
	}
	for i, a := range d.nodes {
		if i < 64 && tried&(uint64(1)<<uint(i)) == 0 {
			continue // It would not match, as if tried.
		}
		branch := ctx.Branch()
		if value, err := a.Parse(branch, parent); err != nil {
			// If this branch progressed too far and still didn't match, error out.
			if ctx.Stop(err, branch) {
				ctx.Release(branch)
				return value, err
			}
			// Show the closest error returned. The idea here is that the further the parser progresses
			// without error, the more difficult it is to trace the error back to its root.
			if branch.Cursor() >= deepestError {
				firstError = err
				firstValues = value
				deepestError = branch.Cursor()
			}
		} else if value != nil {
			bt := branch.RawPeek()
			ct := ctx.RawPeek()
			if bt == ct && bt.Type != lexer.EOF {
				panic(Errorf(bt.Pos, "branch %s was accepted but did not progress the lexer at %s (%q)", a, bt.Pos, bt.Value))
			}
			ctx.Accept(branch)
			ctx.Release(branch)
			return value, nil
		}
		ctx.Release(branch)
	}
	if firstError != nil {
		ctx.MaybeUpdateError(firstError)
		return firstValues, firstError
	}
	return nil, nil
}

// <node> ...
type sequence struct {
	head bool // True if this is the head node.
	node node
	next *sequence
}

func (s *sequence) String() string   { return ebnf(s) }
func (s *sequence) GoString() string { return "sequence{}" }

func (s *sequence) Parse(ctx *parseContext, parent reflect.Value) (out []reflect.Value, err error) {
	if ctx.trace != nil {
		defer ctx.printTrace(s)()
	}
	for n := s; n != nil; n = n.next {
		child, err := n.node.Parse(ctx, parent)
		out = ctx.state.appendValues(out, child, n.next.len())
		if err != nil {
			return out, err
		}
		if child == nil {
			// Early exit if first value doesn't match, otherwise all values must match.
			if n == s {
				return nil, nil
			}
			token := ctx.Peek()
			return out, &UnexpectedTokenError{Unexpected: *token, expectNode: n}
		}
		// Special-case for when children return an empty match.
		// Appending an empty, non-nil slice to a nil slice returns a nil slice.
		// https://go.dev/play/p/lV1Xk-IP6Ta
		if out == nil {
			out = []reflect.Value{}
		}
	}
	return out, nil
}

// @<expr>
type capture struct {
	field structLexerField
	node  node
}

func (c *capture) String() string   { return ebnf(c) }
func (c *capture) GoString() string { return "capture{}" }

func (c *capture) Parse(ctx *parseContext, parent reflect.Value) (out []reflect.Value, err error) {
	if ctx.trace != nil {
		defer ctx.printTrace(c)()
	}
	start := ctx.RawCursor()
	boxed := ctx.boxed
	ctx.boxed = c.field.set == nil || !c.field.set.copiesStrings()
	v, err := c.node.Parse(ctx, parent)
	ctx.boxed = boxed
	if v != nil {
		ctx.Defer(ctx.Range(start, ctx.RawCursor()), parent, &c.field, v)
	}
	if err != nil {
		return ctx.state.one(parent), err
	}
	if v == nil {
		return nil, nil
	}
	return ctx.state.one(parent), nil
}

// <identifier> - named lexer token reference
type reference struct {
	typ        lexer.TokenType
	identifier string // Used for informational purposes.
}

func (r *reference) String() string   { return ebnf(r) }
func (r *reference) GoString() string { return fmt.Sprintf("reference{%s}", r.identifier) }

func (r *reference) Parse(ctx *parseContext, parent reflect.Value) (out []reflect.Value, err error) {
	if ctx.trace != nil {
		defer ctx.printTrace(r)()
	}
	if t := ctx.firstToken(); t != nil {
		// No elided token comes first: the next one is the only candidate.
		if t.Type != r.typ {
			return nil, nil
		}
		ctx.Next()
		return ctx.state.one(ctx.tokenValue(t)), nil
	}
	token, cursor := ctx.PeekAny(func(t lexer.Token) bool {
		return t.Type == r.typ
	})
	if token.Type != r.typ {
		return nil, nil
	}
	ctx.FastForward(cursor)
	return ctx.state.one(reflect.ValueOf(token.Value)), nil
}

// Match a token literal exactly "..."[:<type>].
type literal struct {
	s  string
	t  lexer.TokenType
	tt string // Used for display purposes - symbolic name of t.
	// value is s as a reflect.Value, made once: a token that matches
	// exactly has this value, and boxing it per match would allocate.
	value reflect.Value
}

func (l *literal) String() string   { return ebnf(l) }
func (l *literal) GoString() string { return fmt.Sprintf("literal{%q, %q}", l.s, l.tt) }

func (l *literal) Parse(ctx *parseContext, parent reflect.Value) (out []reflect.Value, err error) {
	if ctx.trace != nil {
		defer ctx.printTrace(l)()
	}
	if t := ctx.firstToken(); t != nil {
		// No elided token comes first, and the type is matched
		// case-sensitively: the next token is the only candidate.
		if (l.t != lexer.EOF && l.t != t.Type) || (l.s != "" && t.Value != l.s) {
			return nil, nil
		}
		ctx.Next()
		if l.s != "" {
			return ctx.state.one(l.value), nil
		}
		return ctx.state.one(ctx.tokenValue(t)), nil
	}
	match := func(t lexer.Token) bool {
		var equal bool
		if ctx.caseInsensitive[t.Type] {
			equal = l.s == "" || strings.EqualFold(t.Value, l.s)
		} else {
			equal = l.s == "" || t.Value == l.s
		}
		return (l.t == lexer.EOF || l.t == t.Type) && equal
	}
	token, cursor := ctx.PeekAny(match)
	if match(token) {
		ctx.FastForward(cursor)
		if l.s != "" && token.Value == l.s {
			return ctx.state.one(l.value), nil
		}
		return ctx.state.one(reflect.ValueOf(token.Value)), nil
	}
	return nil, nil
}

type negation struct {
	node node
}

func (n *negation) String() string   { return ebnf(n) }
func (n *negation) GoString() string { return "negation{}" }

func (n *negation) Parse(ctx *parseContext, parent reflect.Value) (out []reflect.Value, err error) {
	if ctx.trace != nil {
		defer ctx.printTrace(n)()
	}
	// Create a branch to avoid advancing the parser, but call neither Stop nor Accept on it
	// since we will discard a match.
	branch := ctx.Branch()
	defer ctx.Release(branch)
	notEOF := ctx.Peek()
	if notEOF.EOF() {
		// EOF cannot match a negation, which expects something
		return nil, nil
	}

	out, err = n.node.Parse(branch, parent)
	if out != nil && err == nil {
		// out being non-nil means that what we don't want is actually here, so we report nomatch
		return nil, &UnexpectedTokenError{Unexpected: *notEOF}
	}

	// Just give the next token
	next := ctx.Next()
	return []reflect.Value{reflect.ValueOf(next.Value)}, nil
}

// Attempt to transform values to given type.
//
// This will dereference pointers, and attempt to parse strings into integer values, floats, etc.
func conform(t reflect.Type, values []reflect.Value) (out []reflect.Value, err error) {
	if allOfType(t, values) {
		return values, nil // Nothing to convert: out would be a copy of values.
	}
	for _, v := range values {
		for t != v.Type() && t.Kind() == reflect.Ptr && v.Kind() != reflect.Ptr {
			// This can occur during partial failure.
			if !v.CanAddr() {
				return
			}
			v = v.Addr()
		}

		// Already of the right kind, don't bother converting.
		if v.Kind() == t.Kind() {
			if v.Type() != t {
				v = v.Convert(t)
			}
			out = append(out, v)
			continue
		}

		kind := t.Kind()
		switch kind { // nolint: exhaustive
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			n, err := strconv.ParseInt(v.String(), 0, sizeOfKind(kind))
			if err != nil {
				return nil, err
			}
			v = reflect.New(t).Elem()
			v.SetInt(n)

		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			n, err := strconv.ParseUint(v.String(), 0, sizeOfKind(kind))
			if err != nil {
				return nil, err
			}
			v = reflect.New(t).Elem()
			v.SetUint(n)

		case reflect.Bool:
			v = reflect.ValueOf(true)

		case reflect.Float32, reflect.Float64:
			n, err := strconv.ParseFloat(v.String(), sizeOfKind(kind))
			if err != nil {
				return nil, err
			}
			v = reflect.New(t).Elem()
			v.SetFloat(n)
		}

		out = append(out, v)
	}
	return out, nil
}

func allOfType(t reflect.Type, values []reflect.Value) bool {
	for _, v := range values {
		if v.Type() != t {
			return false
		}
	}
	return true
}

func sizeOfKind(kind reflect.Kind) int {
	switch kind { // nolint: exhaustive
	case reflect.Int8, reflect.Uint8:
		return 8
	case reflect.Int16, reflect.Uint16:
		return 16
	case reflect.Int32, reflect.Uint32, reflect.Float32:
		return 32
	case reflect.Int64, reflect.Uint64, reflect.Float64:
		return 64
	case reflect.Int, reflect.Uint:
		return strconv.IntSize
	}
	panic("unsupported kind " + kind.String())
}

func maybeRef(tmpl reflect.Type, strct reflect.Value) reflect.Value {
	if strct.Type() == tmpl {
		return strct
	}
	if tmpl.Kind() == reflect.Ptr {
		if strct.CanAddr() {
			return strct.Addr()
		}
		ptr := reflect.New(tmpl)
		ptr.Set(strct)
		return ptr
	}
	return strct
}

// setDirect stores the values of a capture as setField would, when the
// field is one of the common kinds setFieldSet.direct says and the values
// are what such a field is given (nodes the parse built, strings): it
// writes at the field's offset instead of going through reflect.Value for
// the field. It returns false, having done nothing, when setField must.
func setDirect(strct reflect.Value, set *fieldSetter, values []reflect.Value) bool {
	if !strct.CanAddr() {
		return false
	}
	p := unsafe.Add(unsafe.Pointer(strct.UnsafeAddr()), set.offset)
	switch set.direct {
	case directNode:
		if *(*unsafe.Pointer)(p) != nil || len(values) != 1 || !isNode(values[0], set.elem) {
			return false
		}
		*(*unsafe.Pointer)(p) = unsafe.Pointer(values[0].UnsafeAddr())
	case directNodes:
		// The slice is a []*T, and grown as a []unsafe.Pointer: the same
		// memory to the collector (pointers), and to the program (a
		// []*T's elements are never read as anything else).
		nodes := (*[]unsafe.Pointer)(p)
		for _, v := range values {
			if !isNode(v, set.elem) {
				return false
			}
		}
		for _, v := range values {
			*nodes = append(*nodes, unsafe.Pointer(v.UnsafeAddr()))
		}
	case directString:
		if !allStrings(values) {
			return false
		}
		s := (*string)(p)
		for _, v := range values {
			*s += v.String()
		}
	case directBool:
		if !allStrings(values) {
			return false
		}
		if len(values) > 0 {
			*(*bool)(p) = true
		}
	case directStrings:
		if !allStrings(values) {
			return false
		}
		s := (*[]string)(p)
		for _, v := range values {
			*s = append(*s, v.String())
		}
	default:
		return false
	}
	return true
}

// isNode reports whether v is a node of type t the parse built: what a
// pointer to t is set to point at.
func isNode(v reflect.Value, t reflect.Type) bool {
	return v.Kind() == reflect.Struct && v.CanAddr() && v.Type() == t
}

func allStrings(values []reflect.Value) bool {
	for _, v := range values {
		if v.Kind() != reflect.String {
			return false
		}
	}
	return true
}

// Set field.
//
// If field is a pointer the pointer will be set to the value. If field is a string, value will be
// appended. If field is a slice, value will be appended to slice.
//
// For all other types, an attempt will be made to convert the string to the corresponding
// type (int, float32, etc.).
func setField(tokens []lexer.Token, strct reflect.Value, field *structLexerField, fieldValue []reflect.Value) (err error) { // nolint: gocognit
	f := strct.FieldByIndex(field.Index)
	set := field.set
	if set == nil {
		set = newFieldSetter(field.Type)
	}

	// Any kind of pointer, hydrate it first.
	if f.Kind() == reflect.Ptr {
		if f.IsNil() && len(fieldValue) == 1 && fieldValue[0].Type() == f.Type().Elem() &&
			fieldValue[0].Kind() == reflect.Struct && fieldValue[0].CanAddr() {
			// A node the parse just built: point at it instead of copying
			// it into a second allocation.
			f.Set(fieldValue[0].Addr())
			return nil
		}
		if f.IsNil() {
			fv := reflect.New(f.Type().Elem()).Elem()
			f.Set(fv.Addr())
			f = fv
		} else {
			f = f.Elem()
		}
	}

	var pos lexer.Position
	if len(tokens) > 0 {
		pos = tokens[0].Pos
	}

	if f.Type() == tokenType {
		f.Set(reflect.ValueOf(tokens[0]))
		return nil
	}

	if f.Type() == tokensType {
		f.Set(reflect.ValueOf(tokens))
		return nil
	}

	if f.CanAddr() && (set.capture || set.unmarshaler) {
		if d, ok := f.Addr().Interface().(Capture); ok {
			ifv := make([]string, 0, len(fieldValue))
			for _, v := range fieldValue {
				ifv = append(ifv, v.Interface().(string))
			}
			err = d.Capture(ifv)
			if err != nil {
				return Wrapf(pos, err, "failed to capture")
			}
			return nil
		} else if d, ok := f.Addr().Interface().(encoding.TextUnmarshaler); ok {
			for _, v := range fieldValue {
				if err := d.UnmarshalText([]byte(v.Interface().(string))); err != nil {
					return Wrapf(pos, err, "failed to unmarshal text")
				}
			}
			return nil
		}
	}

	if f.Kind() == reflect.Slice {
		sliceElemType := f.Type().Elem()
		if set.sliceOfCapture {
			if sliceElemType.Kind() == reflect.Ptr {
				sliceElemType = sliceElemType.Elem()
			}
			for _, v := range fieldValue {
				d := reflect.New(sliceElemType).Interface().(Capture)
				if err := d.Capture([]string{v.Interface().(string)}); err != nil {
					return Wrapf(pos, err, "failed to capture")
				}
				eltValue := reflect.ValueOf(d)
				if f.Type().Elem().Kind() != reflect.Ptr {
					eltValue = eltValue.Elem()
				}
				f.Set(reflect.Append(f, eltValue))
			}
		} else if v := fieldValue; len(v) == 1 && sliceElemType.Kind() == reflect.Ptr && v[0].Kind() != reflect.Ptr &&
			v[0].CanAddr() && v[0].Type() == sliceElemType.Elem() {
			// A node the parse just built, appended by its address, as
			// conform would give it, without a slice for the one value.
			f.Set(reflect.Append(f, v[0].Addr()))
		} else {
			fieldValue, err = conform(sliceElemType, fieldValue)
			if err != nil {
				return Wrapf(pos, err, "failed to conform")
			}
			f.Set(reflect.Append(f, fieldValue...))
		}
		return nil
	}

	// Strings concatenate all captured tokens.
	if f.Kind() == reflect.String {
		fieldValue, err = conform(f.Type(), fieldValue)
		if err != nil {
			return Wrapf(pos, err, "failed to conform")
		}
		if len(fieldValue) == 0 {
			return nil
		}
		accumulated := f.String()
		for _, v := range fieldValue {
			accumulated += v.String()
		}
		f.SetString(accumulated)
		return nil
	}

	// Coalesce multiple tokens into one. This allows eg. ["-", "10"] to be captured as separate tokens but
	// parsed as a single string "-10".
	if len(fieldValue) > 1 {
		out := []string{}
		for _, v := range fieldValue {
			out = append(out, v.String())
		}
		fieldValue = []reflect.Value{reflect.ValueOf(strings.Join(out, ""))}
	}

	fieldValue, err = conform(f.Type(), fieldValue)
	if err != nil {
		return Wrapf(pos, err, "failed to conform")
	}
	if len(fieldValue) == 0 {
		return nil // Nothing to capture, can happen when trying to get a partial parse tree
	}

	fv := fieldValue[0]

	switch f.Kind() { // nolint: exhaustive
	// Numeric types will increment if the token can not be coerced.
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if fv.Type() != f.Type() {
			f.SetInt(f.Int() + 1)
		} else {
			f.Set(fv)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if fv.Type() != f.Type() {
			f.SetUint(f.Uint() + 1)
		} else {
			f.Set(fv)
		}

	case reflect.Float32, reflect.Float64:
		if fv.Type() != f.Type() {
			f.SetFloat(f.Float() + 1)
		} else {
			f.Set(fv)
		}

	case reflect.Bool, reflect.Struct, reflect.Interface:
		if f.Kind() == reflect.Bool && fv.Kind() == reflect.Bool {
			f.SetBool(fv.Bool())
			break
		}
		if fv.Type() != f.Type() {
			return Errorf(pos, "value %q is not correct type %s", fv, f.Type())
		}
		f.Set(fv)

	default:
		return Errorf(pos, "unsupported field type %s for field %s", f.Type(), field.Name)
	}
	return nil
}

// len is the number of nodes from s to the end of its sequence.
func (s *sequence) len() int {
	n := 0
	for ; s != nil; s = s.next {
		n++
	}
	return n
}
