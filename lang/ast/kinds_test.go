package ast

import (
	"reflect"
	"slices"
	"testing"

	"github.com/toolspec/toolspec/lang/descriptor"
)

// TestKindKeywords: every alternative of the Kind node (each pointer field,
// and each scalar keyword) has a Keyword that lang/descriptor declares, and
// every declared kind is one of them. A kind added to the grammar but not
// to Keyword, or to the descriptors but not to the grammar, fails here.
func TestKindKeywords(t *testing.T) {
	var got []string
	typ := reflect.TypeOf(Kind{})
	for i := range typ.NumField() {
		f := typ.Field(i)
		if f.Type.Kind() != reflect.Pointer || f.Name == "Args" {
			continue
		}
		k := &Kind{}
		reflect.ValueOf(k).Elem().Field(i).Set(reflect.New(f.Type.Elem()))
		kw := k.Keyword()
		if descriptor.KindOf(kw) == 0 {
			t.Errorf("Kind.%s: Keyword() = %q, not a kind of lang/descriptor", f.Name, kw)
		}
		got = append(got, kw)
	}
	for _, kw := range descriptor.KindKeywords() {
		if info := descriptor.Kinds[descriptor.KindOf(kw)]; info.Scalar {
			got = append(got, (&Kind{Scalar: kw}).Keyword())
		}
	}
	for _, kw := range descriptor.KindKeywords() {
		if !slices.Contains(got, kw) {
			t.Errorf("kind %q has no alternative in the Kind node", kw)
		}
	}
}
