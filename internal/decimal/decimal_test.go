package decimal

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestParse: the emitted text, one normal form per value, integer or not,
// for any exponent, without expanding the number; only JSON numbers parse.
func TestParse(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in, text, normal string
		integer          bool
	}{
		{"0", "0", "0", true}, {"-0", "0", "0", true}, {"0.000e5", "0", "0", true},
		{"15", "15", "0.15e2", true}, {"15.0", "15", "0.15e2", true}, {"1.5e1", "15", "0.15e2", true}, {"150e-1", "15", "0.15e2", true},
		{"-0.5", "-0.5", "-0.5e0", false}, {"0.05", "0.05", "0.5e-1", false}, {"5E-2", "5E-2", "0.5e-1", false},
		{"1e2", "100", "0.1e3", true}, {"1E+2", "100", "0.1e3", true}, {"-1.5e2", "-150", "-0.15e3", true},
		{"1e20", "100000000000000000000", "0.1e21", true}, {"1e21", "1e21", "0.1e22", true},
		{"123456789012345678901234", "123456789012345678901234", "0.123456789012345678901234e24", true},
		{"1e-999999", "1e-999999", "0.1e-999998", false}, {"10e-1000000", "10e-1000000", "0.1e-999998", false},
		{"1e999999999", "1e999999999", "0.1e1000000000", true},
		{"1e99999999999999999999", "1e99999999999999999999", "0.1e100000000000000000000", true},
		{"12345678901234567890", "12345678901234567890", "0.1234567890123456789e20", true},
	} {
		n := Parse(c.in)
		if n == nil {
			t.Errorf("Parse(%s) = nil", c.in)
			continue
		}
		if n.Text != c.text || n.Normal() != c.normal || n.IsInt() != c.integer {
			t.Errorf("Parse(%s) = %s, normal %s, integer %v; want %s, %s, %v", c.in, n.Text, n.Normal(), n.IsInt(), c.text, c.normal, c.integer)
		}
	}
	for _, bad := range []string{"", "-", "--1", "01", "-01", "007", "1.", ".5", "+5", "1e", "1e+", "1-", "0x10", "NaN", "1_000", " 1", "1 ", "٣"} {
		if n := Parse(bad); n != nil {
			t.Errorf("Parse(%q) = %v, want nil", bad, n)
		}
	}
}

// TestParseCost: a short text with a huge exponent is read in time and
// memory of its length, never expanded (10^999999 alone is 415 kB).
func TestParseCost(t *testing.T) {
	for _, s := range []string{"1e-999999", "-7e999999", "1e99999999999999999999"} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		n := Parse(s)
		n.Cmp(Parse("1"))
		n.IsMultipleOf(Parse("3e-999999"))
		Parse("3e999999").IsMultipleOf(n)
		n.Float64()
		n.IsInt()
		runtime.ReadMemStats(&after)
		if b := after.TotalAlloc - before.TotalAlloc; b > 16<<10 {
			t.Errorf("%s: %d bytes allocated", s, b)
		}
	}
}

// TestBeyondExact: a non-zero number beyond 10^±MaxExact has no Rat, and
// is not rounded either: 1e-1001 is neither 0 nor an integer, and compares
// with other numbers exactly.
func TestBeyondExact(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n    string
		want string // Rat as a string, "" for nil
		int  bool
	}{
		{"1e-1001", "", false},
		{"-1e-1001", "", false},
		{"1e1001", "", true},
		{"0e-5000", "0/1", true},
		{"-0.0e99999999999999999999", "0/1", true},
		{"1000e-1001", "1/" + pow10(998).String(), false},
		{"0.001e1003", pow10(1000).String() + "/1", true},
		{"2", "2/1", true},
		{"1e3", "1000/1", true},
	} {
		n := Parse(c.n)
		got := ""
		if n.Rat != nil {
			got = n.Rat.String()
		}
		if got != c.want || n.IsInt() != c.int {
			t.Errorf("Parse(%s) = %q, integer %v; want %q, %v", c.n, got, n.IsInt(), c.want, c.int)
		}
	}
}

func TestCmp(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"1", "2", -1}, {"2", "1", 1}, {"1e2", "100.0", 0}, {"-1", "1", -1}, {"-2", "-1", -1},
		{"0.15", "0.2", -1}, {"0.1", "0.15", -1}, {"0.19", "0.2", -1}, {"-0", "0.0", 0},
		{"1e-999999", "2e-999999", -1}, {"1e-1001", "0", 1}, {"-1e-1001", "0", -1},
		{"10e5000", "1e5001", 0}, {"1e99999999999999999999", "1e1001", 1}, {"-1e1001", "-1e1002", 1},
		{"1e1000", "9e999", 1}, {"-1e1000", "-9e999", -1}, {"1e1001", "5", 1}, {"-1e-1001", "-1e-1000", 1},
		{"9223372036854775807", "9223372036854775808", -1}, {"-9223372036854775808", "-9223372036854775809", 1},
	} {
		a, b := Parse(c.a), Parse(c.b)
		if got := a.Cmp(b); got != c.want {
			t.Errorf("Cmp(%s, %s) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := b.Cmp(a); got != -c.want {
			t.Errorf("Cmp(%s, %s) = %d, want %d", c.b, c.a, got, -c.want)
		}
	}
}

func TestIsMultipleOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n, m string
		want bool
	}{
		{"0.3", "0.1", true}, {"0.7", "0.1", true}, {"0.35", "0.1", false}, {"1", "0.1", true},
		{"10", "3", false}, {"9", "3", true}, {"-9", "3", true}, {"9", "-3", true}, {"0", "7", true},
		{"1.5", "0.5", true}, {"1.5", "1", false}, {"3", "1.5", true}, {"4.5", "1.5", true}, {"5", "1.5", false},
		{"7", "0", false}, {"0", "0", true},
		{"1e999999", "3e-999999", false}, {"3e999999", "3e-999999", true}, {"1e999999", "2", true},
		{"1e999999", "7", false}, {"7e999999", "7", true}, {"1e-999999", "1e-999998", false},
		{"1e-999998", "1e-999999", true}, {"1e-999999", "0.1", false}, {"6e-999999", "3e-999999", true},
		{"1e99999999999999999999", "1024", true}, {"1e99999999999999999999", "1023", false},
		{"12345678901234567890", "1234567890123456789", true}, {"0.0625", "0.03125", true}, {"0.0625", "0.125", false},
	} {
		n, m := Parse(c.n), Parse(c.m)
		if got := n.IsMultipleOf(m); got != c.want {
			t.Errorf("%s.IsMultipleOf(%s) = %v, want %v", c.n, c.m, got, c.want)
		}
	}
}

func TestFloat64(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n     string
		want  float64
		exact bool
	}{
		{"1e-400", 0, false}, {"1e-1001", 0, false}, {"-1e-1001", math.Copysign(0, -1), false},
		{"1e400", math.Inf(1), false}, {"-1e1001", math.Inf(-1), false}, {"0.5", 0.5, true}, {"0.1", 0.1, false},
		{"9007199254740992", 9007199254740992, true}, {"9007199254740993", 9007199254740992, false}, {"-3", -3, true},
	} {
		got, exact := Parse(c.n).Float64()
		if got != c.want || math.Signbit(got) != math.Signbit(c.want) || exact != c.exact {
			t.Errorf("Float64(%s) = %v, %v; want %v, %v", c.n, got, exact, c.want, c.exact)
		}
	}
	// The int64 fast path agrees with big.Rat.
	for _, text := range []string{
		"0", "-0", "1", "-1", "500", "9007199254740992", "-9007199254740992",
		"9007199254740993", "-9007199254740993", "9223372036854775807", "-9223372036854775808",
		"123456789012345678901234", "0.5", "1e3", "1e308", "1e-300", "0.1",
	} {
		n := Parse(text)
		f, exact := n.Float64()
		if wf, wexact := n.Rat.Float64(); f != wf || exact != wexact {
			t.Errorf("Float64(%s) = %v, %v; Rat.Float64 = %v, %v", text, f, exact, wf, wexact)
		}
	}
}

func TestInFloat64Range(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]bool{
		"0": true, "-0": true, "5": true, "0.0e-999": true, "1e308": true, "1e309": false, "-1e309": false,
		"1e-324": false, "5e-324": true, "1e-999999": false, "0.5": true, "x": false, "": false, "007": false,
	} {
		if got := InFloat64Range(in); got != want {
			t.Errorf("InFloat64Range(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestExponent(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]int64{"0.00123": -3, "123": 2, "0": 0, "1e6": 6, "-5e-400": -400, "10e999999": 1000000} {
		if got, ok := Parse(in).Exponent(); !ok || got != want {
			t.Errorf("Exponent(%s) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"1e99999999999999999999", "10e9223372036854775807", "0.01e-9223372036854775808"} {
		if e, ok := Parse(in).Exponent(); ok {
			t.Errorf("Exponent(%s) = %d fits an int64", in, e)
		}
	}
	if e, ok := Parse("0.1e-9223372036854775807").Exponent(); !ok || e != -1<<63 {
		t.Errorf("Exponent(0.1e-9223372036854775807) = %d, %v", e, ok)
	}
}

func TestOf(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		v    any
		want string // Text, "" for nil
	}{
		{json.Number("1e3"), "1000"}, {json.Number("x"), ""}, {2.5, "2.5"}, {1e21, "1e+21"},
		{math.Inf(1), ""}, {math.NaN(), ""}, {"5", ""}, {true, ""}, {nil, ""},
	} {
		got := ""
		if n := Of(c.v); n != nil {
			got = n.Text
		}
		if got != c.want {
			t.Errorf("Of(%#v) = %q, want %q", c.v, got, c.want)
		}
	}
}

// TestSmallInt holds the int64 fast path of Parse to the math/big path:
// same text, same value, same nil.
func TestSmallInt(t *testing.T) {
	t.Parallel()
	inputs := []string{
		"0", "-0", "00", "-00", "007", "-007", "1", "-1", "9", "10", "-12", "500",
		"1000", "65535", "123456789012345678", "-123456789012345678",
		"999999999999999999", "-999999999999999999", "000000000000000001",
		"9223372036854775807", "-9223372036854775808", "9223372036854775808",
		"99999999999999999999", "123456789012345678901", "1234567890123456789012",
		"1e3", "1E3", "1.0", "5.0", "0.5", "-0.0", "1e-3", "+5", "0x10", "1_000",
		"", "-", "--1", "1-", " 1", "1 ", "x", "1e", "٣",
	}
	var walk func(prefix string)
	walk = func(prefix string) {
		inputs = append(inputs, prefix)
		if len(prefix) < 4 {
			for d := '0'; d <= '9'; d++ {
				walk(prefix + string(d))
			}
		}
	}
	walk("")
	walk("-")
	for _, in := range inputs {
		got, want := Parse(in), parseBig(in)
		if (got == nil) != (want == nil) || got != nil && facts(got) != facts(want) {
			t.Errorf("Parse(%q) = %s, parseBig = %s", in, facts(got), facts(want))
		}
	}
	for _, in := range []string{"0", "-3", "500", "-0", "999999999999999999"} {
		if _, ok := SmallInt(in); !ok {
			t.Errorf("SmallInt(%q) fails: the fast path is not taken", in)
		}
	}
}

// TestSlots checks that Numbers in neighbouring slots do not share storage.
func TestSlots(t *testing.T) {
	t.Parallel()
	slots := make([]Slot, 1000)
	var nums []*Number
	for i := range slots {
		nums = append(nums, slots[i].SetInt(fmt.Sprint(i-500), int64(i-500)))
	}
	for i, n := range nums {
		if n.Text != fmt.Sprint(i-500) || n.Rat.Num().Int64() != int64(i-500) || !n.IsInt() {
			t.Fatalf("Number %d = %s (%s)", i-500, n.Text, n.Rat)
		}
	}
}

// facts prints what the rest of toolspec asks of a Number.
func facts(n *Number) string {
	if n == nil {
		return "nil"
	}
	f, exact := n.Rat.Float64()
	text, _ := n.Rat.MarshalText()
	g, gexact := n.Float64()
	return fmt.Sprint(n.Rat.String(), n.Rat.RatString(), n.Rat.FloatString(3), string(text), n.Rat.Sign(),
		n.Rat.IsInt(), n.Rat.Num().String(), n.Rat.Num().IsInt64(), n.Rat.Denom().String(), f, exact,
		n.IsInt(), g, gexact, n.String(), n.Normal(), n.Sign())
}

func TestRatText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want, plain string }{
		{"1/8", "0.125", "0.125"}, {"-3/20", "-0.15", "-0.15"}, {"5", "5", "5"}, {"0", "0", "0"},
		{"1000000", "1000000", "1000000"}, {"2000000000000000000000", "2e21", "2000000000000000000000"},
		{"1/200", "0.005", "0.005"}, {"1/20000000000000000000000000000000", "5e-32", "0.00000000000000000000000000000005"},
		{"3/2000000000000000000000000000000", "1.5e-30", "0.0000000000000000000000000000015"},
	} {
		r, _ := new(big.Rat).SetString(c.in)
		if got, ok := RatText(r); !ok || got != c.want {
			t.Errorf("RatText(%s) = %q, %v; want %q", c.in, got, ok, c.want)
		}
		if got, ok := PlainText(r); !ok || got != c.plain {
			t.Errorf("PlainText(%s) = %q, %v; want %q", c.in, got, ok, c.plain)
		}
	}
	if _, ok := RatText(big.NewRat(1, 3)); ok {
		t.Error("RatText(1/3) has a decimal text")
	}
	if _, ok := PlainText(big.NewRat(1, 3)); ok {
		t.Error("PlainText(1/3) has a decimal text")
	}
}

// FuzzNumber holds the normal form to math/big on the numbers both can
// hold: comparison, integrality, multiple-of, and the emitted text, which
// must read back as the same value.
func FuzzNumber(f *testing.F) {
	for _, s := range []string{"0", "0.3", "0.1", "1e2", "-1.5e-3", "1e-999999", "123456789012345678901234", "7e20", "0.0625"} {
		f.Add(s, "0.1")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		na, nb := Parse(a), Parse(b)
		if na == nil || nb == nil {
			return
		}
		for _, n := range []*Number{na, nb} {
			back := Parse(n.Text)
			if back == nil || back.Normal() != n.Normal() || back.Cmp(n) != 0 {
				t.Fatalf("%q emits %q, which reads back as %v", a, n.Text, back)
			}
		}
		e, ok := na.Exponent()
		if want, wok := na.bigExponent(); ok != wok || ok && e != want {
			t.Fatalf("Exponent(%s) = %d, %v; the normal form says %d, %v", a, e, ok, want, wok)
		}
		if (na.Cmp(nb) == 0) != (na.Normal() == nb.Normal()) {
			t.Fatalf("%s, %s: Cmp %d, normal forms %s, %s", a, b, na.Cmp(nb), na.Normal(), nb.Normal())
		}
		if na.Rat == nil || nb.Rat == nil || len(a)+len(b) > 200 {
			return
		}
		if got, want := na.Cmp(nb), na.Rat.Cmp(nb.Rat); got != want {
			t.Fatalf("Cmp(%s, %s) = %d, big.Rat says %d", a, b, got, want)
		}
		if got := na.form().cmp(nb.form()); got != na.Rat.Cmp(nb.Rat) {
			t.Fatalf("form cmp(%s, %s) = %d", a, b, got)
		}
		if na.form().isInt() != na.Rat.IsInt() {
			t.Fatalf("%s: form says integer %v", a, !na.Rat.IsInt())
		}
		if nb.Sign() != 0 && !strings.Contains(a+b, "e") {
			want := new(big.Rat).Quo(na.Rat, nb.Rat).IsInt()
			if got := na.IsMultipleOf(nb); got != want {
				t.Fatalf("%s.IsMultipleOf(%s) = %v, big.Rat says %v", a, b, got, want)
			}
		}
	})
}

// TestDecArithmetic holds the exponent arithmetic on decimal text to
// math/big's, on values around int64's edges and far beyond them.
func TestDecArithmetic(t *testing.T) {
	t.Parallel()
	values := []string{"0", "1", "-1", "9", "10", "-10", "999999999999999999", "1000000000000000000",
		"9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
		"18446744073709551616", "99999999999999999999999999", "-100000000000000000000000000",
		"123456789012345678901234567890", "-123456789012345678901234567889"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		digits := make([]byte, 1+r.IntN(40))
		for i := range digits {
			digits[i] = byte('0' + r.IntN(10))
		}
		values = append(values, string(signed(r.IntN(2) == 0, string(digits))))
	}
	for _, a := range values {
		for _, b := range values {
			x, _ := new(big.Int).SetString(a, 10)
			y, _ := new(big.Int).SetString(b, 10)
			if got, want := dec(a).add(dec(b)), new(big.Int).Add(x, y).String(); string(got) != want {
				t.Fatalf("%s + %s = %s, want %s", a, b, got, want)
			}
			if got, want := dec(a).sub(dec(b)), new(big.Int).Sub(x, y).String(); string(got) != want {
				t.Fatalf("%s - %s = %s, want %s", a, b, got, want)
			}
			if got, want := dec(a).cmp(dec(b)), x.Cmp(y); got != want {
				t.Fatalf("cmp(%s, %s) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestLongExponents: numbers whose exponents have many digits compare,
// and are whole or not, exactly (the exponents are never read into
// math/big, whose decimal reader is quadratic; BenchmarkLongExponent).
func TestLongExponents(t *testing.T) {
	t.Parallel()
	nines := strings.Repeat("9", 50)
	for _, c := range []struct {
		a, b string
		cmp  int
	}{
		{"1e-" + nines, "2e-" + nines, -1},
		{"1e" + nines, "1e" + nines + "0", -1},
		{"10e" + nines, "1e1" + strings.Repeat("0", 50), 0}, // 10·10^(10^50-1) = 10^(10^50)
		{"-1e" + nines, "1e-" + nines, -1},
		{"1e-" + nines, "0", 1},
		{"0.001e" + nines, "1e" + nines[1:] + "6", 0}, // both 10^(10^50-4)
	} {
		if got := Parse(c.a).Cmp(Parse(c.b)); got != c.cmp {
			t.Errorf("Cmp(%s, %s) = %d, want %d", c.a, c.b, got, c.cmp)
		}
	}
	if !Parse("1e"+nines).IsInt() || Parse("1e-"+nines).IsInt() {
		t.Error("IsInt wrong on long exponents")
	}
	if !Parse("6e"+nines).IsMultipleOf(Parse("3e-"+nines)) || Parse("1e-"+nines).IsMultipleOf(Parse("3")) {
		t.Error("IsMultipleOf wrong on long exponents")
	}
}

func BenchmarkLongExponent(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		x := "1e-" + strings.Repeat("9", n)
		y := "2e-" + strings.Repeat("9", n-1) + "8"
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				p, q := Parse(x), Parse(y)
				p.Cmp(q)
				p.IsInt()
				p.IsMultipleOf(q)
				p.Exponent()
			}
		})
	}
}
