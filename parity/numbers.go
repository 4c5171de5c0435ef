package parity

import (
	"encoding/json"
	"math"
	"math/big"

	"github.com/toolspec/toolspec/internal/decimal"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/openapi"
)

// bound is one end of a numeric interval; r is nil when there is none.
type bound struct {
	r    *big.Rat
	open bool // exclusive
	text string
}

// numbers compares what above, below and multiple_of say with the API:
// an exclusive bound on either side is compared with the other side's bound
// at that end, inclusive or not (on integers, as the whole numbers each
// admits: exclusiveMinimum 0 and 1.. agree); multipleOf exactly. Inclusive
// bounds on both sides are not compared (see the package doc).
func (c *checker) numbers(t *model.Tool, pos token.Pos, field string, s *openapi.Schema, typ *model.Type) {
	for _, end := range []struct {
		lower      bool
		api, spec  bound
		apiW, oneW string
	}{
		{true, apiBound(s.Min, s.ExclusiveMin), specBound(typ.Min, typ.ExclusiveMin, true), "minimum", "lower bound"},
		{false, apiBound(s.Max, s.ExclusiveMax), specBound(typ.Max, typ.ExclusiveMax, false), "maximum", "upper bound"},
	} {
		if !end.api.open && !end.spec.open {
			continue
		}
		if !sameBound(end.api, end.spec, end.lower, typ.Kind == model.Integer) {
			c.add(pos, t.Name, field, describeBound(end.api, end.apiW, end.oneW, true, end.lower),
				describeBound(end.spec, end.apiW, end.oneW, false, end.lower))
		}
	}
	c.multipleOf(t, pos, field, s, typ)
}

// multipleOf compares multipleOf with multiple_of as the values each
// admits: exactly on numbers; on integers, multipleOf p/q (lowest terms)
// admits the multiples of p, so 1.5 and multiple_of 3 agree, and 0.5 or 1
// constrains nothing. A multipleOf no reader can take (0, -2, 1e-400) is
// a warning about the document, and not compared.
func (c *checker) multipleOf(t *model.Tool, pos token.Pos, field string, s *openapi.Schema, typ *model.Type) {
	var api, spec *big.Rat
	if m := s.MultipleOf; m != "" {
		n := decimal.Parse(string(m))
		var f float64
		if n != nil {
			f, _ = n.Float64()
		}
		if n == nil || n.Sign() <= 0 || f == 0 || math.IsInf(f, 0) {
			c.warnings = append(c.warnings, Warning{Pos: pos, Tool: t.Name, Field: field, At: s.At,
				Msg: "the document's multipleOf " + string(m) + " is not a positive number float64 holds: no validator can take it; not compared"})
			return
		}
		api = admitted(n.Rat, typ.Kind)
	}
	if typ.MultipleOf != nil {
		spec = admitted(typ.MultipleOf.Rat, typ.Kind)
	}
	if (api == nil) != (spec == nil) || api != nil && api.Cmp(spec) != 0 {
		a, b := "no multipleOf", "no multiple_of"
		if s.MultipleOf != "" {
			a = "multipleOf " + string(s.MultipleOf)
		}
		if typ.MultipleOf != nil {
			b = "multiple_of " + typ.MultipleOf.Text
		}
		c.add(pos, t.Name, field, a, b)
	}
}

// admitted is the step of the values a multiple of m is, on kind: m
// itself on numbers; on integers the numerator of m, nil when every
// integer is one.
func admitted(m *big.Rat, kind model.Kind) *big.Rat {
	if kind != model.Integer {
		return m
	}
	if m.Num().Cmp(big.NewInt(1)) == 0 {
		return nil
	}
	return new(big.Rat).SetInt(m.Num())
}

func apiBound(n json.Number, open bool) bound {
	if n == "" {
		return bound{}
	}
	b := bound{open: open, text: string(n)}
	if d := decimal.Parse(string(n)); d != nil {
		b.r = d.Rat
	}
	return b
}

// specBound is the tighter of a type's inclusive and exclusive bound at
// one end.
func specBound(incl, excl *model.Num, lower bool) bound {
	switch {
	case excl != nil && (incl == nil || lower && excl.Cmp(incl) >= 0 || !lower && excl.Cmp(incl) <= 0):
		return bound{r: excl.Rat, open: true, text: excl.Text}
	case incl != nil:
		return bound{r: incl.Rat, text: incl.Text}
	}
	return bound{}
}

func sameBound(a, b bound, lower, integer bool) bool {
	if a.r == nil || b.r == nil {
		return a.r == nil && b.r == nil
	}
	if integer {
		return wholeBound(a, lower).Cmp(wholeBound(b, lower)) == 0
	}
	return a.open == b.open && a.r.Cmp(b.r) == 0
}

// wholeBound is the inclusive integer bound b stands for on integers.
func wholeBound(b bound, lower bool) *big.Int {
	floor := new(big.Int).Div(b.r.Num(), b.r.Denom()) // Euclidean: the floor
	exact := b.r.IsInt()
	switch {
	case lower && (b.open || !exact):
		return floor.Add(floor, big.NewInt(1))
	case !lower && b.open && exact:
		return floor.Sub(floor, big.NewInt(1))
	}
	return floor
}

func describeBound(b bound, apiWord, noneWord string, api, lower bool) string {
	switch {
	case b.r == nil:
		return "no " + noneWord
	case api && b.open:
		if lower {
			return "exclusiveMinimum " + b.text
		}
		return "exclusiveMaximum " + b.text
	case api:
		return apiWord + " " + b.text
	case b.open && lower:
		return "above " + b.text
	case b.open:
		return "below " + b.text
	case lower:
		return b.text + ".."
	}
	return ".." + b.text
}
