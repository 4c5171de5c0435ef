package lsp

import (
	"github.com/toolspec/toolspec/lang/descriptor"
)

// The words completion offers come from lang/descriptor, where the
// language declares every kind and modifier once, with the kinds each
// modifier fits.

// kindWords returns every kind keyword, in declaration order.
func kindWords() []string { return descriptor.KindKeywords() }

// modifierWords returns the keywords of the modifiers that may follow a
// value of the kind written kind ("" when it is not known, as while it is
// being typed: then every one). A row takes the row-only modifiers (from,
// as) as well; an element inside <...> does not. The range has no keyword
// and is not offered.
func modifierWords(kind string, row bool) []string {
	k := descriptor.KindOf(kind)
	var out []string
	for _, m := range descriptor.Modifiers {
		switch {
		case m.Operand == descriptor.RangeOperand:
		case m.RowOnly:
			if row {
				out = append(out, m.Keyword)
			}
		case k == 0 || m.Fits(k):
			out = append(out, m.Keyword)
		}
	}
	return out
}
