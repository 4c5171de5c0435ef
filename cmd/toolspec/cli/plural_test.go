package cli

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		more []string
		want string
	}{
		{0, "tool", nil, "0 tools"},
		{1, "tool", nil, "1 tool"},
		{2, "tool", nil, "2 tools"},
		{1, "mismatch", []string{"mismatches"}, "1 mismatch"},
		{3, "mismatch", []string{"mismatches"}, "3 mismatches"},
	} {
		if got := count(c.n, c.noun, c.more...); got != c.want {
			t.Errorf("count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}
