package dialect

import "github.com/toolspec/toolspec/model"

// variantFor is the variant of union t that a value of v's JSON shape
// (an object or an array, as parse gives them) goes to for normalizing:
// the first variant of that shape, or nil. A union whose variants share
// a shape is normalized by the first; its other variants get the value
// untouched, which the validator then judges.
func variantFor(t *model.Type, v any) *model.Type {
	for _, vt := range t.Variants {
		switch v.(type) {
		case *node:
			if vt.Kind == model.Object || vt.Kind == model.Map {
				return vt
			}
		case []any:
			if vt.Kind == model.Array || vt.Kind == model.Tuple {
				return vt
			}
		}
	}
	return nil
}
