package ast

import (
	"reflect"
	"regexp"
)

// The keywords that start a tool's items and the names of its hints, read
// from the grammar's own tags so that they are declared once: the parser
// suggests the nearest of them after a misspelt one (lang/parser,
// recover.go).
var (
	// ToolItemWords are the keywords of a tool's items in grammar order
	// (title, description, hints, ...).
	ToolItemWords = toolItemWords()
	// HintWords are the hints `hints` takes (read_only, destructive, ...).
	HintWords = literals(fieldTag(reflect.TypeFor[Hints](), "Names"))[1:]
)

var literal = regexp.MustCompile(`'([a-z_]+)'`)

// literals lists the quoted keywords of a participle tag, in order.
func literals(tag string) []string {
	var words []string
	for _, m := range literal.FindAllStringSubmatch(tag, -1) {
		words = append(words, m[1])
	}
	return words
}

func fieldTag(t reflect.Type, name string) string {
	f, _ := t.FieldByName(name)
	return f.Tag.Get("parser")
}

// toolItemWords reads the first keyword of each alternative of ToolItem:
// in its tag, or in the first tagged field of the production it names.
func toolItemWords() []string {
	var words []string
	t := reflect.TypeFor[ToolItem]()
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("parser")
		if tag == "" {
			continue
		}
		lits := literals(tag)
		if len(lits) == 0 && f.Type.Kind() == reflect.Pointer {
			sub := f.Type.Elem()
			for j := range sub.NumField() {
				if lits = literals(sub.Field(j).Tag.Get("parser")); len(lits) > 0 {
					break
				}
			}
		}
		if len(lits) > 0 {
			words = append(words, lits[0])
		}
	}
	return words
}
