package openapi

import (
	"encoding/json"
	"math"
	"math/big"
	"testing"
)

// TestNumbersBeyondExponentCap: a non-zero number beyond 10^±1000 is not
// computed, and not rounded either: 1e-1001 is neither 0 nor an integer,
// and compares with other numbers exactly.
func TestNumbersBeyondExponentCap(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n    json.Number
		want string // Rat as a string, "" for nil
		int  bool
	}{
		{"1e-1001", "", false},
		{"-1e-1001", "", false},
		{"1e1001", "", false},
		{"0e-5000", "0/1", true},
		{"-0.0e99999999999999999999", "0/1", true},
		{"1000e-1001", "1/" + new(big.Int).Exp(big.NewInt(10), big.NewInt(998), nil).String(), false},
		{"0.001e1003", new(big.Int).Exp(big.NewInt(10), big.NewInt(1000), nil).String() + "/1", true},
		{"2", "2/1", true},
		{"1e3", "1000/1", true},
	} {
		r := Rat(c.n)
		got := ""
		if r != nil {
			got = r.String()
		}
		if got != c.want {
			t.Errorf("Rat(%s) = %q, want %q", c.n, got, c.want)
		}
		if IsInteger(c.n) != (c.int || c.n == "1e1001") {
			t.Errorf("IsInteger(%s) = %v", c.n, !c.int)
		}
		if i, ok := IntValue(c.n); ok != c.int {
			t.Errorf("IntValue(%s) = %v, %v; want ok %v", c.n, i, ok, c.int)
		}
	}
	for _, c := range []struct {
		a, b json.Number
		want int
	}{
		{"1e-1001", "0", 1},
		{"-1e-1001", "0", -1},
		{"1e-1001", "2e-1001", -1},
		{"10e5000", "1e5001", 0},
		{"1e99999999999999999999", "1e1001", 1},
		{"-1e1001", "-1e1002", 1},
		{"0.19", "0.2", -1},
		{"-0", "0.0", 0},
	} {
		if got, ok := Compare(c.a, c.b); !ok || got != c.want {
			t.Errorf("Compare(%s, %s) = %d, %v; want %d", c.a, c.b, got, ok, c.want)
		}
	}
	for _, c := range []struct {
		n    json.Number
		want float64
	}{
		{"1e-400", 0}, {"1e-1001", 0}, {"1e400", math.Inf(1)}, {"-1e1001", math.Inf(-1)}, {"0.5", 0.5},
	} {
		if got, ok := Float64(c.n); !ok || got != c.want {
			t.Errorf("Float64(%s) = %v, %v; want %v", c.n, got, ok, c.want)
		}
	}
}
