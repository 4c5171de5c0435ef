package participle

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// firstSet is what a node can start with. When the next token is not in
// it, the node's Parse is known to return (nil, nil) and to change
// nothing but the branch it was given: it does not match, and there is no
// error to report. Alternatives, repetitions and look-aheads that cannot
// start with the next token are then not tried at all, which is what most
// of the alternatives of a grammar are most of the time.
//
// The set is an over-approximation: a token in it may still not match.
type firstSet struct {
	any    bool                     // any token: the node may match or fail on anything
	types  map[lexer.TokenType]bool // any token of these types
	values map[string]bool          // any token with one of these values, whatever its type
	// exact: the node matches exactly the tokens in the set (one token
	// long: terminals and choices of them), so a look-ahead of it is
	// decided by the set alone.
	exact bool
}

func (f *firstSet) admits(t *lexer.Token) bool {
	return f.any || (len(f.types) > 0 && f.types[t.Type]) || (len(f.values) > 0 && f.values[t.Value])
}

func (f *firstSet) add(o *firstSet) {
	if f.any || o.any {
		f.any = true
		return
	}
	for t := range o.types {
		if f.types == nil {
			f.types = map[lexer.TokenType]bool{}
		}
		f.types[t] = true
	}
	for v := range o.values {
		if f.values == nil {
			f.values = map[string]bool{}
		}
		f.values[v] = true
	}
}

// firstFilter picks, for the next token, the alternatives of a
// disjunction that may start with it: bit i is alternative i.
type firstFilter struct {
	always uint64
	types  map[lexer.TokenType]uint64
	values map[string]uint64
}

func (f *firstFilter) alternatives(t *lexer.Token) uint64 {
	m := f.always
	if len(f.types) > 0 {
		m |= f.types[t.Type]
	}
	if len(f.values) > 0 {
		m |= f.values[t.Value]
	}
	return m
}

var anyToken = &firstSet{any: true}

// firstToken returns the token to check first sets against, or nil when
// every node must be tried: while tracing (a node not tried would not be
// traced), when elided tokens come before the next one (a literal or a
// reference may match one of them), or when the next token's type is
// matched case-insensitively.
func (p *parseContext) firstToken() *lexer.Token {
	if p.trace != nil {
		return nil
	}
	t := p.Peek()
	if p.RawPeek() != t || (len(p.caseInsensitive) > 0 && p.caseInsensitive[t.Type]) {
		return nil
	}
	return t
}

// computeFirstSets gives the disjunctions, repetitions and look-aheads of
// the grammar under root the first sets of what they contain.
func computeFirstSets(root node) {
	c := firstSets{sets: map[node]*firstSet{}}
	seen := map[node]bool{}
	_ = visit(root, func(n node, next func() error) error {
		if seen[n] {
			return nil
		}
		seen[n] = true
		switch n := n.(type) {
		case *disjunction:
			n.filter = c.filter(n.nodes)
		case *union:
			n.disjunction.filter = c.filter(n.disjunction.nodes)
		case *group:
			n.first = c.first(n.expr)
		case *lookaheadGroup:
			n.first = c.first(n.expr)
			n.recognizable = recognizable(n.expr, map[*strct]bool{}, false)
		}
		return next()
	})
}

type firstSets struct {
	sets map[node]*firstSet // nil while being computed: a cycle
}

func (c *firstSets) filter(nodes []node) *firstFilter {
	if len(nodes) > 64 {
		return nil
	}
	f := &firstFilter{}
	for i, n := range nodes {
		bit := uint64(1) << uint(i)
		s := c.first(n)
		if s.any {
			f.always |= bit
			continue
		}
		for t := range s.types {
			if f.types == nil {
				f.types = map[lexer.TokenType]uint64{}
			}
			f.types[t] |= bit
		}
		for v := range s.values {
			if f.values == nil {
				f.values = map[string]uint64{}
			}
			f.values[v] |= bit
		}
	}
	return f
}

// first is the first set of n: the tokens on which n may do more than
// return (nil, nil).
func (c *firstSets) first(n node) *firstSet {
	if s, ok := c.sets[n]; ok {
		if s == nil {
			return anyToken // left recursion: do not guess
		}
		return s
	}
	c.sets[n] = nil
	s := c.compute(n)
	c.sets[n] = s
	return s
}

func (c *firstSets) compute(n node) *firstSet {
	switch n := n.(type) {
	case *literal:
		switch {
		case n.s != "":
			// The type, if any, is not checked: a wider set.
			return &firstSet{values: map[string]bool{n.s: true}, exact: n.t == lexer.EOF}
		case n.t != lexer.EOF:
			return &firstSet{types: map[lexer.TokenType]bool{n.t: true}, exact: true}
		}
	case *reference:
		return &firstSet{types: map[lexer.TokenType]bool{n.typ: true}, exact: true}
	case *capture:
		return c.first(n.node)
	case *strct:
		return c.first(n.expr)
	case *sequence:
		// It does not match when its first node does not, and fails only
		// after its first node matched.
		first := c.first(n.node)
		if first.exact && n.next != nil {
			inexact := *first
			inexact.exact = false
			return &inexact
		}
		return first
	case *disjunction:
		return c.union(n.nodes)
	case *union:
		return c.union(n.disjunction.nodes)
	case *group:
		// Once and one-or-more do not match when the expression does not;
		// the others match nothing, or fail, on any token.
		if n.mode == groupMatchOnce || n.mode == groupMatchOneOrMore {
			return c.first(n.expr)
		}
	}
	// Look-aheads, negations, optional and repeated groups, Parseable and
	// custom productions: anything.
	return anyToken
}

func (c *firstSets) union(nodes []node) *firstSet {
	out := &firstSet{exact: true}
	for _, n := range nodes {
		first := c.first(n)
		out.add(first)
		if out.any {
			return anyToken
		}
		out.exact = out.exact && first.exact
	}
	return out
}

// numberNodes numbers the struct and Parseable productions under root,
// for the spare nodes of a parse (parseState.node).
func numberNodes(root node) {
	n := 0
	_ = visit(root, func(nd node, next func() error) error {
		switch nd := nd.(type) {
		case *strct:
			if nd.slot >= 0 {
				return nil // seen: the grammar is recursive
			}
			nd.slot = n
			n++
		case *parseable:
			if nd.slot < 0 {
				nd.slot = n
				n++
			}
		}
		return next()
	})
}
