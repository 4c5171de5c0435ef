package participle

import (
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

// contextFieldSet is a deferred capture. It is stored by value in
// parseContext.apply and points at its field, so deferring a capture
// allocates nothing.
type contextFieldSet struct {
	tokens     []lexer.Token
	strct      reflect.Value
	field      *structLexerField
	fieldValue []reflect.Value
}

// parseState is shared by every context of one parse: the branches and
// nodes that a failed alternative gave back, reused by the next one, and
// the chunks that results are cut from.
//
// Results are cut from the chunks as from a stack: once a struct node has
// applied its captures, nothing refers to the results of the nodes inside
// it any more, and the struct gives their room back (mark and reset).
// The chunks are kept with the state for the next parse.
type parseState struct {
	free   []*parseContext
	spare  []spareNode       // by production (numberNodes)
	slabs  *Slabs            // the lexer's (lexer.SlabHolder), or own
	own    Slabs             // the parse's own, dropped when it is done
	vals   []reflect.Value   // the chunk being cut, chunks[chunk][:n]
	chunks [][]reflect.Value // every chunk, in order
	chunk  int
	used   int // the highest chunk cut from since the state was taken
}

// lookaheadError is the error of a look-ahead that failed at a token: the
// token itself, in the parse's token buffer, so that failing allocates
// nothing (most look-aheads fail in a parse that succeeds, and the error
// is then dropped). It reads as UnexpectedTokenError{Unexpected: token};
// the parse returns that in its place (reportable), as the buffer is only
// the parse's while it lasts.
type lookaheadError lexer.Token

func (e *lookaheadError) unexpected() *UnexpectedTokenError {
	return &UnexpectedTokenError{Unexpected: lexer.Token(*e)}
}

func (e *lookaheadError) Error() string            { return e.unexpected().Error() }
func (e *lookaheadError) Message() string          { return e.unexpected().Message() }
func (e *lookaheadError) Position() lexer.Position { return e.Pos }

// reportable returns err as the parse reports it: a look-ahead's error
// as the UnexpectedTokenError it stands for.
func reportable(err error) error {
	if e, ok := err.(*lookaheadError); ok {
		return e.unexpected()
	}
	return err
}

var parseStates = sync.Pool{New: func() interface{} { return &parseState{chunk: -1} }}

const chunkLen = 128

// next moves to the next chunk, making it when there is none.
func (s *parseState) next() {
	s.chunk++
	if s.chunk == len(s.chunks) {
		s.chunks = append(s.chunks, make([]reflect.Value, 0, chunkLen))
	}
	if s.chunk > s.used {
		s.used = s.chunk
	}
	s.vals = s.chunks[s.chunk][:0]
}

// valuesMark is a position in the chunks (see mark and reset).
type valuesMark struct{ chunk, n int }

// mark returns where the next result will be cut.
func (s *parseState) mark() valuesMark { return valuesMark{s.chunk, len(s.vals)} }

// reset gives back the room of every result cut since m: the caller
// makes sure none of them is referred to any more.
func (s *parseState) reset(m valuesMark) {
	s.chunk = m.chunk
	if m.chunk < 0 {
		s.vals = nil
		return
	}
	s.vals = s.chunks[m.chunk][:m.n]
}

// one returns v as a result slice without allocating one for each result:
// it is cut from a chunk, with its capacity capped so that an append to it
// copies.
func (s *parseState) one(v reflect.Value) []reflect.Value {
	if len(s.vals) == cap(s.vals) {
		s.next()
	}
	s.vals = append(s.vals, v)
	n := len(s.vals)
	return s.vals[n-1 : n : n]
}

// appendValues appends b to a. A result is often a single value, so when
// a is empty b is returned as it is; when a must grow, room for more
// further values is cut from a chunk.
func (s *parseState) appendValues(a, b []reflect.Value, more int) []reflect.Value {
	if len(a) == 0 && len(b) > 0 {
		return b
	}
	if len(b) == 0 || len(a)+len(b) <= cap(a) {
		return append(a, b...)
	}
	n := len(a) + len(b) + more
	var grown []reflect.Value
	if n > 32 {
		grown = make([]reflect.Value, 0, n)
	} else {
		if cap(s.vals)-len(s.vals) < n {
			s.next()
		}
		start := len(s.vals)
		s.vals = s.vals[:start+n]
		grown = s.vals[start : start : start+n]
	}
	grown = append(grown, a...)
	return append(grown, b...)
}

// spareNode is a node a failed alternative gave back, with its type.
type spareNode struct {
	t reflect.Type
	v reflect.Value
}

// node returns a zero value of t to parse into for the struct or
// Parseable production numbered slot (numberNodes): the spare one a
// failed alternative gave back, if any, otherwise a new one.
func (s *parseState) node(slot int, t reflect.Type) reflect.Value {
	if slot >= 0 && slot < len(s.spare) {
		if sp := &s.spare[slot]; sp.t == t {
			v := sp.v
			*sp = spareNode{}
			return v
		}
	}
	if slot < 0 || t.Size() == 0 || t.Size() > slabBytes/2 {
		return reflect.New(t).Elem()
	}
	if s.slabs == nil {
		s.slabs = &s.own
	}
	for slot >= len(s.slabs.s) {
		s.slabs.s = append(s.slabs.s, slab{})
	}
	sl := &s.slabs.s[slot]
	if sl.t != t || sl.next == sl.n {
		// The first slab of a parse is small; each next one twice the
		// last, up to about slabBytes.
		n := slabFirst
		if sl.t == t {
			n = 2 * sl.n
		}
		if most := int(slabBytes / t.Size()); n > most {
			n = most
		}
		*sl = slab{t: t, v: reflect.MakeSlice(reflect.SliceOf(t), n, n), n: n}
	}
	v := sl.v.Index(sl.next)
	sl.next++
	return v
}

// slabBytes is about how much memory the nodes of one production are
// allocated in at a time (parseState.node), at most; slabFirst is how
// many nodes the first slab of a production in a parse holds.
const (
	slabBytes = 4096
	slabFirst = 4
)

// slab is where the nodes of one production come from: one allocation
// for many nodes, handed out one by one. A node keeps its whole slab
// alive, so a slab is small.
//
// A tree keeps alive every slab it has a node in, and through the other
// nodes in those slabs the trees they belong to: parses that share
// slabs keep each other's trees. So the slabs are a parse's own (done
// drops them) unless the parse's lexer holds slabs (lexer.SlabHolder)
// for parses whose trees live and die together. (Kept with the pooled
// state, slabs went on handing out nodes to every next parse, and a
// process that parses and drops many trees, import --split or the
// language server, kept them all: Microsoft Graph's import --split grew
// to 10 GB.)
type slab struct {
	t       reflect.Type
	v       reflect.Value // a slice of t
	next, n int
}

// Slabs are slabs by production, for the parses of one
// lexer.SlabHolder: the nodes of many small parses (one declaration
// each) then share slabs, where a parse on its own starts small ones.
type Slabs struct{ s []slab }

// giveBack keeps v, which no result refers to, for the next node of its
// production.
func (s *parseState) giveBack(slot int, v reflect.Value) {
	if slot < 0 {
		return
	}
	for slot >= len(s.spare) {
		s.spare = append(s.spare, spareNode{})
	}
	v.Set(reflect.Zero(v.Type()))
	s.spare[slot] = spareNode{v.Type(), v}
}

// done drops what the parse built and returns the state to the pool: the
// branches are kept, emptied; the chunks are kept, cleared; the slabs
// and the spare nodes (which are in slabs) are dropped: the tree holds
// the slabs, and a later parse must not hand out nodes of them.
func (s *parseState) done() {
	for _, b := range s.free {
		for i := range b.apply {
			b.apply[i] = contextFieldSet{}
		}
		*b = parseContext{apply: b.apply[:0]}
	}
	for i := 0; i <= s.used && i < len(s.chunks); i++ {
		c := s.chunks[i][:chunkLen]
		for j := range c {
			c[j] = reflect.Value{}
		}
	}
	s.vals, s.chunk, s.used = nil, -1, 0
	for i := range s.own.s {
		s.own.s[i] = slab{}
	}
	s.slabs = nil
	for i := range s.spare {
		s.spare[i] = spareNode{}
	}
	parseStates.Put(s)
}

// Context for a single parse.
type parseContext struct {
	lexer.PeekingLexer
	depth             int
	trace             io.Writer
	deepestError      error
	deepestErrorDepth int
	lookahead         int
	caseInsensitive   map[lexer.TokenType]bool
	apply             []contextFieldSet
	allowTrailing     bool
	state             *parseState
	// boxed: the values of tokens must be boxed, as a capture may keep
	// them (see tokenValue).
	boxed bool
}

// tokenValue returns the value of t, a token of the parse's buffer, as a
// result. Only a capture keeps results: in a capture into a string, a
// bool or a []string (which copy the string out) and anywhere outside a
// capture the value refers to the token in place; in other captures it
// is boxed, as values always were.
func (p *parseContext) tokenValue(t *lexer.Token) reflect.Value {
	if p.boxed {
		return reflect.ValueOf(t.Value)
	}
	return reflect.ValueOf(&t.Value).Elem()
}

func newParseContext(lex *lexer.PeekingLexer, lookahead int, caseInsensitive map[lexer.TokenType]bool) parseContext {
	return parseContext{
		PeekingLexer:    *lex,
		caseInsensitive: caseInsensitive,
		lookahead:       lookahead,
		state:           parseStates.Get().(*parseState).shareSlabs(lex.NodeSlabs()),
	}
}

// shareSlabs makes the parse take its nodes from the slabs in *held,
// shared with the other parses of its lexer (lexer.SlabHolder), when
// held is not nil.
func (s *parseState) shareSlabs(held *any) *parseState {
	if held != nil {
		if *held == nil {
			*held = &Slabs{}
		}
		s.slabs = (*held).(*Slabs)
	}
	return s
}

func (p *parseContext) DeepestError(err error) error {
	if p.PeekingLexer.Cursor() >= p.deepestErrorDepth {
		return err
	}
	if p.deepestError != nil {
		return p.deepestError
	}
	return err
}

// Defer adds a function to be applied once a branch has been picked.
func (p *parseContext) Defer(tokens []lexer.Token, strct reflect.Value, field *structLexerField, fieldValue []reflect.Value) {
	p.apply = append(p.apply, contextFieldSet{tokens, strct, field, fieldValue})
}

// Apply deferred functions.
func (p *parseContext) Apply() error {
	for i := range p.apply {
		apply := &p.apply[i]
		if i == 0 || !sameTarget(&p.apply[i-1], apply) {
			reserve(p.apply[i:])
		}
		if set := apply.field.set; set != nil && set.direct != directNone && setDirect(apply.strct, set, apply.fieldValue) {
			continue
		}
		if err := setField(apply.tokens, apply.strct, apply.field, apply.fieldValue); err != nil {
			return err
		}
	}
	// Keep the array for the next captures; drop what it refers to.
	for i := range p.apply {
		p.apply[i] = contextFieldSet{}
	}
	p.apply = p.apply[:0]
	return nil
}

// sameTarget reports whether two captures set the same field of the same
// node.
func sameTarget(a, b *contextFieldSet) bool {
	return a.field == b.field && a.strct.CanAddr() && b.strct.CanAddr() && a.strct.UnsafeAddr() == b.strct.UnsafeAddr()
}

// reserve makes room in a slice field for the values of the captures
// into it that come first in run, one after the other (the elements of a
// repetition): appending them one by one would grow the slice as many
// times as it doubles.
func reserve(run []contextFieldSet) {
	first := &run[0]
	if first.field.Type.Kind() != reflect.Slice || first.field.set == nil || first.field.set.sliceOfCapture || !first.strct.CanAddr() {
		return
	}
	n := len(first.fieldValue)
	for i := 1; i < len(run) && sameTarget(first, &run[i]); i++ {
		n += len(run[i].fieldValue)
	}
	if n < 2 {
		return
	}
	if set := first.field.set; set.direct == directNodes {
		// A slice of pointers: grown as one, without reflect.
		nodes := (*[]unsafe.Pointer)(unsafe.Add(unsafe.Pointer(first.strct.UnsafeAddr()), set.offset))
		if cap(*nodes)-len(*nodes) < n {
			grown := make([]unsafe.Pointer, len(*nodes), len(*nodes)+n)
			copy(grown, *nodes)
			*nodes = grown
		}
		return
	}
	f := first.strct.FieldByIndex(first.field.Index)
	if f.Cap()-f.Len() >= n {
		return
	}
	grown := reflect.MakeSlice(f.Type(), f.Len(), f.Len()+n)
	reflect.Copy(grown, f)
	f.Set(grown)
}

// Branch accepts the branch as the correct branch.
func (p *parseContext) Accept(branch *parseContext) {
	p.apply = append(p.apply, branch.apply...)
	p.PeekingLexer = branch.PeekingLexer
	if branch.deepestErrorDepth >= p.deepestErrorDepth {
		p.deepestErrorDepth = branch.deepestErrorDepth
		p.deepestError = branch.deepestError
	}
}

// Branch starts a new lookahead branch. The caller gives it back with
// Release once it no longer refers to it.
func (p *parseContext) Branch() *parseContext {
	var branch *parseContext
	if n := len(p.state.free); n > 0 {
		branch = p.state.free[n-1]
		p.state.free = p.state.free[:n-1]
	} else {
		branch = &parseContext{}
	}
	apply := branch.apply[:0]
	*branch = *p
	branch.apply = apply
	return branch
}

// Release gives back a branch that was accepted or discarded, for the
// next Branch to reuse. Accept copies the branch's captures, so its
// array can be reused.
func (p *parseContext) Release(branch *parseContext) {
	for i := range branch.apply {
		branch.apply[i] = contextFieldSet{}
	}
	branch.apply = branch.apply[:0]
	branch.deepestError = nil
	branch.trace = nil
	p.state.free = append(p.state.free, branch)
}

func (p *parseContext) MaybeUpdateError(err error) {
	if p.PeekingLexer.Cursor() >= p.deepestErrorDepth {
		p.deepestError = err
		p.deepestErrorDepth = p.PeekingLexer.Cursor()
	}
}

// Stop returns true if parsing should terminate after the given "branch" failed to match.
//
// Additionally, track the deepest error in the branch - the deeper the error, the more useful it usually is.
// It could already be the deepest error in the branch (only if deeper than current parent context deepest),
// or it could be "err", the latest error on the branch (even if same depth; the lexer holds the position).
func (p *parseContext) Stop(err error, branch *parseContext) bool {
	if branch.deepestErrorDepth > p.deepestErrorDepth {
		p.deepestError = branch.deepestError
		p.deepestErrorDepth = branch.deepestErrorDepth
	} else if branch.PeekingLexer.Cursor() >= p.deepestErrorDepth {
		p.deepestError = err
		p.deepestErrorDepth = maxInt(branch.PeekingLexer.Cursor(), branch.deepestErrorDepth)
	}
	if !p.hasInfiniteLookahead() && branch.PeekingLexer.Cursor() > p.PeekingLexer.Cursor()+p.lookahead {
		p.Accept(branch)
		return true
	}
	return false
}

func (p *parseContext) hasInfiniteLookahead() bool { return p.lookahead < 0 }

func (p *parseContext) printTrace(n node) func() {
	if p.trace != nil {
		tok := p.PeekingLexer.Peek()
		fmt.Fprintf(p.trace, "%s%q %s\n", strings.Repeat(" ", p.depth*2), tok, n.GoString())
		p.depth += 1
		return func() { p.depth -= 1 }
	}
	return func() {}
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}
