package report

import (
	"math"
	"strings"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// Invalid is the verdict of a mutant the spec could not be: written as a
// spec, it would fail `check` (a default its row no longer allows, a path
// parameter without a required row). It is neither killed nor survived.
const Invalid Verdict = "INVALID"

// invalidReason says why a mutant is not a spec that checks, or "".
// Only what a one-row change can break is looked at: the defaults on the
// path from each changed root to the mutated node (the rest of the tree
// is shared with the spec, which checked), and the endpoint's path
// parameters. Examples are not here: they are fixtures, and a mutant one
// of them rejects is killed by it.
func (s *suite) invalidReason(roots map[target]*model.Type) string {
	for _, tg := range sortedTargets(roots) {
		tool := s.cat.Tools[tg.tool]
		if r := s.brokenDefault(s.roots[tg], roots[tg]); r != "" {
			return r
		}
		if tg.out || tool.Endpoint == nil {
			continue
		}
		for _, p := range tool.Endpoint.PathParams() {
			var row *model.Field
			for _, f := range roots[tg].Fields {
				if f.WireName() == p {
					row = f
				}
			}
			switch {
			case row == nil:
				return "path parameter {" + p + "} of " + quoteName(tool.Name) + " would have no row"
			case !row.Required:
				return "path parameter {" + p + "} of " + quoteName(tool.Name) + " would be optional"
			}
		}
	}
	return ""
}

// brokenDefault walks the nodes the mutant copied (those that differ
// from the spec's) and checks each default against its changed row, and
// each changed number modifier against what check allows of a number.
func (s *suite) brokenDefault(orig, mut *model.Type) string {
	if orig == mut || mut == nil || orig == nil {
		return ""
	}
	if r := brokenNumber(orig, mut); r != "" {
		return r
	}
	if mut.Default != nil {
		bare := *mut
		bare.Default, bare.Examples = nil, nil
		if sch, err := s.compile(schema.Type(&bare)); err == nil {
			if fails, err := sch.Validate(mut.Default); err == nil && len(fails) > 0 {
				return "its default " + clipJSON(mut.Default) + " would fail " + keywordList(fails)
			}
		}
	}
	if r := s.brokenDefault(orig.Elem, mut.Elem); r != "" {
		return r
	}
	for i := range min(len(orig.Items), len(mut.Items)) {
		if r := s.brokenDefault(orig.Items[i], mut.Items[i]); r != "" {
			return r
		}
	}
	for _, f := range mut.Fields {
		if g := orig.Field(f.Name); g != nil {
			if r := s.brokenDefault(g.Type, f.Type); r != "" {
				return r
			}
		}
	}
	return ""
}

// brokenNumber says which number modifier of mut, changed from orig's,
// check would reject: one float64 cannot hold (a multiple_of halved to
// 2e-324 reads as 0), or a multiple_of that is not positive.
func brokenNumber(orig, mut *model.Type) string {
	for _, d := range descriptor.Modifiers {
		if d.Operand != descriptor.NumberOperand {
			continue
		}
		n, was := *mut.NumberModifier(d.Keyword), *orig.NumberModifier(d.Keyword)
		if n == nil || was != nil && n.Cmp(was) == 0 {
			continue
		}
		f, _ := n.Rat.Float64()
		switch {
		case model.NewNum(n.Text) == nil, math.IsInf(f, 0), f == 0 && n.Rat.Sign() != 0:
			return d.Keyword + " " + n.Text + " would be out of float64 range"
		case d.Keyword == "multiple_of" && n.Rat.Sign() <= 0:
			return "multiple_of " + n.Text + " would not be positive"
		}
	}
	return ""
}

func sortedTargets(roots map[target]*model.Type) []target {
	var out []target
	for tg := range roots {
		out = append(out, tg)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && less(out[j], out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func less(a, b target) bool {
	if a.tool != b.tool {
		return a.tool < b.tool
	}
	return !a.out && b.out
}

func clipJSON(v []byte) string {
	if len(v) > 40 {
		return string(v[:37]) + "..."
	}
	return string(v)
}

// keywordList writes failures as "enum", "maximum at /a": the location
// only below the row itself.
func keywordList(fails []validate.Failure) string {
	parts := make([]string, len(fails))
	for i, f := range fails {
		parts[i] = f.Keyword
		if f.At != "" {
			parts[i] += " at " + f.At
		}
	}
	return strings.Join(parts, ", ")
}
