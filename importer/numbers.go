package importer

import (
	"encoding/json"
	"math"

	"github.com/toolspec/toolspec/openapi"
)

// multipleOf reads a document's multipleOf for a row of kind, exactly
// however small or large it is, for both importers: the multiple_of to
// write, or "" and why none is.
func multipleOf(text json.Number, kind string) (keep, why string) {
	m := string(text)
	sign, ok := openapi.Compare(text, "0")
	f, _ := openapi.Float64(text)
	r := openapi.Rat(text)
	switch {
	case !ok:
		return "", "multipleOf " + m + " is not a number: not kept"
	case sign <= 0:
		return "", "multipleOf " + m + " is not positive: not kept"
	case math.IsInf(f, 0) || f == 0:
		return "", "multipleOf " + m + " is beyond float64's range (about 1e-308 to 1e308): JSON readers cannot hold it; not kept"
	case kind == "integer" && (r == nil || !r.IsInt()):
		return "", "multipleOf " + m + " on an integer: toolspec takes whole divisors of integers only; not kept"
	}
	return m, ""
}
