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
// With nullVariant, null stays a variant of its own instead.
func (l lowering) lowerUnion(n *node) {
	alts, ok := n.vals["anyOf"].([]any)
	if !ok {
		return
	}
	var variants []*node
	var null *node
	for _, a := range alts {
		v := a.(*node)
		if len(v.keys) == 1 && v.str("type") == "null" {
			null = v
			continue
		}
		variants = append(variants, v)
	}
	switch {
	case l.widenedUnions:
		var words []string
		for _, v := range variants {
			if w := typeWord(v); !slices.Contains(words, w) {
				words = append(words, w)
			}
		}
		n.del("anyOf")
		if len(words) == 1 && null == nil {
			n.keys = append([]string{"type"}, n.keys...)
			n.vals["type"] = words[0]
			return
		}
		if null != nil {
			words = append(words, "null")
		}
		addNotes(n, []string{eitherOf(words)})
	case l.unionSiblingsDown:
		// The description and notes went down in notesDown.
		for _, v := range variants {
			if null != nil && !l.nullVariant {
				v.setAfter("type", "nullable", true)
			}
		}
		if null != nil && l.nullVariant {
			variants = append(variants, null)
		}
		all := make([]any, len(variants))
		for i, v := range variants {
			all[i] = v
		}
		*n = node{keys: []string{"anyOf"}, vals: map[string]any{"anyOf": all}}
	}
}

// notesDown gives each variant of a union the union's description and
// notes, before its own notes (a variant has no description of its own).
func notesDown(n *node, notes []string) {
	own := n.str("description")
	alts, _ := n.vals["anyOf"].([]any)
	for _, a := range alts {
		v := a.(*node)
		if len(v.keys) == 1 && v.str("type") == "null" {
			continue
		}
		all := slices.Clone(notes)
		if d := v.str("description"); d != "" {
			all = append(all, d)
			v.del("description")
		}
		text := strings.Join(all, "; ")
		switch {
		case own != "" && text != "":
			text = own + " (" + text + ")"
		case own != "":
			text = own
		case text == "":
			continue
		}
		v.setAfter(lastOf(v, "type", "nullable"), "description", text)
	}
	n.del("description")
}

// eitherOf is the note of a widened union: "a string or an object",
// "a string or an integer or null".
func eitherOf(types []string) string {
	w := make([]string, len(types))
	for i, t := range types {
		switch {
		case t == "null":
			w[i] = t
		case strings.ContainsAny(t[:1], "aeiou"):
			w[i] = "an " + t
		default:
			w[i] = "a " + t
		}
	}
	return strings.Join(w, " or ")
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
