package mangle

import "testing"

func TestTypeScript(t *testing.T) {
	for in, want := range map[string]string{
		"a.b": "AB", "a_b": "AB", "a-b": "AB", "get_user": "GetUser", "9lives": "Tool9lives", "_": "Tool", "users.get": "UsersGet",
	} {
		if got := TypeScript(in); got != want {
			t.Errorf("TypeScript(%q) = %q, want %q", in, got, want)
		}
	}
}
