package participle

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// A look-ahead keeps nothing of what its expression matched: only
// whether it matched. When the expression captures nothing and is made
// of terminals, sequences, groups, disjunctions and struct productions
// around them, recognize decides that by walking the tokens with a
// cursor, as Parse would, without branches, nodes or values (the
// look-ahead of a production such as "the start of a row", tried at the
// end of every row, is otherwise most of a parse).
//
// It follows Parse's control flow exactly, including what only the
// number of values decides (an empty match of a repetition is no match
// when it must match once) and when a choice that progressed and failed
// stops the parse (Stop); where it cannot (an elided or case-insensitive
// token, a choice that matched without progressing, "!" groups, too many
// iterations) it says it does not know and Parse is used.

// recognition is what Parse would have returned: values (how many; ok:
// a non-nil slice) or an error (failed).
type recognition struct {
	values     int
	ok, failed bool
	unknown    bool
}

var unknownRecognition = recognition{unknown: true}

// recognizable reports whether recognize can decide n: it is made of the
// nodes recognize knows, and captures nothing that a struct production
// inside the look-ahead would apply (a capture outside them is deferred
// into the look-ahead's branch, which is dropped, so it changes nothing).
func recognizable(n node, seen map[*strct]bool, inStrct bool) bool {
	switch n := n.(type) {
	case *literal, *reference:
		return true
	case *capture:
		return !inStrct && recognizable(n.node, seen, inStrct)
	case *strct:
		if seen[n] {
			return true
		}
		seen[n] = true
		return recognizable(n.expr, seen, true)
	case *sequence:
		for s := n; s != nil; s = s.next {
			if !recognizable(s.node, seen, inStrct) {
				return false
			}
		}
		return true
	case *group:
		return n.mode != groupMatchNonEmpty && recognizable(n.expr, seen, inStrct)
	case *disjunction:
		for _, a := range n.nodes {
			if !recognizable(a, seen, inStrct) {
				return false
			}
		}
		return true
	}
	return false
}

// recognizeToken returns the next token, or nil when recognize cannot read it as
// Parse's fast paths do (an elided token first, a case-insensitive type).
func (p *parseContext) recognizeToken(lex *lexer.PeekingLexer) *lexer.Token {
	t := lex.Peek()
	if lex.RawPeek() != t || (len(p.caseInsensitive) > 0 && p.caseInsensitive[t.Type]) {
		return nil
	}
	return t
}

// stops is Stop's test: a branch that failed after progressing past the
// look-ahead (from where it started, at start) stops the choice, with
// the branch's position.
func (p *parseContext) stops(lex *lexer.PeekingLexer, start lexer.Checkpoint) bool {
	return !p.hasInfiniteLookahead() && lex.Cursor() > start.Cursor()+p.lookahead
}

// recognize returns what n's Parse would return from lex, moving lex as
// Parse would move the context.
func (p *parseContext) recognize(n node, lex *lexer.PeekingLexer) recognition {
	switch n := n.(type) {
	case *literal:
		t := p.recognizeToken(lex)
		if t == nil {
			return unknownRecognition
		}
		if (n.t != lexer.EOF && n.t != t.Type) || (n.s != "" && t.Value != n.s) {
			return recognition{}
		}
		lex.Next()
		return recognition{values: 1, ok: true}
	case *reference:
		t := p.recognizeToken(lex)
		if t == nil {
			return unknownRecognition
		}
		if t.Type != n.typ {
			return recognition{}
		}
		lex.Next()
		return recognition{values: 1, ok: true}
	case *capture:
		r := p.recognize(n.node, lex)
		if r.unknown || r.failed || !r.ok {
			return r
		}
		return recognition{values: 1, ok: true} // The parent, once.
	case *strct:
		r := p.recognize(n.expr, lex)
		if r.unknown || r.failed || !r.ok {
			return r
		}
		return recognition{values: 1, ok: true}
	case *sequence:
		total := 0
		for s := n; s != nil; s = s.next {
			r := p.recognize(s.node, lex)
			if r.unknown || r.failed {
				return r
			}
			if !r.ok {
				if s == n {
					return recognition{}
				}
				return recognition{failed: true}
			}
			total += r.values
		}
		return recognition{values: total, ok: true}
	case *disjunction:
		t := p.recognizeToken(lex)
		if t == nil {
			return unknownRecognition
		}
		tried := ^uint64(0)
		if n.filter != nil {
			tried = n.filter.alternatives(t)
		}
		failed := false
		for i, a := range n.nodes {
			if i < 64 && tried&(uint64(1)<<uint(i)) == 0 {
				continue
			}
			// The branch is lex itself, put back where it started
			// unless accepted.
			start := lex.MakeCheckpoint()
			r := p.recognize(a, lex)
			switch {
			case r.unknown:
				return r
			case r.failed:
				if p.stops(lex, start) {
					return r
				}
				failed = true
			case r.ok:
				if lex.RawCursor() == start.RawCursor() && !lex.RawPeek().EOF() {
					return unknownRecognition // Parse panics.
				}
				return r
			}
			lex.LoadCheckpoint(start)
		}
		return recognition{failed: failed}
	case *group:
		if n.mode == groupMatchOnce {
			return p.recognize(n.expr, lex)
		}
		min, max := 0, MaxIterations
		switch n.mode {
		case groupMatchZeroOrOne:
			max = 1
		case groupMatchOneOrMore:
			min = 1
		case groupMatchZeroOrMore:
		default:
			return unknownRecognition
		}
		matches, total := 0, 0
		for ; matches < max; matches++ {
			t := p.recognizeToken(lex)
			if t == nil {
				return unknownRecognition
			}
			if n.first != nil && !n.first.admits(t) {
				break
			}
			start := lex.MakeCheckpoint()
			r := p.recognize(n.expr, lex)
			if r.unknown {
				return r
			}
			if r.failed {
				if p.stops(lex, start) {
					return r
				}
				lex.LoadCheckpoint(start)
				break
			}
			total += r.values
			if !r.ok {
				break
			}
		}
		if matches >= MaxIterations {
			return unknownRecognition
		}
		// A match of no values leaves the result nil (appendValues).
		return recognition{values: total, ok: total > 0 || min == 0}
	}
	return unknownRecognition
}
