package lsp

import (
	"reflect"
	"sort"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/model"
)

// The words completion offers come from where the language declares them,
// never from a list of this package's own: kinds from model.Kind, modifier
// keywords from ast.Modifier (one field per modifier, named by its Name
// method). When lang/descriptor lands it is the one place to read both
// from, with the kinds each modifier fits.

// kindWords returns every kind keyword, in declaration order.
func kindWords() []string {
	var out []string
	for k := model.String; k <= model.Map; k++ {
		out = append(out, k.String())
	}
	return out
}

// modifierWords returns every modifier keyword, sorted. Each field of
// ast.Modifier but Pos is one modifier: setting it alone makes Name return
// that modifier's keyword.
func modifierWords() []string {
	var out []string
	t := reflect.TypeOf(ast.Modifier{})
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Name == "Pos" {
			continue
		}
		var m ast.Modifier
		v := reflect.ValueOf(&m).Elem().Field(i)
		switch v.Kind() {
		case reflect.Bool:
			v.SetBool(true)
		case reflect.String:
			v.SetString("x")
		case reflect.Pointer:
			v.Set(reflect.New(f.Type.Elem()))
		default:
			continue
		}
		if n := m.Name(); n != "?" {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}
