package ast

// Keyword returns the keyword of the kind as written ("string", "tuple",
// ...; lang/descriptor declares them), the unknown word for a word that
// is no kind, and "" for nil.
func (k *Kind) Keyword() string {
	switch {
	case k == nil:
		return ""
	case k.Scalar != "":
		return k.Scalar
	case k.Enum != nil:
		return "enum"
	case k.Array != nil:
		return "array"
	case k.Tuple != nil:
		return "tuple"
	case k.Union != nil:
		return "union"
	case k.Object != nil:
		return "object"
	case k.Map != nil:
		return "map"
	}
	return k.Unknown
}

// Elems returns the element types written between the kind's brackets:
// an array's items, a map's values, a tuple's members, a union's variants. Walkers that go
// down a kind read them here, so a new kind with elements is walked
// everywhere once it is listed here.
func (k *Kind) Elems() []*ElemType {
	switch {
	case k == nil:
		return nil
	case k.Array != nil:
		return []*ElemType{k.Array}
	case k.Map != nil:
		return []*ElemType{k.Map}
	case k.Tuple != nil:
		return k.Tuple.Items
	case k.Union != nil:
		return k.Union.Variants
	}
	return nil
}
