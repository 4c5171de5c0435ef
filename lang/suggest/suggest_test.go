package suggest

import "testing"

func TestNearest(t *testing.T) {
	kinds := []string{"string", "integer", "number", "boolean", "any", "enum", "array", "tuple", "object", "map"}
	for _, c := range []struct {
		name, want string
		ok         bool
	}{
		{"aray", "array", true},
		{"strng", "string", true},
		{"intger", "integer", true},
		{"zzzzzz", "", false},
	} {
		got, ok := Nearest(c.name, kinds)
		if got != c.want || ok != c.ok {
			t.Errorf("Nearest(%q) = %q, %v; want %q, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}
