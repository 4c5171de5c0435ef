package dialect

import (
	"bytes"

	"github.com/toolspec/toolspec/model"
)

// Normalize turns arguments shaped by a family's dialect back into the
// spec's shapes, before the server validates them with the spec's own
// schema. For openai_strict, whose dialect lists every property as
// required, the model sends null for an optional property it leaves out:
// such a null is dropped, at every depth, unless the row is nullable (its
// null is then a value of the spec; an optional `any` row's null is
// dropped: it cannot be told from an absent one). Every other dialect sends the spec's
// shapes already. Arguments that are not JSON are returned unchanged, for
// the validator to refuse.
func Normalize(family string, t *model.Type, args []byte) []byte {
	if family != "openai_strict" {
		return args
	}
	v, err := parse(args)
	if err != nil {
		return args
	}
	if !dropNulls(t, v) {
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

// Denormalize is what a strict client sends for spec-shaped arguments:
// for openai_strict every absent optional property as null, at every
// depth. Normalize(Denormalize(x)) is x; the soundness test holds the
// dialect to accepting Denormalize of every valid argument.
func Denormalize(family string, t *model.Type, args []byte) []byte {
	if family != "openai_strict" {
		return args
	}
	v, err := parse(args)
	if err != nil {
		return args
	}
	fillNulls(t, v)
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
