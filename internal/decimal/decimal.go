// Package decimal holds a JSON number's exact value in a normal form that
// is never expanded: comparing 1e-999999 with 2e-999999 costs what their
// text costs. The OpenAPI reader and `toolspec diff` both compare numbers
// with it.
package decimal

import (
	"math/big"
	"regexp"
	"strings"
)

// jsonNumber is the JSON number grammar, with the exponent captured.
var jsonNumber = regexp.MustCompile(`^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE]([+-]?[0-9]+))?$`)

// Decimal is a number in normal form: its value is ±0.Digits × 10^Exp,
// Digits without leading or trailing zeros ("" for zero, whose Exp is 0).
// Two numbers are equal exactly when their forms are.
type Decimal struct {
	Neg    bool
	Digits string
	Exp    *big.Int
}

// Parse reads a JSON number's text; ok is false for anything else.
func Parse(s string) (d Decimal, ok bool) {
	m := jsonNumber.FindStringSubmatch(s)
	if m == nil {
		return d, false
	}
	d.Exp = new(big.Int)
	if m[1] != "" {
		if _, ok := d.Exp.SetString(strings.TrimPrefix(m[1], "+"), 10); !ok {
			return d, false
		}
	}
	mant := s
	if i := strings.IndexAny(mant, "eE"); i >= 0 {
		mant = mant[:i]
	}
	mant, d.Neg = strings.CutPrefix(mant, "-")
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := intPart + frac
	// 0.digits × 10^(len(intPart)), then drop the leading zeros.
	point := len(intPart)
	trimmed := strings.TrimLeft(digits, "0")
	point -= len(digits) - len(trimmed)
	d.Digits = strings.TrimRight(trimmed, "0")
	if d.Digits == "" {
		return Decimal{Exp: new(big.Int)}, true
	}
	d.Exp.Add(d.Exp, big.NewInt(int64(point)))
	return d, true
}

// Sign is -1, 0 or 1.
func (d Decimal) Sign() int {
	switch {
	case d.Digits == "":
		return 0
	case d.Neg:
		return -1
	}
	return 1
}

// Cmp compares two decimals exactly.
func (d Decimal) Cmp(e Decimal) int {
	if ds, es := d.Sign(), e.Sign(); ds != es || ds == 0 {
		return cmpInt(ds, es)
	}
	c := d.Exp.Cmp(e.Exp)
	if c == 0 {
		c = strings.Compare(d.Digits, e.Digits) // same exponent: digit order
	}
	if d.Neg {
		return -c
	}
	return c
}

// IsInteger reports whether the value is whole, however large: 1e1001 is,
// 1e-1001 is not.
func (d Decimal) IsInteger() bool {
	return d.Digits == "" || d.Exp.Cmp(big.NewInt(int64(len(d.Digits)))) >= 0
}

// String is the normal form as text: "0", "0.15e2" for 15, "-0.5e0".
func (d Decimal) String() string {
	if d.Digits == "" {
		return "0"
	}
	sign := ""
	if d.Neg {
		sign = "-"
	}
	return sign + "0." + d.Digits + "e" + d.Exp.String()
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
