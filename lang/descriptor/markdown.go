package descriptor

import "strings"

// KindTable is docs/language.md's table of kinds, in Markdown.
func KindTable() string {
	var b strings.Builder
	b.WriteString("| kind | JSON Schema | a range is | other modifiers | mutants |\n|---|---|---|---|---|\n")
	for _, k := range Kinds[1:] {
		rng := "an error"
		if k.MinKey != "" {
			rng = "`" + k.MinKey + "`/`" + k.MaxKey + "`"
		}
		var mods []string
		for _, m := range Modifiers {
			if m.Kinds != every && m.Keyword != "range" && m.Fits(k.Kind) {
				mods = append(mods, "`"+m.Keyword+"`")
			}
		}
		b.WriteString("| `" + k.Written + "` | `" + k.Schema + "` | " + rng + " | " +
			strings.Join(mods, ", ") + " | " + ops(k.Mutants) + " |\n")
	}
	return b.String()
}

// ModifierTable is docs/language.md's table of modifiers, in Markdown, in
// canonical order.
func ModifierTable() string {
	var b strings.Builder
	b.WriteString("| modifier | applies to | JSON Schema | checks | mutants | Go decoder | JS validator |\n|---|---|---|---|---|---|---|\n")
	for _, m := range Modifiers {
		written := m.Keyword
		switch m.Operand {
		case RangeOperand:
			written = "A..B"
		case NumberOperand:
			written += " N"
		case StringOperand:
			written += ` "S"`
		case WordOperand:
			written += " W"
		case JSONOperand:
			written += " V"
		}
		var codes []string
		for _, d := range m.Checks {
			codes = append(codes, d.Code)
		}
		b.WriteString("| `" + written + "` | " + kindsText(m) + " | " + m.Schema + " | " + ops(codes) + " | " + ops(m.Mutants) + " | " + m.GoDecoder + " | " + m.JSValidator + " |\n")
	}
	return b.String()
}

func kindsText(m *Modifier) string {
	switch {
	case m.RowOnly:
		return "a row of an endpoint tool's input"
	case m.Kinds == every:
		return "every kind"
	}
	var ks []string
	for _, k := range Kinds[1:] {
		if m.Fits(k.Kind) {
			ks = append(ks, k.Keyword)
		}
	}
	return strings.Join(ks, ", ")
}

func ops(names []string) string {
	if len(names) == 0 {
		return ""
	}
	return "`" + strings.Join(names, "`, `") + "`"
}
