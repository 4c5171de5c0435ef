package parser

import (
	"reflect"
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
// and the column it starts at, so every position in its tree moves by the
// same number of lines and bytes when text before it changes: a cached
// tree is moved there (shift), not parsed. Only declarations that parsed
// are kept. The trees handed out are the cache's: a caller must not
// change them, and must not use the trees of one parse after the next
// parse with the same cache.
type Cache struct {
	mu   sync.Mutex
	file string
	// prev holds the declarations of the last parse; next those of this
	// one. A declaration is taken out of prev when used, so two
	// declarations with the same text never share a tree.
	prev, next map[cacheKey]*cached
}

type cacheKey struct {
	text string
	col  int32
}

// cached is a parsed declaration and where its first token was when its
// positions were last set.
type cached struct {
	decl      *ast.Decl
	line, off int
}

// take returns the tree of a declaration with this text at this place,
// if the last parse had one.
func (c *Cache) take(key cacheKey, line, off int) *ast.Decl {
	c.mu.Lock()
	e := c.prev[key]
	if e != nil {
		delete(c.prev, key)
		c.next[key] = e
	}
	c.mu.Unlock()
	if e == nil {
		return nil
	}
	if e.line != line || e.off != off {
		shift(reflect.ValueOf(e.decl), line-e.line, off-e.off)
		e.line, e.off = line, off
	}
	return e.decl
}

func (c *Cache) put(key cacheKey, line, off int, d *ast.Decl) {
	c.mu.Lock()
	c.next[key] = &cached{decl: d, line: line, off: off}
	c.mu.Unlock()
}

// begin starts a parse of file: a cache that was used for another file
// starts empty.
func (c *Cache) begin(file string) {
	if c.file != file {
		c.file, c.prev = file, nil
	}
	if c.prev == nil {
		c.prev = map[cacheKey]*cached{}
	}
	c.next = make(map[cacheKey]*cached, len(c.prev))
}

// end keeps this parse's declarations and drops the others.
func (c *Cache) end() { c.prev, c.next = c.next, nil }

// keyOf is the key of a piece: its text and its first token's column.
func keyOf(s source, p []tok) cacheKey {
	return cacheKey{text: s.text[p[0].off:p[len(p)-1].end], col: p[0].col}
}

var positionType = reflect.TypeFor[ast.Position]()

// shift moves every position in the tree at v by lines and bytes. The
// columns stay: a cached declaration starts at the same column. Which
// fields of a type can hold a position is worked out once per type.
func shift(v reflect.Value, lines, bytes int) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			shift(v.Elem(), lines, bytes)
		}
	case reflect.Slice:
		for i := range v.Len() {
			shift(v.Index(i), lines, bytes)
		}
	case reflect.Struct:
		if v.Type() == positionType {
			p := v.Addr().Interface().(*ast.Position)
			p.Line += lines
			p.Offset += bytes
			return
		}
		for _, i := range positionFields(v.Type()) {
			shift(v.Field(i), lines, bytes)
		}
	}
}

var fieldsWithPositions sync.Map // reflect.Type → []int

// positionFields lists the fields of struct type t that are or lead to
// a position.
func positionFields(t reflect.Type) []int {
	if f, ok := fieldsWithPositions.Load(t); ok {
		return f.([]int)
	}
	var out []int
	for i := range t.NumField() {
		if holdsPosition(t.Field(i).Type, map[reflect.Type]bool{}) {
			out = append(out, i)
		}
	}
	fieldsWithPositions.Store(t, out)
	return out
}

func holdsPosition(t reflect.Type, seen map[reflect.Type]bool) bool {
	if t == positionType {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return holdsPosition(t.Elem(), seen)
	case reflect.Interface:
		return true // whatever it holds is looked at
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsPosition(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}
