package openapi

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/pb33f/libopenapi/datamodel/high/base"
)

// allOf merges `allOf` with the keywords written next to it into one
// schema, as a validator applies them: a value must satisfy every part.
// Object parts give the union of their properties, a property required by
// any part is required, and every bound keeps its tightest value, so the
// importer and parity see what the API checks. Parts whose types cannot
// meet (a string and an object) are Unsupported, naming both.
func (l *loader) allOf(bs *base.Schema, at string) *Schema {
	// The keywords next to allOf are one more part: a copy of the schema
	// without allOf, converted as any schema is.
	own := *bs
	own.AllOf = nil
	outer := l.convert(&own, at)
	if outer.Kind == Unsupported {
		return outer
	}
	parts := make([]*Schema, 0, len(bs.AllOf))
	for i, p := range bs.AllOf {
		m := l.schema(p, fmt.Sprintf("%s/allOf/%d", at, i))
		switch {
		case m.Kind == Unsupported:
			return m
		case m.Kind == Union:
			return teach(fmt.Sprintf("allOf member %d (a oneOf or anyOf)", i), at, "allOf of unions")
		case m.Cycle:
			return teach("allOf member $ref "+m.Ref+" (recursive)", at, "recursive schemas")
		}
		parts = append(parts, m)
	}
	merged := &Schema{Kind: Any}
	for i, p := range parts {
		var why string
		if merged, why = mergeTwo(merged, p); why != "" {
			return teach(fmt.Sprintf("allOf member %d (%s) conflicts with the members before it: %s", i, p.Kind, why), at, "allOf of conflicting schemas")
		}
	}
	// The members' nullability: null passes allOf only if every typed
	// member takes it. An OpenAPI 3.0 author writing `nullable: true`
	// next to `allOf: [{$ref}]` means the value may be null, and the
	// outer keyword says so whatever the members say.
	nullable := true
	typed := false
	for _, p := range parts {
		if p.Kind != Any {
			typed = true
			nullable = nullable && p.Nullable
		}
	}
	merged.Nullable = typed && nullable
	// Only annotations next to one member: the schema is still its
	// component, under that name.
	bare := *outer
	bare.Title, bare.Description, bare.Default, bare.Example = "", "", nil, nil
	bare.Deprecated, bare.ReadOnly, bare.WriteOnly, bare.Nullable = false, false, false, false
	bare.At, bare.size = Loc{}, 0
	annotationsOnly := reflect.DeepEqual(bare, Schema{Kind: Any})
	var why string
	if merged, why = mergeTwo(merged, outer); why != "" {
		return teach(fmt.Sprintf("the keywords next to allOf (%s) conflict with its members: %s", outer.Kind, why), at, "allOf of conflicting schemas")
	}
	merged.Nullable = merged.Nullable || outer.Nullable
	// One member wrapped for its annotations keeps its component's name.
	if len(parts) == 1 && annotationsOnly {
		merged.Ref = parts[0].Ref
	}
	if merged.Kind == Object {
		requireNamed(merged)
	}
	return merged
}

// mergeTwo is a schema that holds what both a and b hold (a's annotations
// win: the parts come in document order, the outer keywords last, and the
// outer keywords override), or why the two cannot be one schema. It never
// changes a or b: they may be shared through $refs.
func mergeTwo(a, b *Schema) (*Schema, string) {
	kind, why := mergeKind(a, b)
	if why != "" {
		return nil, why
	}
	m := *a
	m.Kind = kind
	m.Ignored = slices.Concat(a.Ignored, b.Ignored)
	m.Ref = ""
	// Annotations: b's override (the outer keywords come last).
	if b.Title != "" {
		m.Title = b.Title
	}
	if b.Description != "" {
		m.Description = b.Description
	}
	if b.Default != nil {
		m.Default = b.Default
	}
	if b.Example != nil {
		m.Example = b.Example
	}
	m.Deprecated = a.Deprecated || b.Deprecated
	m.ReadOnly = a.ReadOnly || b.ReadOnly
	m.WriteOnly = a.WriteOnly || b.WriteOnly
	// null passes both, and a schema without a type takes null.
	m.Nullable = (a.Nullable || a.Kind == Any) && (b.Nullable || b.Kind == Any)

	note := func(format string, args ...any) {
		m.Ignored = append(m.Ignored, "allOf: "+fmt.Sprintf(format, args...))
	}
	// Strings.
	m.MinLength, m.MaxLength = tighterInt(a.MinLength, b.MinLength, 1), tighterInt(a.MaxLength, b.MaxLength, -1)
	switch {
	case m.Pattern == "":
		m.Pattern = b.Pattern
	case b.Pattern != "" && b.Pattern != m.Pattern:
		note("pattern %q also applies; a row has one pattern, %q is kept", b.Pattern, m.Pattern)
	}
	switch {
	case m.Format == "":
		m.Format = b.Format
	case b.Format != "" && b.Format != m.Format:
		note("format %q also applies; a row has one format, %q is kept", b.Format, m.Format)
	}
	// Numbers.
	if b.Min != "" && (m.Min == "" || compare(b.Min, m.Min) > 0 || compare(b.Min, m.Min) == 0 && b.ExclusiveMin) {
		m.Min, m.ExclusiveMin = b.Min, b.ExclusiveMin
	}
	if b.Max != "" && (m.Max == "" || compare(b.Max, m.Max) < 0 || compare(b.Max, m.Max) == 0 && b.ExclusiveMax) {
		m.Max, m.ExclusiveMax = b.Max, b.ExclusiveMax
	}
	switch {
	case m.MultipleOf == "":
		m.MultipleOf = b.MultipleOf
	case b.MultipleOf != "" && compare(b.MultipleOf, m.MultipleOf) != 0:
		note("multipleOf %s also applies; a row has one multiple_of, %s is kept", b.MultipleOf, m.MultipleOf)
	}
	// Enums: the values both allow.
	switch {
	case a.Kind == Enum && b.Kind == Enum:
		m.Enum = nil
		for _, v := range a.Enum {
			if slices.ContainsFunc(b.Enum, func(w any) bool { return fmt.Sprint(v) == fmt.Sprint(w) }) {
				m.Enum = append(m.Enum, v)
			}
		}
		if len(m.Enum) == 0 {
			return nil, "their enums share no value"
		}
	case b.Kind == Enum:
		m.Enum, m.EnumType = b.Enum, b.EnumType
	}
	// Arrays.
	m.MinItems, m.MaxItems = tighterInt(a.MinItems, b.MinItems, 1), tighterInt(a.MaxItems, b.MaxItems, -1)
	m.UniqueItems = a.UniqueItems || b.UniqueItems
	switch {
	case m.Items == nil || m.Items.Kind == Any && b.Items != nil:
		m.Items = b.Items
	case b.Items != nil && b.Items.Kind != Any:
		items, why := mergeTwo(m.Items, b.Items)
		if why != "" {
			return nil, "items: " + why
		}
		m.Items = items
	}
	// Objects: every property of either, merged where both declare it.
	m.MinProperties, m.MaxProperties = tighterInt(a.MinProperties, b.MinProperties, 1), tighterInt(a.MaxProperties, b.MaxProperties, -1)
	m.Required = slices.Concat(a.Required, b.Required)
	m.Closed = a.Closed || b.Closed
	m.Properties = slices.Clone(a.Properties)
	for _, p := range b.Properties {
		i := slices.IndexFunc(m.Properties, func(q *Property) bool { return q.Name == p.Name })
		if i < 0 {
			m.Properties = append(m.Properties, p)
			continue
		}
		s, why := mergeTwo(m.Properties[i].Schema, p.Schema)
		if why != "" {
			return nil, "property " + p.Name + ": " + why
		}
		m.Properties[i] = &Property{Name: p.Name, Required: m.Properties[i].Required || p.Required, Schema: s}
	}
	switch {
	case m.AdditionalProperties == nil:
		m.AdditionalProperties = b.AdditionalProperties
	case b.AdditionalProperties != nil:
		ap, why := mergeTwo(m.AdditionalProperties, b.AdditionalProperties)
		if why != "" {
			return nil, "additionalProperties: " + why
		}
		m.AdditionalProperties = ap
	}
	if m.Kind == Map && len(m.Properties) > 0 {
		m.Kind = Object
	}
	m.size = expandedSize(&m)
	return &m, ""
}

// mergeKind is the kind of a value both a and b accept, or why there is
// none.
func mergeKind(a, b *Schema) (Kind, string) {
	ka, kb := a.Kind, b.Kind
	if ka == Enum {
		ka = a.EnumType
	}
	if kb == Enum {
		kb = b.EnumType
	}
	switch {
	case a.Kind == Any:
		return b.Kind, ""
	case b.Kind == Any:
		return a.Kind, ""
	case a.Kind == Enum || b.Kind == Enum:
		if ka == kb || ka == Any || kb == Any || numeric(ka) && numeric(kb) {
			return Enum, ""
		}
	case a.Kind == b.Kind:
		return a.Kind, ""
	case numeric(ka) && numeric(kb):
		return Integer, ""
	case (ka == Object || ka == Map) && (kb == Object || kb == Map):
		return Object, ""
	}
	return Unsupported, fmt.Sprintf("%s and %s", kindWord(a), kindWord(b))
}

func numeric(k Kind) bool { return k == Integer || k == Number }

func kindWord(s *Schema) string {
	if s.Kind == Enum {
		return "enum of " + s.EnumType.String()
	}
	return s.Kind.String()
}

// tighterInt is the tighter of two optional bounds: the larger minimum
// (dir 1) or the smaller maximum (dir -1).
func tighterInt(a, b *int64, dir int) *int64 {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case dir > 0 && *b > *a, dir < 0 && *b < *a:
		return b
	}
	return a
}

// requireNamed marks required every property a part's `required` names:
// the list may sit in one part and the property in another. A name no
// part declares is left as convert leaves it in a plain object.
func requireNamed(s *Schema) {
	for _, name := range s.Required {
		if i := slices.IndexFunc(s.Properties, func(p *Property) bool { return p.Name == name }); i >= 0 && !s.Properties[i].Required {
			c := *s.Properties[i]
			c.Required = true
			s.Properties[i] = &c
		}
	}
}
