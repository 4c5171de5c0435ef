package descriptor

// operatorKeywords names the JSON Schema keyword each operator's mutants
// change, for the operators whose keyword does not depend on the kind: it
// is how a `survives` line names a mutant (TOOL PATH KEYWORD). The bound
// operators change the kind's MinKey or MaxKey, and those of a number
// modifier its Key (see MutatedKeyword).
var operatorKeywords = map[string]string{
	OpDropPattern:     "pattern",
	OpDropFormat:      "format",
	OpDropEnumValue:   "enum",
	OpAddEnumValue:    "enum",
	OpFlipRequired:    "required",
	OpFlipNullable:    "type",
	OpOpenObject:      "additionalProperties",
	OpIntegerToNumber: "type",
	OpDropRow:         "properties",
	OpDropUnique:      "uniqueItems",
	OpDropTupleMember: "prefixItems",
	OpDropVariant:     "anyOf",
}

// MutatedKeyword returns the JSON Schema keyword that a mutant made by
// operator op on a type of kind k changes, or "" for an unknown operator.
func MutatedKeyword(op string, k Kind) string {
	switch op {
	case OpDropMin, OpWidenMin:
		return Kinds[k].MinKey
	case OpDropMax, OpWidenMax:
		return Kinds[k].MaxKey
	}
	if kw, ok := operatorKeywords[op]; ok {
		return kw
	}
	for _, m := range Modifiers {
		if m.Key != "" && len(m.Mutants) > 0 && (op == m.Mutants[0] || len(m.Mutants) > 1 && op == m.Mutants[1]) {
			return m.Key
		}
	}
	return ""
}

// MutatedKeywords lists every keyword MutatedKeyword can return, each
// once: the keywords a `survives` line may name.
var MutatedKeywords = func() []string {
	var out []string
	seen := map[string]bool{}
	add := func(kw string) {
		if kw != "" && !seen[kw] {
			seen[kw] = true
			out = append(out, kw)
		}
	}
	for _, op := range Operators {
		for k := range Kinds[1:] {
			add(MutatedKeyword(op, Kind(k+1)))
		}
	}
	return out
}()
