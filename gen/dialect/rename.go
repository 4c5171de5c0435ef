package dialect

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/toolspec/toolspec/lang/clients"
	"github.com/toolspec/toolspec/model"
)

// A family whose model refuses some property keys (lang/clients'
// PropertyKey rule: Gemini, Anthropic) gets them renamed in its dialect:
// each top-level input key the rule refuses travels under a name it
// allows, and the server maps the name back (Normalize, and the
// generated NormalizeArgs/normalizeArgs from the table Renames gives)
// before it validates with the spec. The mapping is a table, not an
// encoding: a sent name is the key with every character outside
// [A-Za-z0-9_] written "_" (and "_" before a leading digit), cut to the
// rule's length, with "_2", "_3", ... after it when another key of the
// tool has that name, so it reads like the key and never collides.

// keyRule is a family's PropertyKey rule, or nil when it has none.
func keyRule(family string) *clients.Rule {
	for _, r := range clients.RulesOf(family) {
		if r.Construct == clients.PropertyKey {
			return &r
		}
	}
	return nil
}

// renamed is one renamed key: the spec's key and the name sent for it.
type renamed struct{ key, sent string }

// renamesOf lists the top-level keys of an input that family's dialect
// renames, in row order.
func renamesOf(in *model.Type, family string) []renamed {
	r := keyRule(family)
	if r == nil || in == nil || in.Kind != model.Object {
		return nil
	}
	taken := map[string]bool{}
	for _, f := range in.Fields {
		taken[f.Name] = true
	}
	var out []renamed
	for _, f := range in.Fields {
		if keyAllowed(r, f.Name) {
			continue
		}
		sent := sentName(f.Name, r.Limit, taken)
		taken[sent] = true
		out = append(out, renamed{f.Name, sent})
	}
	return out
}

func keyAllowed(r *clients.Rule, key string) bool {
	return r.Name.MatchString(key) && len(key) <= r.Limit
}

var notKeyChar = regexp.MustCompile(`[^A-Za-z0-9_]`)

// sentName is the name a refused key travels under: the key with every
// character outside [A-Za-z0-9_] written "_", "_" before a leading digit,
// at most limit bytes, and a suffix "_N" when taken has it.
func sentName(key string, limit int, taken map[string]bool) string {
	base := notKeyChar.ReplaceAllString(key, "_")
	if base == "" || base[0] >= '0' && base[0] <= '9' {
		base = "_" + base
	}
	for n := 1; ; n++ {
		suffix := ""
		if n > 1 {
			suffix = fmt.Sprintf("_%d", n)
		}
		name := base[:min(len(base), limit-len(suffix))] + suffix
		if !taken[name] {
			return name
		}
	}
}

// Renames maps, for a family whose dialect renames keys, each tool with a
// renamed key to its names sent → the spec's keys; nil when nothing is
// renamed. Generated servers carry it to map arguments back.
func Renames(c *model.Catalog, family string) map[string]map[string]string {
	var m map[string]map[string]string
	for _, t := range c.Tools {
		rs := renamesOf(t.Input, family)
		if len(rs) == 0 {
			continue
		}
		if m == nil {
			m = map[string]map[string]string{}
		}
		back := map[string]string{}
		for _, r := range rs {
			back[r.sent] = r.key
		}
		m[t.Name] = back
	}
	return m
}

// renameSchema renames the keys of a lowered input schema: its properties
// and required.
func renameSchema(n *node, rs []renamed) {
	props := n.obj("properties")
	if props == nil {
		return
	}
	for _, r := range rs {
		if i := slices.Index(props.keys, r.key); i >= 0 {
			props.keys[i] = r.sent
			props.vals[r.sent] = props.vals[r.key]
			delete(props.vals, r.key)
		}
	}
	if req, ok := n.vals["required"].([]any); ok {
		for i, k := range req {
			for _, r := range rs {
				if k == r.key {
					req[i] = r.sent
				}
			}
		}
	}
}

// renameArgs renames the members of an arguments object: from the spec's
// keys to the sent names (toSent), or back. It reports whether it renamed
// any. When the name renamed to is there already, the renamed member
// takes its place: mapping back, the sent name is the one the model was
// given.
func renameArgs(v any, rs []renamed, toSent bool) bool {
	x, ok := v.(*node)
	if !ok {
		return false
	}
	changed := false
	for _, r := range rs {
		from, to := r.sent, r.key
		if toSent {
			from, to = r.key, r.sent
		}
		i := slices.Index(x.keys, from)
		if i < 0 {
			continue
		}
		if j := slices.Index(x.keys, to); j >= 0 {
			x.keys = slices.Delete(x.keys, j, j+1)
			if j < i {
				i--
			}
		}
		x.keys[i] = to
		x.vals[to] = x.vals[from]
		delete(x.vals, from)
		changed = true
	}
	return changed
}
