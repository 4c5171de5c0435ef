package model

import "testing"

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
