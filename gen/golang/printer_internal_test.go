package golang

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestNamerScopes holds the namer, whose small scopes live in a slice
// until a map takes over, to one that only ever had the map: the same
// names claimed in the same order get the same results, across the
// switch.
func TestNamerScopes(t *testing.T) {
	for _, reserved := range [][]string{nil, {"A", "B_2"}, strings.Fields("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R14 R15 R16 R17")} {
		n, m := newNamer(reserved...), map[string]bool{}
		for _, r := range reserved {
			m[r] = true
		}
		for i := range 60 {
			base := []string{"A", "B", "C", "B_2", "R" + strconv.Itoa(i%20)}[i%5]
			want := base
			for k := 2; m[want]; k++ {
				want = base + "_" + strconv.Itoa(k)
			}
			m[want] = true
			if got := n.claim(base); got != want {
				t.Fatalf("reserved %v, claim %d (%s) = %s, want %s", reserved, i, base, got, want)
			}
			if n.free(want) || !n.free(want+"x") {
				t.Fatalf("reserved %v, after claim %d: free(%s) wrong", reserved, i, want)
			}
		}
	}
}

// TestCommentPlain holds comment's shortcut for plain text to the rule it
// shortcuts: every rune that is not printable a space, then runs of
// spaces one.
func TestCommentPlain(t *testing.T) {
	slow := func(s string) string {
		var b strings.Builder
		for _, r := range s {
			if r != ' ' && !unicode.IsPrint(r) || r == '\uFEFF' {
				r = ' '
			}
			b.WriteRune(r)
		}
		return strings.Join(strings.Fields(b.String()), " ")
	}
	for _, s := range []string{"", " ", "a", "a b", " a", "a ", "a  b", "a\tb", "a\nb", "~!", "a\x7fb", "é", "a\u00a0b", "a\uFEFFb", "x\x00", "Zero-based page"} {
		if got, want := comment(s), slow(s); got != want {
			t.Errorf("comment(%q) = %q, want %q", s, got, want)
		}
	}
	for c := range 128 {
		s := fmt.Sprintf("a%cb", c)
		if got, want := comment(s), slow(s); got != want {
			t.Errorf("comment(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestValidTag holds validTag's table of ASCII to encoding/json's rule.
func TestValidTag(t *testing.T) {
	for c := range rune(128) {
		want := strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) || unicode.IsLetter(c) || unicode.IsDigit(c)
		if got := validTag(string(c)); got != want {
			t.Errorf("validTag(%q) = %v, want %v", c, got, want)
		}
	}
}

// TestTagLiteral holds tagLiteral's ASCII shortcut to its rule: a raw
// string unless the tag holds a backtick or a rune that is not printable.
func TestTagLiteral(t *testing.T) {
	cases := []string{"", "json:\"a\"", "é", "a\u00a0", "\uFEFF", "a\xff"}
	for c := range rune(160) {
		cases = append(cases, "a"+string(c), string(c)+"é")
	}
	for _, tag := range cases {
		want := "`" + tag + "`"
		for _, c := range tag {
			if c == '`' || !strconv.IsPrint(c) {
				want = strconv.Quote(tag)
				break
			}
		}
		if got := tagLiteral(tag); got != want {
			t.Errorf("tagLiteral(%q) = %s, want %s", tag, got, want)
		}
	}
}
