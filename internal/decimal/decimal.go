package decimal

import (
	"cmp"
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// MaxExact bounds the numbers whose value is computed: 10^1000 is a few
// hundred bytes, 10^(10^9) would not fit in memory. A number beyond
// 10^±MaxExact keeps a nil Rat and is compared through its text.
const MaxExact = 1000

// Number is an exact JSON number.
type Number struct {
	// Text is the number as emitted: a whole number written with a
	// fraction or an exponent becomes plain digits (1E3 is 1000, 5.0 is
	// 5, -0 is 0) while it has at most 21 digits, as JavaScript prints
	// numbers; any other number is kept as written.
	Text string
	// Rat is the exact value, nil when the number is beyond 10^±MaxExact
	// (1e-999999 is never expanded). Numbers of a checked spec always
	// have one.
	Rat *big.Rat
}

// Parse reads a JSON number's text; it returns nil for anything else.
func Parse(text string) *Number {
	if v, ok := SmallInt(text); ok {
		return new(Slot).SetInt(text, v)
	}
	return parseBig(text)
}

// parseBig is Parse for any text, through math/big.
func parseBig(text string) *Number {
	f, ok := parseForm(text)
	if !ok {
		return nil
	}
	n := &Number{Text: text}
	if f.digits == "" {
		n.Text, n.Rat = "0", new(big.Rat)
		return n
	}
	// The leading digit's power of ten is exp-1.
	exp, ok := f.exp.int64()
	if !ok || exp-1 > MaxExact || exp-1 < -MaxExact {
		return n
	}
	// The text's own exponent may be large while the value is not
	// (1000e-1001 is 1e-998): build the value from the normal form.
	scaled := f.digits + "e" + strconv.FormatInt(exp-int64(len(f.digits)), 10)
	if f.neg {
		scaled = "-" + scaled
	}
	n.Rat, _ = new(big.Rat).SetString(scaled)
	if n.Rat.IsInt() && exp <= 21 { // at most 21 digits
		n.Text = n.Rat.Num().String()
	}
	return n
}

// Of is the Number of a decoded JSON value: a json.Number, or a float64
// (as the shortest text that reads back as it). It returns nil for
// anything else, and for an infinite or NaN float64.
func Of(v any) *Number {
	switch v := v.(type) {
	case json.Number:
		return Parse(string(v))
	case float64:
		if !math.IsInf(v, 0) && !math.IsNaN(v) {
			return Parse(strconv.FormatFloat(v, 'g', -1, 64))
		}
	}
	return nil
}

func (n *Number) String() string { return n.Text }

// Sign is -1, 0 or 1.
func (n *Number) Sign() int {
	if n.Rat != nil {
		return n.Rat.Sign()
	}
	return n.form().sign()
}

// Cmp compares two numbers exactly, however large or small.
func (n *Number) Cmp(m *Number) int {
	if n.Rat == nil || m.Rat == nil {
		return n.form().cmp(m.form())
	}
	// Rat.Cmp allocates; most bounds are small integers.
	if n.Rat.IsInt() && m.Rat.IsInt() && n.Rat.Num().IsInt64() && m.Rat.Num().IsInt64() {
		return cmp.Compare(n.Rat.Num().Int64(), m.Rat.Num().Int64())
	}
	return n.Rat.Cmp(m.Rat)
}

// IsInt reports whether the number is whole, however large: 1e1001 is,
// 1e-1001 is not.
func (n *Number) IsInt() bool {
	if n.Rat != nil {
		return n.Rat.IsInt()
	}
	return n.form().isInt()
}

// Float64 is the float64 a JSON reader holds for the number (the nearest
// one; ±Inf beyond float64's range; ±0 for a non-zero number too small for
// it) and whether that is exactly the number.
func (n *Number) Float64() (f float64, exact bool) {
	if n.Rat == nil {
		if n.form().exp.sign() > 0 {
			f = math.Inf(1)
		}
		if n.Sign() < 0 {
			f = -f
		}
		return f, false
	}
	// Without Rat.Float64's allocations for the integers float64 holds.
	if n.Rat.IsInt() && n.Rat.Num().IsInt64() {
		if v := n.Rat.Num().Int64(); -1<<53 <= v && v <= 1<<53 {
			return float64(v), true
		}
	}
	return n.Rat.Float64()
}

// InFloat64Range reports whether text is a JSON number that float64 holds:
// finite, and not a non-zero number that reads as 0. It allocates nothing
// for a small integer, the common case in a spec's JSON values.
func InFloat64Range(text string) bool {
	if _, ok := SmallInt(text); ok {
		return true
	}
	n := Parse(text)
	if n == nil {
		return false
	}
	f, _ := n.Float64()
	return !math.IsInf(f, 0) && (f != 0 || n.Sign() == 0)
}

// Exponent is the power of ten of the number's leading digit: 2 for 123,
// -3 for 0.001, 0 for 0; ok is false when it is beyond an int64. It reads
// the text without allocating while the text's exponent fits an int64.
func (n *Number) Exponent() (e int64, ok bool) {
	s := strings.TrimPrefix(n.Text, "-")
	mant, exp := s, int64(0)
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		mant = s[:i]
		x, err := strconv.ParseInt(strings.TrimPrefix(s[i+1:], "+"), 10, 64)
		if err != nil {
			return n.bigExponent()
		}
		exp = x
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	var lead int64
	if t := strings.TrimLeft(intPart, "0"); t != "" {
		lead = int64(len(t)) - 1
	} else if t := strings.TrimLeft(frac, "0"); t != "" {
		lead = -int64(len(frac)-len(t)) - 1
	} else {
		return 0, true // zero
	}
	if e = exp + lead; (lead > 0 && e < exp) || (lead < 0 && e > exp) {
		return n.bigExponent() // overflow
	}
	return e, true
}

// bigExponent is Exponent through the normal form.
func (n *Number) bigExponent() (int64, bool) {
	f := n.form()
	if f.digits == "" {
		return 0, true
	}
	return f.exp.sub("1").int64()
}

// IsMultipleOf reports whether n is a whole multiple of m, exactly and
// without expanding either (0.3 is a multiple of 0.1; 1e999999 is one of
// 3e-999999). Signs do not matter; nothing but 0 is a multiple of 0.
func (n *Number) IsMultipleOf(m *Number) bool {
	a, b := n.form(), m.form()
	switch {
	case a.digits == "":
		return true
	case b.digits == "":
		return false
	}
	// n = D·10^p and m = M·10^q with D, M the digits as integers:
	// n/m = D/M · 10^k with k = p - q.
	k := a.exp.sub(decOf(int64(len(a.digits)))).sub(b.exp).add(decOf(int64(len(b.digits))))
	if k.sign() < 0 {
		// M·10^-k must divide D: it cannot when it has more digits.
		if k.cmp(decOf(-int64(len(a.digits)))) < 0 {
			return false
		}
		d, _ := new(big.Int).SetString(a.digits, 10)
		mm, _ := new(big.Int).SetString(b.digits, 10)
		e, _ := k.int64()
		mm.Mul(mm, pow10(-e))
		return new(big.Int).Mod(d, mm).Sign() == 0
	}
	d, _ := new(big.Int).SetString(a.digits, 10)
	mm, _ := new(big.Int).SetString(b.digits, 10)
	// M = 2^i·5^j·c with c prime to 10, and i, j < M's bit length: once
	// k reaches that, a larger k adds only factors of 10, which no longer
	// change whether M divides D·10^k.
	if limit := decOf(int64(mm.BitLen())); k.cmp(limit) > 0 {
		k = limit
	}
	e, _ := k.int64()
	d.Mul(d, pow10(e))
	return new(big.Int).Mod(d, mm).Sign() == 0
}

// Normal is the number's normal form as text, one per value: "0",
// "0.15e2" for 15, 15.0 and 1.5e1, "-0.5e0" for -0.5. Its length is that of
// the digits and exponent as written, never of the expanded number.
func (n *Number) Normal() string { return n.form().String() }

// form is the number's normal form, read from its text.
func (n *Number) form() form {
	f, _ := parseForm(n.Text)
	return f
}

func pow10(e int64) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(e), nil) }

// RatText writes r exactly as JSON number text, as JavaScript prints
// numbers: plain digits (0.005, 1000) from 1e-7 up to 1e21, one digit
// and an exponent (5e-32, 1.5e21) outside. It returns false when r has no
// finite decimal expansion (1/3).
func RatText(r *big.Rat) (string, bool) {
	if r.IsInt() {
		return shorter(r.Num().String(), r.Num(), 0), true
	}
	places, ok := decimalPlaces(r)
	if !ok {
		return "", false
	}
	digits := new(big.Int).Mul(r.Num(), pow10(int64(places)))
	digits.Quo(digits, r.Denom())
	return shorter(r.FloatString(places), digits, -places), true
}

// PlainText writes r exactly in plain decimal digits (0.00000005, never
// 5e-8); ok is false when r has no finite decimal expansion (1/3).
func PlainText(r *big.Rat) (string, bool) {
	if r.IsInt() {
		return r.Num().String(), true
	}
	places, ok := decimalPlaces(r)
	if !ok {
		return "", false
	}
	return r.FloatString(places), true
}

// decimalPlaces is how many decimals r = p / (2^a 5^b) has: max(a, b);
// ok is false when its denominator has another prime factor.
func decimalPlaces(r *big.Rat) (int, bool) {
	d := new(big.Int).Set(r.Denom())
	places := 0
	for _, f := range []int64{2, 5} {
		n, m, q := 0, new(big.Int), new(big.Int)
		for {
			q.QuoRem(d, big.NewInt(f), m)
			if m.Sign() != 0 {
				break
			}
			d.Set(q)
			n++
		}
		places = max(places, n)
	}
	return places, d.Cmp(big.NewInt(1)) == 0
}

// shorter returns plain, or digits·10^exp written with an exponent when
// its leading digit is outside 1e-7..1e20.
func shorter(plain string, digits *big.Int, exp int) string {
	if digits.Sign() == 0 {
		return plain
	}
	s := digits.String()
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	t := strings.TrimRight(s, "0")
	e := exp + len(s) - len(t)
	// One digit before the point: d.ddd e(e + len-1).
	e += len(t) - 1
	mant := t[:1]
	if len(t) > 1 {
		mant += "." + t[1:]
	}
	if -7 <= e && e < 21 {
		return plain
	}
	return sign + mant + "e" + strconv.Itoa(e)
}
