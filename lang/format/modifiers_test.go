package format

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/lang/descriptor"
)

// TestEveryModifier: every modifier lang/descriptor declares parses and
// formats back as written, in a row and inside array<...>, with no parser
// or formatter code of its own.
func TestEveryModifier(t *testing.T) {
	operand := map[descriptor.Operand]string{
		descriptor.NoOperand: "", descriptor.NumberOperand: " 5", descriptor.StringOperand: ` "a"`,
		descriptor.WordOperand: " query", descriptor.JSONOperand: " 1",
	}
	for _, d := range descriptor.Modifiers {
		if d.Operand == descriptor.RangeOperand {
			continue
		}
		kind := "integer"
		for _, k := range descriptor.Kinds[1:] {
			if d.Fits(k.Kind) && k.Scalar {
				kind = k.Keyword
				break
			}
		}
		mod := d.Keyword + operand[d.Operand]
		rows := []string{"x  " + kind + "  optional  " + mod}
		if !d.RowOnly {
			rows = append(rows, "y  array<"+kind+" "+mod+">  optional")
		}
		for _, row := range rows {
			src := "spec s\n\ntool t {\n  description \"d\"\n  in {\n    " + row + "\n  }\n  result text\n}\n"
			r := parse(t, d.Keyword+".tspec", []byte(src))
			got := string(Source(r.File, r.Comments))
			if got != src {
				t.Errorf("%s: fmt gives\n%s\nwant\n%s", d.Keyword, got, src)
			}
			if !strings.Contains(got, mod) {
				t.Errorf("%s: %q lost", d.Keyword, mod)
			}
			mods := r.File.Decls[0].Tool.Items[1].In.Block.Items[0].Row.Mods
			if k := r.File.Decls[0].Tool.Items[1].In.Block.Items[0].Row.Kind; k.Array != nil {
				mods = k.Array.Mods
			}
			if len(mods) != 1 || mods[0].Name() != d.Keyword {
				t.Errorf("%s: parsed %d modifiers", d.Keyword, len(mods))
			}
		}
	}
}
