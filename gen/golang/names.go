package golang

import (
	"fmt"
	"strconv"
	"strings"
)

// GoName is the natural exported Go name of a spec name: its ASCII
// letters and digits, the first of each word capitalised, and a word that
// is a common initialism all in capitals, as Go writes them (t27_grep →
// T27Grep, "get-app" → GetApp, "$top" → Top, user_id → UserID, userId →
// UserID, html_url → HTMLURL). Words are the runs of letters and digits,
// cut again where a lower-case letter is followed by a capital. ok is
// false when the result is empty or starts with a digit; mangle makes a
// name of those too.
func GoName(s string) (name string, ok bool) {
	var b strings.Builder
	word := func(w string) {
		if w == "" {
			return
		}
		if initialisms[strings.ToLower(w)] {
			b.WriteString(strings.ToUpper(w))
			return
		}
		if c := w[0]; c >= 'a' && c <= 'z' {
			b.WriteByte(c - ('a' - 'A'))
			w = w[1:]
		}
		b.WriteString(w)
	}
	start := -1
	for i := 0; i <= len(s); i++ {
		c := byte(0)
		if i < len(s) {
			c = s[i]
		}
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		switch {
		case !alnum:
			if start >= 0 {
				word(s[start:i])
				start = -1
			}
		case start < 0:
			start = i
		case c >= 'A' && c <= 'Z' && s[i-1] >= 'a' && s[i-1] <= 'z':
			word(s[start:i])
			start = i
		}
	}
	name = b.String()
	return name, name != "" && (name[0] < '0' || name[0] > '9')
}

// initialisms are the words Go code writes in capitals (the list of
// golint and staticcheck's ST1003, as lower-case words).
var initialisms = map[string]bool{
	"acl": true, "api": true, "ascii": true, "cpu": true, "css": true, "dns": true,
	"eof": true, "guid": true, "html": true, "http": true, "https": true, "id": true,
	"ip": true, "json": true, "lhs": true, "qps": true, "ram": true, "rhs": true,
	"rpc": true, "sla": true, "smtp": true, "sql": true, "ssh": true, "tcp": true,
	"tls": true, "ttl": true, "udp": true, "ui": true, "uid": true, "uuid": true,
	"uri": true, "url": true, "utf8": true, "vm": true, "xml": true, "xmpp": true,
	"xsrf": true, "xss": true,
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
// takes one a later spec name would get. A scope of a few names (a
// struct's fields, an enum's constants) keeps them in a slice; a map
// takes over past smallScope.
type namer struct {
	taken map[string]bool
	small []string
}

const smallScope = 16

func newNamer(reserved ...string) *namer { return newNamerSized(0, reserved...) }

// newNamerSized is newNamer for a scope that will hold about size names,
// in a map made that large at once.
func newNamerSized(size int, reserved ...string) *namer {
	n := &namer{}
	if size > smallScope {
		n.taken = make(map[string]bool, size)
	}
	for _, r := range reserved {
		n.add(r)
	}
	return n
}

func (n *namer) has(name string) bool {
	if n.taken != nil {
		return n.taken[name]
	}
	for _, s := range n.small {
		if s == name {
			return true
		}
	}
	return false
}

func (n *namer) add(name string) {
	if n.taken == nil && len(n.small) < smallScope {
		n.small = append(n.small, name)
		return
	}
	if n.taken == nil {
		n.taken = make(map[string]bool, 2*smallScope)
		for _, s := range n.small {
			n.taken[s] = true
		}
		n.small = nil
	}
	n.taken[name] = true
}

func (n *namer) free(names ...string) bool {
	for _, s := range names {
		if n.has(s) {
			return false
		}
	}
	return true
}

// claim takes base, or base_2, base_3, … the first that is free.
func (n *namer) claim(base string) string {
	name := base
	for i := 2; n.has(name); i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	n.add(name)
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
		n.add(s)
	}
	return name
}
