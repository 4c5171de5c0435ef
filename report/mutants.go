package report

import (
	"encoding/json"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/internal/decimal"
	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// The mutation operators, declared with the kinds and modifiers they come
// from in lang/descriptor. Each makes one-row mutants of the checked model.
const (
	OpDropMin         = descriptor.OpDropMin
	OpDropMax         = descriptor.OpDropMax
	OpWidenMin        = descriptor.OpWidenMin
	OpWidenMax        = descriptor.OpWidenMax
	OpDropPattern     = descriptor.OpDropPattern
	OpDropEnumValue   = descriptor.OpDropEnumValue
	OpAddEnumValue    = descriptor.OpAddEnumValue
	OpFlipRequired    = descriptor.OpFlipRequired
	OpFlipNullable    = descriptor.OpFlipNullable
	OpOpenObject      = descriptor.OpOpenObject
	OpIntegerToNumber = descriptor.OpIntegerToNumber
	OpDropRow         = descriptor.OpDropRow
	OpDropUnique      = descriptor.OpDropUnique
	OpDropTupleMember = descriptor.OpDropTupleMember
	OpDropVariant     = descriptor.OpDropVariant
)

// Operators lists every operator.
var Operators = descriptor.Operators

// mutant is one change to one row (or element type) of the model.
type mutant struct {
	op, where, desc string
	// keyword is the JSON Schema keyword the mutant changes; field is the
	// row of a row mutant (flip required, drop row), typ the type of any
	// other: what a `survives` line is matched against.
	keyword string
	field   *model.Field
	typ     *model.Type
	// swap returns the replacement of a node of a schema tree, or nil to
	// keep it (and look below it).
	swap    func(*model.Type) *model.Type
	touches []target
	// at are the types swap replaces: the type itself, or every object
	// holding the mutated row. nodes are the same lifted out of unions
	// (unions.go): where a fixture's value is judged again.
	at    []*model.Type
	nodes []*model.Type
}

// apply rebuilds root with swap applied, copying only the path to each
// replaced node; the spec's own model is never changed.
func apply(t *model.Type, swap func(*model.Type) *model.Type) *model.Type {
	return applyAlong(t, swap, nil)
}

// applyAlong is apply that looks only below the types of along (when
// not nil): the replaced nodes and their ancestors. A mutant then costs
// the depth of its node, not the size of its tool: a tool of 60 000 types
// has about as many mutants (Figma's imported getFile).
func applyAlong(t *model.Type, swap func(*model.Type) *model.Type, along map[*model.Type]bool) *model.Type {
	if t == nil || along != nil && !along[t] {
		return t
	}
	if r := swap(t); r != nil {
		return r
	}
	var c *model.Type
	clone := func() {
		if c == nil {
			cc := *t
			c = &cc
		}
	}
	if e := applyAlong(t.Elem, swap, along); e != t.Elem {
		clone()
		c.Elem = e
	}
	for i, it := range t.Items {
		if e := applyAlong(it, swap, along); e != it {
			clone()
			if &c.Items[0] == &t.Items[0] {
				c.Items = slices.Clone(t.Items)
			}
			c.Items[i] = e
		}
	}
	for i, v := range t.Variants {
		if e := applyAlong(v, swap, along); e != v {
			clone()
			if &c.Variants[0] == &t.Variants[0] {
				c.Variants = slices.Clone(t.Variants)
			}
			c.Variants[i] = e
		}
	}
	for i, f := range t.Fields {
		if e := applyAlong(f.Type, swap, along); e != f.Type {
			clone()
			if &c.Fields[0] == &t.Fields[0] {
				c.Fields = slices.Clone(t.Fields)
			}
			nf := *f
			nf.Type = e
			c.Fields[i] = &nf
		}
	}
	if c == nil {
		return t
	}
	return c
}

// mutants makes every candidate mutant, in spec order. A row of a group is
// mutated once and touches every tool that uses it.
func (s *suite) mutants() []*mutant {
	for tg, root := range s.roots {
		if s.emitted[tg] == nil {
			s.emitted[tg] = schema.Type(root)
		}
	}
	touchT := map[*model.Type][]target{}
	touchF := map[*model.Field][]target{}
	parents := map[*model.Field][]*model.Type{}
	s.up = map[*model.Type][]*model.Type{}
	var index func(t *model.Type, tg target)
	index = func(t *model.Type, tg target) {
		if t == nil {
			return
		}
		if !slices.Contains(touchT[t], tg) {
			touchT[t] = append(touchT[t], tg)
		}
		t.Children(func(f *model.Field, _ int, c *model.Type) {
			if c != nil && !slices.Contains(s.up[c], t) {
				s.up[c] = append(s.up[c], t)
			}
			if f != nil {
				if !slices.Contains(touchF[f], tg) {
					touchF[f] = append(touchF[f], tg)
				}
				if !slices.Contains(parents[f], t) {
					parents[f] = append(parents[f], t)
				}
			}
			index(c, tg)
		})
	}
	var order []target
	for i, t := range s.cat.Tools {
		order = append(order, target{i, false})
		if t.Output != nil {
			order = append(order, target{i, true})
		}
	}
	for _, tg := range order {
		index(s.roots[tg], tg)
	}

	var out []*mutant
	seenT := map[*model.Type]bool{}
	seenF := map[*model.Field]bool{}
	var walk func(t *model.Type, where string)
	walk = func(t *model.Type, where string) {
		if t == nil || seenT[t] {
			return
		}
		seenT[t] = true
		for _, m := range s.typeMutants(t, where) {
			m.touches, m.at = touchT[t], []*model.Type{t}
			out = append(out, m)
		}
		eachChild(t, where, func(f *model.Field, child *model.Type, cw string) {
			if f != nil && !seenF[f] {
				seenF[f] = true
				for _, m := range fieldMutants(f, cw) {
					m.touches, m.at = touchF[f], parents[f]
					out = append(out, m)
				}
			}
			walk(child, cw)
		})
	}
	for _, tg := range order {
		dir := " in"
		if tg.out {
			dir = " out"
		}
		walk(s.roots[tg], quoteName(s.cat.Tools[tg.tool].Name)+dir)
	}
	s.onlyInUnions()
	for _, m := range out {
		m.nodes = liftNodes(s.liftTuples(m.at), s.lift, s.plain)
	}
	s.touchT = touchT
	return out
}

// eachChild calls visit on each type directly below t with the name the
// report gives it: a row (f set) as where.name, or group g.name when it
// came from a group; array items where[], map values where{}, tuple
// members where[i].
func eachChild(t *model.Type, where string, visit func(f *model.Field, child *model.Type, where string)) {
	switch t.Kind {
	case model.Object:
		for _, f := range t.Fields {
			fw := where + "." + f.Name
			if f.Group != "" {
				fw = "group " + quoteName(f.Group) + "." + f.Name
			}
			visit(f, f.Type, fw)
		}
	case model.Array:
		visit(nil, t.Elem, where+"[]")
	case model.Map:
		visit(nil, t.Elem, where+"{}")
	case model.Tuple:
		for i, it := range t.Items {
			visit(nil, it, where+"["+strconv.Itoa(i)+"]")
		}
	case model.Union:
		for i, v := range t.Variants {
			visit(nil, v, where+"|"+strconv.Itoa(i))
		}
	case model.String, model.Integer, model.Number, model.Boolean, model.Any, model.Enum:
		// No children.
	}
}

// replaceType is a swap that replaces one node by a changed copy. The
// copy is made when the mutant runs, not when it is made: a mutant list
// that held them would hold, for an enum of k values, k copies of k-1
// values (Stripe's 2.3 MB import: 135 MB of 168 MB live), so memory
// grew with the square of an enum (TestMutantsHoldNoCopies).
func replaceType(t *model.Type, change func(c *model.Type)) func(*model.Type) *model.Type {
	return func(x *model.Type) *model.Type {
		if x != t {
			return nil
		}
		c := *t
		change(&c)
		return &c
	}
}

func (s *suite) typeMutants(t *model.Type, where string) []*mutant {
	var out []*mutant
	add := func(op, desc string, change func(c *model.Type)) {
		out = append(out, &mutant{op: op, where: where, desc: desc, swap: replaceType(t, change),
			keyword: descriptor.MutatedKeyword(op, t.Kind), typ: t})
	}
	minKey, maxKey := t.Kind.BoundKeywords()
	counts := t.Kind != model.Integer && t.Kind != model.Number
	// A count bound of 0 (minLength, minItems, minProperties) excludes
	// nothing: dropping it changes the bytes but not what is accepted, so
	// no test could kill it.
	if minKey != "" && t.Min != nil && !(counts && t.Min.Rat.Sign() == 0) {
		add(OpDropMin, minKey+" "+t.Min.Text+" dropped", func(c *model.Type) { c.Min = nil })
		if lower := addNum(t.Min, -1); !counts || lower.Rat.Sign() >= 0 {
			add(OpWidenMin, minKey+" "+t.Min.Text+" widened to "+lower.Text, func(c *model.Type) { c.Min = lower })
		}
	}
	if maxKey != "" && t.Max != nil {
		add(OpDropMax, maxKey+" "+t.Max.Text+" dropped", func(c *model.Type) { c.Max = nil })
		higher := addNum(t.Max, 1)
		add(OpWidenMax, maxKey+" "+t.Max.Text+" widened to "+higher.Text, func(c *model.Type) { c.Max = higher })
	}
	for _, d := range descriptor.Modifiers {
		if d.Operand != descriptor.NumberOperand {
			continue
		}
		n := *t.NumberModifier(d.Keyword)
		if n == nil {
			continue
		}
		add(d.Mutants[0], d.Keyword+" "+n.Text+" dropped", func(c *model.Type) { *c.NumberModifier(d.Keyword) = nil })
		if w := widened(t, n, d.Widen); w != nil {
			add(d.Mutants[1], d.Keyword+" "+n.Text+" widened to "+w.Text, func(c *model.Type) { *c.NumberModifier(d.Keyword) = w })
		}
	}
	if slices.Contains(descriptor.AssertedFormats, t.Format) {
		add(descriptor.OpDropFormat, "format "+t.Format+" dropped", func(c *model.Type) { c.Format = "" })
	}
	if t.Pattern != nil {
		add(OpDropPattern, "pattern "+strconv.Quote(*t.Pattern)+" dropped", func(c *model.Type) { c.Pattern, c.Backtracks = nil, "" })
	}
	if t.Kind == model.Enum {
		if len(t.Enum) > 1 {
			for i, v := range t.Enum {
				add(OpDropEnumValue, "enum value "+v.JSON()+" dropped", func(c *model.Type) {
					c.Enum = slices.Delete(slices.Clone(t.Enum), i, i+1)
				})
			}
		}
		if v, ok := s.extraEnumValue(t); ok {
			add(OpAddEnumValue, "enum value "+v.JSON()+" added", func(c *model.Type) {
				c.Enum = append(slices.Clone(t.Enum), v)
			})
		}
	}
	// A tool's input or output object cannot be nullable in a spec.
	if t.Kind != model.Any && !strings.HasSuffix(where, " in") && !strings.HasSuffix(where, " out") {
		desc := "made nullable"
		if t.Nullable {
			desc = "made not nullable"
		}
		add(OpFlipNullable, desc, func(c *model.Type) { c.Nullable = !c.Nullable })
	}
	if t.Kind == model.Object && !t.Open {
		add(OpOpenObject, "object opened (additionalProperties:false dropped)", func(c *model.Type) { c.Open = true })
	}
	if t.Kind == model.Integer {
		add(OpIntegerToNumber, "integer changed to number", func(c *model.Type) { c.Kind = model.Number })
	}
	if t.Kind == model.Array && t.Unique {
		add(OpDropUnique, "uniqueItems dropped", func(c *model.Type) { c.Unique = false })
	}
	if t.Kind == model.Tuple && len(t.Items) > 0 {
		n := len(t.Items)
		add(OpDropTupleMember, "tuple member "+strconv.Itoa(n-1)+" dropped (length "+strconv.Itoa(n)+" → "+strconv.Itoa(n-1)+")",
			func(c *model.Type) { c.Items = slices.Clone(t.Items[:n-1]) })
	}
	if t.Kind == model.Union {
		for i := range t.Variants {
			add(OpDropVariant, "union variant "+strconv.Itoa(i)+" dropped",
				func(c *model.Type) { c.Variants = slices.Delete(slices.Clone(t.Variants), i, i+1) })
		}
	}
	return out
}

func fieldMutants(f *model.Field, where string) []*mutant {
	// Both swap a parent object holding f, wherever it is.
	inParent := func(change func(fields []*model.Field, i int) []*model.Field) func(*model.Type) *model.Type {
		return func(x *model.Type) *model.Type {
			if x.Kind != model.Object {
				return nil
			}
			i := slices.Index(x.Fields, f)
			if i < 0 {
				return nil
			}
			c := *x
			c.Fields = change(slices.Clone(x.Fields), i)
			return &c
		}
	}
	desc := "made optional"
	if !f.Required {
		desc = "made required"
	}
	return []*mutant{
		{op: OpFlipRequired, where: where, desc: desc, keyword: descriptor.MutatedKeyword(OpFlipRequired, f.Type.Kind), field: f, swap: inParent(func(fs []*model.Field, i int) []*model.Field {
			nf := *fs[i]
			nf.Required = !nf.Required
			fs[i] = &nf
			return fs
		})},
		{op: OpDropRow, where: where, desc: "row dropped", keyword: descriptor.MutatedKeyword(OpDropRow, f.Type.Kind), field: f, swap: inParent(func(fs []*model.Field, i int) []*model.Field {
			return slices.Delete(fs, i, i+1)
		})},
	}
}

// extraEnumValue picks the value the add-enum-value operator adds: the
// first value a fixture puts at this type that the enum lacks (so a test
// that rejects an outsider can kill it), else a made-up one. A value the
// union the enum is a variant of already takes (`union<string ..10,
// enum("")>` takes "a") is never picked: adding it would change nothing,
// a mutant no test can kill. When every made-up value is taken so, there
// is no such mutant.
func (s *suite) extraEnumValue(t *model.Type) (model.EnumValue, bool) {
	if len(t.Enum) == 0 {
		return model.EnumValue{}, false
	}
	isInt := t.Enum[0].IsInt
	taken := s.takenBesides(t)
	has := func(v model.EnumValue) bool { return slices.Contains(t.Enum, v) || taken(v) }
	for _, v := range s.values[t] {
		var ev model.EnumValue
		switch x := v.(type) {
		case string:
			if isInt {
				continue
			}
			ev = model.EnumValue{Str: x}
		case json.Number:
			n, err := x.Int64()
			if !isInt || err != nil {
				continue
			}
			ev = model.EnumValue{IsInt: true, Int: n}
		default:
			continue
		}
		if !has(ev) {
			return ev, true
		}
	}
	if isInt {
		m := t.Enum[0].Int
		for _, v := range t.Enum {
			m = max(m, v.Int)
		}
		for range 16 {
			if m++; !has(model.EnumValue{IsInt: true, Int: m}) {
				return model.EnumValue{IsInt: true, Int: m}, true
			}
		}
		return model.EnumValue{}, false
	}
	v := model.EnumValue{Str: "toolspec_mutant"}
	for range 16 {
		if !has(v) {
			return v, true
		}
		v.Str += "_"
	}
	return model.EnumValue{}, false
}

// takenBesides returns whether the unions t is a variant of (its parents
// in s.up that are unions) all take a value already; false for every
// value when t is no union's variant.
func (s *suite) takenBesides(t *model.Type) func(model.EnumValue) bool {
	var schemas []*validate.Schema
	for _, p := range s.up[t] {
		if p.Kind != model.Union {
			continue
		}
		sch, err := s.compile(schema.Type(p))
		if err != nil {
			return func(model.EnumValue) bool { return false }
		}
		schemas = append(schemas, sch)
	}
	return func(v model.EnumValue) bool {
		for _, sch := range schemas {
			if fails, err := sch.Validate([]byte(v.JSON())); err != nil || len(fails) > 0 {
				return false
			}
		}
		return len(schemas) > 0
	}
}

// widened returns the operand of a number modifier of t widened as w says,
// or nil when it cannot be (a multiple_of 1 on integer accepts every
// integer already).
func widened(t *model.Type, n *model.Num, w descriptor.Widening) *model.Num {
	switch w {
	case descriptor.Lower:
		return addNum(n, -1)
	case descriptor.Raise:
		return addNum(n, 1)
	case descriptor.Divide:
		d := int64(2)
		if t.Kind == model.Integer {
			d = leastPrimeFactor(n)
			if d == 1 {
				return nil
			}
		}
		return numOf(new(big.Rat).Quo(n.Rat, big.NewRat(d, 1)))
	}
	return nil
}

// leastPrimeFactor returns the least prime factor of a whole n, looked for
// below 1000 (n itself past that), and 1 for n = 1.
func leastPrimeFactor(n *model.Num) int64 {
	v := n.Rat.Num()
	if v.Cmp(big.NewInt(1)) <= 0 {
		return 1
	}
	for p := int64(2); p < 1000; p++ {
		if new(big.Int).Mod(v, big.NewInt(p)).Sign() == 0 {
			return p
		}
	}
	if v.IsInt64() {
		return v.Int64()
	}
	return 1
}

// addNum returns n+d as a Num with JSON text.
func addNum(n *model.Num, d int64) *model.Num {
	return numOf(new(big.Rat).Add(n.Rat, new(big.Rat).SetInt64(d)))
}

// numOf returns r, a terminating decimal, as a Num with its exact text.
// A number check would reject (beyond 10^±308) is kept as it is: the
// mutant is then INVALID, never a survivor (see invalidReason).
func numOf(r *big.Rat) *model.Num {
	text, ok := decimal.RatText(r)
	if !ok {
		return nil
	}
	if n := model.NewNum(text); n != nil {
		return n
	}
	return &model.Num{Text: text, Rat: r}
}
