package mangle

import (
	"strings"
	"unicode"
)

// TypeScript is the stem of the TypeScript type names gen-js declares for
// a tool (STEMInput, STEMOutput): the tool name's runs of ASCII letters and
// digits, each capitalised, joined; "Tool" first when that is empty or
// starts with a digit. a.b, a_b and a-b all become AB.
func TypeScript(tool string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(tool, func(r rune) bool {
		return !(r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)))
	}) {
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	stem := b.String()
	if stem == "" || (stem[0] >= '0' && stem[0] <= '9') {
		stem = "Tool" + stem
	}
	return stem
}

// Backend is one backend's mangling of tool names.
type Backend struct {
	Name   string // the command: gen-js
	What   string // what the mangled name is, for messages
	Mangle func(tool string) string
}

// Backends are the manglings the checker holds tool names to. gen-go is
// not one: it makes every Go name unique in its scope with _2, _3, …
// (gen/golang names.go), so no two spec names make one Go identifier
// (TestNamesNeverCollide in gen/golang).
var Backends = []Backend{
	{Name: "gen-js", What: "TypeScript type name %sInput", Mangle: TypeScript},
}
