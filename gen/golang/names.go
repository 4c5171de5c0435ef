package golang

import (
	"fmt"
	"strconv"
	"strings"
)

// GoName is the natural exported Go name of a spec name: its ASCII
// letters and digits, the first of each run capitalised (t27_grep →
// T27Grep, "get-app" → GetApp, "$top" → Top). ok is false when the result
// is empty or starts with a digit; mangle makes a name of those too.
func GoName(s string) (name string, ok bool) {
	var b strings.Builder
	up := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
			if up {
				c -= 'a' - 'A'
			}
			b.WriteByte(c)
			up = false
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			b.WriteByte(c)
			up = false
		default:
			up = true
		}
	}
	name = b.String()
	return name, name != "" && (name[0] < '0' || name[0] > '9')
}

// mangle is the Go name of any spec name (docs/gen-go.md, Naming): the
// natural name; X before it when it starts with a digit ("1st" → X1st);
// X and the hex of its first 16 bytes when it has no ASCII letter or
// digit ("*/" → X2a2f, "_" → X5f). A namer then makes it unique.
func mangle(s string) string {
	name, ok := GoName(s)
	switch {
	case ok:
		return name
	case name != "":
		return "X" + name
	}
	if len(s) > 16 {
		s = s[:16]
	}
	return fmt.Sprintf("X%x", s)
}

// namer hands out unique names in one scope: a name already taken gets
// _2, _3, … A natural name never contains _, so a suffixed name never
// takes one a later spec name would get.
type namer struct{ taken map[string]bool }

func newNamer(reserved ...string) *namer {
	n := &namer{taken: map[string]bool{}}
	for _, r := range reserved {
		n.taken[r] = true
	}
	return n
}

func (n *namer) free(names ...string) bool {
	for _, s := range names {
		if n.taken[s] {
			return false
		}
	}
	return true
}

// claim takes base, or base_2, base_3, … the first that is free.
func (n *namer) claim(base string) string {
	name := base
	for i := 2; n.taken[name]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	n.taken[name] = true
	return name
}

// claimAll takes the first base (or base_k) for which every name make
// returns is free, and returns that base.
func (n *namer) claimAll(base string, make func(string) []string) string {
	name := base
	for i := 2; !n.free(make(name)...); i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	for _, s := range make(name) {
		n.taken[s] = true
	}
	return name
}
