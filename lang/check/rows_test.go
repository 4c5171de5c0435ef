package check

import (
	"testing"

	"github.com/toolspec/toolspec/model"
)

// TestFloat64Of holds float64Of's int64 fast path to big.Rat.Float64.
func TestFloat64Of(t *testing.T) {
	for _, text := range []string{
		"0", "-0", "1", "-1", "500", "9007199254740992", "-9007199254740992",
		"9007199254740993", "-9007199254740993", "9223372036854775807", "-9223372036854775808",
		"123456789012345678901234", "0.5", "1e3", "1e308", "1e-300", "0.1",
	} {
		n := model.NewNum(text)
		f, exact := float64Of(n)
		wf, wexact := n.Rat.Float64()
		if f != wf || exact != wexact {
			t.Errorf("float64Of(%s) = %v, %v; Rat.Float64 = %v, %v", text, f, exact, wf, wexact)
		}
	}
}
