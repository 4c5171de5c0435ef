package dialect

import (
	"slices"
	"strings"

	"github.com/toolspec/toolspec/model"
)

// variantFor is the variant of union t that a value of v's JSON shape
// (an object or an array, as parse gives them) goes to for normalizing:
// for an object, the first object variant that has a row for each of its
// members, else the first variant of that shape; nil when none has it.
func variantFor(t *model.Type, v any) *model.Type {
	var first *model.Type
	for _, vt := range t.Variants {
		switch x := v.(type) {
		case *node:
			if vt.Kind != model.Object && vt.Kind != model.Map {
				continue
			}
			if vt.Kind == model.Object && !slices.ContainsFunc(x.keys, func(k string) bool { return vt.Field(k) == nil }) {
				return vt
			}
		case []any:
			if vt.Kind != model.Array && vt.Kind != model.Tuple {
				continue
			}
		default:
			continue
		}
		if first == nil {
			first = vt
		}
	}
	return first
}

// lowerVariants lowers each variant of a union node.
func (l lowering) lowerVariants(n *node) {
	if alts, ok := n.vals["anyOf"].([]any); ok {
		for _, a := range alts {
			l.lower(a.(*node), false)
		}
	}
}

// lowerUnion rewrites a union node (anyOf) for a family that reads anyOf
// alone (siblingsDown: the union's description, its notes included, goes
// into each variant, and null becomes each variant's nullable) or not at
// all (widened: the variants' one JSON type, or no type, and the variants
// named in the description). Both accept every value the union accepts.
func (l lowering) lowerUnion(n *node) {
	alts, ok := n.vals["anyOf"].([]any)
	if !ok {
		return
	}
	var variants []*node
	null := false
	for _, a := range alts {
		v := a.(*node)
		if len(v.keys) == 1 && v.str("type") == "null" {
			null = true
			continue
		}
		variants = append(variants, v)
	}
	switch {
	case l.widenedUnions:
		var words []string
		types := map[string]bool{}
		for _, v := range variants {
			w := typeWord(v)
			types[w] = true
			if !slices.Contains(words, w) {
				words = append(words, w)
			}
		}
		if null {
			words = append(words, "null")
		}
		n.del("anyOf")
		if len(types) == 1 && !null && words[0] != "any" {
			n.keys = append([]string{"type"}, n.keys...)
			n.vals["type"] = words[0]
		}
		addNotes(n, []string{"one of: " + strings.Join(words, ", ")})
	case l.unionSiblingsDown:
		// A variant is a kind, never a row: its description is its notes
		// alone. The union's own description leads, then the union's
		// notes and the variant's.
		own, notes := n.str("description"), []string(nil)
		if n.noted {
			own, notes = n.own, n.notes
		}
		for _, v := range variants {
			if null {
				v.setAfter("type", "nullable", true)
			}
			all := append(slices.Clone(notes), v.notes...)
			if !v.has("description") && (own != "" || len(all) > 0) {
				v.setAfter(lastOf(v, "type", "nullable"), "description", "")
			}
			v.own, v.notes, v.noted = own, nil, true
			if len(all) == 0 {
				if own != "" {
					v.vals["description"] = own
				}
				continue
			}
			addNotes(v, all)
		}
		all := make([]any, len(variants))
		for i, v := range variants {
			all[i] = v
		}
		*n = node{keys: []string{"anyOf"}, vals: map[string]any{"anyOf": all}}
	}
}

// lastOf is the last of keys that n has, or the first key.
func lastOf(n *node, keys ...string) string {
	at := keys[0]
	for _, k := range keys {
		if n.has(k) {
			at = k
		}
	}
	return at
}
