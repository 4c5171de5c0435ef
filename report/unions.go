package report

import "github.com/toolspec/toolspec/model"

// A value inside a union is judged by the whole union: a value one
// variant refuses, another may take. So fixtures reach a union, not the
// types in its variants, and a mutant inside a variant is run on the
// outermost union that holds it.

// unionsOf maps each type inside some union's variants, at any depth, to
// the outermost union holding it.
func unionsOf(roots map[target]*model.Type) map[*model.Type]*model.Type {
	lift := map[*model.Type]*model.Type{}
	var walk func(t, outer *model.Type)
	walk = func(t, outer *model.Type) {
		if outer == nil && t.Kind == model.Union {
			outer = t
		} else if outer != nil {
			if _, seen := lift[t]; seen {
				return
			}
			lift[t] = outer
		}
		t.Children(func(_ *model.Field, _ int, c *model.Type) { walk(c, outer) })
	}
	for _, r := range roots {
		walk(r, nil)
	}
	return lift
}

// tuplesOf maps each tuple member to its tuple. A tuple's items keyword
// (the items past its members) is written from its members' JSON types
// (gen/schema's tupleItems), so a mutant of a member that changes its
// type (made nullable, integer to number) changes the tuple's schema
// too: a value is judged again at the tuple, not at the member.
func tuplesOf(roots map[target]*model.Type) map[*model.Type]*model.Type {
	up := map[*model.Type]*model.Type{}
	seen := map[*model.Type]bool{}
	var walk func(t *model.Type)
	walk = func(t *model.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		if t.Kind == model.Tuple {
			for _, it := range t.Items {
				up[it] = t
			}
		}
		t.Children(func(_ *model.Field, _ int, c *model.Type) { walk(c) })
	}
	for _, r := range roots {
		walk(r)
	}
	return up
}

// liftNodes replaces the nodes inside unions by their outermost union.
func liftNodes(nodes []*model.Type, lift map[*model.Type]*model.Type) []*model.Type {
	var out []*model.Type
	for _, n := range nodes {
		if u, ok := lift[n]; ok {
			n = u
		}
		if !containsType(out, n) {
			out = append(out, n)
		}
	}
	return out
}

func containsType(ts []*model.Type, t *model.Type) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// inUnion reports the types inside some union's variants.
func (s *suite) inUnion() map[*model.Type]bool {
	s.liftOnce.Do(func() { s.lift = unionsOf(s.roots) })
	in := make(map[*model.Type]bool, len(s.lift))
	for t := range s.lift {
		in[t] = true
	}
	return in
}
