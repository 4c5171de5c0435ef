package report

import "github.com/toolspec/toolspec/model"

// A value inside a union is judged by the whole union: a value one
// variant refuses, another may take. So fixtures reach a union, not the
// types in its variants, and a mutant inside a variant is run on the
// outermost union that holds it.

// unionsOf maps each type inside some union's variants, at any depth, to
// the outermost unions holding it, and reports the types that also sit
// outside every union (plain). A group's rows are one type in every tool
// that uses the group, so one type may sit in a union in one tool, in
// another union or in none in the next: it is judged at each of them.
func unionsOf(roots map[target]*model.Type) (lift map[*model.Type][]*model.Type, plain map[*model.Type]bool) {
	lift, plain = map[*model.Type][]*model.Type{}, map[*model.Type]bool{}
	var walk func(t, outer *model.Type)
	walk = func(t, outer *model.Type) {
		if outer == nil {
			if plain[t] {
				return
			}
			plain[t] = true
			if t.Kind == model.Union {
				outer = t
			}
		} else {
			if containsType(lift[t], outer) {
				return
			}
			lift[t] = append(lift[t], outer)
		}
		t.Children(func(_ *model.Field, _ int, c *model.Type) { walk(c, outer) })
	}
	for _, r := range roots {
		walk(r, nil)
	}
	return lift, plain
}

// liftNodes replaces the nodes inside unions by the outermost unions
// holding them, keeping a node that also sits outside every union (plain).
func liftNodes(nodes []*model.Type, lift map[*model.Type][]*model.Type, plain map[*model.Type]bool) []*model.Type {
	var out []*model.Type
	add := func(n *model.Type) {
		if !containsType(out, n) {
			out = append(out, n)
		}
	}
	for _, n := range nodes {
		us, inside := lift[n]
		for _, u := range us {
			add(u)
		}
		if !inside || plain[n] {
			add(n)
		}
	}
	return out
}

// liftTuples replaces the tuple members among nodes by their tuples
// (their parents in s.up that are tuples). A tuple's items keyword (the
// items past its members) is written from its members' JSON types
// (gen/schema's tupleItems), so a mutant of a member that changes its
// type (made nullable, integer to number) changes the tuple's schema
// too: a value is judged again at the tuple, not at the member.
func (s *suite) liftTuples(nodes []*model.Type) []*model.Type {
	var out []*model.Type
	add := func(n *model.Type) {
		if !containsType(out, n) {
			out = append(out, n)
		}
	}
	for _, n := range nodes {
		lifted := false
		for _, p := range s.up[n] {
			if p.Kind == model.Tuple && containsType(p.Items, n) {
				add(p)
				lifted = true
			}
		}
		if !lifted {
			add(n)
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

// onlyInUnions reports the types that sit inside some union's variants
// and nowhere else.
func (s *suite) onlyInUnions() map[*model.Type]bool {
	s.liftOnce.Do(func() {
		s.lift, s.plain = unionsOf(s.roots)
		s.only = make(map[*model.Type]bool, len(s.lift))
		for t := range s.lift {
			if !s.plain[t] {
				s.only[t] = true
			}
		}
	})
	return s.only
}
