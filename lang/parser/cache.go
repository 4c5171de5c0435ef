package parser

import (
	"reflect"
	"sync"
	"unsafe"

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
	// last is the last parse's lex, for the next to lex only what an
	// edit changed (relex.go): its tokens are not read but by the next
	// lex, which writes to them.
	last *lastLex
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
		planOf(reflect.TypeFor[ast.Decl]()).shift(unsafe.Pointer(e.decl), line-e.line, off-e.off)
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

// A shiftPlan moves the positions in a value of one struct type: which of
// its fields are or lead to a position, worked out once per type, then
// followed with unsafe.Pointer arithmetic. A cached declaration is moved
// after every edit above it that changes the length of the text (at
// 10 000 tools, half the tree after each keystroke): walking it through
// reflect.Value took several times as long.
type shiftPlan struct{ ops []shiftOp }

type shiftOp struct {
	off  uintptr
	kind shiftKind
	elem *shiftPlan   // the struct pointed to, held or listed
	size uintptr      // sliceVal: the element's size
	typ  reflect.Type // viaReflect: the field's type
}

type shiftKind uint8

const (
	position   shiftKind = iota // an ast.Position
	pointer                     // *struct
	inline                      // struct
	slicePtr                    // []*struct
	sliceVal                    // []struct
	viaReflect                  // anything else that may hold a position
)

func (p *shiftPlan) shift(base unsafe.Pointer, lines, bytes int) {
	for i := range p.ops {
		o := &p.ops[i]
		f := unsafe.Add(base, o.off)
		switch o.kind {
		case position:
			pos := (*ast.Position)(f)
			pos.Line += lines
			pos.Offset += bytes
		case pointer:
			if q := *(*unsafe.Pointer)(f); q != nil {
				o.elem.shift(q, lines, bytes)
			}
		case inline:
			o.elem.shift(f, lines, bytes)
		case slicePtr:
			for _, q := range *(*[]unsafe.Pointer)(f) {
				if q != nil {
					o.elem.shift(q, lines, bytes)
				}
			}
		case sliceVal:
			s := *(*[]byte)(f) // only the header is read: data and length
			data := unsafe.Pointer(unsafe.SliceData(s))
			for j := range len(s) {
				o.elem.shift(unsafe.Add(data, uintptr(j)*o.size), lines, bytes)
			}
		case viaReflect:
			shift(reflect.NewAt(o.typ, f).Elem(), lines, bytes)
		}
	}
}

var (
	plansMu sync.Mutex
	plans   = map[reflect.Type]*shiftPlan{}
)

// planOf returns the plan of struct type t.
func planOf(t reflect.Type) *shiftPlan {
	plansMu.Lock()
	defer plansMu.Unlock()
	return buildPlan(t)
}

// buildPlan makes t's plan, and those of the types it leads to; a plan is
// registered before its fields are looked at, so recursive types end.
func buildPlan(t reflect.Type) *shiftPlan {
	if p, ok := plans[t]; ok {
		return p
	}
	p := &shiftPlan{}
	plans[t] = p
	for _, i := range positionFields(t) {
		sf := t.Field(i)
		ft := sf.Type
		o := shiftOp{off: sf.Offset, kind: viaReflect, typ: ft}
		switch {
		case ft == positionType:
			o.kind = position
		case ft.Kind() == reflect.Struct:
			o.kind, o.elem = inline, buildPlan(ft)
		case ft.Kind() == reflect.Pointer && ft.Elem().Kind() == reflect.Struct:
			o.kind, o.elem = pointer, buildPlan(ft.Elem())
		case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Pointer && ft.Elem().Elem().Kind() == reflect.Struct:
			o.kind, o.elem = slicePtr, buildPlan(ft.Elem().Elem())
		case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct:
			o.kind, o.elem, o.size = sliceVal, buildPlan(ft.Elem()), ft.Elem().Size()
		}
		p.ops = append(p.ops, o)
	}
	return p
}

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
