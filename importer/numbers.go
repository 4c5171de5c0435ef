package importer

import (
	"encoding/json"
	"math"
	"math/big"

	"github.com/toolspec/toolspec/internal/decimal"
)

// multipleOf reads a document's multipleOf for a row of kind, exactly
// however small or large it is, for both importers: the multiple_of to
// write ("" for none) and what to warn of ("" for nothing). On an integer,
// multipleOf p/q (lowest terms) admits the multiples of p: 1.5 is written
// multiple_of 3, and 0.5 says nothing.
func multipleOf(text json.Number, kind string) (keep, why string) {
	m := string(text)
	n := decimal.Parse(m)
	if n == nil {
		return "", "multipleOf " + m + " is not a number: not kept"
	}
	f, _ := n.Float64()
	r := n.Rat
	switch {
	case n.Sign() <= 0:
		return "", "multipleOf " + m + " is not positive: not kept"
	case math.IsInf(f, 0) || f == 0:
		return "", "multipleOf " + m + " is beyond float64's range (about 1e-308 to 1e308): JSON readers cannot hold it; not kept"
	case kind == "integer" && !r.IsInt():
		p := r.Num()
		if p.Cmp(big.NewInt(1)) == 0 {
			return "", "multipleOf " + m + " on an integer: every integer is a multiple of it; not kept"
		}
		return p.String(), "multipleOf " + m + " on an integer: written as multiple_of " + p.String() + ", the integers that are multiples of " + m
	}
	return m, ""
}
