package decimal

import (
	"cmp"
	"strconv"
	"strings"
)

// form is a number in normal form: its value is ±0.digits × 10^exp, digits
// without leading or trailing zeros ("" for zero, whose exp is 0). Two
// numbers are equal exactly when their forms are, and a form is as long as
// the text it was read from, whatever the exponent.
type form struct {
	neg    bool
	digits string
	exp    dec
}

// parseForm reads the JSON number grammar
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?; ok is false for any
// other text.
func parseForm(s string) (f form, ok bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		f.neg = true
		i++
	}
	start := i
	if i < len(s) && s[i] == '0' {
		i++
	} else {
		i = digitsEnd(s, i)
		if i == start {
			return form{}, false
		}
	}
	intPart := s[start:i]
	frac := ""
	if i < len(s) && s[i] == '.' {
		j := digitsEnd(s, i+1)
		if j == i+1 {
			return form{}, false
		}
		frac, i = s[i+1:j], j
	}
	f.exp = "0"
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		neg := i < len(s) && s[i] == '-'
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := digitsEnd(s, i)
		if j == i {
			return form{}, false
		}
		f.exp = signed(neg, s[i:j])
		i = j
	}
	if i != len(s) {
		return form{}, false
	}
	// 0.digits × 10^(len(intPart)), then drop the leading zeros.
	digits := intPart + frac
	trimmed := strings.TrimLeft(digits, "0")
	f.digits = strings.TrimRight(trimmed, "0")
	if f.digits == "" {
		return form{exp: "0"}, true
	}
	f.exp = f.exp.add(decOf(int64(len(intPart) - (len(digits) - len(trimmed)))))
	return f, true
}

func digitsEnd(s string, i int) int {
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i
}

func (f form) sign() int {
	switch {
	case f.digits == "":
		return 0
	case f.neg:
		return -1
	}
	return 1
}

func (f form) cmp(g form) int {
	if fs, gs := f.sign(), g.sign(); fs != gs || fs == 0 {
		return cmp.Compare(fs, gs)
	}
	c := f.exp.cmp(g.exp)
	if c == 0 {
		c = strings.Compare(f.digits, g.digits) // same exponent: digit order
	}
	if f.neg {
		return -c
	}
	return c
}

func (f form) isInt() bool {
	return f.digits == "" || f.exp.cmp(decOf(int64(len(f.digits)))) >= 0
}

func (f form) String() string {
	if f.digits == "" {
		return "0"
	}
	sign := ""
	if f.neg {
		sign = "-"
	}
	return sign + "0." + f.digits + "e" + string(f.exp)
}

// dec is a signed whole number as decimal text: no leading zeros, "0" for
// zero, "-" before a negative one. Exponents are kept this way, not as
// big.Int, because math/big reads decimal text in quadratic time: a number
// whose exponent has a million digits must cost its length, not seconds.
// Only what forms need is here: compare, add, subtract.
type dec string

func decOf(v int64) dec { return dec(strconv.FormatInt(v, 10)) }

// signed makes a dec from a sign and a magnitude's digits, leading zeros
// allowed.
func signed(neg bool, digits string) dec {
	mag := strings.TrimLeft(digits, "0")
	switch {
	case mag == "":
		return "0"
	case neg:
		return dec("-" + mag)
	}
	return dec(mag)
}

func (d dec) mag() string { return strings.TrimPrefix(string(d), "-") }

func (d dec) sign() int {
	switch {
	case d == "0":
		return 0
	case d[0] == '-':
		return -1
	}
	return 1
}

// int64 is d's value when an int64 holds it.
func (d dec) int64() (int64, bool) {
	v, err := strconv.ParseInt(string(d), 10, 64)
	return v, err == nil
}

func (d dec) cmp(e dec) int {
	ds, es := d.sign(), e.sign()
	if ds != es {
		return cmp.Compare(ds, es)
	}
	c := cmpMag(d.mag(), e.mag())
	if ds < 0 {
		return -c
	}
	return c
}

func (d dec) add(e dec) dec {
	if a, ok := d.int64(); ok {
		if b, ok := e.int64(); ok {
			if s := a + b; (s > a) == (b > 0) { // no overflow
				return decOf(s)
			}
		}
	}
	dn, en := d.sign() < 0, e.sign() < 0
	if dn == en {
		return signed(dn, addMag(d.mag(), e.mag()))
	}
	switch c := cmpMag(d.mag(), e.mag()); {
	case c == 0:
		return "0"
	case c > 0:
		return signed(dn, subMag(d.mag(), e.mag()))
	}
	return signed(en, subMag(e.mag(), d.mag()))
}

func (d dec) sub(e dec) dec {
	switch e.sign() {
	case 0:
		return d
	case -1:
		return d.add(dec(e.mag()))
	}
	return d.add("-" + e)
}

// cmpMag compares two magnitudes without leading zeros.
func cmpMag(a, b string) int {
	if len(a) != len(b) {
		return cmp.Compare(len(a), len(b))
	}
	return strings.Compare(a, b)
}

// addMag is a + b, schoolbook.
func addMag(a, b string) string {
	if len(a) < len(b) {
		a, b = b, a
	}
	out := make([]byte, len(a)+1)
	carry := byte(0)
	for i := 0; i < len(a); i++ {
		x := a[len(a)-1-i] - '0' + carry
		if i < len(b) {
			x += b[len(b)-1-i] - '0'
		}
		carry = x / 10
		out[len(out)-1-i] = '0' + x%10
	}
	out[0] = '0' + carry
	return string(out)
}

// subMag is a - b for a ≥ b, schoolbook; the result may have leading
// zeros (signed trims them).
func subMag(a, b string) string {
	out := make([]byte, len(a))
	borrow := byte(0)
	for i := 0; i < len(a); i++ {
		x := a[len(a)-1-i] - '0'
		y := borrow
		if i < len(b) {
			y += b[len(b)-1-i] - '0'
		}
		borrow = 0
		if x < y {
			x += 10
			borrow = 1
		}
		out[len(out)-1-i] = '0' + x - y
	}
	return string(out)
}
