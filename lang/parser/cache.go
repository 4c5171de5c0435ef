package parser

import (
	"sync"

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
	mu   sync.Mutex
	file string
	// prev holds the declarations of the last parse; next those of this
	// one. A declaration is taken out of prev when used, so two
	// declarations with the same text never share a tree.
	prev, next map[cacheKey]*ast.Decl
	// last is the last parse's lex, for the next to lex only what an
	// edit changed (relex.go): its tokens are not read but by the next
	// lex, which writes to them.
	last *lastLex
}

type cacheKey struct {
	text string
	col  int32
}

// take returns the tree of a declaration with this text, if the last
// parse had one, moved to base.
func (c *Cache) take(key cacheKey, base ast.Base) *ast.Decl {
	c.mu.Lock()
	d := c.prev[key]
	if d != nil {
		delete(c.prev, key)
		c.next[key] = d
	}
	c.mu.Unlock()
	if d != nil {
		d.SetBase(base)
	}
	return d
}

func (c *Cache) put(key cacheKey, d *ast.Decl) {
	c.mu.Lock()
	c.next[key] = d
	c.mu.Unlock()
}

// begin starts a parse of file: a cache that was used for another file
// starts empty.
func (c *Cache) begin(file string) {
	if c.file != file {
		c.file, c.prev = file, nil
	}
	if c.prev == nil {
		c.prev = map[cacheKey]*ast.Decl{}
	}
	c.next = make(map[cacheKey]*ast.Decl, len(c.prev))
}

// end keeps this parse's declarations and drops the others.
func (c *Cache) end() { c.prev, c.next = c.next, nil }

// keyOf is the key of a piece: its text and its first token's column.
func keyOf(s source, p []tok) cacheKey {
	return cacheKey{text: s.text[p[0].off:p[len(p)-1].end], col: p[0].col}
}

// baseOf is the Base of a piece parsed on its own: its positions count
// from its first token, whose line is 1.
func baseOf(p []tok) ast.Base { return ast.Base{Line: int(p[0].line) - 1, Offset: p[0].off} }
