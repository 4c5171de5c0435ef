package check

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/model"
)

func (c *checker) row(r *ast.Row) *model.Field {
	f := c.arena.NewField()
	*f = model.Field{
		Pos:      pos(r.Pos),
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
		switch {
		case m.From != "":
			if !validFrom[m.From] {
				c.report(diag.FromUnknown, m.Pos, f.Name, m.From, didYouMean(m.From, []string{"path", "query", "body", "header"}))
			} else if f.From != "" {
				c.report(diag.FromRepeated, m.Pos, f.Name)
			}
			f.From = m.From
		case m.As != nil:
			if f.APIName != "" {
				c.report(diag.AsRepeated, m.Pos, f.Name)
			}
			f.APIName = m.As.Value()
			if f.APIName == "" {
				c.report(diag.AsEmpty, m.As.Pos, f.Name)
			}
		default:
			typeMods = append(typeMods, m)
		}
	}
	f.Type = c.typ(r.Kind, typeMods, f.Name)
	return f
}

var validFrom = map[string]bool{"path": true, "query": true, "body": true, "header": true}

// typ checks a kind with its modifiers. what names the row for messages.
func (c *checker) typ(k *ast.Kind, mods []*ast.Modifier, what string) *model.Type {
	t := c.arena.NewType()
	t.Pos = pos(k.Pos)
	errorsBefore := c.errorCount()
	defer func() {
		if c.errorCount() > errorsBefore {
			c.broken[t] = true
		}
	}()
	switch {
	case k.Scalar != "":
		t.Kind = scalarKinds[k.Scalar]
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
	case k.Object != nil:
		t.Kind = model.Object
		t.Fields = c.items(k.Object.Items, nil)
	case k.Unknown != "":
		c.report(diag.UnknownKind, k.Pos, what, k.Unknown, didYouMean(k.Unknown, ast.Kinds))
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

var scalarKinds = map[string]model.Kind{
	"string": model.String, "integer": model.Integer, "number": model.Number,
	"boolean": model.Boolean, "any": model.Any,
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
				c.report(diag.EnumValueOutOfRange, v.Pos, what, v.Number)
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

// fits says which modifiers a kind takes.
func fits(mod string, k model.Kind) bool {
	switch mod {
	case "range":
		return k == model.String || k == model.Integer || k == model.Number || k == model.Array || k == model.Map
	case "pattern", "format":
		return k == model.String
	case "unique":
		return k == model.Array
	case "open":
		return k == model.Object
	case "from", "as":
		return false // only rows take them; see row
	}
	return true // nullable, default, example, deprecated
}

func (c *checker) modifiers(t *model.Type, mods []*ast.Modifier, what string) {
	seen := map[string]bool{}
	for _, m := range mods {
		name := m.Name()
		if !fits(name, t.Kind) {
			c.report(diag.ModifierMisfit, m.Pos, what, article(name), t.Kind)
			continue
		}
		if seen[name] && name != "example" {
			c.report(diag.ModifierTwice, m.Pos, what, name)
			continue
		}
		seen[name] = true
		switch {
		case m.Nullable:
			if t.Kind == model.Any {
				c.report(diag.NullableAny, m.Pos, what)
			}
			t.Nullable = true
		case m.Range != nil:
			c.rangeMod(t, m.Range, what)
		case m.Pattern != nil:
			p := m.Pattern.Value()
			if p == "" {
				c.report(diag.PatternEmpty, m.Pos, what)
			} else if msg := c.patternProblem(p); msg != "" {
				c.report(diag.PatternNotPortable, m.Pattern.Pos, what, msg)
			}
			t.Pattern = &p
		case m.Format != "":
			t.Format = m.Format
			if !knownFormats[m.Format] {
				c.report(diag.FormatUnknown, m.Pos, what, m.Format, didYouMean(m.Format, formatNames))
			}
		case m.Default != nil:
			c.float64Range(m.Default, what, diag.DefaultOutOfRange)
			t.Default = c.json(m.Default)
		case m.Example != nil:
			c.float64Range(m.Example, what, diag.ExampleOutOfRange)
			t.Examples = append(t.Examples, c.json(m.Example))
		case m.Unique:
			t.Unique = true
		case m.Deprecated:
			t.Deprecated = true
		case m.Open:
			t.Open = true
		}
	}
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
		f, err := strconv.ParseFloat(v.Number, 64)
		if err != nil || f == 0 && strings.Trim(strings.SplitN(strings.ToLower(v.Number), "e", 2)[0], "-0.") != "" {
			c.report(d, v.Pos, what, v.Number)
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
	counts := t.Kind != model.Integer && t.Kind != model.Number
	bound := func(text, word string) *model.Num {
		if text == "" {
			return nil
		}
		n := c.arena.NewNum(text)
		if n == nil {
			// The lexer only makes JSON numbers: this one is too big or
			// too small for the readers on the other side of the wire.
			c.report(diag.RangeOutOfRange, r.Pos, what, word, text)
			return nil
		}
		f, exact := float64Of(n)
		switch {
		case math.IsInf(f, 0) || f == 0 && n.Rat.Sign() != 0:
			c.report(diag.RangeOutOfRange, r.Pos, what, word, text)
			return nil
		case n.IsInt() && !exact && !counts:
			c.report(diag.RangeBeyondFloat64Integers, r.Pos, what, word, text, new(big.Float).SetFloat64(f).Text('f', 0))
		}
		switch {
		case t.Kind == model.Integer && !n.IsInt():
			c.report(diag.RangeFractionOnInteger, r.Pos, what, word, text)
			return nil
		case counts && !n.IsInt():
			c.report(diag.RangeFractionOnCount, r.Pos, what, word, text)
			return nil
		case counts && n.Rat.Sign() < 0:
			c.report(diag.RangeNegativeCount, r.Pos, what, word, text)
			return nil
		case counts && !n.Rat.Num().IsInt64():
			c.report(diag.RangeTooLarge, r.Pos, what, word, text)
			return nil
		}
		return n
	}
	t.Min = bound(r.Min, minKey)
	t.Max = bound(r.Max, maxKey)
	if t.Min != nil && t.Max != nil && t.Min.Cmp(t.Max) > 0 {
		c.report(diag.RangeMinAboveMax, r.Pos, what, minKey, r.Min, maxKey, r.Max)
	}
}

// float64Of is n.Rat.Float64(), without its allocations for the integers
// that float64 holds exactly.
func float64Of(n *model.Num) (float64, bool) {
	if n.Rat.IsInt() && n.Rat.Num().IsInt64() {
		if v := n.Rat.Num().Int64(); -1<<53 <= v && v <= 1<<53 {
			return float64(v), true
		}
	}
	return n.Rat.Float64()
}

var formatNames = []string{
	"date-time", "date", "time", "duration", "email", "idn-email", "hostname",
	"idn-hostname", "ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference",
	"uuid", "uri-template", "json-pointer", "relative-json-pointer", "regex",
}

var knownFormats = func() map[string]bool {
	m := map[string]bool{}
	for _, f := range formatNames {
		m[f] = true
	}
	return m
}()
