package check

import (
	"testing"

	"github.com/toolspec/toolspec/model"
)

// TestEnumKey holds enumKey to what it stands for: equal keys exactly
// when the JSON texts are equal.
func TestEnumKey(t *testing.T) {
	strs := []string{
		"", "a", "A", "a b", `"`, `\`, "<", "&", "\u2028", "é", "e\u0301", "\ufffd", "\xff", "\xfe",
		"\xff\xfe", "\ufffd\ufffd", "a\xffb", "a\ufffdb", "\xe2\x82", "\ufffd\ufffd", "\xe2\x82\xac", "€",
		"\xed\xa0\x80", "\ufffd\ufffd\ufffd", "1", "-1", "0",
	}
	var vals []model.EnumValue
	for _, s := range strs {
		vals = append(vals, model.EnumValue{Str: s})
	}
	for _, n := range []int64{0, 1, -1, 10, 9223372036854775807, -9223372036854775808} {
		vals = append(vals, model.EnumValue{IsInt: true, Int: n})
	}
	for _, a := range vals {
		for _, b := range vals {
			if got, want := enumKey(a) == enumKey(b), a.JSON() == b.JSON(); got != want {
				t.Errorf("enumKey(%#v) == enumKey(%#v) is %v; JSON %s, %s", a, b, got, a.JSON(), b.JSON())
			}
		}
	}
}
