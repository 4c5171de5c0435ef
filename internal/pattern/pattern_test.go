package pattern

import (
	"regexp"
	"testing"
)

func TestRE2(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`^abc$`, `^abc$`},
		{`^a.b$`, `^a` + ecmaDot + `b$`},
		{`^a\.b$`, `^a\.b$`},
		{`^[.]+$`, `^[.]+$`},
		{`^[a\].]+.$`, `^[a\].]+` + ecmaDot + `$`},
		{`\\.`, `\\` + ecmaDot},
		{`(.*)x`, `(` + ecmaDot + `*)x`},
	} {
		if got := RE2(tc.in); got != tc.want {
			t.Errorf("RE2(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestDotMeansECMAScript pins the strings ECMAScript's `.` refuses (u
// flag): the translated pattern refuses them too, and takes the rest.
func TestDotMeansECMAScript(t *testing.T) {
	re := regexp.MustCompile(RE2(`^a.b$`))
	for s, want := range map[string]bool{
		"axb": true, "a\tb": true, "a\u00e9b": true, "a\U0001F600b": true,
		"a\nb": false, "a\rb": false, "a\u2028b": false, "a\u2029b": false, "ab": false,
	} {
		if got := re.MatchString(s); got != want {
			t.Errorf("%q: match %v, want %v", s, got, want)
		}
	}
}
