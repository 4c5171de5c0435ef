package decimal

import (
	"cmp"
	"math/big"
	"strings"
)

// form is a number in normal form: its value is ±0.digits × 10^exp, digits
// without leading or trailing zeros ("" for zero, whose exp is 0). Two
// numbers are equal exactly when their forms are, and a form is as long as
// the text it was read from, whatever the exponent.
type form struct {
	neg    bool
	digits string
	exp    *big.Int
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
	f.exp = new(big.Int)
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		sign := i
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		j := digitsEnd(s, i)
		if j == i {
			return form{}, false
		}
		if _, ok := f.exp.SetString(strings.TrimPrefix(s[sign:j], "+"), 10); !ok {
			return form{}, false
		}
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
		return form{exp: new(big.Int)}, true
	}
	f.exp.Add(f.exp, big.NewInt(int64(len(intPart)-(len(digits)-len(trimmed)))))
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
	c := f.exp.Cmp(g.exp)
	if c == 0 {
		c = strings.Compare(f.digits, g.digits) // same exponent: digit order
	}
	if f.neg {
		return -c
	}
	return c
}

func (f form) isInt() bool {
	return f.digits == "" || f.exp.Cmp(big.NewInt(int64(len(f.digits)))) >= 0
}

func (f form) String() string {
	if f.digits == "" {
		return "0"
	}
	sign := ""
	if f.neg {
		sign = "-"
	}
	return sign + "0." + f.digits + "e" + f.exp.String()
}
