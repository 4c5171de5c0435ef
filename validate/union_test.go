package validate

import "testing"

// TestAnyOfIsAFailure: a value no variant of an anyOf accepts fails
// anyOf at its location, beside each variant's own failures.
func TestAnyOfIsAFailure(t *testing.T) {
	s, err := Compile([]byte(`{"type":"object","properties":{"u":{"anyOf":[{"type":"string","maxLength":2},{"type":"integer"}]}}}`), Draft2020)
	if err != nil {
		t.Fatal(err)
	}
	fails, err := s.Validate([]byte(`{"u":"abc"}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fails {
		got = append(got, f.String())
	}
	want := []string{"anyOf at /u", "maxLength at /u", "type at /u"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	if fails, _ := s.Validate([]byte(`{"u":7}`)); fails != nil {
		t.Errorf("7 fails: %v", fails)
	}
}
