package parser

import (
	"slices"
	"sort"
	"strings"
)

// An editor's edit changes a few bytes of a large text: lexing it again
// from the start costs more than all the rest of an edit once
// declarations are cached (parser.Cache). So a Cache keeps its last lex
// and lexes only from the last place between pieces before the edit
// (a mark: the lexer's state there depends only on the text before it)
// until it reaches, after the edit, a place between pieces where the last
// lex was in the same state: from there on that lex's pieces, comments
// and diagnostics are the same, moved by the bytes and lines the edit
// added or removed.

// mark is the lexer's state between two pieces, after the first ended
// and before anything of the next was read.
type mark struct {
	off, line, lineOff, lastLine int
	prevWord                     string
	survives, depth, cutDepth    int
	tooDeep, anyToken            bool
	// pieces, comments and diags count those made before it.
	pieces, comments, diags int
}

func (s *scanner) mark() mark {
	return mark{
		off: s.off, line: s.line, lineOff: s.lineOff, lastLine: s.lastLine,
		// A copy: the mark outlives this version of the text.
		prevWord: strings.Clone(s.prevWord), survives: s.survives, depth: s.depth, cutDepth: s.cutDepth,
		tooDeep: s.tooDeep, anyToken: s.ntoks > 0,
		pieces: len(s.pieces), comments: len(s.comments), diags: len(s.diags),
	}
}

// sameState reports whether lexing reads on from b as from a, once moved
// by lines and bytes.
func sameState(a, b mark, lines, bytes int) bool {
	return b.line == a.line+lines && b.lineOff == a.lineOff+bytes && b.lastLine == a.lastLine+lines &&
		b.prevWord == a.prevWord && b.survives == a.survives && b.depth == a.depth &&
		b.cutDepth == a.cutDepth && b.tooDeep == a.tooDeep && b.anyToken == a.anyToken
}

// lastLex is what a Cache keeps of its last lex.
type lastLex struct {
	text string
	lx   lexed // pieces is the Cache's own copy: parsing changes its slice
}

// resync is the last lex, for a lex of the edited text to splice in.
type resync struct {
	last *lastLex
	// from is where the edit ends in the new text; bytes is how many
	// bytes it added (negative: removed).
	from, bytes int
}

// relexChunk is the size of the chunks relex writes to: an edit's
// tokens stay in the chunk as long as its declaration, so they are
// small (a tool of ten rows has about a hundred tokens).
const relexChunk = 512

// relex lexes text, the edited text of last, again only from before the
// edit to where it reads as last did. It returns false when the edit is
// in the first piece (the header): then the whole text is lexed.
func relex(last *lastLex, file string, src []byte, text string) (lexed, bool) {
	old := last.text
	pre := commonPrefix(old, text)
	suf := commonSuffix(old[pre:], text[pre:])
	marks := last.lx.marks
	i := sort.Search(len(marks), func(k int) bool { return marks[k].off > pre }) - 1
	if i < 0 || last.lx.tooDeep || last.lx.source.file != file {
		return lexed{}, false
	}
	m := marks[i]
	s := &scanner{
		file: file, src: src, text: text,
		off: m.off, line: m.line, lineOff: m.lineOff, lastLine: m.lastLine,
		prevWord: m.prevWord, survives: m.survives, depth: m.depth, cutDepth: m.cutDepth, tooDeep: m.tooDeep,
		resync:    &resync{last: last, from: len(text) - suf, bytes: len(text) - len(old)},
		chunkSize: relexChunk,
	}
	if m.anyToken {
		s.ntoks = 1
	}
	s.pieces = append(make([][]tok, 0, len(last.lx.pieces)+1), last.lx.pieces[:m.pieces]...)
	s.marks = append(make([]mark, 0, len(marks)+1), marks[:i+1]...)
	if m.comments > 0 { // nil when none, as a whole lex leaves it
		s.comments = slices.Clone(last.lx.comments[:m.comments])
	}
	if m.diags > 0 {
		s.diags = slices.Clone(last.lx.diags[:m.diags])
	}
	s.run()
	return s.lexed(), true
}

// splice ends the lex at the mark just made when the last lex had the
// same state at the same place of the text after the edit: the rest is
// the last lex's, moved.
func (s *scanner) splice() {
	r := s.resync
	if s.off < r.from {
		return
	}
	marks := r.last.lx.marks
	want := s.off - r.bytes
	j := sort.Search(len(marks), func(k int) bool { return marks[k].off >= want })
	if j == len(marks) {
		s.resync = nil // past the last lex's marks: lex to the end
		return
	}
	o, n := marks[j], s.marks[len(s.marks)-1]
	lines := n.line - o.line
	if o.off != want || !sameState(o, n, lines, r.bytes) {
		return
	}
	last := r.last.lx
	for _, p := range last.pieces[o.pieces:] {
		// The last lex's tokens are not read again: move them in place.
		for k := range p {
			p[k].off += r.bytes
			p[k].end += r.bytes
			p[k].line += int32(lines)
		}
		s.pieces = append(s.pieces, p)
	}
	for _, c := range last.comments[o.comments:] {
		moved := *c
		moved.Pos.Offset += r.bytes
		moved.Pos.Line += lines
		s.comments = append(s.comments, &moved)
	}
	for _, d := range last.diags[o.diags:] {
		d.Pos.Offset += r.bytes
		d.Pos.Line += lines
		s.diags = append(s.diags, d)
	}
	moveMark := func(k mark) mark {
		k.off += r.bytes
		k.line += lines
		k.lineOff += r.bytes
		k.lastLine += lines
		k.pieces += n.pieces - o.pieces
		k.comments += n.comments - o.comments
		k.diags += n.diags - o.diags
		return k
	}
	for _, k := range marks[j+1:] {
		s.marks = append(s.marks, moveMark(k))
	}
	end := moveMark(last.end)
	s.off, s.line, s.lineOff, s.lastLine = end.off, end.line, end.lineOff, end.lastLine
	s.prevWord, s.survives, s.depth, s.cutDepth, s.tooDeep = end.prevWord, end.survives, end.depth, end.cutDepth, end.tooDeep
	if end.anyToken {
		s.ntoks = max(s.ntoks, 1)
	}
	s.resync = nil
}

// lex lexes the text of a parse with c: from the last lex, only what the
// edit changed when it can (relex), else the whole text, into the chunks
// of the last lex that no piece holds any more.
func (c *Cache) lex(file string, src []byte, text string) lexed {
	last := c.last
	c.last = nil
	var lx lexed
	ok := false
	if last != nil {
		lx, ok = relex(last, file, src, text)
	}
	if !ok {
		var spare [][]tok
		if last != nil {
			spare = last.lx.chunks
		}
		lx = lexInto(file, src, text, spare)
	}
	// The parse changes lx.pieces, and sorts and appends to lx.diags.
	keep := lx
	keep.pieces = slices.Clone(lx.pieces)
	keep.diags = slices.Clone(lx.diags)
	keep.comments = slices.Clone(lx.comments)
	c.last = &lastLex{text: text, lx: keep}
	return lx
}

// commonPrefix is the length of the longest common prefix of a and b.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	const block = 256 // compared as strings: memequal is vectorised
	for i+block <= n && a[i:i+block] == b[i:i+block] {
		i += block
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// commonSuffix is the length of the longest common suffix of a and b.
func commonSuffix(a, b string) int {
	n := min(len(a), len(b))
	i := 0
	const block = 256
	for i+block <= n && a[len(a)-i-block:len(a)-i] == b[len(b)-i-block:len(b)-i] {
		i += block
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}
