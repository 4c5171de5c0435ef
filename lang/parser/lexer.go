package parser

import (
	"errors"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	plex "github.com/alecthomas/participle/v2/lexer"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
)

const (
	tIdent  = ast.TokenIdent
	tString = ast.TokenString
	tBlock  = ast.TokenBlock
	tNumber = ast.TokenNumber
	tPunct  = ast.TokenPunct
	tFormat = ast.TokenFormat
)

// definition lets participle build the grammar against our token types; the
// tokens themselves come from lex and are replayed through replay.
type definition struct{}

func (definition) Symbols() map[string]plex.TokenType { return ast.Symbols }

func (definition) Lex(string, io.Reader) (plex.Lexer, error) {
	return nil, errors.New("toolspec: tokens come from parser.lex, not from participle")
}

// replay hands participle a run of tokens, then an end of file.
type replay struct {
	toks []plex.Token
	eof  plex.Token
	i    int
}

func (r *replay) Next() (plex.Token, error) {
	if r.i >= len(r.toks) {
		return r.eof, nil
	}
	r.i++
	return r.toks[r.i-1], nil
}

// tok is a token as the lexer keeps it: where it is in the source rather
// than its text and file name. A large spec's tokens then hold no pointer
// for the garbage collector to scan while the declarations are parsed, and
// take half the memory (docs/performance.md, "One grammar"); participle
// gets plex.Tokens from a source, one piece at a time.
type tok struct {
	off, end  int // the token's text is src[off:end] ...
	line, col int32
	typ       int8
	empty     bool // ... unless a bad string was replaced by an empty one
}

// source turns toks back into participle's tokens.
type source struct {
	file string
	text string
	base int // the offset of text's first byte in the file
	// rel is what the tokens' positions count from: a piece parsed on
	// its own for a Cache has them relative to its first token.
	rel ast.Base
}

// own is the source of one piece alone, copied out of the text: the
// trees a Cache keeps hold their own words, not the whole text of the
// version they were parsed from (an editor's every version of a large
// document would stay in memory, one per edited declaration).
func (s source) own(p []tok) source {
	start, end := p[0].off, p[len(p)-1].end
	return source{file: s.file, text: strings.Clone(s.text[start-s.base : end-s.base]), base: start}
}

func (s source) token(t tok) plex.Token {
	value := s.text[t.off-s.base : t.end-s.base]
	if t.empty {
		value = `""`
		if plex.TokenType(t.typ) == tBlock {
			value = `""""""`
		}
	}
	return plex.Token{Type: plex.TokenType(t.typ), Value: value, Pos: plex.Position{Filename: s.file, Offset: t.off - s.rel.Offset, Line: int(t.line) - s.rel.Line, Column: int(t.col)}}
}

// tokens converts a whole piece: for the header and for error messages.
func (s source) tokens(p []tok) []plex.Token {
	out := make([]plex.Token, len(p))
	for i, t := range p {
		out[i] = s.token(t)
	}
	return out
}

// endOf is where a piece's end of file is reported: just after its last
// token.
func (s source) endOf(p []tok) plex.Position {
	return endOf([]plex.Token{s.token(p[len(p)-1])})
}

// MaxDepth bounds how deeply brackets may nest: kinds in kinds, blocks in
// blocks, JSON in JSON. Real specs nest a handful of levels; the bound keeps
// a hostile file from driving the parser and the emitted JSON into
// unbounded recursion.
const MaxDepth = 100

// scanner is the hand-written lexer. It never stops on bad input: it records
// a diagnostic, skips what it cannot read, and goes on.
//
// It cuts its tokens into pieces as it goes, one top-level declaration
// each (see cut), carved out of shared chunks: a piece's tokens can be
// collected as soon as that piece is parsed, instead of all of a large
// file's tokens living until the last declaration is done.
type scanner struct {
	file     string
	src      []byte
	text     string // src as one string: token values are slices of it
	off      int
	line     int
	lineOff  int // offset of the first byte of the current line
	lastLine int // line of the last token, for trailing comments
	prevWord string
	// survives is where the lexer is in a `survives` line: 0 outside,
	// 1 after the keyword, 2 after the tool (the path comes next, read as
	// one identifier: pathRest), 3 after the path.
	survives int
	depth    int   // open brackets of every kind
	tooDeep  bool  // depth went past MaxDepth
	ntoks    int   // tokens so far
	cutDepth int   // open brackets in the current piece
	toks     []tok // the current piece, at the start of free chunk space
	pieces   [][]tok
	// chunks are the chunks the tokens were written to; spare are chunks
	// of an earlier lex, free to be written again (see Cache).
	chunks, spare [][]tok
	// marks are the places between pieces where lexing can start again
	// (relex.go); resync, when set, splices the rest of an earlier lex in
	// once this one reaches a mark of it.
	marks  []mark
	resync *resync
	// chunkSize is how many tokens a new chunk holds: chunkTokens, or
	// fewer when only an edit is lexed again (its chunk lives as long as
	// the pieces lexed into it).
	chunkSize int
	comments  []*ast.Comment
	diags     token.List
	// stream, when set, is handed the pieces after the first as they are
	// cut, a run of them at a time (streamRun), so that they are parsed
	// while the rest is lexed (lexParsing); streamed counts the pieces
	// handed so far. A piece is never changed once cut.
	stream   func([][]tok)
	streamed int
}

// lexed is what the lexer gives the parser.
type lexed struct {
	source
	pieces   [][]tok // the first one starts with the header
	chunks   [][]tok // where the pieces are, to lex into again
	marks    []mark  // where lexing can start again
	end      mark    // the state at the end of the text
	eof      plex.Token
	comments []*ast.Comment
	diags    token.List
	tooDeep  bool
}

func lex(file string, src []byte) lexed { return lexInto(file, src, string(src), nil) }

// lexInto is lex on src, whose text is also given as a string, writing
// the tokens into spare chunks first (the chunks of an earlier lexed,
// once nothing reads its pieces any more).
func lexInto(file string, src []byte, text string, spare [][]tok) lexed {
	s := &scanner{file: file, src: src, text: text, line: 1, spare: spare}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		s.off, s.lineOff = 3, 3
	}
	s.run()
	return s.lexed()
}

func (s *scanner) lexed() lexed {
	return lexed{source: source{file: s.file, text: s.text}, pieces: s.pieces, chunks: s.chunks, marks: s.marks, end: s.mark(),
		eof: plex.EOFToken(s.pos(s.off)), comments: s.comments, diags: s.diags, tooDeep: s.tooDeep}
}

// chunkTokens is how many tokens a chunk holds: 128 KB, about forty tools
// of ten rows each.
const chunkTokens = 4096

func (s *scanner) push(t tok) {
	if len(s.toks) == cap(s.toks) {
		s.newChunk()
	}
	s.toks = append(s.toks, t)
	s.ntoks++
	s.lastLine = s.line
}

// newChunk moves the piece so far to a fresh chunk.
func (s *scanner) newChunk() {
	need := max(chunkTokens, 2*len(s.toks))
	if s.chunkSize > 0 {
		need = max(s.chunkSize, 2*len(s.toks))
	}
	var chunk []tok
	if n := len(s.spare); n > 0 && cap(s.spare[n-1]) >= need {
		chunk, s.spare = s.spare[n-1][:len(s.toks)], s.spare[:n-1]
	} else {
		chunk = make([]tok, len(s.toks), need)
	}
	copy(chunk, s.toks)
	s.toks = chunk
	s.chunks = append(s.chunks, chunk[:0])
}

// cut ends the current piece after a "}" that closes every bracket opened
// in it: the end of a top-level declaration. Unbalanced closers end a
// piece too, so a stray "}" cannot swallow the rest of the file.
func (s *scanner) cut(c byte) {
	switch c {
	case '{', '[', '(', '<':
		s.cutDepth++
	case '}', ']', ')', '>':
		s.cutDepth--
		if c == '}' && s.cutDepth <= 0 {
			s.flush()
		}
	}
}

func (s *scanner) flush() {
	if len(s.toks) > 0 {
		n := len(s.toks)
		s.pieces = append(s.pieces, s.toks[:n:n])
		s.toks = s.toks[n:]
		if s.stream != nil && len(s.pieces)-s.streamed >= streamRun {
			s.handOff()
		}
	}
	s.cutDepth = 0
}

// streamRun is how many pieces the lexer hands to the parse at a time.
const streamRun = 32

// handOff hands the pieces cut since the last call to stream, except the
// first piece of the file (the header is read first, by parse). Once
// brackets nested too deeply, nothing more is handed: such a piece is
// not to be parsed at all (MaxDepth).
func (s *scanner) handOff() {
	if s.tooDeep {
		return
	}
	from := max(s.streamed, 1)
	if n := len(s.pieces); n > from {
		// A copy: the parse drops each piece from its run once parsed,
		// and the lexer's own list must stay whole.
		s.stream(append([][]tok(nil), s.pieces[from:n]...))
	}
	s.streamed = len(s.pieces)
}

func (s *scanner) pos(off int) plex.Position {
	return plex.Position{Filename: s.file, Offset: off, Line: s.line, Column: off - s.lineOff + 1}
}

// report reports the diagnostic d at offset off.
func (s *scanner) report(d *diag.Def, off int, args ...any) {
	d.Report(&s.diags, token.Pos(s.pos(off)), args...)
}

func (s *scanner) emit(t plex.TokenType, start int) {
	s.push(s.tok(t, start, s.pos(start)))
}

// tok is the token of type t from start to the current offset, at pos.
func (s *scanner) tok(t plex.TokenType, start int, pos plex.Position) tok {
	return tok{off: start, end: s.off, line: int32(pos.Line), col: int32(pos.Column), typ: int8(t)}
}

// emitEmpty pushes a string or block string that had an error as an empty
// one, so it still decodes; the error stops the build.
func (s *scanner) emitEmpty(t plex.TokenType, start int, pos plex.Position) {
	k := s.tok(t, start, pos)
	k.empty = true
	s.push(k)
}

func (s *scanner) newline(at int) {
	s.line++
	s.lineOff = at + 1
}

// lineBreak steps over the line break at s.off: LF, CRLF or a lone CR, so
// files saved with any of the three conventions read the same.
func (s *scanner) lineBreak() {
	if s.src[s.off] == '\r' && s.off+1 < len(s.src) && s.src[s.off+1] == '\n' {
		s.off++
	}
	s.newline(s.off)
	s.off++
}

func isLetter(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }

func (s *scanner) run() {
	src := s.src
	for s.off < len(src) {
		c := src[s.off]
		start := s.off
		pieces := len(s.pieces)
		s.step(c, start)
		if len(s.pieces) > pieces && len(s.toks) == 0 {
			// A piece ended, and nothing of the next was read.
			s.marks = append(s.marks, s.mark())
			if s.resync != nil {
				s.splice()
			}
		}
	}
	s.flush()
}

// step reads what starts with c at start.
func (s *scanner) step(c byte, start int) {
	src := s.src
	switch {
	case c == '\n' || c == '\r':
		s.lineBreak()
	case c == ' ' || c == '\t':
		s.off++
	case c == '/' && s.off+1 < len(src) && src[s.off+1] == '/':
		for s.off < len(src) && src[s.off] != '\n' && src[s.off] != '\r' {
			s.off++
		}
		text := string(src[start:s.off])
		if !utf8.ValidString(text) {
			s.report(diag.CommentInvalidUTF8, start)
		}
		if i := strings.IndexByte(text, 0); i >= 0 {
			s.report(diag.CommentNUL, start+i)
		}
		s.comments = append(s.comments, &ast.Comment{Pos: token.Pos(s.pos(start)), Text: trimRight(text), Trailing: s.ntoks > 0 && s.lastLine == s.line})
	case isLetter(c):
		s.word()
	case isDigit(c) || c == '-':
		s.number()
	case c == '"':
		prev := s.prevWord
		if s.off+2 < len(src) && src[s.off+1] == '"' && src[s.off+2] == '"' {
			s.block()
		} else {
			s.str()
		}
		s.survivesString(prev)
	case c == '.' && s.off+1 < len(src) && src[s.off+1] == '.':
		s.off += 2
		s.emit(tPunct, start)
	case c == '{' || c == '<' || c == '(' || c == '[':
		s.survives = 0
		s.off++
		s.emit(tPunct, start)
		s.cut(c)
		if s.depth++; s.depth > MaxDepth && !s.tooDeep {
			s.tooDeep = true
			s.report(diag.NestingTooDeep, start, MaxDepth)
		}
	case c == '}' || c == '>' || c == ')' || c == ']':
		s.off++
		s.emit(tPunct, start)
		s.cut(c)
		s.depth--
	case c == ',' || c == ':':
		s.off++
		s.emit(tPunct, start)
	default:
		r, size := utf8.DecodeRune(src[s.off:])
		switch {
		case r == utf8.RuneError && size <= 1:
			s.report(diag.InvalidUTF8, start)
		case r < 0x20 || r == 0x7f:
			s.report(diag.ControlCharacter, start, r)
		default:
			s.report(diag.UnexpectedCharacter, start, r)
		}
		s.off += size
	}
}

func trimRight(s string) string {
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t' || s[len(s)-1] == '\r') {
		s = s[:len(s)-1]
	}
	return s
}

func (s *scanner) word() {
	start := s.off
	for s.off < len(s.src) && (isLetter(s.src[s.off]) || isDigit(s.src[s.off])) {
		s.off++
	}
	typ := tIdent
	// A format name may contain hyphens (date-time); only after `format`
	// does a hyphen continue a word, so names and numbers are unaffected.
	if s.prevWord == "format" {
		for s.off+1 < len(s.src) && s.src[s.off] == '-' && (isLetter(s.src[s.off+1]) || isDigit(s.src[s.off+1])) {
			typ = tFormat
			s.off++
			for s.off < len(s.src) && (isLetter(s.src[s.off]) || isDigit(s.src[s.off])) {
				s.off++
			}
		}
	}
	switch w := s.text[start:s.off]; {
	case s.survives == 2:
		s.pathRest()
		s.survives = 3
	case s.survives == 1:
		s.survives = 2
	case w == "survives" && s.depth == 0 && s.prevWord != "spec" && s.prevWord != "tool" && s.prevWord != "group":
		// A survives line has no braces to end its piece: it is a piece
		// of its own, from its keyword to its reason.
		s.flush()
		s.survives = 1
	}
	s.emit(typ, start)
	s.prevWord = s.text[start:s.off]
}

// pathRest extends the word just read over the rest of a test-report
// path: `.name`, `[]`, `{}` and `[N]`, as in `out.items[].name`.
func (s *scanner) pathRest() {
	src := s.src
	for s.off < len(src) {
		switch c := src[s.off]; {
		case c == '.' && s.off+1 < len(src) && (isLetter(src[s.off+1]) || isDigit(src[s.off+1])):
			s.off++
			for s.off < len(src) && (isLetter(src[s.off]) || isDigit(src[s.off]) || src[s.off] == '-') {
				s.off++
			}
		case (c == '[' || c == '{') && s.off+1 < len(src) && src[s.off+1] == c+2:
			s.off += 2
		case c == '[' && s.off+1 < len(src) && isDigit(src[s.off+1]):
			end := s.off + 1
			for end < len(src) && isDigit(src[end]) {
				end++
			}
			if end >= len(src) || src[end] != ']' {
				return
			}
			s.off = end + 1
		default:
			return
		}
	}
}

// survivesString follows a survives line over a string: the tool or the
// path when quoted, and the reason after because, which ends the line's
// piece.
func (s *scanner) survivesString(prev string) {
	switch {
	case s.survives == 1:
		s.survives = 2
	case s.survives == 2:
		s.survives = 3
	case s.survives == 3 && prev == "because":
		s.survives = 0
		s.flush()
	}
}

// number scans a JSON number. It stops before ".." so 1..500 is a range.
func (s *scanner) number() {
	src, start := s.src, s.off
	s.prevWord = ""
	if src[s.off] == '-' {
		s.off++
		if s.off >= len(src) || !isDigit(src[s.off]) {
			s.report(diag.NumberSignAlone, start)
			return
		}
	}
	digits := s.off
	for s.off < len(src) && isDigit(src[s.off]) {
		s.off++
	}
	if s.off-digits > 1 && src[digits] == '0' {
		s.report(diag.NumberLeadingZero, start, src[start:s.off])
	}
	if s.off+1 < len(src) && src[s.off] == '.' && isDigit(src[s.off+1]) {
		s.off++
		for s.off < len(src) && isDigit(src[s.off]) {
			s.off++
		}
	}
	if s.off < len(src) && (src[s.off] == 'e' || src[s.off] == 'E') {
		e := s.off + 1
		if e < len(src) && (src[e] == '+' || src[e] == '-') {
			e++
		}
		if e < len(src) && isDigit(src[e]) {
			s.off = e
			for s.off < len(src) && isDigit(src[s.off]) {
				s.off++
			}
		}
	}
	s.emit(tNumber, start)
	if s.off < len(src) && (isLetter(src[s.off]) || src[s.off] == '.' && !(s.off+1 < len(src) && src[s.off+1] == '.')) {
		s.report(diag.NumberSuffix, s.off, src[s.off], src[start:s.off])
	}
}

// str scans a JSON string literal, reporting every bad escape and raw
// control character but always producing a token that decodes.
func (s *scanner) str() {
	src, start := s.src, s.off
	s.prevWord = ""
	s.off++
	bad := false
	for {
		if s.off >= len(src) || src[s.off] == '\n' || src[s.off] == '\r' {
			s.report(diag.StringUnterminated, start)
			// Close it so the token still decodes; the error stops the build.
			s.emitEmpty(tString, start, s.pos(start))
			return
		}
		c := src[s.off]
		switch {
		case c == '"':
			s.off++
			if bad {
				s.emitEmpty(tString, start, s.pos(start))
				return
			}
			s.emit(tString, start)
			return
		case c == '\\':
			if n := escapeLen(src[s.off:]); n > 0 {
				if n = s.surrogates(n); n == 0 {
					bad = true
					n = 6
				}
				s.off += n
			} else {
				s.report(diag.StringBadEscape, s.off)
				bad = true
				s.off++
			}
		case c < 0x20:
			s.report(diag.StringControlCharacter, s.off, rune(c))
			bad = true
			s.off++
		case c < utf8.RuneSelf:
			s.off++
		default:
			if !s.skipRune("string") {
				bad = true
			}
		}
	}
}

// skipRune steps over one non-ASCII character of a literal, reporting
// invalid UTF-8 (and returning false) where it finds it.
func (s *scanner) skipRune(literal string) bool {
	r, size := utf8.DecodeRune(s.src[s.off:])
	ok := !(r == utf8.RuneError && size <= 1)
	if !ok {
		s.report(diag.StringInvalidUTF8, s.off, literal)
	}
	s.off += size
	return ok
}

func escapeLen(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	switch b[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		if len(b) < 6 {
			return 0
		}
		for _, c := range b[2:6] {
			if !(isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return 0
			}
		}
		return 6
	}
	return 0
}

// surrogates checks the \u escape of length n at s.off for UTF-16
// surrogates: a high one must be followed by a \u escape of a low one (the
// pair is one character, 12 bytes); a lone one cannot be encoded as UTF-8
// and is an error (0). Other escapes keep their length.
func (s *scanner) surrogates(n int) int {
	r, _ := ast.DecodeHex4(s.text[s.off:])
	if n != 6 || !utf16.IsSurrogate(r) {
		return n
	}
	if r < 0xDC00 {
		if r2, ok := ast.DecodeHex4(s.text[s.off+6:]); ok && 0xDC00 <= r2 && r2 <= 0xDFFF {
			return 12
		}
	}
	s.report(diag.StringLoneSurrogate, s.off, s.text[s.off:s.off+6])
	return 0
}

// block scans a """ block string. Its content is raw text.
func (s *scanner) block() {
	src, start := s.src, s.off
	s.prevWord = ""
	startPos := s.pos(start)
	s.off += 3
	bad := false
	for {
		if s.off >= len(src) {
			diag.BlockStringUnterminated.Report(&s.diags, token.Pos(startPos))
			s.emitEmpty(tBlock, start, startPos)
			return
		}
		c := src[s.off]
		switch {
		case c == '"' && s.off+2 < len(src) && src[s.off+1] == '"' && src[s.off+2] == '"':
			s.off += 3
			if bad {
				s.emitEmpty(tBlock, start, startPos)
			} else {
				s.push(s.tok(tBlock, start, startPos))
			}
			s.lastLine = s.line
			return
		case c == '\n' || c == '\r':
			s.lineBreak()
		case c == '\t':
			s.off++
		case c < 0x20 || c == 0x7f:
			s.report(diag.BlockStringControlCharacter, s.off, rune(c))
			bad = true
			s.off++
		case c < utf8.RuneSelf:
			s.off++
		default:
			if !s.skipRune("block string") {
				bad = true
			}
		}
	}
}
