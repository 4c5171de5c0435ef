package model

import (
	"strconv"
	"testing"
)

func TestProfileFor(t *testing.T) {
	cases := map[string]int{
		"2024-11-05": 1, "2025-03-26": 1, "2025-06-18": 2, "2025-11-25": 2,
		"2026-07-27": 2, "2026-07-28": 3, "2099-01-01": 3, "": 1, "zzz": 1, "2025-6-18": 1, "9999-99-9x": 1,
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

// TestNewNum: the spec's numbers are decimal.Numbers within 10^±308.
func TestNewNum(t *testing.T) {
	cases := []struct{ in, text string }{
		{"1", "1"}, {"-0", "0"}, {"1E3", "1000"}, {"5.0", "5"}, {"0.5", "0.5"},
		{"1e-3", "1e-3"}, {"-1.5e2", "-150"}, {"1e20", "100000000000000000000"}, {"1e21", "1e21"},
		{"1e308", "1e308"}, {"1e-324", "1e-324"}, {"123456789012345678901234", "123456789012345678901234"},
	}
	for _, c := range cases {
		n := NewNum(c.in)
		if n == nil || n.Text != c.text {
			t.Errorf("NewNum(%q) = %v, want text %q", c.in, n, c.text)
		}
		var arena Arena
		if m := arena.NewNum(c.in); m == nil || m.Text != n.Text || m.Cmp(n) != 0 {
			t.Errorf("Arena.NewNum(%q) = %v, want %v", c.in, m, n)
		}
	}
	for _, bad := range []string{"1e309", "1e1000000", "1e9000000", "1e-400", "1e-325", "x", "", "1e", "007"} {
		if n := NewNum(bad); n != nil {
			t.Errorf("NewNum(%q) = %v, want nil", bad, n)
		}
		var arena Arena
		if n := arena.NewNum(bad); n != nil {
			t.Errorf("Arena.NewNum(%q) = %v, want nil", bad, n)
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
