package parser

import (
	"sync/atomic"

	"github.com/toolspec/toolspec/lang/ast"
)

// Cache keeps the declarations of one document's last parse, for an
// editor that parses the document again after every edit: a declaration
// whose text has not changed is taken from the cache instead of being
// parsed again, so an edit costs the lexing of the text and the parse of
// the declarations it touched.
//
// A declaration is keyed by its text (from its first token to its last)
// and the column it starts at. Its tree is parsed with positions relative
// to its first token (ast.Position), so when text before it changes only
// its Base is set, to where the text now is: a cache hit costs the same
// for a declaration of ten rows as of a thousand. Only declarations that
// parsed are kept. The trees handed out are the cache's: a caller must
// not change them, and must not use the trees of one parse after the next
// parse with the same cache.
type Cache struct {
	file string
	// decls holds the declarations of the last parse, and those of this
	// one as they are taken: the parse's workers only read it (a taken
	// declaration is marked, so two declarations with the same text never
	// share a tree), and those parsed are added once they are done
	// (keep). parse counts the parses.
	decls map[cacheKey]*cached
	parse int64
	// last is the last parse's lex, for the next to lex only what an
	// edit changed (relex.go): its tokens are not read but by the next
	// lex, which writes to them.
	last *lastLex
}

type cacheKey struct {
	text string
	col  int32
}

// cached is a declaration and the last parse that took it or parsed it.
type cached struct {
	decl  *ast.Decl
	taken atomic.Int64
}

// keptDecl is a declaration a parse parsed, for the Cache to keep.
type keptDecl struct {
	key  cacheKey
	decl *ast.Decl
}

// take returns the tree of a declaration with this text, if the last
// parse had one that this one has not taken yet, moved to base.
func (c *Cache) take(key cacheKey, base ast.Base) *ast.Decl {
	e := c.decls[key]
	if e == nil || !e.taken.CompareAndSwap(c.parse-1, c.parse) {
		return nil
	}
	e.decl.SetBase(base)
	return e.decl
}

// keep keeps the declarations this parse parsed.
func (c *Cache) keep(ks []keptDecl) {
	for _, k := range ks {
		e := &cached{decl: k.decl}
		e.taken.Store(c.parse)
		c.decls[k.key] = e
	}
}

// begin starts a parse of file: a cache that was used for another file
// starts empty.
func (c *Cache) begin(file string) {
	if c.file != file || c.decls == nil {
		c.file, c.decls = file, map[cacheKey]*cached{}
	}
	c.parse++
}

// end drops the declarations this parse did not have.
func (c *Cache) end() {
	for k, e := range c.decls {
		if e.taken.Load() != c.parse {
			delete(c.decls, k)
		}
	}
}

// keyOf is the key of a piece: its text and its first token's column.
func keyOf(s source, p []tok) cacheKey {
	return cacheKey{text: s.text[p[0].off:p[len(p)-1].end], col: p[0].col}
}

// baseOf is the Base of a piece parsed on its own: its positions count
// from its first token, whose line is 1.
func baseOf(p []tok) ast.Base { return ast.Base{Line: int(p[0].line) - 1, Offset: p[0].off} }
