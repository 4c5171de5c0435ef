package check

import (
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolspec/toolspec/internal/decimal"
	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/model"
)

func (c *checker) row(r *ast.Row) *model.Field {
	f := c.arena.NewField()
	*f = model.Field{
		Pos:      c.at(r.Pos),
		Name:     r.Name.Value(),
		Required: r.Presence == "required",
	}
	if r.Description != nil {
		f.Description = r.Description.Value()
	}
	switch f.Name {
	case "":
		c.report(diag.PropertyNameEmpty, r.Pos)
	case "__proto__":
		// JavaScript objects treat this key specially: ajv does not enforce
		// its schema and plain-object servers cannot read it.
		c.report(diag.PropertyProto, r.Pos)
	}
	var typeMods []*ast.Modifier
	for _, m := range r.Mods {
		switch m.Keyword {
		case "from":
			if words := descriptor.Lookup("from").Words; !slices.Contains(words, m.Word) {
				c.report(diag.FromUnknown, m.Pos, f.Name, m.Word, didYouMean(m.Word, words))
			} else if f.From != "" {
				c.report(diag.FromRepeated, m.Pos, f.Name)
			}
			f.From = m.Word
		case "as":
			if f.APIName != "" {
				c.report(diag.AsRepeated, m.Pos, f.Name)
			}
			f.APIName = m.Text.Value()
			if f.APIName == "" {
				c.report(diag.AsEmpty, m.Text.Pos, f.Name)
			}
		default:
			typeMods = append(typeMods, m)
		}
	}
	f.Type = c.typ(r.Kind, typeMods, f.Name)
	return f
}

// typ checks a kind with its modifiers. what names the row for messages.
func (c *checker) typ(k *ast.Kind, mods []*ast.Modifier, what string) *model.Type {
	t := c.arena.NewType()
	t.Pos = c.at(k.Pos)
	errorsBefore := c.errorCount()
	defer func() {
		if c.errorCount() > errorsBefore {
			c.markBroken(t)
		}
	}()
	switch {
	case k.Scalar != "":
		t.Kind = descriptor.KindOf(k.Scalar)
	case k.Enum != nil:
		t.Kind = model.Enum
		c.enum(t, k.Enum, what)
	case k.Array != nil:
		t.Kind = model.Array
		t.Elem = c.typ(k.Array.Kind, k.Array.Mods, what+"[]")
	case k.Tuple != nil:
		t.Kind = model.Tuple
		if len(k.Tuple.Items) > 0 {
			t.Items = make([]*model.Type, 0, len(k.Tuple.Items))
		}
		for i, it := range k.Tuple.Items {
			t.Items = append(t.Items, c.typ(it.Kind, it.Mods, what+"["+strconv.Itoa(i)+"]"))
		}
	case k.Union != nil:
		t.Kind = model.Union
		c.union(t, k.Union, what)
	case k.Object != nil:
		t.Kind = model.Object
		t.Fields = c.items(k.Object.Items, nil)
		t.Group = c.wholeGroup(k.Object.Items, t.Fields)
	case k.Unknown != "":
		c.report(diag.UnknownKind, k.Pos, what, k.Unknown, didYouMean(k.Unknown, kindWords))
		t.Kind = model.Any
		// The modifiers were meant for the kind intended: checking them
		// against any would only add errors that go away with the typo.
		return t
	case k.Map != nil:
		t.Kind = model.Map
		t.Elem = c.typ(k.Map.Kind, k.Map.Mods, what+"{}")
	}
	c.modifiers(t, mods, what)
	return t
}

var kindWords = descriptor.KindKeywords()

// union checks a union's variants: two at least, none any (the union
// would be any) or nullable (the union is, as a whole), no two alike.
// A variant is named what|i (from 0) in messages and reports.
func (c *checker) union(t *model.Type, u *ast.UnionKind, what string) {
	if len(u.Variants) < 2 {
		c.report(diag.UnionTooFew, u.Pos, what, len(u.Variants))
	}
	t.Variants = make([]*model.Type, 0, len(u.Variants))
	for i, v := range u.Variants {
		vt := c.typ(v.Kind, v.Mods, what+"|"+strconv.Itoa(i))
		switch {
		case vt.Kind == model.Any && v.Kind.Unknown == "":
			c.report(diag.UnionVariantAny, v.Pos, what, i)
		case vt.Nullable:
			c.report(diag.UnionVariantNullable, v.Pos, what, i)
		}
		for j, w := range t.Variants {
			if model.Equal(vt, w) {
				c.report(diag.UnionVariantRepeated, v.Pos, what, i, j)
				break
			}
		}
		t.Variants = append(t.Variants, vt)
	}
}

func (c *checker) enum(t *model.Type, e *ast.EnumKind, what string) {
	if len(e.Values) == 0 {
		c.report(diag.EnumEmpty, e.Pos, what)
		return
	}
	seen := make(map[model.EnumValue]bool, len(e.Values))
	t.Enum = make([]model.EnumValue, 0, len(e.Values))
	var ints, strs int
	for _, v := range e.Values {
		var ev model.EnumValue
		switch {
		case v.Number != "":
			n, err := strconv.ParseInt(v.Number, 10, 64)
			if err != nil {
				c.report(diag.EnumValueOutOfRange, v.Pos, what, clipText(v.Number))
				continue
			}
			ev = model.EnumValue{IsInt: true, Int: n}
			ints++
		case v.Quoted != nil:
			ev = model.EnumValue{Str: v.Quoted.Value()}
			strs++
		default:
			ev = model.EnumValue{Str: v.Ident}
			strs++
		}
		key := enumKey(ev)
		if seen[key] {
			c.report(diag.EnumValueRepeated, v.Pos, what, ev.JSON())
			continue
		}
		seen[key] = true
		t.Enum = append(t.Enum, ev)
	}
	if len(t.Enum) == 0 {
		t.Enum = nil // as before preallocating
	}
	if ints > 0 && strs > 0 {
		c.report(diag.EnumMixed, e.Pos, what)
	}
}

// enumKey returns a key that two enum values share exactly when their
// JSON texts are equal, without writing the JSON: encoding/json is one to
// one on integers and on valid UTF-8 strings, but writes every byte that is
// not UTF-8 as the same \ufffd (unlike the character U+FFFD itself). The key
// writes every such byte as 0xff, which is never UTF-8 either.
func enumKey(ev model.EnumValue) model.EnumValue {
	if ev.IsInt || utf8.ValidString(ev.Str) {
		return ev
	}
	var b strings.Builder
	for i := 0; i < len(ev.Str); {
		r, size := utf8.DecodeRuneInString(ev.Str[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteByte(0xff)
		} else {
			b.WriteString(ev.Str[i : i+size])
		}
		i += size
	}
	return model.EnumValue{Str: b.String()}
}

func (c *checker) modifiers(t *model.Type, mods []*ast.Modifier, what string) {
	seen := map[string]bool{}
	var numbers *ast.Modifier // the first modifier with a number operand
	for _, m := range mods {
		name := m.Name()
		d := descriptor.Lookup(name)
		if d == nil || !d.Fits(t.Kind) {
			c.report(diag.ModifierMisfit, m.Pos, what, article(name), t.Kind)
			continue
		}
		if seen[name] && !d.Repeatable {
			c.report(diag.ModifierTwice, m.Pos, what, name)
			continue
		}
		seen[name] = true
		if d.Operand == descriptor.NumberOperand {
			if numbers == nil {
				numbers = m
			}
			*t.NumberModifier(m.Keyword) = c.numberMod(t, m, what)
			continue
		}
		switch name {
		case "nullable":
			if t.Kind == model.Any {
				c.report(diag.NullableAny, m.Pos, what)
			}
			t.Nullable = true
		case "range":
			c.rangeMod(t, m.Range, what)
		case "pattern":
			p := m.Text.Value()
			if p == "" {
				c.report(diag.PatternEmpty, m.Pos, what)
			} else if v := c.pattern(p); v.problem != "" {
				c.report(diag.PatternNotPortable, m.Text.Pos, what, v.problem)
			} else if v.why != "" {
				c.report(diag.PatternBacktracks, m.Text.Pos, what, clipText(strconv.Quote(p)), clipText(v.part), v.why)
				t.Backtracks = v.part
			}
			t.Pattern = &p
		case "format":
			t.Format = m.Word
			if !slices.Contains(descriptor.AssertedFormats, m.Word) {
				c.report(diag.FormatUnknown, m.Pos, what, m.Word, didYouMean(m.Word, descriptor.AssertedFormats))
			}
		case "default":
			c.float64Range(m.JSON, what, diag.DefaultOutOfRange)
			t.Default = c.json(m.JSON)
		case "example":
			c.float64Range(m.JSON, what, diag.ExampleOutOfRange)
			t.Examples = append(t.Examples, c.json(m.JSON))
		case "unique":
			t.Unique = true
		case "deprecated":
			t.Deprecated = true
		case "open":
			t.Open = true
		}
	}
	if numbers != nil {
		c.interval(t, numbers.Pos, what)
	}
}

// numberMod checks the operand of above, below or multiple_of.
func (c *checker) numberMod(t *model.Type, m *ast.Modifier, what string) *model.Num {
	n := c.number(t, m.Pos, what, m.Keyword, m.Number)
	if n != nil && m.Keyword == "multiple_of" && n.Rat.Sign() <= 0 {
		c.report(diag.MultipleOfNotPositive, m.Pos, what, clipText(m.Number))
		return nil
	}
	return n
}

// interval reports bounds that leave no value of t's kind: an empty or
// one-point open interval (above 5 below 5, 0..3 above 3), and, on
// integers or with multiple_of, an interval that holds no whole number or
// no multiple (above 5 below 6 on integer, 1..4 multiple_of 5). Arithmetic
// is exact. Inclusive bounds alone are checked by rangeMod.
func (c *checker) interval(t *model.Type, pos ast.Position, what string) {
	lo, loOpen := t.Min, false
	if e := t.ExclusiveMin; e != nil && (lo == nil || e.Cmp(lo) >= 0) {
		lo, loOpen = e, true
	}
	hi, hiOpen := t.Max, false
	if e := t.ExclusiveMax; e != nil && (hi == nil || e.Cmp(hi) <= 0) {
		hi, hiOpen = e, true
	}
	if lo == nil || hi == nil || t.Min != nil && t.Max != nil && t.Min.Cmp(t.Max) > 0 {
		return // unbounded, or reported as min > max
	}
	step := t.MultipleOf
	if step == nil && t.Kind == model.Integer {
		step = model.NewNum("1")
	}
	low := lo.Rat // the least value allowed, if any
	if step != nil {
		// The least multiple of step at or above lo (above it when open).
		q := new(big.Rat).Quo(lo.Rat, step.Rat)
		k := new(big.Int).Div(q.Num(), q.Denom()) // floor
		if !q.IsInt() || loOpen {
			k.Add(k, big.NewInt(1))
		}
		low = new(big.Rat).Mul(new(big.Rat).SetInt(k), step.Rat)
		loOpen = false
	}
	if cmp := low.Cmp(hi.Rat); cmp > 0 || cmp == 0 && (loOpen || hiOpen) {
		c.report(diag.IntervalEmpty, pos, what, t.Kind, boundsText(t))
	}
}

// boundsText writes t's numeric bounds as a spec writes them.
func boundsText(t *model.Type) string {
	var parts []string
	if t.Min != nil || t.Max != nil {
		r := ".."
		if t.Min != nil {
			r = clipText(t.Min.Text) + r
		}
		if t.Max != nil {
			r += clipText(t.Max.Text)
		}
		parts = append(parts, r)
	}
	for _, d := range descriptor.Modifiers {
		if d.Operand == descriptor.NumberOperand {
			if n := *t.NumberModifier(d.Keyword); n != nil {
				parts = append(parts, d.Keyword+" "+clipText(n.Text))
			}
		}
	}
	return strings.Join(parts, " ")
}

// float64Range reports the numbers in a default or example that float64,
// which most JSON readers hold numbers in, cannot: past 1e308 (Go's
// encoding/json refuses them, JavaScript reads Infinity) or so small they
// read as 0. A fixture may hold such numbers: it tests what a server does
// with them.
func (c *checker) float64Range(v *ast.JSON, what string, d *diag.Def) {
	switch {
	case v.Object != nil:
		for _, m := range v.Object.Members {
			c.float64Range(m.Value, what, d)
		}
	case v.Array != nil:
		for _, it := range v.Array.Items {
			c.float64Range(it, what, d)
		}
	case v.Number != "":
		if !decimal.InFloat64Range(v.Number) {
			c.report(d, v.Pos, what, clipText(v.Number))
		}
	}
}

func article(mod string) string {
	switch mod {
	case "range":
		return "a range"
	case "pattern", "format", "default", "example":
		return "a " + mod
	}
	return mod
}

func (c *checker) rangeMod(t *model.Type, r *ast.Range, what string) {
	if r.Min == "" && r.Max == "" {
		c.report(diag.RangeEmpty, r.Pos, what)
		return
	}
	minKey, maxKey := t.Kind.BoundKeywords()
	t.Min = c.number(t, r.Pos, what, minKey, r.Min)
	t.Max = c.number(t, r.Pos, what, maxKey, r.Max)
	if t.Min != nil && t.Max != nil && t.Min.Cmp(t.Max) > 0 {
		c.report(diag.RangeMinAboveMax, r.Pos, what, minKey, clipText(r.Min), maxKey, clipText(r.Max))
	}
}

// number checks a number in a bound of t (a range's end, above, below,
// multiple_of), named word in messages: it must be one float64 holds, a
// whole number on integer, and, for counts (lengths, items, properties), a
// non-negative int64. It returns nil after an error, and for "".
func (c *checker) number(t *model.Type, at ast.Position, what, word, text string) *model.Num {
	counts := !t.Kind.Numeric()
	if text == "" {
		return nil
	}
	n := c.arena.NewNum(text)
	text = clipText(text) // for messages: a number may be megabytes long
	if n == nil {
		// The lexer only makes JSON numbers: this one is too big or
		// too small for the readers on the other side of the wire.
		c.report(diag.RangeOutOfRange, at, what, word, text)
		return nil
	}
	f, exact := n.Float64()
	switch {
	case math.IsInf(f, 0) || f == 0 && n.Rat.Sign() != 0:
		c.report(diag.RangeOutOfRange, at, what, word, text)
		return nil
	case n.IsInt() && !exact && t.Kind == model.Integer:
		// On a number row a large bound is just a float: no warning.
		c.report(diag.RangeBeyondFloat64Integers, at, what, word, text, shortFloat(f))
	}
	switch {
	case t.Kind == model.Integer && !n.IsInt():
		c.report(diag.RangeFractionOnInteger, at, what, word, text)
		return nil
	case counts && !n.IsInt():
		c.report(diag.RangeFractionOnCount, at, what, word, text)
		return nil
	case counts && n.Rat.Sign() < 0:
		c.report(diag.RangeNegativeCount, at, what, word, text)
		return nil
	case counts && !n.Rat.Num().IsInt64():
		c.report(diag.RangeTooLarge, at, what, word, text)
		return nil
	}
	return n
}

// shortFloat writes f as JavaScript prints it: digits below 1e21, the
// shortest exponent form past it (1e300, never 301 digits).
func shortFloat(f float64) string {
	if math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strings.Replace(strconv.FormatFloat(f, 'g', -1, 64), "e+", "e", 1)
}

// formatNames are the format names `format` may take without a warning:
// those toolspec asserts.
var formatNames = descriptor.AssertedFormats
