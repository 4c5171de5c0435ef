package lsp

import (
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/check"
	"github.com/toolspec/toolspec/lang/parser"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/model"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// maxDocument bounds the text the server analyses. A spec of 10 000 tools
// is about 2 MB; a bigger text is refused rather than held and re-parsed on
// every keystroke.
const maxDocument = 16 << 20

// document is one open spec: its text and what the compiler made of it.
type document struct {
	uri     string
	version int32
	text    string
	lines   []int // byte offset of each line's start

	file     *ast.File
	comments []*ast.Comment
	catalog  *model.Catalog // built even when diags has errors (see check.Result)
	diags    token.List

	// suggested is what the last test-report run on this text (the test
	// lens) suggests adding: test blocks of killing fixtures for its
	// surviving mutants, "" when none; survivors are where it showed them.
	suggested string
	survivors []span

	// cache holds the declarations of the last parse and what checking
	// found in each, for the next version of the text (parser.Cache,
	// check.Cache): its trees and models are this document's, so a new
	// version's document takes the cache over.
	cache *caches
	// tooLarge: the text is over maxDocument and was not analysed.
	tooLarge bool
}

// analyse parses and checks text as `toolspec check` does, client lints of
// the families the spec declares included (compile.Analyse: the model
// even when it has errors, no hash).
func analyse(uri string, version int32, text string) *document {
	return analyseCached(uri, version, text, lineStarts(text), newCaches())
}

// caches are what one document keeps of its last analysis.
type caches struct {
	parse parser.Cache
	// check is nil when every change is checked whole (BenchmarkDidChange
	// compares).
	check *check.Cache
}

func newCaches() *caches { return &caches{check: new(check.Cache)} }

// analyseCached is analyse taking the declarations that did not change
// from cache, the one of the document's previous version; lines are
// where the text's lines start (lineStarts).
func analyseCached(uri string, version int32, text string, lines []int, cache *caches) *document {
	d := &document{uri: uri, version: version, text: text, lines: lines, cache: cache}
	r := compile.Analyse(pathOf(uri), text, compile.Options{ParseCache: &cache.parse, CheckCache: cache.check})
	d.file, d.comments, d.diags, d.catalog = r.File, r.Comments, r.Diags, r.Catalog
	return d
}

func lineStarts(text string) []int {
	// Counted first, so a 6 MB text makes one slice, not a dozen.
	starts := make([]int, 1, 1+strings.Count(text, "\n"))
	for i := 0; ; {
		n := strings.IndexByte(text[i:], '\n')
		if n < 0 {
			return starts
		}
		i += n + 1
		starts = append(starts, i)
	}
}

// editLines is lines, the starts of a text's lines (lineStarts), for
// that text with text[start:end] replaced by ins: those up to start
// stay, those in ins are added, those after end move; the text is not
// read again.
func editLines(lines []int, start, end int, ins string) []int {
	keep := sort.SearchInts(lines, start+1) // lines[:keep] start at or before start
	after := sort.SearchInts(lines, end+1)  // lines[after:] start after end
	out := make([]int, keep, keep+strings.Count(ins, "\n")+len(lines)-after)
	copy(out, lines[:keep])
	for i := 0; ; {
		n := strings.IndexByte(ins[i:], '\n')
		if n < 0 {
			break
		}
		i += n + 1
		out = append(out, start+i)
	}
	moved := len(ins) - (end - start)
	for _, l := range lines[after:] {
		out = append(out, l+moved)
	}
	return out
}

// position converts a byte offset to an LSP position (UTF-16 columns).
func (d *document) position(off int) protocol.Position {
	off = max(0, min(off, len(d.text)))
	line := 0
	lo, hi := 0, len(d.lines)-1
	for lo <= hi {
		m := (lo + hi) / 2
		if d.lines[m] <= off {
			line, lo = m, m+1
		} else {
			hi = m - 1
		}
	}
	col := 0
	for _, r := range d.text[d.lines[line]:off] {
		col += utf16.RuneLen(r)
		if r == utf8.RuneError {
			col = max(col, 1)
		}
	}
	return protocol.Position{Line: protocol.UInteger(line), Character: protocol.UInteger(col)}
}

// offset converts an LSP position to a byte offset, clamped to the line.
func (d *document) offset(p protocol.Position) int {
	if int(p.Line) >= len(d.lines) {
		return len(d.text)
	}
	start := d.lines[p.Line]
	end := len(d.text)
	if int(p.Line)+1 < len(d.lines) {
		end = d.lines[p.Line+1] - 1
	}
	col := 0
	for i, r := range d.text[start:end] {
		if col >= int(p.Character) {
			return start + i
		}
		col += utf16.RuneLen(r)
	}
	return end
}

// offsetOf returns the byte offset of a token position.
func (d *document) offsetOf(p token.Pos) int {
	if p.Line < 1 || p.Line > len(d.lines) {
		return 0
	}
	return d.lines[p.Line-1] + p.Column - 1
}

// span is a range of bytes in the text.
type span struct{ start, end int }

func (d *document) rangeOf(s span) protocol.Range {
	return protocol.Range{Start: d.position(s.start), End: d.position(s.end)}
}

// wordAt returns the span of the token starting at off: a word, a string
// literal, or else one character, so a diagnostic underlines what it names.
func (d *document) wordAt(off int) span {
	t := d.text
	if off >= len(t) {
		return span{len(t), len(t)}
	}
	end := off
	switch {
	case t[off] == '"':
		end++
		for end < len(t) && t[end] != '"' && t[end] != '\n' {
			if t[end] == '\\' {
				end++
			}
			end++
		}
		end = min(end+1, len(t))
	case isWordByte(t[off]):
		for end < len(t) && (isWordByte(t[end]) || t[end] == '-' || t[end] == '.') {
			end++
		}
	default:
		_, n := utf8.DecodeRuneInString(t[off:])
		end += n
	}
	return span{off, end}
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func within(s span, off int) bool { return off >= s.start && off <= s.end }
