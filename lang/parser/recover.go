package parser

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	plex "github.com/alecthomas/participle/v2/lexer"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
)

// Recovery inside a declaration: a syntax error stops only the item it is
// in, so one run reports every broken row of a declaration, and the
// checker still reads the rest of it.
//
// The grammar stays the one of lang/ast: a declaration that fails is
// repaired at the token level and parsed again, until it parses.
//
//   - A word the author misspelt (a modifier, a tool item, a hint) is read
//     as the word the message suggests, so the rest of its row is checked
//     as if written right.
//   - An error inside a container (`tuple<…>`, `enum(…)`) is repaired
//     there, so the rest of its row is read too (container.go).
//   - Any other error drops the item it is in: from the start of the row
//     (or tool item, or fixture) to the next line indented no deeper, or
//     to the "}" that closes the enclosing block.
//
// The declaration is still named among the unparsed ones (Result.Unparsed),
// so that what refers to a dropped row or group is not reported as well.

// maxRecoveries bounds the errors reported for one declaration: each repair
// removes or rewrites a token, so the loop ends anyway; past this many
// errors the rest is noise.
const maxRecoveries = 50

// recoverDecls reports the syntax error err of the declarations toks and
// every later one in them, and returns the declarations as repaired, or
// none when no repair leaves them parsing. partial is the tree participle
// built up to err. whole is set when no item was dropped: only misspelt
// words were read as meant, so the declarations are all there.
func recoverDecls(src []byte, toks []plex.Token, partial *declList, err error) (decls []*ast.Decl, errs []error, whole bool) {
	toks = slices.Clone(toks)
	end := endOf(toks)
	read := map[int]string{}     // offset → the word a misspelt one was read as
	repaired := map[int]bool{}   // the lines of rows repaired in a container (container.go)
	repairedAt := map[int]bool{} // the offsets of the errors so repaired
	whole = true
	for range maxRecoveries {
		at := errorIndex(toks, err)
		if m := misspelling(toks, at, partial, err); m != nil && read[m.pos.Offset] == "" {
			errs = append(errs, m)
			toks[at].Value = m.near
			read[m.pos.Offset] = m.near
		} else if r, ok := containerRepair(toks, at); ok && !repaired[r.line] {
			if r.open != nil {
				errs = append(errs, r.open)
			} else {
				errs = append(errs, explain(err, partial, toks))
			}
			repairedAt[errorOffset(toks, at)] = true
			toks, repaired[r.line], whole = r.toks, true, false
		} else {
			// A second error on a repaired row, or at the token of the
			// repair (a row ended by the close put in lacks its
			// presence), is the repair's: the row goes, silently.
			if line := errorLine(toks, at); line == 0 || !repaired[line] && !repairedAt[errorOffset(toks, at)] {
				errs = append(errs, explain(err, partial, toks))
			}
			lo, hi := brokenItem(toks, at, termOf(err))
			if lo <= 0 || hi <= lo {
				return nil, errs, false // the declaration's own start is broken
			}
			toks = slices.Delete(toks, lo, hi)
			whole = false
		}
		if len(toks) == 0 {
			return nil, errs, false
		}
		partial, err = parseTokens(declGrammar, toks, end)
		if err == nil {
			for _, d := range partial.Decls {
				ast.SetKeywordsFrom(d, func(off int) string {
					if w, ok := read[off]; ok {
						return w
					}
					return string(wordAt(src, off))
				})
			}
			return partial.Decls, errs, whole
		}
	}
	return nil, append(errs, explain(err, partial, toks)), false
}

// errorLine is the line of the token at toks[at], or of the last token
// when the error is at the end; 0 when there is none.
func errorLine(toks []plex.Token, at int) int {
	switch {
	case at < len(toks):
		return toks[at].Pos.Line
	case len(toks) > 0:
		return toks[len(toks)-1].Pos.Line
	}
	return 0
}

// errorOffset is the offset of the token at toks[at], or -1 at the end.
func errorOffset(toks []plex.Token, at int) int {
	if at < len(toks) {
		return toks[at].Pos.Offset
	}
	return -1
}

// wordAt is the identifier that starts at offset off of src.
func wordAt(src []byte, off int) []byte {
	end := off
	for end < len(src) && (isLetter(src[end]) || isDigit(src[end])) {
		end++
	}
	return src[off:end]
}

func unexpected(err error) *participle.UnexpectedTokenError {
	var u *participle.UnexpectedTokenError
	if errors.As(err, &u) {
		return u
	}
	return nil
}

// termOf is the first term participle expected at err, or "".
func termOf(err error) string {
	if u := unexpected(err); u != nil {
		return expectedTerm(u)
	}
	return ""
}

// errorIndex is the index in toks of the token err is reported at
// (len(toks) at the end).
func errorIndex(toks []plex.Token, err error) int {
	var off int
	var misspelt *ast.Misspelt
	var perr participle.Error
	switch {
	case unexpected(err) != nil:
		if unexpected(err).Unexpected.EOF() {
			return len(toks)
		}
		off = unexpected(err).Unexpected.Pos.Offset
	case errors.As(err, &misspelt):
		off = misspelt.Pos.Offset
	case errors.As(err, &perr):
		off = perr.Position().Offset
	default:
		return len(toks)
	}
	i, _ := slices.BinarySearchFunc(toks, off, func(t plex.Token, off int) int { return t.Pos.Offset - off })
	return i
}

// brokenItem finds the item that the error at toks[at] broke: toks[lo:hi].
// When the error is the first token of a line and the grammar expected a
// new item or a "}" there, the item is that line's; otherwise the item the
// token before it belongs to, which the error cut short.
func brokenItem(toks []plex.Token, at int, term string) (lo, hi int) {
	anchor := at
	if at >= len(toks) || at > 0 && !(startsLine(toks, at) && (term == "Close" || term == "Decl" || term == "")) {
		anchor = at - 1
	}
	if anchor < 0 {
		return 0, 0
	}
	// The item starts at its line's first token, or after the "{" that
	// opens the block it is in, when that comes later on the line.
	lo = anchor
	for lo > 0 && toks[lo-1].Pos.Line == toks[anchor].Pos.Line {
		lo--
	}
	depth := 0
	for i := anchor; i >= lo; i-- {
		if toks[i].Type != tPunct {
			continue
		}
		switch toks[i].Value {
		case "}":
			depth++
		case "{":
			if depth == 0 && i < anchor {
				lo = i + 1
				i = lo // done
				continue
			}
			depth = max(depth-1, 0)
		}
	}
	// It ends at the next line indented no deeper than its start, or at
	// the "}" that closes its block, with the blocks it opens.
	col := toks[lo].Pos.Column
	depth = 0
	for hi = lo; hi < len(toks); hi++ {
		t := toks[hi]
		if hi > anchor && depth == 0 && startsLine(toks, hi) && t.Pos.Column <= col {
			break
		}
		if t.Type != tPunct {
			continue
		}
		if t.Value == "{" {
			depth++
		} else if t.Value == "}" {
			if depth == 0 {
				break
			}
			depth--
		}
	}
	return lo, hi
}

func startsLine(toks []plex.Token, i int) bool {
	return i == 0 || toks[i-1].Pos.Line != toks[i].Pos.Line
}

// A misspelt word: one close to a keyword where that keyword could stand.
type wordKind int

const (
	modifierWord wordKind = iota
	toolItemWord
	hintWord
	literalWord // one of the literals the grammar expected: `result txt`
)

type misspeltWord struct {
	kind       wordKind
	pos        plex.Position
	word, near string
	expected   string // literalWord: what the grammar expected, described
}

func (m *misspeltWord) Error() string { return m.diagnostic().Msg }

func (m *misspeltWord) diagnostic() token.Diagnostic {
	pos := Pos(m.pos)
	switch m.kind {
	case toolItemWord:
		return diag.UnknownToolItem.New(pos, m.word, m.near)
	case hintWord:
		return diag.UnknownHint.New(pos, m.word, m.near)
	case literalWord:
		u := unexpectedError{token: plex.Token{Value: m.word}, expected: m.expected}
		return diag.SyntaxError.New(pos, u.message()+"; did you mean "+m.near+"?")
	}
	return diag.UnknownModifier.New(pos, m.word, m.near)
}

// toolItemNames are the longer names people give a tool's items, which
// are too far from the keyword for a did-you-mean by edits.
var toolItemNames = map[string]string{
	"input": "in", "inputs": "in", "output": "out", "outputs": "out",
}

// ToolItemMeant is the tool item keyword a word in a tool's body was meant
// to be (input → in, descripton → description), or "": what
// diag.UnknownToolItem suggests, and an editor's quick fix with it.
func ToolItemMeant(word string) string {
	if near := toolItemNames[word]; near != "" {
		return near
	}
	return diag.Closest(word, ast.ToolItemWords)
}

// misspelling reports whether err is at a word that misspells a keyword
// that could stand there: a modifier (the grammar's own error production,
// ast.UnknownModifier), a hint after `hints`, or a tool item where one may
// start.
func misspelling(toks []plex.Token, at int, partial *declList, err error) *misspeltWord {
	var m *ast.Misspelt
	if errors.As(err, &m) {
		return &misspeltWord{kind: modifierWord, pos: plex.Position(m.Pos), word: m.Word, near: m.Near}
	}
	if at >= len(toks) || toks[at].Type != tIdent {
		return nil
	}
	word := toks[at].Value
	w := &misspeltWord{pos: toks[at].Pos, word: word}
	// After `hints` and the hints before it.
	i := at - 1
	for i >= 0 && toks[i].Type == tIdent && slices.Contains(ast.HintWords, toks[i].Value) {
		i--
	}
	if i >= 0 && toks[i].Type == tIdent && toks[i].Value == "hints" {
		if w.near = diag.Closest(word, ast.HintWords); w.near != "" {
			w.kind = hintWord
			return w
		}
	}
	term := termOf(err)
	if lits := literalsOf(term); len(lits) > 0 {
		if w.near = diag.Closest(word, lits); w.near != "" {
			w.kind, w.expected = literalWord, describe(term)
			return w
		}
	}
	if openBody(partial) == "Tool" && term == "Close" {
		if w.kind, w.near = toolItemWord, ToolItemMeant(word); w.near != "" {
			return w
		}
	}
	return nil
}

// literalsOf lists the keywords of a term that is a choice of literals
// (`"text" | "any"`), or nil.
func literalsOf(term string) []string {
	if term == "" {
		return nil
	}
	var lits []string
	for _, alt := range strings.Split(term, " | ") {
		w, err := strconv.Unquote(alt)
		if err != nil || !strings.HasPrefix(alt, `"`) || w == "" || !isLetter(w[0]) {
			return nil
		}
		lits = append(lits, w)
	}
	return lits
}
