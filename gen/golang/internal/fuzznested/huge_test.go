package fuzznested

import (
	"testing"
	"time"
)

// TestHugeExponentUnique: uniqueItems keys numbers by digits and exact
// exponent, however large, in time linear in the input; as JSON.parse
// reads them (docs/servers.md), every number beyond float64 is one
// (Infinity, or -Infinity) and one nearer to 0 than the smallest double is 0.
func TestHugeExponentUnique(t *testing.T) {
	for _, c := range []struct {
		items string
		ok    bool
	}{
		{`[1e999999, 10e999998]`, false},
		{`[1e999999, 1e999998]`, false},
		{`[[1e999999], [0.1e1000000]]`, false},
		{`[{"a": 1e999999}, {"a": 1E+999999}]`, false},
		{`[1e99999999999999999999, 10e99999999999999999998]`, false},
		{`[1e99999999999999999999, 1e99999999999999999998]`, false},
		{`[1e99999999999999999999, 0.1e100000000000000000000]`, false},
		{`[100e999999999999999999999999, 1e1000000000000000000000001]`, false},
		{`[100e999999999999999999999999, 1e1000000000000000000000000]`, false},
		{`[1e999999, -1e999999]`, true},
		{`[1e999999, null]`, true},
		{`[1e-100000000000000000000, 0.1e-99999999999999999999]`, false},
		{`[1e-100000000000000000000, -1e-100000000000000000000]`, false},
		{`[1e-400, 1e-300]`, true},
		{`[0e99999999999999999999, -0.0e-99999999999999999999]`, false},
		{`[1.5e-999999, 15e-1000000]`, false},
		{`[1.5e-300, 15e-301]`, false},
		{`[1.5e-300, 1.5e-301]`, true},
	} {
		start := time.Now()
		_, err := DecodeGetAppInput([]byte(`{"app": {"id": "a"}, "mode": "fast", "items": ` + c.items + `}`))
		if (err == nil) != c.ok {
			t.Errorf("%s: got %v, want ok=%v", c.items, err, c.ok)
		}
		if d := time.Since(start); d > 50*time.Millisecond {
			t.Errorf("%s: took %v", c.items, d)
		}
	}
}
