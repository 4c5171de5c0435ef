package specdiff

import (
	"slices"
	"strconv"
)

// variants are the schemas of a union (anyOf) but {"type":"null"}, which
// makes it nullable; nil when n is no union.
func variants(n *node) []*node {
	alts := n.get("anyOf")
	if alts == nil {
		return nil
	}
	var out []*node
	for _, v := range alts.arr {
		if !isNull(v) {
			out = append(out, v)
		}
	}
	return out
}

// isNull reports the schema {"type":"null"}.
func isNull(v *node) bool { return len(v.keys) == 1 && typeName(v) == "null" }

// unionNullable reports a null variant.
func unionNullable(n *node) bool {
	if alts := n.get("anyOf"); alts != nil {
		return slices.ContainsFunc(alts.arr, isNull)
	}
	return false
}

// union compares two unions variant by variant: a variant the same in both
// (by key) is compared below it as any schema is; the others pair up in
// order and are compared as changed; the rest are added or removed. The
// field of a variant is the union's with |i, i its place in the new union
// (in the old one when removed).
func (d *differ) union(tool, path string, o, n *node) {
	if a, b := unionNullable(o), unionNullable(n); a != b {
		d.add(tool, path, map[bool]string{true: "nullable", false: "not nullable"}[a]+" → "+map[bool]string{true: "nullable", false: "not nullable"}[b])
	}
	if a, b := o.get("default"), n.get("default"); (a == nil) != (b == nil) || a != nil && canonical(a.raw) != canonical(b.raw) {
		d.add(tool, path, "default "+orNone(textOf(a))+" → "+orNone(textOf(b)))
	}
	ov, nv := variants(o), variants(n)
	usedO := make([]bool, len(ov))
	pair := make([]int, len(nv))
	for i, v := range nv {
		pair[i] = -1
		for j, w := range ov {
			if !usedO[j] && key(v) == key(w) {
				pair[i], usedO[j] = j, true
				break
			}
		}
	}
	for i := range nv {
		if pair[i] >= 0 {
			continue
		}
		for j := range ov {
			if !usedO[j] {
				pair[i], usedO[j] = j, true
				break
			}
		}
	}
	for i, v := range nv {
		at := path + "|" + strconv.Itoa(i)
		if pair[i] < 0 {
			d.add(tool, at, "+ variant "+head(v))
			continue
		}
		d.schema(tool, at, ov[pair[i]], v)
	}
	for j, w := range ov {
		if !usedO[j] {
			d.add(tool, path+"|"+strconv.Itoa(j), "- variant "+head(w))
		}
	}
}

func textOf(n *node) string {
	if n == nil {
		return ""
	}
	return string(n.raw)
}
