package model

import (
	"reflect"

	"github.com/toolspec/toolspec/lang/token"
)

// Equal reports whether a and b are the same type as written, positions
// aside: same kind, same modifiers, same rows (names, presence,
// descriptions, groups) at every depth. It reads every field of Type by
// reflection, so a field added to Type is compared without being listed.
func Equal(a, b *Type) bool { return equal(reflect.ValueOf(a), reflect.ValueOf(b)) }

var (
	posType = reflect.TypeFor[token.Pos]()
	numType = reflect.TypeFor[*Num]()
)

func equal(a, b reflect.Value) bool {
	if a.Type() == posType {
		return true
	}
	if a.Type() == numType {
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return a.Interface().(*Num).Text == b.Interface().(*Num).Text
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return a.Pointer() == b.Pointer() || equal(a.Elem(), b.Elem())
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !equal(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range a.NumField() {
			if !equal(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	}
	return a.Equal(b)
}
