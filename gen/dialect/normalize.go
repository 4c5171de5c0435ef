package dialect

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"

	"github.com/toolspec/toolspec/model"
)

// Normalize turns arguments shaped by a family's dialect back into the
// spec's shapes, before the server validates them with the spec's own
// schema. For openai_strict, whose dialect lists every property as
// required, the model sends null for an optional property it leaves out:
// such a null is dropped, at every depth, unless the row is nullable (its
// null is then a value of the spec; an optional `any` row's null is
// dropped: it cannot be told from an absent one). For gemini, whose
// dialect sends an `any` value as JSON text, a string there that is JSON
// text is decoded (one that is not stays the string it is). A family whose
// dialect renames top-level keys (rename.go) gets them back first. Every
// other dialect sends the spec's shapes already. Arguments that are not JSON are
// returned unchanged, for the validator to refuse.
func Normalize(family string, t *model.Type, args []byte) []byte {
	rs := renamesOf(t, family)
	var change func(*model.Type, any) (any, bool)
	switch family {
	case "openai_strict":
		change = func(t *model.Type, v any) (any, bool) { return v, dropNulls(t, v) }
	case "gemini":
		change = func(t *model.Type, v any) (any, bool) { return mapAny(t, v, fromText) }
	}
	if change == nil && len(rs) == 0 {
		return args
	}
	v, err := parse(args)
	if err != nil {
		return args
	}
	// Keys first: the family's own change reads the spec's keys.
	changed := renameArgs(v, rs, false)
	if change != nil {
		var c bool
		v, c = change(t, v)
		changed = changed || c
	}
	if !changed {
		return args
	}
	var b bytes.Buffer
	write(&b, v)
	return b.Bytes()
}

// dropNulls drops the nulls of optional, non-nullable properties in v,
// which t describes; it reports whether it dropped any.
func dropNulls(t *model.Type, v any) bool {
	if t.Kind == model.Union {
		if vt := variantFor(t, v); vt != nil {
			return dropNulls(vt, v)
		}
		return false
	}
	changed := false
	switch x := v.(type) {
	case *node:
		switch t.Kind {
		case model.Object:
			for _, f := range t.Fields {
				fv, ok := x.get(f.Name)
				if !ok {
					continue
				}
				if fv == nil && !f.Required && !f.Type.Nullable {
					x.del(f.Name)
					changed = true
					continue
				}
				changed = dropNulls(f.Type, fv) || changed
			}
		case model.Map:
			for _, k := range x.keys {
				changed = dropNulls(t.Elem, x.vals[k]) || changed
			}
		case model.String, model.Integer, model.Number, model.Boolean, model.Any, model.Enum, model.Array, model.Tuple, model.Union:
			// An object value here does not match t's kind (a union's
			// variant was chosen above): nothing to normalize.
		}
	case []any:
		for i, e := range x {
			switch {
			case t.Kind == model.Array:
				changed = dropNulls(t.Elem, e) || changed
			case t.Kind == model.Tuple && i < len(t.Items):
				changed = dropNulls(t.Items[i], e) || changed
			}
		}
	}
	return changed
}

// Denormalize is what a family's client sends for spec-shaped arguments:
// for openai_strict every absent optional property as null, at every
// depth; for gemini every `any` value as JSON text; renamed keys under
// their sent names. Normalize(Denormalize(x))
// is x; the soundness test holds the dialect to accepting Denormalize of
// every valid argument.
func Denormalize(family string, t *model.Type, args []byte) []byte {
	rs := renamesOf(t, family)
	if family != "openai_strict" && family != "gemini" && len(rs) == 0 {
		return args
	}
	v, err := parse(args)
	if err != nil {
		return args
	}
	switch family {
	case "gemini":
		v, _ = mapAny(t, v, toText)
	case "openai_strict":
		fillNulls(t, v)
	}
	renameArgs(v, rs, true)
	var b bytes.Buffer
	write(&b, v)
	return b.Bytes()
}

func fillNulls(t *model.Type, v any) {
	if t.Kind == model.Union {
		if vt := variantFor(t, v); vt != nil {
			fillNulls(vt, v)
		}
		return
	}
	switch x := v.(type) {
	case *node:
		switch t.Kind {
		case model.Object:
			for _, f := range t.Fields {
				if fv, ok := x.get(f.Name); ok {
					fillNulls(f.Type, fv)
				} else if !f.Required {
					x.set(f.Name, nil)
				}
			}
		case model.Map:
			for _, k := range x.keys {
				fillNulls(t.Elem, x.vals[k])
			}
		case model.String, model.Integer, model.Number, model.Boolean, model.Any, model.Enum, model.Array, model.Tuple, model.Union:
			// An object value here does not match t's kind (a union's
			// variant was chosen above): nothing to fill.
		}
	case []any:
		for i, e := range x {
			switch {
			case t.Kind == model.Array:
				fillNulls(t.Elem, e)
			case t.Kind == model.Tuple && i < len(t.Items):
				fillNulls(t.Items[i], e)
			}
		}
	}
}

// mapAny replaces each value of v that t types as `any` with f of it; it
// reports whether f changed one.
func mapAny(t *model.Type, v any, f func(any) (any, bool)) (any, bool) {
	if t.Kind == model.Any {
		return f(v)
	}
	if t.Kind == model.Union {
		if vt := variantFor(t, v); vt != nil {
			return mapAny(vt, v, f)
		}
		return v, false
	}
	changed := false
	sub := func(t *model.Type, x any) any {
		y, c := mapAny(t, x, f)
		changed = changed || c
		return y
	}
	switch x := v.(type) {
	case *node:
		switch t.Kind {
		case model.Object:
			for _, fd := range t.Fields {
				if fv, ok := x.get(fd.Name); ok {
					x.vals[fd.Name] = sub(fd.Type, fv)
				}
			}
		case model.Map:
			for _, k := range x.keys {
				x.vals[k] = sub(t.Elem, x.vals[k])
			}
		case model.String, model.Integer, model.Number, model.Boolean, model.Any, model.Enum, model.Array, model.Tuple, model.Union:
			// Not an object's kind (any and unions are taken above).
		}
	case []any:
		for i, e := range x {
			switch {
			case t.Kind == model.Array:
				x[i] = sub(t.Elem, e)
			case t.Kind == model.Tuple && i < len(t.Items):
				x[i] = sub(t.Items[i], e)
			}
		}
	}
	return v, changed
}

// toText is an `any` value as gemini's client sends it: its JSON text.
func toText(v any) (any, bool) {
	var b bytes.Buffer
	write(&b, v)
	return b.String(), true
}

// fromText decodes an `any` value a gemini client sent as JSON text; a
// string that is not JSON text is the string itself.
func fromText(v any) (any, bool) {
	s, ok := v.(string)
	if !ok {
		return v, false
	}
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	x, err := value(d)
	if err != nil {
		return v, false
	}
	if _, err := d.Token(); err != io.EOF {
		return v, false // JSON text and more: not one value
	}
	return x, true
}
