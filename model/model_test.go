package model

import (
	"fmt"
	"math/big"
	"strconv"
	"testing"
)

func TestProfileFor(t *testing.T) {
	cases := map[string]int{
		"2024-11-05": 1, "2025-03-26": 1, "2025-06-18": 2, "2025-11-25": 2,
		"2099-01-01": 2, "": 1, "zzz": 1, "2025-6-18": 1, "9999-99-9x": 1,
	}
	for v, want := range cases {
		if got := ProfileFor(v); got != want {
			t.Errorf("ProfileFor(%q) = %d, want %d", v, got, want)
		}
	}
}

func TestPathParams(t *testing.T) {
	e := &Endpoint{Path: "/apps/{id}/slots/{slot}"}
	got := e.PathParams()
	if len(got) != 2 || got[0] != "id" || got[1] != "slot" {
		t.Errorf("PathParams = %v", got)
	}
}

func TestNewNum(t *testing.T) {
	cases := []struct{ in, text string }{
		{"1", "1"}, {"-0", "0"}, {"1E3", "1000"}, {"5.0", "5"}, {"0.5", "0.5"},
		{"1e-3", "1e-3"}, {"-1.5e2", "-150"}, {"1e20", "100000000000000000000"}, {"1e21", "1e21"},
		{"1e308", "1e308"}, {"123456789012345678901234", "123456789012345678901234"},
	}
	for _, c := range cases {
		n := NewNum(c.in)
		if n == nil || n.Text != c.text {
			t.Errorf("NewNum(%q) = %v, want text %q", c.in, n, c.text)
		}
	}
	for _, bad := range []string{"1e309", "1e1000000", "1e9000000", "1e-400", "x", "", "1e"} {
		if n := NewNum(bad); n != nil {
			t.Errorf("NewNum(%q) = %v, want nil", bad, n)
		}
	}
	if exp, _ := decimalExponent("0.00123"); exp != -3 {
		t.Errorf("decimalExponent(0.00123) = %d", exp)
	}
	if NewNum("0.1").Float64Exact() || !NewNum("0.5").Float64Exact() || NewNum("9007199254740993").Float64Exact() {
		t.Error("Float64Exact")
	}
}

// TestNewNumFastPath holds the int64 fast path of NewNum to the math/big
// path: same text, same value, same nil.
func TestNewNumFastPath(t *testing.T) {
	inputs := []string{
		"0", "-0", "00", "-00", "007", "-007", "1", "-1", "9", "10", "-12", "500",
		"1000", "65535", "123456789012345678", "-123456789012345678",
		"999999999999999999", "-999999999999999999", "000000000000000001",
		"9223372036854775807", "-9223372036854775808", "9223372036854775808",
		"99999999999999999999", "123456789012345678901", "1234567890123456789012",
		"1e3", "1E3", "1.0", "5.0", "0.5", "-0.0", "1e-3", "+5", "0x10", "1_000",
		"", "-", "--1", "1-", " 1", "1 ", "x", "1e", "٣",
	}
	for _, in := range inputs {
		got, want := NewNum(in), newBigNum(in)
		var arena Arena
		if fromArena := arena.NewNum(in); (fromArena == nil) != (got == nil) || got != nil && (fromArena.Text != got.Text || ratFacts(fromArena) != ratFacts(got)) {
			t.Errorf("Arena.NewNum(%q) = %v, NewNum = %v", in, fromArena, got)
		}
		switch {
		case got == nil && want == nil:
		case got == nil || want == nil:
			t.Errorf("NewNum(%q) = %v, newBigNum = %v", in, got, want)
		case got.Text != want.Text || got.Rat.Cmp(want.Rat) != 0 || ratFacts(got) != ratFacts(want):
			t.Errorf("NewNum(%q) = %s (%s), newBigNum = %s (%s)", in, got.Text, ratFacts(got), want.Text, ratFacts(want))
		}
	}
	for _, in := range []string{"0", "-3", "500", "007", "-0", "999999999999999999"} {
		if _, ok := smallIntValue(in); !ok {
			t.Errorf("smallIntValue(%q) fails: the fast path is not taken", in)
		}
	}
	// Every integer text of up to four characters, leading zeros and -0 included.
	var walk func(prefix string)
	walk = func(prefix string) {
		if len(prefix) > 0 && prefix != "-" {
			got, want := NewNum(prefix), newBigNum(prefix)
			if got == nil || want == nil || got.Text != want.Text || ratFacts(got) != ratFacts(want) {
				t.Fatalf("NewNum(%q) = %v, newBigNum = %v", prefix, got, want)
			}
		}
		if len(prefix) == 4 {
			return
		}
		if prefix == "" {
			walk("-")
		}
		for d := '0'; d <= '9'; d++ {
			walk(prefix + string(d))
		}
	}
	walk("")
}

// ratFacts prints what the rest of toolspec asks of a Num's Rat.
func ratFacts(n *Num) string {
	f, exact := n.Rat.Float64()
	text, _ := n.Rat.MarshalText()
	return fmt.Sprint(n.Rat.String(), n.Rat.RatString(), n.Rat.FloatString(3), string(text), n.Rat.Sign(),
		n.Rat.IsInt(), n.Rat.Num().String(), n.Rat.Num().IsInt64(), n.Rat.Denom().String(), f, exact,
		n.IsInt(), n.Float64(), n.Float64Exact(), n.String())
}

// TestNumCmp holds Cmp's int64 fast path to big.Rat.Cmp.
func TestNumCmp(t *testing.T) {
	texts := []string{
		"0", "-0", "1", "-1", "2", "500", "-500", "0.5", "-0.5", "1.0", "1e3", "1000",
		"999999999999999999", "-999999999999999999", "9223372036854775807", "9223372036854775808",
		"-9223372036854775808", "-9223372036854775809", "123456789012345678901234", "1e-3", "1e308", "-1e308",
	}
	for _, a := range texts {
		for _, b := range texts {
			na, nb := NewNum(a), NewNum(b)
			ra, _ := new(big.Rat).SetString(a)
			rb, _ := new(big.Rat).SetString(b)
			if got, want := na.Cmp(nb), ra.Cmp(rb); got != want {
				t.Errorf("NewNum(%s).Cmp(NewNum(%s)) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestArenaNums checks that Nums from one arena do not share storage.
func TestArenaNums(t *testing.T) {
	var c Arena
	var nums []*Num
	for i := range 1000 {
		nums = append(nums, c.NewNum(strconv.Itoa(i-500)), c.NewNum("0.5"))
	}
	for i := range 1000 {
		if n := nums[2*i]; n.Text != strconv.Itoa(i-500) || n.Rat.Num().Int64() != int64(i-500) || !n.IsInt() {
			t.Fatalf("Num %d = %s (%s)", i-500, n.Text, n.Rat)
		}
	}
}

func TestRatText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1/8", "0.125"}, {"-3/20", "-0.15"}, {"5", "5"}, {"0", "0"}, {"1000000", "1000000"}, {"2000000000000000000000", "2e21"}, {"1/200", "0.005"},
		{"1/20000000000000000000000000000000", "5e-32"}, {"3/2000000000000000000000000000000", "1.5e-30"},
	} {
		r, _ := new(big.Rat).SetString(c.in)
		if got, ok := RatText(r); !ok || got != c.want {
			t.Errorf("RatText(%s) = %q, %v; want %q", c.in, got, ok, c.want)
		}
	}
	if _, ok := RatText(big.NewRat(1, 3)); ok {
		t.Error("RatText(1/3) has a decimal text")
	}
}
