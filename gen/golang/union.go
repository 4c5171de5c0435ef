package golang

import (
	"fmt"
	"strings"

	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/model"
)

// union writes a union as protobuf-go writes a oneof: a struct whose
// Value holds one wrapper per variant, each wrapper a struct whose Value
// is the variant's value, an unexported interface the wrappers implement,
// and a getter per variant. The runtime decodes into it (tsUnionPlan: the
// first variant that accepts the value, as anyOf reads) and MarshalJSON
// writes the wrapped value back.
func (g *gen) union(t *model.Type, a at) value {
	words := variantWords(t)
	values := make([]value, len(t.Variants))
	for i, v := range t.Variants {
		values[i] = g.typ(v, a.sub(words[i]+"Value", fmt.Sprintf(".variants[%d]", i)))
	}
	name := g.named(a, "")
	iface := g.names.claim("is" + name)
	wrappers := make([]string, len(t.Variants))
	for i := range t.Variants {
		wrappers[i] = g.names.claim(name + words[i])
	}
	g.p.printf("type %s struct {\n\t// Value is one of %s.\n\tValue %s\n}\n", name, strings.Join(wrappers, ", "), iface)
	g.p.printf("\ntype %s interface {\n\t%s()\n}\n", iface, iface)
	for i, w := range wrappers {
		g.p.doc(fmt.Sprintf("%s is variant %d of %s: %s.", w, i, name, describe(t.Variants[i])))
		g.p.printf("type %s struct {\n\tValue %s\n}\n\n", w, values[i].goType)
		g.p.fn(fmt.Sprintf("func (%s) %s()", w, iface), "")
		g.p.doc(fmt.Sprintf("Get%s returns the value of variant %d and true when u holds it.", words[i], i))
		g.p.printf("func (u %s) Get%s() (%s, bool) {\n\tw, ok := u.Value.(%s)\n\treturn w.Value, ok\n}\n", name, words[i], values[i].goType, w)
	}
	g.p.doc("MarshalJSON writes the value of the variant u holds.")
	g.p.fn(fmt.Sprintf("func (u %s) MarshalJSON() ([]byte, error)", name), "return "+g.rt("tsMarshalUnion")+"(u.Value)")
	g.p.doc("UnmarshalJSON reads the value as the first variant whose schema accepts it,", "as the decoder does, and fails when none does.")
	g.p.fn(fmt.Sprintf("func (u *%s) UnmarshalJSON(data []byte) error", name), fmt.Sprintf("return %s(u, %s, data)", g.rt("tsUnmarshalUnion"), g.nodePath(a.node)))
	zeros := make([]string, len(wrappers))
	for i, w := range wrappers {
		zeros[i] = w + "{}"
	}
	if g.runtime != "" {
		g.p.doc(g.sel("tsVariants") + " lists a zero value of each variant's wrapper, for the runtime.")
	} else {
		g.p.str("\n")
	}
	g.p.fn(fmt.Sprintf("func (%s) %s() []any", name, g.sel("tsVariants")), "return []any{"+strings.Join(zeros, ", ")+"}")
	return value{goType: name}
}

// variantWords name a union's variants in Go: their kind's keyword,
// capitalised, numbered from the second of a kind (String, String2).
func variantWords(t *model.Type) []string {
	seen := map[model.Kind]int{}
	words := make([]string, len(t.Variants))
	for i, v := range t.Variants {
		kw := descriptor.Kinds[v.Kind].Keyword
		words[i] = strings.ToUpper(kw[:1]) + kw[1:]
		if seen[v.Kind]++; seen[v.Kind] > 1 {
			words[i] += fmt.Sprint(seen[v.Kind])
		}
	}
	return words
}

// describe is a variant's kind as a doc comment names it.
func describe(t *model.Type) string {
	return descriptor.Kinds[t.Kind].Written
}
