package parser

import (
	"errors"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/alecthomas/participle/v2"
	plex "github.com/alecthomas/participle/v2/lexer"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
)

// options: the tokens come from lex; no look-ahead beyond one token, so a
// production that has read a token and then fails is the error (the
// grammar says where it looks further: RowStart).
var options = []participle.Option{
	participle.Lexer(definition{}),
	participle.UseLookahead(0),
}

var (
	fileGrammar = participle.MustBuild[ast.File](options...)
	declGrammar = participle.MustBuild[declList](options...)
	// oneDecl reads a piece that parses: one declaration (see parseBatch).
	oneDecl = participle.MustBuild[ast.Decl](options...)
)

// declList is a run of top-level declarations: the unit parsed in parallel.
type declList struct {
	Decls []*ast.Decl `parser:"@@*"`
}

// Result is what parsing one file gives: the tree (nil after a syntax
// error), the comments in source order, and every diagnostic found.
type Result struct {
	File     *ast.File
	Comments []*ast.Comment
	Diags    token.List
	// Partial is the tree of the declarations that parsed when others had
	// syntax errors (File is then nil), and Unparsed names the others by
	// kind: "tool" and "group" → their names. The checker reports the
	// errors of the sound declarations with them, so one broken
	// declaration does not hide the problems of the rest. Nil when the
	// header or the lexer failed.
	Partial  *ast.File
	Unparsed map[string]map[string]bool
}

// Parse parses one spec. It never panics; on a syntax error File is nil and
// Diags says where and what was expected.
//
// Top-level declarations are independent: the lexer cuts its tokens at
// each one, and the pieces are parsed in parallel batches, each on its own,
// so a syntax error in each broken declaration is reported, not just the
// first.
func Parse(filename string, src []byte) Result { return ParseCached(filename, src, nil) }

// ParseCached is Parse taking the declarations whose text did not change
// since the last parse with c from c (see Cache). The result is the same
// as Parse's. A nil c is Parse.
func ParseCached(filename string, src []byte, c *Cache) Result {
	return parse(filename, src, string(src), c)
}

// ParseText is ParseCached on text held as a string, as an editor holds
// it: the parser reads it in place (it never writes to its source), so a
// large document is not copied on every edit.
func ParseText(filename, text string, c *Cache) Result {
	return parse(filename, unsafe.Slice(unsafe.StringData(text), len(text)), text, c)
}

// parse parses src, whose text is also given as a string.
func parse(filename string, src []byte, text string, c *Cache) Result {
	var lx lexed
	var early *parsing // the pieces after the first, parsed while lexing
	switch {
	case c != nil:
		c.begin(filename)
		defer c.end()
		lx = c.lex(filename, src, text)
	case streaming:
		lx, early = lexParsing(filename, src, text)
		defer early.stop()
	default:
		lx = lexInto(filename, src, text, nil)
	}
	diags := lx.diags
	res := Result{Comments: lx.comments}
	if lx.tooDeep {
		res.Diags = diags.Sort()
		return res
	}
	pieces := lx.pieces
	var header []plex.Token // the first piece
	if len(pieces) > 0 {
		header = lx.tokens(pieces[0])
	}
	if len(pieces) == 0 || header[0].Value != "spec" {
		first := lx.eof
		if len(pieces) > 0 {
			first = header[0]
		}
		// participle would only say "unexpected"; say what a file starts with.
		diag.SpecHeaderMissing.Report(&diags, Pos(first.Pos), describeToken(first))
		res.Diags = diags.Sort()
		return res
	}
	head := headerLen(header)
	var after plex.Position // where the header's grammar sees the end
	switch {
	case head < len(header):
		after = header[head].Pos
	case len(pieces) > 1:
		after = lx.token(pieces[1][0]).Pos
	default:
		after = endOf(header) // the file ends with the header
	}
	if last := header[head-1]; head > 2 && last.Value == "clients" && last.Type == tIdent && header[head-2].Value != "catalog_key" {
		// participle would say a name is expected at the next token.
		diag.ClientsEmpty.Report(&diags, Pos(last.Pos))
		res.Diags = diags.Sort()
		return res
	}
	file, err := parseTokens(fileGrammar, header[:head], after)
	if err != nil {
		diags = append(diags, syntaxError(filename, explain(err, nil, nil)))
		res.Diags = diags.Sort()
		return res
	}
	if file.Clients != nil {
		for _, f := range file.Clients.Families {
			if f.Quoted != nil {
				diag.ClientFamilyQuoted.Report(&diags, ast.Base{}.Pos(f.Pos), f.Quoted.Raw, f.Value())
			}
		}
	}
	if early != nil {
		// The others are being parsed already.
		pieces = pieces[:1]
	}
	if pieces[0] = pieces[0][head:]; len(pieces[0]) == 0 {
		pieces = pieces[1:]
	}
	lexOK := !diags.HasErrors()
	decls, errs, unparsed := parseDecls(src, lx.source, pieces, c)
	if early != nil {
		decls, errs, unparsed = early.join(decls, errs, unparsed)
	}
	for _, err := range errs {
		diags = append(diags, syntaxError(filename, err))
	}
	if diags.HasErrors() {
		// After a lexical or syntax error the tree is unreliable: none,
		// but the declarations that parsed can still be checked.
		res.Diags = diags.Sort()
		if lexOK {
			file.Decls = decls
			res.Partial, res.Unparsed = file, unparsed
		}
		return res
	}
	file.Decls = decls
	res.File, res.Diags = file, diags.Sort()
	return res
}

// headerLen counts the tokens of `spec NAME [catalog_key "KEY"]
// [clients F {, F}]` at the start of the first piece, so the header is
// parsed on its own and the first declaration like any other (see the
// package comment). It only finds where the header ends; the File grammar
// then reads it, and what does not read as a header fails as a
// declaration, as it would in the whole file's grammar.
func headerLen(toks []plex.Token) int {
	n := min(2, len(toks))
	if n < len(toks) && toks[n].Value == "catalog_key" && toks[n].Type == tIdent {
		// Even when the file ends after it: the header then reports the
		// missing key, not a declaration the word.
		n = min(n+2, len(toks))
	}
	if n < len(toks) && toks[n].Value == "clients" && toks[n].Type == tIdent {
		// Families up to the first declaration: a missing family is then
		// reported there, not as a family called "tool".
		n++
		for n < len(toks) && !startsDecl(toks[n]) {
			n++
			if n >= len(toks) || toks[n].Value != "," || toks[n].Type != tPunct {
				break
			}
			n++
		}
	}
	return n
}

// startsDecl reports whether t starts a top-level declaration.
func startsDecl(t plex.Token) bool {
	return t.Type == tIdent && (t.Value == "tool" || t.Value == "group" || t.Value == "test" || t.Value == "survives")
}

// parseTokens runs one grammar over a slice of tokens followed by an end of
// file at eof.
func parseTokens[G any](g *participle.Parser[G], toks []plex.Token, eof plex.Position) (*G, error) {
	peek, err := plex.Upgrade(&replay{toks: toks, eof: plex.EOFToken(eof)})
	if err != nil {
		return nil, err
	}
	return g.ParseFromLexer(peek)
}

// parseDecls parses the pieces in parallel batches, keeping order. A piece
// is dropped once parsed, so its tokens can be collected.
func parseDecls(src []byte, s source, pieces [][]tok, c *Cache) ([]*ast.Decl, []error, map[string]map[string]bool) {
	if len(pieces) == 0 {
		return nil, nil, nil
	}
	workers := runtime.GOMAXPROCS(0)
	nBatches := min(len(pieces), workers*4)
	batches := make([]batch, nBatches)
	per := (len(pieces) + nBatches - 1) / nBatches
	for i := range batches {
		lo, hi := min(i*per, len(pieces)), min((i+1)*per, len(pieces))
		batches[i].pieces = pieces[lo:hi]
	}
	var wg sync.WaitGroup
	next := make(chan *batch)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf lent // this worker's
			for b := range next {
				b.decls, b.errs, b.unparsed = parseBatch(src, s, b.pieces, c, &b.kept, &buf)
			}
		}()
	}
	for i := range batches {
		next <- &batches[i]
	}
	close(next)
	wg.Wait()
	if c != nil {
		for _, b := range batches {
			c.keep(b.kept)
		}
	}
	return joinBatches(nil, nil, nil, batches)
}

// batch is a run of pieces parsed by one worker, and what they gave.
type batch struct {
	pieces   [][]tok
	decls    []*ast.Decl
	errs     []error
	unparsed []plex.Token // the first tokens of each piece that failed
	kept     []keptDecl   // the declarations parsed for a Cache
}

// joinBatches appends the results of batches, in order, to those given.
func joinBatches(decls []*ast.Decl, errs []error, unparsed map[string]map[string]bool, batches []batch) ([]*ast.Decl, []error, map[string]map[string]bool) {
	for _, b := range batches {
		decls = append(decls, b.decls...)
		errs = append(errs, b.errs...)
		for i := 0; i+1 < len(b.unparsed); i += 2 {
			kw, name := b.unparsed[i], b.unparsed[i+1]
			if unparsed == nil {
				unparsed = map[string]map[string]bool{}
			}
			if unparsed[kw.Value] == nil {
				unparsed[kw.Value] = map[string]bool{}
			}
			unparsed[kw.Value][nameOf(name)] = true
		}
	}
	return decls, errs, unparsed
}

// streaming says whether Parse (without a Cache) parses the declarations
// while the lexer is still cutting the rest (lexParsing): the lex is
// serial, the parse uses every core. A test turns it off to compare.
var streaming = true

// parsing is the parse of the pieces after the first, started while
// lexing (lexParsing): batches of them, in source order, taken by a
// worker per core.
type parsing struct {
	wg      sync.WaitGroup
	next    chan *batch
	batches []*batch // written by the lexer only, read once it is done
	stopped atomic.Bool
}

// lexParsing lexes src as lexInto does and, as the lexer cuts
// declarations, parses them on every core; join waits for them. The
// first piece is left to the caller, which reads the header in it first.
func lexParsing(filename string, src []byte, text string) (lexed, *parsing) {
	p := &parsing{next: make(chan *batch, 1024)}
	s := source{file: filename, text: text}
	for range runtime.GOMAXPROCS(0) {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			var buf lent // this worker's
			for b := range p.next {
				if !p.stopped.Load() {
					b.decls, b.errs, b.unparsed = parseBatch(src, s, b.pieces, nil, nil, &buf)
				}
			}
		}()
	}
	sc := &scanner{file: filename, src: src, text: text, line: 1}
	sc.stream = func(pieces [][]tok) {
		b := &batch{pieces: pieces}
		p.batches = append(p.batches, b)
		p.next <- b
	}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		sc.off, sc.lineOff = 3, 3
	}
	sc.run()
	sc.handOff()
	close(p.next)
	return sc.lexed(), p
}

// join waits for the parse of the pieces after the first and appends
// their results to those of the first.
func (p *parsing) join(decls []*ast.Decl, errs []error, unparsed map[string]map[string]bool) ([]*ast.Decl, []error, map[string]map[string]bool) {
	p.wg.Wait()
	batches := make([]batch, len(p.batches))
	for i, b := range p.batches {
		batches[i] = *b
	}
	return joinBatches(decls, errs, unparsed, batches)
}

// stop drops what is left of the parse (when the file turned out not to
// parse at all) and waits for the workers.
func (p *parsing) stop() {
	p.stopped.Store(true)
	p.wg.Wait()
}

// nameOf is the name a token spells: an identifier, or a string decoded.
func nameOf(t plex.Token) string {
	if t.Type == tString {
		s, _ := ast.DecodeString(t.Value)
		return s
	}
	return t.Value
}

// parseBatch parses pieces in order. unparsed holds, for each piece that
// failed, its first two tokens (keyword and name).
//
// A piece is read as one declaration, which is what every piece that
// parses is (the lexer cuts after the "}" that ends one), so participle
// does not try a second one at its end. A piece that fails is parsed
// again, as participle's tokens and as declarations (parseTokenBatch): the
// errors are those of the grammar of the whole file.
// With a Cache c, the declarations it had are taken from it and those
// parsed are appended to kept, for the Cache to keep once every worker is
// done; buf is the calling worker's token buffer.
func parseBatch(src []byte, s source, pieces [][]tok, c *Cache, kept *[]keptDecl, buf *lent) (decls []*ast.Decl, errs []error, unparsed []plex.Token) {
	decls = make([]*ast.Decl, 0, len(pieces))
	for i, p := range pieces {
		pieces[i] = nil
		var key cacheKey
		var base ast.Base
		ps := s
		if c != nil {
			key, base = keyOf(s, p), baseOf(p)
			if d := c.take(key, base); d != nil {
				decls = append(decls, d)
				continue
			}
			// Its positions counting from its first token (ast.Position).
			ps = s.own(p)
			ps.rel = base
		}
		decl, err := buf.parse(ps, p, c == nil)
		if err != nil {
			more, moreErrs, moreUnparsed := parseTokenBatch(src, [][]plex.Token{s.tokens(p)})
			decls = append(decls, more...)
			errs = append(errs, moreErrs...)
			unparsed = append(unparsed, moreUnparsed...)
			continue
		}
		decl.SetBase(base)
		ast.SetKeywords(decl, src)
		if c != nil {
			// Keyed by its own copy of the text: a slice of the document
			// would keep this version of it alive with the declaration.
			*kept = append(*kept, keptDecl{cacheKey{text: ps.text, col: key.col}, decl})
		}
		decls = append(decls, decl)
	}
	return decls, errs, unparsed
}

// lent is one worker's token buffer: each piece's tokens are written into
// it and lent to participle (plex.TokenBuffer), which reads them in place.
// No tree keeps a token (leaves copy what they need), so the next piece
// reuses the buffer.
//
// slabs are where the worker's declarations take their nodes from
// (NodeSlabs, for the patched participle: third_party/README.md): the
// declarations of one parse live and die together, so they share slabs,
// and a worker lives for one parse, so no tree shares a slab with
// another parse's (which would keep it alive). A declaration kept by a
// Cache outlives the others and has slabs of its own (share false).
type lent struct {
	toks  []plex.Token
	slabs any
	share bool
}

// NodeSlabs makes participle cut the nodes of this worker's
// declarations from slabs they share (lexer.SlabHolder in
// third_party/participle; participle as released does not ask).
func (l *lent) NodeSlabs() *any {
	if !l.share {
		return nil
	}
	return &l.slabs
}

func (l *lent) Next() (plex.Token, error) {
	return plex.Token{}, errors.New("toolspec: lent tokens are read with Tokens")
}

func (l *lent) Tokens() []plex.Token { return l.toks }

func (l *lent) parse(s source, p []tok, share bool) (*ast.Decl, error) {
	l.toks = l.toks[:0]
	for _, t := range p {
		l.toks = append(l.toks, s.token(t))
	}
	l.toks = append(l.toks, plex.EOFToken(s.endOf(p)))
	l.share = share
	peek, err := plex.Upgrade(l)
	if err != nil {
		return nil, err
	}
	return oneDecl.ParseFromLexer(peek)
}

// parseTokenBatch parses pieces of participle's tokens as runs of
// declarations: a piece that failed in parseBatch, and the pieces of a
// piece with a "{" left open.
func parseTokenBatch(src []byte, pieces [][]plex.Token) (decls []*ast.Decl, errs []error, unparsed []plex.Token) {
	decls = make([]*ast.Decl, 0, len(pieces))
	for i, p := range pieces {
		pieces[i] = nil
		d, err := parseTokens(declGrammar, p, endOf(p))
		if err != nil {
			if open, before, ok := unclosed(p); ok {
				unparsed = appendUnparsed(unparsed, p)
				// A missing "}" swallows the declarations after it into
				// this piece: say which brace, and parse those on their own.
				errs = append(errs, unclosedError(p, open, before))
				// Every declaration but the one the brace is in: the piece
				// may start with sound ones that a container left open
				// (`tuple<`) joined to it.
				if rest := splitDecls(p); len(rest) > 1 {
					others := slices.DeleteFunc(rest, func(q []plex.Token) bool {
						return q[0].Pos.Offset <= open.Pos.Offset && open.Pos.Offset <= q[len(q)-1].Pos.Offset
					})
					more, moreErrs, moreUnparsed := parseTokenBatch(src, others)
					decls = append(decls, more...)
					errs = append(errs, moreErrs...)
					unparsed = append(unparsed, moreUnparsed...)
				}
				continue
			}
			// Recover inside the declaration (recover.go).
			more, moreErrs, whole := recoverDecls(src, p, d, err)
			if !whole {
				unparsed = appendUnparsed(unparsed, p)
			}
			decls = append(decls, more...)
			errs = append(errs, moreErrs...)
			continue
		}
		for _, decl := range d.Decls {
			ast.SetKeywords(decl, src)
		}
		decls = append(decls, d.Decls...)
	}
	return decls, errs, unparsed
}

// appendUnparsed names the declaration p starts (its keyword and name)
// among those that did not parse whole.
func appendUnparsed(unparsed, p []plex.Token) []plex.Token {
	if len(p) >= 2 {
		unparsed = append(unparsed, p[0], p[1])
	}
	return unparsed
}

// endOf is where a piece's end of file is reported: just after its last token.
func endOf(p []plex.Token) plex.Position {
	t := p[len(p)-1]
	pos := t.Pos
	pos.Offset += len(t.Value)
	pos.Column += len(t.Value)
	return pos
}

func syntaxError(filename string, err error) token.Diagnostic {
	var misspelt *ast.Misspelt
	if errors.As(err, &misspelt) {
		return diag.UnknownModifier.New(misspelt.Pos, misspelt.Word, misspelt.Near)
	}
	var word *misspeltWord
	if errors.As(err, &word) {
		return word.diagnostic()
	}
	var container *openContainer
	if errors.As(err, &container) {
		return diag.SyntaxError.New(Pos(container.open), container.Error())
	}
	var unclosed *unclosedBrace
	if errors.As(err, &unclosed) {
		return diag.UnclosedBrace.New(Pos(unclosed.open), unclosed.after, unclosed.before)
	}
	var unexpected *unexpectedError
	if errors.As(err, &unexpected) {
		return diag.SyntaxError.New(Pos(unexpected.token.Pos), unexpected.message())
	}
	var perr participle.Error
	if errors.As(err, &perr) {
		return diag.SyntaxError.New(Pos(perr.Position()), perr.Message())
	}
	return diag.SyntaxError.New(token.Pos{Filename: filename, Line: 1, Column: 1}, err.Error())
}

func describeToken(t plex.Token) string {
	if t.EOF() {
		return "the end of the file"
	}
	return strconv.Quote(t.Value)
}

// Pos converts the position of a participle token: the same fields, so
// a conversion (see token.Pos).
func Pos(p plex.Position) token.Pos { return token.Pos(p) }

// Grammar is the grammar of a spec in participle's EBNF: the productions
// of lang/ast, as docs/language.md shows them.
func Grammar() string { return fileGrammar.String() }
