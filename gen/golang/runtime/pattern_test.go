package runtime

import (
	"regexp"
	"testing"

	"github.com/toolspec/toolspec/internal/pattern"
)

// TestECMAPatternIsPatternRE2 holds the runtime's copy of the translation
// (generated catalogs import only the standard library) to the compiler's.
func TestECMAPatternIsPatternRE2(t *testing.T) {
	for _, p := range []string{
		``, `^abc$`, `^a.b$`, `^a\.b$`, `^[.]+$`, `^[a\].]+.$`, `\\.`, `(.*)x`,
		`^(@[A-Za-z][A-Za-z0-9_]{4,31}|-?[1-9][0-9]{0,19})$`, `.\p{L}.`, `[^.]*\..`,
	} {
		if got, want := tsECMAPattern(p), pattern.RE2(p); got != want {
			t.Errorf("tsECMAPattern(%q) = %q, pattern.RE2 gives %q", p, got, want)
		}
	}
}

func FuzzECMAPattern(f *testing.F) {
	f.Add(`^a.b$`)
	f.Add(`[\].]\..`)
	f.Fuzz(func(t *testing.T, p string) {
		if got, want := tsECMAPattern(p), pattern.RE2(p); got != want {
			t.Fatalf("tsECMAPattern(%q) = %q, pattern.RE2 gives %q", p, got, want)
		}
	})
}

// TestPatternDot: a decoder refuses what ECMAScript's . refuses.
func TestPatternDot(t *testing.T) {
	re := regexp.MustCompile(tsECMAPattern(`^a.b$`))
	for s, want := range map[string]bool{"axb": true, "a\rb": false, "a\u2028b": false, "a\u2029b": false} {
		if re.MatchString(s) != want {
			t.Errorf("%q: want match %v", s, want)
		}
	}
}
