package specdiff

import "testing"

// TestDecimal: one text per value, integer or not, for any exponent,
// without expanding the number.
func TestDecimal(t *testing.T) {
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
		{"12345678901234567890", "0.1234567890123456789e20", true},
		{"1e99999999999999999999", "1e99999999999999999999", false}, // exponent beyond int64: as written
	} {
		got, integer := decimal(c.in)
		if got != c.want || integer != c.integer {
			t.Errorf("decimal(%s) = %s, %v; want %s, %v", c.in, got, integer, c.want, c.integer)
		}
	}
}
