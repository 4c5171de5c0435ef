package pattern

import "strings"

// ecmaDot is ECMAScript's `.` (u flag, no s flag) in RE2 syntax: any
// character but the four line terminators.
const ecmaDot = `[^\n\r\x{2028}\x{2029}]`

// RE2 returns p with every `.` outside a character class and not escaped
// replaced by ECMAScript's meaning of it. Anything else is kept byte for
// byte, so a pattern without such a dot is returned unchanged.
func RE2(p string) string {
	if !strings.Contains(p, ".") {
		return p
	}
	var b strings.Builder
	inClass := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p):
			// An escape is two bytes or more (\u{2E}, \p{L}); none of the
			// bytes after the backslash is an unescaped dot or bracket
			// that matters here but the next one, which is kept as is.
			b.WriteByte(c)
			i++
			b.WriteByte(p[i])
			continue
		case inClass && c == ']':
			inClass = false
		case !inClass && c == '[':
			inClass = true
			// A ] right after [ or [^ is literal in RE2; the checker
			// refuses it as unportable, so it needs no care here.
		case !inClass && c == '.':
			b.WriteString(ecmaDot)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
