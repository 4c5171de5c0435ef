package parser

import (
	"fmt"
	"slices"

	plex "github.com/alecthomas/participle/v2/lexer"

	"github.com/toolspec/toolspec/lang/descriptor"
)

// Recovery at a container's close: an error inside `tuple<…>`, `union<…>`,
// `array<…>`, `map<…>` or `enum(…)` is repaired inside the container, so
// that the row's presence, modifiers and description after it, and the
// rows after it, are still read and checked.
//
//   - A container its row leaves open (`tuple<string, integer  required`)
//     is closed where the error is: `tuple<string, integer> required`.
//   - A missing comma before what can be an element (`tuple<string
//     integer>`, `enum(a, b c)`) is put in.
//   - Anything else is dropped up to the next comma or the close
//     (`enum(a, =, b)` is read `enum(a, b)`), and a comma before the close
//     too (`tuple<string,>`).
//
// A row so repaired is read as the author most likely meant it; a second
// error on it would be about the repair, so the row is then dropped
// without another message (recoverDecls).

// A repair of an error inside a container: the tokens repaired, the line
// of the row, and, when the row ended with the container open, the error
// to report instead of the parser's, which names the next row's first
// token.
type repair struct {
	toks []plex.Token
	line int
	open error
}

// containerRepair returns the tokens with the error at toks[at] repaired
// inside the innermost container open before it on its row, and whether
// it found such a repair.
func containerRepair(toks []plex.Token, at int) (repair, bool) {
	fixed, line, open, ok := repairAt(toks, at)
	if !ok {
		return repair{}, false
	}
	r := repair{toks: fixed, line: line}
	if len(fixed) == len(toks)+1 && (at == len(toks) || toks[at].Pos.Line != line) && fixed[at].Value != "," {
		r.open = &openContainer{open: toks[open].Pos, kind: toks[max(open-1, 0)].Value + toks[open].Value, closer: fixed[at].Value}
	}
	return r, true
}

// openContainer is a container its row ends without closing.
type openContainer struct {
	open         plex.Position
	kind, closer string
}

func (o *openContainer) Error() string {
	return fmt.Sprintf("%s is not closed: a %q is missing at the end of its row", o.kind, o.closer)
}

// repairAt returns the repaired tokens (a copy: toks is not changed), the
// row's line and the index of the container's opener.
func repairAt(toks []plex.Token, at int) ([]plex.Token, int, int, bool) {
	if at <= 0 || at > len(toks) {
		return nil, 0, 0, false
	}
	line := toks[at-1].Pos.Line
	open := -1
	depth := 0
	for i := at - 1; i >= 0 && toks[i].Pos.Line == line; i-- {
		if toks[i].Type != tPunct {
			continue
		}
		switch toks[i].Value {
		case ">", ")":
			depth++
		case "<", "(":
			if depth == 0 {
				open = i
			} else {
				depth--
			}
		}
		if open >= 0 {
			break
		}
	}
	if open < 0 {
		return nil, 0, 0, false
	}
	closer := map[string]string{"<": ">", "(": ")"}[toks[open].Value]
	// The matching close on the row, and the first comma of this level
	// from the error on.
	closeAt, comma := -1, -1
	depth = 0
	for i := at; i < len(toks) && toks[i].Pos.Line == line; i++ {
		if toks[i].Type != tPunct {
			continue
		}
		switch v := toks[i].Value; {
		case v == "<" || v == "(":
			depth++
		case (v == ">" || v == ")") && depth > 0:
			depth--
		case v == closer:
			closeAt = i
		case v == "," && depth == 0 && comma < 0:
			comma = i
		}
		if closeAt >= 0 {
			break
		}
	}
	toks = slices.Clone(toks)
	punct := func(v string) plex.Token {
		pos := toks[at-1].Pos
		pos.Offset += len(toks[at-1].Value)
		pos.Column += len(toks[at-1].Value)
		if at < len(toks) && toks[at].Pos.Line == line {
			pos = toks[at].Pos
		}
		return plex.Token{Type: tPunct, Value: v, Pos: pos}
	}
	switch {
	case closeAt < 0:
		return slices.Insert(toks, at, punct(closer)), line, open, true
	case at == closeAt:
		if toks[at-1].Type == tPunct && toks[at-1].Value == "," {
			return slices.Delete(toks, at-1, at), line, open, true
		}
		return nil, 0, 0, false // an empty tuple<>: the row is dropped
	case startsElement(toks[at], closer == ")"):
		return slices.Insert(toks, at, punct(",")), line, open, true
	}
	end := closeAt
	if comma >= 0 && comma < closeAt {
		end = comma + 1
	} else if toks[at-1].Type == tPunct && toks[at-1].Value == "," {
		at-- // the comma before the dropped element too
	}
	return slices.Delete(toks, at, end), line, open, true
}

// startsElement reports whether t can begin an element of a container:
// an enum value (a word, a string, a number) or a kind, but not a
// presence or a modifier, which belong after the container.
func startsElement(t plex.Token, enum bool) bool {
	switch {
	case t.Type == tIdent:
		return t.Value != "required" && t.Value != "optional" && descriptor.Lookup(t.Value) == nil
	case enum:
		return t.Type == tString || t.Type == tNumber
	}
	return false
}
