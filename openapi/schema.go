package openapi

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"
	"github.com/pb33f/libopenapi/datamodel/high/base"
	"github.com/pb33f/libopenapi/datamodel/low"

	"github.com/toolspec/toolspec/internal/decimal"
)

const componentPrefix = "#/components/schemas/"

func unsupported(format string, args ...any) *Schema {
	return &Schema{Kind: Unsupported, Unsupported: fmt.Sprintf(format, args...)}
}

// teach is the message for a construct toolspec does not compare yet: what
// is found at a place, topic is what toolspec would have to learn.
func teach(what, at, topic string) *Schema {
	return unsupported("%s at %s: teach toolspec to compare %s", what, at, topic)
}

// refName is the component name of a local schema $ref, else the ref.
func refName(ref string) string {
	if name, ok := strings.CutPrefix(ref, componentPrefix); ok && !strings.Contains(name, "/") {
		return strings.NewReplacer("~1", "/", "~0", "~").Replace(name)
	}
	return ref
}

// schemaOrAny is schema, but a missing schema (a media type without one)
// accepts anything.
func (l *loader) schemaOrAny(p *base.SchemaProxy, at string) *Schema {
	if p == nil {
		return &Schema{Kind: Any}
	}
	return l.schema(p, at)
}

// schema normalizes the schema behind a proxy; at is its JSON pointer, used
// in messages. A $ref resets at to the ref's target.
func (l *loader) schema(p *base.SchemaProxy, at string) *Schema {
	if p == nil {
		return &Schema{Kind: Any}
	}
	ref, from := "", at
	if p.IsReference() {
		ref = p.GetReference()
		if s, ok := l.refs[ref]; ok {
			// The top is copied: the use may annotate it (siblings of the
			// $ref, nullable); what lies below is shared.
			c := *s
			refSiblings(p, &c, from)
			l.count(max(s.size, 1))
			return &c
		}
	}
	if l.over != "" {
		return &Schema{Kind: Unsupported, Unsupported: "over", size: 1}
	}
	if len(l.expanding) == 0 && ref != "" {
		l.start = l.inlined
	}
	l.count(1)
	if l.schemas++; l.schemas > maxSchemas {
		if l.schemas == maxSchemas+1 {
			l.warn("the document builds more than %d schemas once its $refs are inlined; the rest are not compared", maxSchemas)
		}
		return unsupported("schema at %s: the document builds more than %d schemas once its $refs are inlined", at, maxSchemas)
	}
	depth := len(l.expanding)
	if ref != "" {
		at = ref
		if i := slices.Index(l.expanding, ref); i >= 0 {
			l.cutAt = min(l.cutAt, i)
			s := &Schema{Ref: refName(ref), Cycle: true, size: 1, At: Loc{Pointer: ref}}
			if bs, err := p.BuildSchema(); err == nil && bs != nil {
				s.Kind = shallowKind(bs)
				if lo := bs.GoLow(); lo != nil {
					s.At = loc(ref, lo.RootNode)
				}
			}
			l.warn("recursive $ref %s cut at %s", ref, from)
			return s
		}
		l.expanding = append(l.expanding, ref)
		defer func() { l.expanding = l.expanding[:len(l.expanding)-1] }()
	}
	outer := l.cutAt
	l.cutAt = depth + 1 // nothing cut yet below this schema
	defer func() { l.cutAt = min(outer, l.cutAt) }()
	bs, err := p.BuildSchema()
	if bs == nil {
		if ref != "" {
			return unsupported("$ref %s does not resolve", ref)
		}
		if err != nil {
			return unsupported("schema at %s: %v", at, err)
		}
		return &Schema{Kind: Any}
	}
	s := l.convert(bs, at)
	s.At = Loc{Pointer: at}
	if lo := bs.GoLow(); lo != nil {
		s.At = loc(at, lo.RootNode)
	}
	s.size = expandedSize(s)
	if l.over != "" {
		// Stopped: this schema holds more than maxExpanded.
		s.size = maxExpanded + 1
		if depth == 0 && ref != "" {
			l.over = ""
		} else {
			s.Kind = Unsupported // not shared, not read: replaced above
			return s
		}
	}
	if s.size > maxExpanded {
		l.warn("%s holds more than %d schemas once its $refs are inlined: not compared", at, maxExpanded)
		s = unsupported("schema at %s holds more than %d schemas once its $refs are inlined: teach toolspec named types", at, maxExpanded)
		s.size = 1
	}
	if ref != "" {
		if s.Ref == "" {
			s.Ref = refName(ref)
		}
		if l.cutAt >= depth {
			// Nothing below went back above this $ref.
			l.refs[ref] = s
			c := *s
			s = &c
		}
		refSiblings(p, s, from)
	}
	return s
}

// count adds n schemas to what the outermost $ref being built holds once
// inlined, and stops its building past maxExpanded.
func (l *loader) count(n int) {
	l.inlined += n
	if len(l.expanding) > 0 && l.over == "" && l.inlined-l.start > maxExpanded {
		l.over = l.expanding[0]
	}
}

// expandedSize is how many schemas s holds with its $refs inlined, from
// its children's sizes (they are computed as they are built).
func expandedSize(s *Schema) int {
	n := 1
	add := func(c *Schema) {
		if c != nil {
			n += max(c.size, 1)
		}
	}
	add(s.Items)
	add(s.AdditionalProperties)
	for _, v := range s.Variants {
		add(v)
	}
	for _, p := range s.Properties {
		add(p.Schema)
	}
	return n
}

// refSiblings applies the keywords written next to a $ref. Annotations
// override the referenced schema's; `nullable: true` makes it nullable (the
// OpenAPI 3.0 spec says siblings are ignored, but that is what authors
// mean); any other keyword would constrain the referenced schema, which
// toolspec does not compare yet.
func refSiblings(p *base.SchemaProxy, s *Schema, at string) {
	node := p.GetReferenceNode()
	if node == nil || node.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(node.Content); i += 2 {
		key, val := node.Content[i].Value, node.Content[i+1]
		switch key {
		case "$ref":
		case "description":
			s.Description = val.Value
		case "title":
			s.Title = val.Value
		case "summary", "$comment", "example", "examples", "externalDocs", "xml":
		case "default":
			s.Default = raw(val)
		case "deprecated":
			s.Deprecated = val.Value == "true"
		case "readOnly":
			s.ReadOnly = val.Value == "true"
		case "writeOnly":
			s.WriteOnly = val.Value == "true"
		case "nullable":
			if val.Value == "true" {
				s.Nullable = true
			}
		default:
			if strings.HasPrefix(key, "x-") {
				continue
			}
			// A constraint next to a $ref applies with the referenced
			// schema, as if both were in an allOf (3.1 says so; 3.0
			// authors mean it).
			if c, ok := siblingConstraint(key, val); ok {
				if s.Kind == Unsupported {
					continue
				}
				merged, why := mergeTwo(s, c)
				if why == "" {
					merged.Ref, merged.At, merged.Description, merged.Title = "", s.At, s.Description, s.Title
					if merged.Kind == Object {
						requireNamed(merged)
					}
					*s = *merged
					continue
				}
			}
			ref := s.Ref
			*s = *teach(fmt.Sprintf("%q next to $ref %s", key, p.GetReference()), at, "keywords next to a $ref")
			s.Ref = ref
			return
		}
	}
}

// siblingConstraint reads one constraint written next to a $ref as a
// schema of its own, for mergeTwo; ok is false for a keyword it does not
// read (the caller then says toolspec cannot compare it).
func siblingConstraint(key string, val *yaml.Node) (*Schema, bool) {
	c := &Schema{Kind: Any}
	count := func() (*int64, bool) {
		n, err := strconv.ParseInt(val.Value, 10, 64)
		if val.Kind != yaml.ScalarNode || err != nil || n < 0 {
			return nil, false
		}
		return &n, true
	}
	var ok bool
	switch key {
	case "required":
		if val.Kind != yaml.SequenceNode {
			return nil, false
		}
		for _, n := range val.Content {
			c.Required = append(c.Required, n.Value)
		}
		return c, true
	case "pattern", "format":
		if val.Kind != yaml.ScalarNode {
			return nil, false
		}
		if key == "pattern" {
			c.Pattern = val.Value
		} else {
			c.Format = val.Value
		}
		return c, true
	case "minLength":
		c.MinLength, ok = count()
	case "maxLength":
		c.MaxLength, ok = count()
	case "minItems":
		c.MinItems, ok = count()
	case "maxItems":
		c.MaxItems, ok = count()
	case "minimum", "maximum":
		x, err := decode(val)
		n, isNum := x.(json.Number)
		if err != nil || !isNum {
			return nil, false
		}
		if key == "minimum" {
			c.Min = n
		} else {
			c.Max = n
		}
		return c, true
	}
	return c, ok
}

// shallowKind is the kind of a schema without looking at its children, for
// a cut cycle.
func shallowKind(bs *base.Schema) Kind {
	if len(bs.Enum) > 0 {
		return Enum
	}
	for _, t := range bs.Type {
		if k, ok := typeKinds[t]; ok {
			return k
		}
	}
	switch {
	case bs.Properties != nil && bs.Properties.Len() > 0:
		return Object
	case bs.Items != nil:
		return Array
	}
	return Any
}

var typeKinds = map[string]Kind{
	"string":  String,
	"integer": Integer,
	"number":  Number,
	"boolean": Boolean,
	"array":   Array,
	"object":  Object,
}

// convert normalizes one built schema.
func (l *loader) convert(bs *base.Schema, at string) *Schema {
	if bs.BooleanSchema != nil {
		if *bs.BooleanSchema {
			return &Schema{Kind: Any}
		}
		return teach("the false schema", at, "the false schema")
	}

	if len(bs.AllOf) > 0 || len(bs.OneOf) > 0 || len(bs.AnyOf) > 0 {
		s := l.composition(bs, at)
		if s.Kind == Unsupported && s.Description == "" {
			// The field's own words stay, whatever is not compared.
			s.Description, s.Title = bs.Description, bs.Title
		}
		return s
	}
	for _, k := range []struct {
		name    string
		present bool
	}{
		{"not", bs.Not != nil},
		{"prefixItems", len(bs.PrefixItems) > 0},
		{"patternProperties", bs.PatternProperties != nil && bs.PatternProperties.Len() > 0},
		{"if", bs.If != nil},
		{"dependentSchemas", bs.DependentSchemas != nil && bs.DependentSchemas.Len() > 0},
		{"$dynamicRef", bs.DynamicRef != ""},
	} {
		if k.present {
			return teach(k.name, at, k.name)
		}
	}

	s := &Schema{
		Title:       bs.Title,
		Description: bs.Description,
		Format:      bs.Format,
		Pattern:     bs.Pattern,
		Default:     raw(bs.Default),
		Example:     raw(bs.Example),
		Examples:    raws(bs.Examples),
		Deprecated:  isTrue(bs.Deprecated),
		ReadOnly:    isTrue(bs.ReadOnly),
		WriteOnly:   isTrue(bs.WriteOnly),
		Nullable:    isTrue(bs.Nullable),
		MinLength:   own(bs.MinLength),
		MaxLength:   own(bs.MaxLength),
		MinItems:    own(bs.MinItems),
		MaxItems:    own(bs.MaxItems),
		UniqueItems: isTrue(bs.UniqueItems),
		Required:    bs.Required,

		MinProperties: own(bs.MinProperties),
		MaxProperties: own(bs.MaxProperties),
	}
	if lo := bs.GoLow(); lo != nil {
		s.Min = exactNumber(s, "minimum", lo.RootNode, lo.Minimum, bs.Minimum)
		s.Max = exactNumber(s, "maximum", lo.RootNode, lo.Maximum, bs.Maximum)
		s.MultipleOf = exactNumber(s, "multipleOf", lo.RootNode, lo.MultipleOf, bs.MultipleOf)
	}
	bounds(s, bs)

	var types []string
	for _, t := range bs.Type {
		if t == "null" {
			s.Nullable = true
		} else if !slices.Contains(types, t) {
			types = append(types, t)
		}
	}
	switch {
	case len(types) > 1:
		return teach("type union ["+strings.Join(types, ", ")+"]", at, "type unions")
	case len(types) == 0 && len(bs.Type) > 0:
		return teach("type null alone", at, "the null type")
	}
	typ := ""
	if len(types) == 1 {
		typ = types[0]
		if _, ok := typeKinds[typ]; !ok {
			return unsupported("unknown type %q at %s", typ, at)
		}
	}

	if len(bs.Enum) > 0 || bs.Const != nil {
		return enum(s, bs, typ, at)
	}

	if typ == "" {
		switch {
		case bs.Properties != nil && bs.Properties.Len() > 0, bs.AdditionalProperties != nil:
			typ = "object"
		case bs.Items != nil:
			typ = "array"
		default:
			s.Kind = Any
			return s
		}
	}
	s.Kind = typeKinds[typ]
	switch s.Kind {
	case Array:
		s.Items = &Schema{Kind: Any}
		if it := bs.Items; it != nil {
			switch {
			case it.IsA() && it.A != nil:
				s.Items = l.schema(it.A, at+"/items")
			case it.IsB() && !it.B:
				return teach("items: false", at, "items: false")
			}
		}
	case Object:
		for name, p := range bs.Properties.FromOldest() {
			s.Properties = append(s.Properties, &Property{
				Name:     name,
				Required: slices.Contains(bs.Required, name),
				Schema:   l.schema(p, at+"/properties/"+escape(name)),
			})
		}
		if ap := bs.AdditionalProperties; ap != nil {
			switch {
			case ap.IsA() && ap.A != nil:
				s.AdditionalProperties = l.schema(ap.A, at+"/additionalProperties")
			case ap.IsB() && !ap.B:
				s.Closed = true
			case ap.IsB():
				s.AdditionalProperties = &Schema{Kind: Any, size: 1}
			}
		}
		// A free-form object ({type: object} alone, additionalProperties
		// true or {}) takes any properties: a map of any values. An object
		// with properties and additionalProperties true or {} is open.
		if len(s.Properties) == 0 && !s.Closed && s.AdditionalProperties == nil {
			s.AdditionalProperties = &Schema{Kind: Any, size: 1}
		}
		if len(s.Properties) == 0 && s.AdditionalProperties != nil {
			s.Kind = Map
		}
	}
	return s
}

// bounds folds the exclusive bounds of either version into Min and Max.
// A boolean where 3.1 wants a number (`exclusiveMaximum: true` left over
// from 3.0) is read as 3.0 reads it, and said so in s.Ignored: the
// author meant the bound to be exclusive, and reading it so never lets
// a tool send a value the API rejects.
func bounds(s *Schema, bs *base.Schema) {
	var loMin, loMax *yaml.Node
	if lo := bs.GoLow(); lo != nil {
		loMin, loMax = lo.ExclusiveMinimum.ValueNode, lo.ExclusiveMaximum.ValueNode
		if loMin == nil {
			loMin = keyNode(lo.RootNode, "exclusiveMinimum")
		}
		if loMax == nil {
			loMax = keyNode(lo.RootNode, "exclusiveMaximum")
		}
	}
	if e := bs.ExclusiveMinimum; e != nil {
		if flag, ok := exclusiveFlag(s, "exclusiveMinimum", "minimum", e.IsA(), e.A, loMin); ok {
			s.ExclusiveMin = flag && s.Min != ""
		} else if v := exclusiveNumber(s, "exclusiveMinimum", loMin, e.B); v != "" && (s.Min == "" || compare(v, s.Min) >= 0) {
			s.Min, s.ExclusiveMin = v, true
		}
	}
	if e := bs.ExclusiveMaximum; e != nil {
		if flag, ok := exclusiveFlag(s, "exclusiveMaximum", "maximum", e.IsA(), e.A, loMax); ok {
			s.ExclusiveMax = flag && s.Max != ""
		} else if v := exclusiveNumber(s, "exclusiveMaximum", loMax, e.B); v != "" && (s.Max == "" || compare(v, s.Max) <= 0) {
			s.Max, s.ExclusiveMax = v, true
		}
	}
}

// exclusiveFlag is an exclusive bound written as a boolean: 3.0's flag
// (isA), or a boolean in a 3.1 document, read the same way.
func exclusiveFlag(s *Schema, keyword, bound string, isA, a bool, n *yaml.Node) (flag, ok bool) {
	if isA {
		return a, true
	}
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
		return false, false
	}
	flag = n.Value == "true" || n.Value == "True" || n.Value == "TRUE"
	effect := "no effect"
	if v := s.Min; flag && bound == "minimum" && v != "" {
		effect = "minimum " + string(v) + " exclusive"
	} else if v := s.Max; flag && bound == "maximum" && v != "" {
		effect = "maximum " + string(v) + " exclusive"
	}
	s.Ignored = append(s.Ignored, fmt.Sprintf("%s %s is an OpenAPI 3.0 flag, in 3.1 a number: read as 3.0 reads it, %s", keyword, n.Value, effect))
	return flag, true
}

// exclusiveNumber is a 3.1 exclusive bound as exactNumber reads it.
func exclusiveNumber(s *Schema, keyword string, n *yaml.Node, f float64) json.Number {
	return exactNumber(s, keyword, nil, low.NodeReference[float64]{ValueNode: n}, &f)
}

// compare compares two numbers exactly when both are JSON numbers, else
// as the float64 the library read.
func compare(a, b json.Number) int {
	if x, y := decimal.Parse(string(a)), decimal.Parse(string(b)); x != nil && y != nil {
		return x.Cmp(y)
	}
	fa, _ := a.Float64()
	fb, _ := b.Float64()
	switch {
	case fa < fb:
		return -1
	case fa > fb:
		return 1
	}
	return 0
}

// enum normalizes `enum` and `const`. typ is the declared non-null type,
// or "" to infer it from the values.
func enum(s *Schema, bs *base.Schema, typ, at string) *Schema {
	nodes := bs.Enum
	if bs.Const != nil {
		if len(nodes) > 0 {
			return teach("enum together with const", at, "enum together with const")
		}
		nodes = []*yaml.Node{bs.Const}
	}
	s.Kind = Enum
	for i, n := range nodes {
		v, err := decode(n)
		if err != nil {
			return unsupported("enum value %d at %s: %v", i, at, err)
		}
		if v == nil {
			s.Nullable = true
			continue
		}
		s.Enum = append(s.Enum, v)
	}
	if len(s.Enum) == 0 {
		return teach("an enum of null alone", at, "the null type")
	}
	if typ != "" {
		s.EnumType = typeKinds[typ]
		return s
	}
	s.EnumType = valueKind(s.Enum[0])
	for _, v := range s.Enum[1:] {
		k := valueKind(v)
		switch {
		case k == s.EnumType:
		case k == Integer && s.EnumType == Number, k == Number && s.EnumType == Integer:
			s.EnumType = Number
		default:
			s.EnumType = Any
		}
	}
	return s
}

func valueKind(v any) Kind {
	switch v := v.(type) {
	case string:
		return String
	case bool:
		return Boolean
	case json.Number:
		if n := decimal.Parse(string(v)); n != nil && n.IsInt() {
			return Integer
		}
		return Number
	case []any:
		return Array
	case map[string]any:
		return Object
	}
	return Any
}

// composition handles allOf, oneOf and anyOf: allOf is merged (l.allOf),
// a oneOf or anyOf alone is a Union (l.union: one that is left with one
// member is that member), anything else is Unsupported. A oneOf is read
// as an anyOf: a value more than one member accepts is one the union
// accepts and the API refuses.
func (l *loader) composition(bs *base.Schema, at string) *Schema {
	plain := len(bs.Type) == 0 && (bs.Properties == nil || bs.Properties.Len() == 0) &&
		bs.Items == nil && bs.AdditionalProperties == nil && len(bs.Enum) == 0
	n := 0
	for _, list := range [][]*base.SchemaProxy{bs.AllOf, bs.OneOf, bs.AnyOf} {
		if len(list) > 0 {
			n++
		}
	}
	if plain && n == 1 {
		if len(bs.AllOf) > 0 {
			return l.allOf(bs, at)
		}
		members, word := bs.OneOf, "oneOf"
		if len(bs.AnyOf) > 0 {
			members, word = bs.AnyOf, "anyOf"
		}
		u := l.union(members, at+"/"+word)
		if u.Kind == Unsupported {
			return u
		}
		if bs.Description != "" {
			u.Description = bs.Description
		}
		if bs.Title != "" {
			u.Title = bs.Title
		}
		if bs.Default != nil {
			u.Default = raw(bs.Default)
		}
		if isTrue(bs.Nullable) && u.Kind != Any {
			u.Nullable = true
		}
		if isTrue(bs.Deprecated) {
			u.Deprecated = true
		}
		// `{allOf: [{$ref: Id}], readOnly: true}`: the id the server
		// assigns, not a field of the Id model.
		if isTrue(bs.ReadOnly) {
			u.ReadOnly = true
		}
		if isTrue(bs.WriteOnly) {
			u.WriteOnly = true
		}
		return u
	}
	switch {
	case len(bs.AllOf) > 0 && len(bs.OneOf) == 0 && len(bs.AnyOf) == 0:
		return l.allOf(bs, at)
	case !plain && len(bs.OneOf) > 0:
		return teach("oneOf next to type, properties, items or enum", at, "oneOf with sibling keywords")
	case !plain && len(bs.AnyOf) > 0:
		return teach("anyOf next to type, properties, items or enum", at, "anyOf with sibling keywords")
	case len(bs.OneOf) > 0 && len(bs.AnyOf) > 0:
		return teach("oneOf and anyOf together", at, "oneOf with anyOf")
	}
	return teach("allOf with oneOf or anyOf", at, "allOf of unions")
}

// union reads the members of a oneOf or anyOf, at its pointer: a member
// {type: null} makes the union nullable, as does a nullable member (which
// loses its null); a nested union is flattened; a member that accepts
// anything makes the union Any, and one that is Unsupported makes it
// that. A union left with one member is that member.
func (l *loader) union(members []*base.SchemaProxy, at string) *Schema {
	u := &Schema{Kind: Union}
	add := func(v *Schema) {
		if v.Nullable {
			u.Nullable = true
			c := *v
			c.Nullable = false
			v = &c
		}
		u.Variants = append(u.Variants, v)
	}
	for i, m := range members {
		if isNullSchema(m) {
			u.Nullable = true
			continue
		}
		v := l.schema(m, at+"/"+strconv.Itoa(i))
		switch {
		case v.Kind == Unsupported:
			return v
		case v.Kind == Any && !v.Cycle && (len(v.Required) > 0 || v.MinProperties != nil || v.MaxProperties != nil):
			// `oneOf: [{required: [a]}, {required: [b]}]` constrains the
			// object next to it; it is not a member that takes anything.
			return teach("member "+strconv.Itoa(i)+" constrains without a type", at, "untyped union members")
		case v.Kind == Any && !v.Cycle:
			return &Schema{Kind: Any}
		case v.Kind == Union:
			u.Nullable = u.Nullable || v.Nullable
			for _, w := range v.Variants {
				add(w)
			}
		default:
			add(v)
		}
	}
	switch len(u.Variants) {
	case 0:
		return teach("a union of null alone", at, "the null type")
	case 1:
		v := *u.Variants[0]
		v.Nullable = u.Nullable
		return &v
	}
	return u
}

// isNullSchema reports a member written {type: null} (or [null]).
func isNullSchema(m *base.SchemaProxy) bool {
	if m == nil || m.IsReference() {
		return false
	}
	ms := m.Schema()
	return ms != nil && len(ms.Type) == 1 && ms.Type[0] == "null"
}

func isTrue(b *bool) bool { return b != nil && *b }

// own copies a value the library points into: a pointer into its model
// keeps the whole parsed document alive (hundreds of megabytes for
// GitHub's) for as long as the normalized view lives.
func own[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
