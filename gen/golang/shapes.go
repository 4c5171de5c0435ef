package golang

import (
	"strconv"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/model"
)

// shapes gives every distinct shape of a nested type one Go type: two
// places whose types would be written the same (same rows, names,
// descriptions, modifiers, kinds, nested shapes) share the declaration
// written for the first of them, and everything declared with it (the
// MarshalJSON, UnmarshalJSON, getters, enum constants). Large imported
// specs repeat the same entities at many places; one struct per place
// made their files too large for the Go compiler.
//
// A shape's key is the schema gen/schema writes for the type (so every
// keyword the schema carries, descriptions of nested rows included, tells
// shapes apart), with each nested type replaced by the number of its own
// shape, plus the group it is (model.Type.Group: its Go type is the
// group's struct). Keys are built bottom-up, once per type, so the cost
// is linear in the catalog whatever the depth of nesting. Each distinct
// key text gets a number (key), and a shape is a key number and whether
// the place may be null; only a key not met before is kept as a string.
type shapes struct {
	ids   map[string]int      // key text → key number, from 1
	keys  map[*model.Type]int // a type's key number
	place map[*model.Type]int // a type's shape number, nullability included
	types map[int]string      // key number → the Go type written for it

	stubs  []*model.Type // stubs[n] stands for shape n (stub)
	fields []model.Field // key's copies of an object's rows, reused
	rows   []*model.Field
	buf    []byte // key's text, reused
}

// newShapes returns the shapes of a catalog of tools tools, its maps made
// for a few nested types per tool.
func newShapes(tools int) *shapes {
	return &shapes{ids: map[string]int{}, keys: make(map[*model.Type]int, 4*tools),
		place: make(map[*model.Type]int, 4*tools), types: map[int]string{}}
}

// key is the number of the shape of t's Go type, nullability aside. The
// declaration of an object, enum or tuple does not depend on whether the
// place may be null (a pointer or a Nullable holds it there), so their
// key leaves nullability out; a union's keeps it, as its UnmarshalJSON
// reads a null by its schema.
func (s *shapes) key(t *model.Type) int {
	if k, ok := s.keys[t]; ok {
		return k
	}
	c := *t
	if t.Kind != model.Union {
		c.Nullable = false
	}
	c.Elem, c.Items, c.Fields, c.Variants = nil, nil, nil, nil
	if t.Elem != nil {
		c.Elem = s.stub(t.Elem)
	}
	if len(t.Items) > 0 {
		c.Items = make([]*model.Type, len(t.Items))
		for i, it := range t.Items {
			c.Items[i] = s.stub(it)
		}
	}
	if len(t.Variants) > 0 {
		c.Variants = make([]*model.Type, len(t.Variants))
		for i, v := range t.Variants {
			c.Variants[i] = s.stub(v)
		}
	}
	// The stubs of the rows first: stub may call key again, which reuses
	// s.fields, s.rows and s.buf; once they are all made, this call has
	// them.
	stubs := make([]*model.Type, len(t.Fields))
	for i, fd := range t.Fields {
		stubs[i] = s.stub(fd.Type)
	}
	if len(t.Fields) > 0 {
		s.fields, s.rows = s.fields[:0], s.rows[:0]
		for i, fd := range t.Fields {
			s.fields = append(s.fields, *fd)
			s.fields[i].Type = stubs[i]
		}
		for i := range s.fields {
			s.rows = append(s.rows, &s.fields[i])
		}
		c.Fields = s.rows
	}
	s.buf = append(append(s.buf[:0], t.Group...), 0)
	s.buf = schema.AppendType(s.buf, &c)
	k, ok := s.ids[string(s.buf)]
	if !ok {
		k = len(s.ids) + 1
		s.ids[string(s.buf)] = k
	}
	s.keys[t] = k
	return k
}

// stub stands for a nested type in its parent's key: a string whose
// pattern is the nested type's shape number (its key number, doubled,
// plus one when it may be null). Every nested type of the parent is a
// stub, so a stub is never confused with a real string. The stub of a
// shape is made once.
func (s *shapes) stub(t *model.Type) *model.Type {
	n, ok := s.place[t]
	if !ok {
		n = 2 * s.key(t)
		if t.Nullable {
			n++
		}
		s.place[t] = n
	}
	for len(s.stubs) <= n {
		s.stubs = append(s.stubs, nil)
	}
	if s.stubs[n] == nil {
		p := "#" + strconv.Itoa(n)
		s.stubs[n] = &model.Type{Kind: model.String, Pattern: &p}
	}
	return s.stubs[n]
}
