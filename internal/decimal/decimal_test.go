package decimal

import "testing"

// TestParse: one form per value, integer or not, for any exponent, without
// expanding the number; only JSON numbers parse.
func TestParse(t *testing.T) {
	for _, c := range []struct {
		in, want string
		integer  bool
	}{
		{"0", "0", true}, {"-0", "0", true}, {"0.000e5", "0", true},
		{"15", "0.15e2", true}, {"15.0", "0.15e2", true}, {"1.5e1", "0.15e2", true}, {"150e-1", "0.15e2", true},
		{"-0.5", "-0.5e0", false}, {"0.05", "0.5e-1", false}, {"5E-2", "0.5e-1", false},
		{"1e2", "0.1e3", true}, {"100", "0.1e3", true}, {"1E+2", "0.1e3", true},
		{"1e-999999", "0.1e-999998", false}, {"10e-1000000", "0.1e-999998", false},
		{"1e999999999", "0.1e1000000000", true},
		{"1e99999999999999999999", "0.1e100000000000000000000", true},
		{"12345678901234567890", "0.1234567890123456789e20", true},
	} {
		d, ok := Parse(c.in)
		if !ok || d.String() != c.want || d.IsInteger() != c.integer {
			t.Errorf("Parse(%s) = %s, integer %v, %v; want %s, %v", c.in, d, d.IsInteger(), ok, c.want, c.integer)
		}
	}
	for _, bad := range []string{"", "-", "01", "1.", ".5", "+5", "1e", "0x10", "NaN", "1_000", " 1"} {
		if _, ok := Parse(bad); ok {
			t.Errorf("Parse(%q) is ok", bad)
		}
	}
}

func TestCmp(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"1", "2", -1}, {"2", "1", 1}, {"1e2", "100.0", 0}, {"-1", "1", -1}, {"-2", "-1", -1},
		{"0.15", "0.2", -1}, {"0.1", "0.15", -1}, {"1e-999999", "2e-999999", -1}, {"-0", "0", 0},
		{"1e1000", "9e999", 1}, {"-1e1000", "-9e999", -1},
	} {
		a, _ := Parse(c.a)
		b, _ := Parse(c.b)
		if got := a.Cmp(b); got != c.want {
			t.Errorf("Cmp(%s, %s) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
