package report

import (
	_ "embed"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/model"
)

// control is one negative control: a defect that one rule of the checker
// exists to catch, and how to plant it.
type control struct {
	// code is the rule, as declared in lang/diag; its name is the
	// control's id. A diagnostic answers the control when it has the code.
	code  *diag.Def
	check string // the section-6 check it belongs to
	// plant puts the defect into a copy of a spec and says where; ok is
	// false when the spec has nowhere to plant it.
	plant func(p *planter) (where string, ok bool)
}

func (c *control) id() string { return c.code.Name }

// byCode finds the control of each code.
var byCode = func() map[string]*control {
	m := map[string]*control{}
	for i := range controls {
		m[controls[i].code.Code] = &controls[i]
	}
	return m
}()

//go:embed builtin.tspec
var builtinSource []byte

// builtin is the fixture spec a control plants into when the spec under
// test has nowhere to plant it (no enum row, no group, ...).
var builtin = sync.OnceValue(func() compile.Result {
	return compile.Source("builtin.tspec", builtinSource)
})

// builtinDiags is the built-in spec's own diagnostics under opts' checker
// (none with the real one).
func builtinDiags(opts Options) token.List {
	return opts.check(deepCopy(builtin().File))
}

// runControls plants every control and checks that its rule answers.
func runControls(r compile.Result, opts Options) []Control {
	out := make([]Control, len(controls))
	parallel(len(controls), opts.workers(), func(i int) {
		out[i] = runControl(&controls[i], r, opts)
	})
	return out
}

func runControl(c *control, r compile.Result, opts Options) Control {
	res := Control{ID: c.id(), Code: c.code.Code, Check: c.check, Rule: c.code.Format, Warning: c.code.Severity == token.Warning, Verdict: Fail}
	p := newPlanter(r.File)
	where, ok := c.plant(p)
	baseline := r.Diags
	if !ok {
		b := builtin()
		if b.File == nil {
			res.Reason = "the built-in fixture spec does not parse"
			return res
		}
		p = newPlanter(b.File)
		where, ok = c.plant(p)
		if !ok {
			res.Reason = "nowhere to plant the defect, not even in the built-in fixture spec"
			return res
		}
		res.Builtin = true
		baseline = builtinDiags(opts)
	}
	res.Planted = where
	// A diagnostic of the rule answers unless the spec had it before the
	// plant (planting moves no other node, so it is the same value).
	answers := func(d token.Diagnostic) bool { return c.code.Is(d) && d.Severity == c.code.Severity }
	before := map[token.Diagnostic]int{}
	for _, d := range baseline {
		if answers(d) {
			before[d]++
		}
	}
	diags := opts.check(p.f)
	for _, d := range diags {
		if !answers(d) {
			continue
		}
		if before[d] > 0 {
			before[d]--
			continue
		}
		res.Verdict = Pass
		res.Fired = d.String()
		return res
	}
	var said []string
	for _, d := range diags {
		x := d.Severity.String() + ": " + d.Msg
		if d.Code != "" {
			x += " [" + d.Code + "]"
		}
		said = append(said, x)
		if len(said) == 3 {
			break
		}
	}
	if len(said) == 0 {
		res.Reason = "the checker said nothing"
	} else {
		res.Reason = "the rule (" + c.code.Code + ") did not fire; the checker said: " + strings.Join(said, "; ")
	}
	return res
}

// parallel runs do(0..n-1) on workers goroutines.
func parallel(n, workers int, do func(i int)) {
	if workers > n {
		workers = n
	}
	if workers <= 1 {
		for i := range n {
			do(i)
		}
		return
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				do(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// rowPlant plants on the first row ok accepts.
func rowPlant(ok func(*ast.Row) bool, plant func(rowSite)) func(*planter) (string, bool) {
	return func(p *planter) (string, bool) {
		s, found := p.row(ok)
		if !found {
			return "", false
		}
		plant(s)
		return s.where, true
	}
}

func addMod(s rowSite, m *ast.Modifier) {
	m.Pos = s.row.Pos
	s.row.Mods = append(without(s.row.Mods, m.Name()), m)
}

func setRange(min, max string) func(rowSite) {
	return func(s rowSite) {
		addMod(s, &ast.Modifier{Keyword: "range", Range: &ast.Range{Pos: s.row.Pos, Min: min, Dots: "..", Max: max}})
	}
}

// firstTool plants on the first tool ok accepts.
func firstTool(ok func(*ast.Tool) bool, plant func(*planter, *ast.Tool)) func(*planter) (string, bool) {
	return func(p *planter) (string, bool) {
		t, found := p.tool(ok)
		if !found {
			return "", false
		}
		where := "tool " + quoteName(t.Name.Value()) + " (" + at(t.Pos) + ")"
		plant(p, t)
		return where, true
	}
}

func anyTool(*ast.Tool) bool { return true }

func dropItems(t *ast.Tool, drop func(*ast.ToolItem) bool) {
	var keep []*ast.ToolItem
	for _, it := range t.Items {
		if !drop(it) {
			keep = append(keep, it)
		}
	}
	t.Items = keep
}

func hintsOf(t *ast.Tool) *ast.Hints {
	for _, it := range t.Items {
		if it.Hints != nil {
			return it.Hints
		}
	}
	return nil
}

// fixturePlant plants on the first fixture ok accepts or, when there is
// none, on a new test with one fixture.
func fixturePlant(ok func(*ast.Fixture) bool, verdict, dir, because string, plant func(*ast.Fixture)) func(*planter) (string, bool) {
	return func(p *planter) (string, bool) {
		if fx, found := p.fixture(ok); found {
			plant(fx)
			return "fixture at " + at(fx.Pos), true
		}
		fx, added := p.addTest(verdict, dir, because)
		if !added {
			return "", false
		}
		plant(fx)
		return "a new test on tool " + quoteName(fx.Tool.Value()), true
	}
}

func withBecause(fx *ast.Fixture) bool { return fx.Verdict == "reject" && fx.Because != nil }

// useWithRows accepts a `use` of a group that has rows of its own.
func useWithRows(p *planter) func(it *ast.Item) bool {
	return func(it *ast.Item) bool {
		if it.Use == nil {
			return false
		}
		g := p.group(it.Use.Name.Value())
		if g == nil {
			return false
		}
		for _, gi := range g.Items {
			if gi.Row != nil {
				return true
			}
		}
		return false
	}
}

// controls are the negative controls, one per rule of package check,
// grouped by section-6 check. TestControlsCoverEveryRule keeps this list
// and the table of lang/diag in step.
var controls = append([]control{
	// rows well formed
	{code: diag.UnknownKind, check: checkRows,
		plant: rowPlant(anyRow, func(s rowSite) { s.row.Kind = &ast.Kind{Pos: s.row.Kind.Pos, Unknown: "strng"} })},
	{code: diag.ModifierMisfit, check: checkRows,
		plant: rowPlant(anyRow, func(s rowSite) {
			if kindWord(s.row.Kind) == "array" {
				addMod(s, &ast.Modifier{Keyword: "open"})
			} else {
				addMod(s, &ast.Modifier{Keyword: "unique"})
			}
		})},
	{code: diag.ModifierTwice, check: checkRows,
		plant: rowPlant(anyRow, func(s rowSite) {
			s.row.Mods = append(s.row.Mods, &ast.Modifier{Pos: s.row.Pos, Keyword: "deprecated"}, &ast.Modifier{Pos: s.row.Pos, Keyword: "deprecated"})
		})},
	{code: diag.RangeEmpty, check: checkRows,
		plant: rowPlant(rangeRow, setRange("", ""))},
	{code: diag.RangeOutOfRange, check: checkRows,
		plant: rowPlant(rangeRow, setRange("1e400", ""))},
	{code: diag.RangeBeyondFloat64Integers, check: checkRows,
		plant: rowPlant(isKind("integer"), setRange("", "9007199254740993"))},
	{code: diag.RangeFractionOnInteger, check: checkRows,
		plant: rowPlant(isKind("integer"), setRange("0.5", ""))},
	{code: diag.RangeFractionOnCount, check: checkRows,
		plant: rowPlant(countRow, setRange("1.5", ""))},
	{code: diag.RangeNegativeCount, check: checkRows,
		plant: rowPlant(countRow, setRange("-1", ""))},
	{code: diag.RangeTooLarge, check: checkRows,
		plant: rowPlant(countRow, setRange("", "99999999999999999999"))},
	{code: diag.RangeMinAboveMax, check: checkRows,
		plant: rowPlant(rangeRow, func(s rowSite) { setRange(inverted(s.row))(s) })},
	// above, below and multiple_of: the number modifiers of lang/descriptor.
	{code: diag.MultipleOfNotPositive, check: checkRows,
		plant: rowPlant(isKind("integer", "number"), func(s rowSite) {
			addMod(s, &ast.Modifier{Keyword: "multiple_of", Number: "0"})
		})},
	{code: diag.IntervalEmpty, check: checkRows,
		plant: rowPlant(isKind("integer", "number"), func(s rowSite) {
			addMod(s, &ast.Modifier{Keyword: "above", Number: "5"})
			addMod(s, &ast.Modifier{Keyword: "below", Number: "5"})
		})},
	{code: diag.EnumEmpty, check: checkRows,
		plant: rowPlant(isKind("enum"), func(s rowSite) { s.row.Kind.Enum.Values = nil })},
	{code: diag.EnumValueOutOfRange, check: checkRows,
		plant: rowPlant(isKind("enum"), func(s rowSite) {
			e := s.row.Kind.Enum
			e.Values = append(e.Values, &ast.EnumValue{Pos: e.Pos, Number: "9223372036854775808"})
		})},
	{code: diag.EnumValueRepeated, check: checkRows,
		plant: rowPlant(isKind("enum"), func(s rowSite) {
			e := s.row.Kind.Enum
			v := *e.Values[0]
			e.Values = append(e.Values, &v)
		})},
	{code: diag.EnumMixed, check: checkRows,
		plant: rowPlant(isKind("enum"), func(s rowSite) {
			e := s.row.Kind.Enum
			v := &ast.EnumValue{Pos: e.Pos, Number: "7"}
			if e.Values[0].Number != "" {
				v = &ast.EnumValue{Pos: e.Pos, Ident: "toolspec_planted"}
			}
			e.Values = append(e.Values, v)
		})},
	{code: diag.UnionTooFew, check: checkRows, plant: rowPlant(anyRow, unionRow("string"))},
	{code: diag.UnionVariantAny, check: checkRows, plant: rowPlant(anyRow, unionRow("string", "any"))},
	{code: diag.UnionVariantNullable, check: checkRows, plant: rowPlant(anyRow, unionRow("string nullable", "integer"))},
	{code: diag.UnionVariantRepeated, check: checkRows, plant: rowPlant(anyRow, unionRow("string", "string"))},
	{code: diag.NullableAny, check: checkRows,
		plant: rowPlant(func(r *ast.Row) bool { return isKind("any")(r) && !hasMod(r, "nullable") },
			func(s rowSite) { addMod(s, &ast.Modifier{Keyword: "nullable"}) })},
	{code: diag.PatternEmpty, check: checkRows,
		plant: rowPlant(isKind("string"), func(s rowSite) { addMod(s, &ast.Modifier{Keyword: "pattern", Text: text(s.row.Pos, "")}) })},
	{code: diag.FormatUnknown, check: checkRows,
		plant: rowPlant(isKind("string"), func(s rowSite) { addMod(s, &ast.Modifier{Keyword: "format", Word: "uuidd"}) })},
	{code: diag.DefaultOffRow, check: checkRows,
		plant: rowPlant(valueRow, func(s rowSite) { addMod(s, &ast.Modifier{Keyword: "default", JSON: offValue(s.row)}) })},
	{code: diag.ExampleOffRow, check: checkRows,
		plant: rowPlant(valueRow, func(s rowSite) { addMod(s, &ast.Modifier{Keyword: "example", JSON: offValue(s.row)}) })},
	{code: diag.DefaultOutOfRange, check: checkRows,
		plant: rowPlant(anyRow, func(s rowSite) {
			addMod(s, &ast.Modifier{Keyword: "default", JSON: &ast.JSON{Pos: s.row.Pos, Number: "1e400"}})
		})},
	{code: diag.ExampleOutOfRange, check: checkRows,
		plant: rowPlant(anyRow, func(s rowSite) {
			addMod(s, &ast.Modifier{Keyword: "example", JSON: &ast.JSON{Pos: s.row.Pos, Number: "-1e-400"}})
		})},
	{code: diag.JSONKeyRepeated, check: checkRows,
		plant: func(p *planter) (string, bool) {
			fx, ok := p.fixture(func(fx *ast.Fixture) bool { return fx.Value.Object != nil && len(fx.Value.Object.Members) > 0 })
			if !ok {
				return "", false
			}
			o := fx.Value.Object
			m := *o.Members[0]
			o.Members = append(o.Members, &m)
			return "fixture at " + at(fx.Pos), true
		}},

	// names unique
	{code: diag.PropertyNameEmpty, check: checkNames,
		plant: func(p *planter) (string, bool) {
			s, ok := p.row(anyRow)
			if !ok {
				return "", false
			}
			s.row.Name = name(s.row.Pos, "")
			return s.where, true
		}},
	{code: diag.PropertyProto, check: checkNames,
		plant: func(p *planter) (string, bool) {
			s, ok := p.row(anyRow)
			if !ok {
				return "", false
			}
			s.row.Name = name(s.row.Pos, "__proto__")
			return s.where, true
		}},
	{code: diag.PropertyRepeated, check: checkNames,
		plant: func(p *planter) (string, bool) {
			s, ok := p.row(anyRow)
			if !ok {
				return "", false
			}
			*s.items = append(*s.items, &ast.Item{Row: s.row})
			return s.where, true
		}},
	{code: diag.PropertyRepeatedByGroup, check: checkNames,
		plant: func(p *planter) (string, bool) {
			it, b, ok := p.item(useWithRows(p))
			if !ok {
				return "", false
			}
			*b.items = append(*b.items, it)
			return "use " + it.Use.Name.Value() + " in " + b.where + " (" + at(it.Use.Pos) + ")", true
		}},
	{code: diag.ToolRepeated, check: checkNames,
		plant: firstTool(anyTool, func(p *planter, t *ast.Tool) {
			p.f.Decls = append(p.f.Decls, &ast.Decl{Tool: t})
		})},
	{code: diag.ToolNamesCollide, check: checkNames,
		plant: firstTool(anyTool, func(p *planter, t *ast.Tool) {
			// The same tool under a name with a trailing "-", which every
			// backend's mangling drops.
			twin := *t
			twin.Name = name(t.Name.Pos, t.Name.Value()+"-")
			p.f.Decls = append(p.f.Decls, &ast.Decl{Tool: &twin})
		})},
	{code: diag.GroupRepeated, check: checkNames,
		plant: func(p *planter) (string, bool) {
			g, ok := p.firstGroup()
			if !ok {
				return "", false
			}
			p.f.Decls = append(p.f.Decls, &ast.Decl{Group: g})
			return "group " + quoteName(g.Name.Value()) + " (" + at(g.Pos) + ")", true
		}},
	{code: diag.TestRepeated, check: checkNames,
		plant: func(p *planter) (string, bool) {
			t, ok := p.firstTest()
			if !ok {
				return "", false
			}
			p.f.Decls = append(p.f.Decls, &ast.Decl{Test: t})
			return "test " + strconv.Quote(t.Name.Value()) + " (" + at(t.Pos) + ")", true
		}},

	// every tool has a description, an input and an output
	{code: diag.ToolItemRepeated, check: checkTools,
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) {
			for _, it := range t.Items {
				if it.Description != nil {
					t.Items = append(t.Items, it)
				}
			}
		})},
	{code: diag.DescriptionEmpty, check: checkTools,
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) {
			for _, it := range t.Items {
				if it.Description != nil {
					it.Description = text(it.Pos, " ")
				}
			}
		})},
	{code: diag.DescriptionMissing, check: checkTools,
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) {
			dropItems(t, func(it *ast.ToolItem) bool { return it.Description != nil })
		})},
	{code: diag.InputMissing, check: checkTools,
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) {
			dropItems(t, func(it *ast.ToolItem) bool { return it.In != nil })
		})},
	{code: diag.OutputMissing, check: checkTools,
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) {
			dropItems(t, func(it *ast.ToolItem) bool { return it.Out != nil || it.Result != "" })
		})},
	{code: diag.HintRepeated, check: checkTools,
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) {
			if h := hintsOf(t); h != nil {
				h.Names = append(h.Names, "idempotent", "idempotent")
			} else {
				t.Items = append(t.Items, &ast.ToolItem{Pos: t.Pos, Hints: &ast.Hints{Pos: t.Pos, Names: []string{"idempotent", "idempotent"}}})
			}
		})},
	{code: diag.HintsContradict, check: checkTools,
		plant: firstTool(func(t *ast.Tool) bool {
			h := hintsOf(t)
			return h == nil || !(contains(h.Names, "read_only") && contains(h.Names, "destructive"))
		}, func(_ *planter, t *ast.Tool) {
			h := hintsOf(t)
			if h == nil {
				t.Items = append(t.Items, &ast.ToolItem{Pos: t.Pos, Hints: &ast.Hints{Pos: t.Pos}})
				h = t.Items[len(t.Items)-1].Hints
			}
			for _, n := range []string{"read_only", "destructive"} {
				if !contains(h.Names, n) {
					h.Names = append(h.Names, n)
				}
			}
		})},

	// groups used, known and acyclic
	{code: diag.GroupUnused, check: checkGroups,
		plant: func(p *planter) (string, bool) {
			first, ok := p.firstGroup()
			if !ok {
				pos := p.f.Pos
				g := &ast.Group{Pos: pos, Name: name(pos, "toolspec_unused"), Items: []*ast.Item{{Row: &ast.Row{
					Pos: pos, Name: name(pos, "x"), Kind: &ast.Kind{Pos: pos, Scalar: "string"}, Presence: "optional"}}}}
				p.f.Decls = append(p.f.Decls, &ast.Decl{Group: g})
				return "a new group toolspec_unused", true
			}
			g := first.Name.Value()
			isUse := func(it *ast.Item) bool { return it.Use != nil && it.Use.Name.Value() == g }
			for i, d := range p.f.Decls {
				uses := false
				for _, b := range allBlocks(d) {
					uses = uses || slices.ContainsFunc(*b.items, isUse)
				}
				if !uses {
					continue
				}
				for _, b := range allBlocks(p.own(i)) {
					*b.items = slices.DeleteFunc(*b.items, isUse)
				}
			}
			return "every use of group " + quoteName(g) + " removed", true
		}},
	{code: diag.GroupUnknown, check: checkGroups,
		plant: func(p *planter) (string, bool) {
			if it, b, ok := p.item(func(it *ast.Item) bool { return it.Use != nil }); ok {
				n := it.Use.Name.Value() + "_missing"
				it.Use.Name = name(it.Use.Pos, n)
				return "use in " + b.where + " (" + at(it.Use.Pos) + ")", true
			}
			_, b, ok := p.item(func(*ast.Item) bool { return true })
			if !ok {
				return "", false
			}
			pos := p.f.Pos
			*b.items = append(*b.items, &ast.Item{Use: &ast.Use{Pos: pos, Name: name(pos, "toolspec_missing")}})
			return "a new use in " + b.where, true
		}},
	{code: diag.GroupUsesItself, check: checkGroups,
		plant: func(p *planter) (string, bool) {
			g, ok := p.firstGroup()
			if !ok {
				return "", false
			}
			g.Items = append(g.Items, &ast.Item{Use: &ast.Use{Pos: g.Pos, Name: g.Name}})
			return "group " + quoteName(g.Name.Value()) + " (" + at(g.Pos) + ")", true
		}},
	{code: diag.GroupCycle, check: checkGroups,
		plant: func(p *planter) (string, bool) {
			g, ok := p.firstGroup()
			if !ok {
				return "", false
			}
			other := &ast.Group{Pos: g.Pos, Name: name(g.Pos, "toolspec_cycle"), Items: []*ast.Item{{Use: &ast.Use{Pos: g.Pos, Name: g.Name}}}}
			p.f.Decls = append(p.f.Decls, &ast.Decl{Group: other})
			g.Items = append(g.Items, &ast.Item{Use: &ast.Use{Pos: g.Pos, Name: other.Name}})
			return "group " + quoteName(g.Name.Value()) + " and a new group toolspec_cycle", true
		}},

	// patterns portable
	{code: diag.PatternNotPortable, check: checkPatterns,
		plant: rowPlant(isKind("string"), func(s rowSite) { addMod(s, &ast.Modifier{Keyword: "pattern", Text: text(s.row.Pos, "^(?=a)[a-z]+$")}) })},
	{code: diag.PatternBacktracks, check: checkPatterns,
		plant: rowPlant(isKind("string"), func(s rowSite) { addMod(s, &ast.Modifier{Keyword: "pattern", Text: text(s.row.Pos, "^(x+x+)+y$")}) })},

	// tool names valid
	{code: diag.ToolNameInvalid, check: checkToolName,
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) {
			n := t.Name.Value() + " !"
			t.Name = name(t.Name.Pos, n)
		})},
	{code: diag.ToolNameStrict, check: checkToolName,
		plant: firstTool(func(t *ast.Tool) bool { return !strings.Contains(t.Name.Value(), ".") }, func(_ *planter, t *ast.Tool) {
			n := t.Name.Value() + ".v2"
			t.Name = name(t.Name.Pos, n)
		})},

	// tests name a tool and a direction it has
	{code: diag.FixtureUnknownTool, check: checkFixtures,
		plant: fixturePlant(func(*ast.Fixture) bool { return true }, "accept", "", "", func(fx *ast.Fixture) {
			n := fx.Tool.Value() + "_missing"
			fx.Tool = name(fx.Tool.Pos, n)
		})},
	{code: diag.FixtureNoOutput, check: checkFixtures,
		plant: firstTool(func(t *ast.Tool) bool {
			for _, it := range t.Items {
				if it.Result != "" {
					return true
				}
			}
			return false
		}, func(p *planter, t *ast.Tool) {
			fx := &ast.Fixture{Pos: t.Pos, Verdict: "accept", Tool: t.Name, Dir: "out", Value: emptyObject(t.Pos)}
			p.f.Decls = append(p.f.Decls, &ast.Decl{Test: &ast.Test{Pos: t.Pos, Name: text(t.Pos, "toolspec negative control"), Fixtures: []*ast.Fixture{fx}}})
		})},
	{code: diag.BecauseOnAccept, check: checkFixtures,
		plant: fixturePlant(withBecause, "accept", "", "type", func(fx *ast.Fixture) {
			fx.Verdict = "accept"
		})},
	{code: diag.BecauseFormat, check: checkFixtures,
		plant: func(p *planter) (string, bool) {
			// On a tool whose input has no asserted format, else on a new
			// one: every spec has somewhere to plant it.
			where, ok := firstTool(assertsNoFormat, plantBecauseFormat)(p)
			if ok {
				return where, true
			}
			pos := p.f.Pos
			t := ast.NewTool(pos, "toolspec_planted", []*ast.ToolItem{ast.DescriptionItem(pos, "planted"), ast.InItem(pos, nil), ast.ResultItem(pos, "text")})
			p.f.Decls = append(p.f.Decls, &ast.Decl{Tool: t})
			plantBecauseFormat(p, t)
			return "a new tool toolspec_planted", true
		}},
	{code: diag.BecauseUnknownKeyword, check: checkFixtures,
		plant: fixturePlant(withBecause, "reject", "", "type", func(fx *ast.Fixture) {
			fx.Because.Keyword += "x"
		})},
	{code: diag.BecauseAtNotPointer, check: checkFixtures,
		plant: fixturePlant(withBecause, "reject", "", "type", func(fx *ast.Fixture) {
			fx.Because.At = text(fx.Because.Pos, "toolspec/planted")
		})},
	{code: diag.SurvivesUnknownTool, check: checkFixtures,
		plant: firstTool(anyTool, func(p *planter, t *ast.Tool) {
			plantSurvives(p, t, t.Name.Value()+"_missing", "in", "additionalProperties")
		})},
	{code: diag.SurvivesUnknownPath, check: checkFixtures,
		plant: firstTool(anyTool, func(p *planter, t *ast.Tool) {
			plantSurvives(p, t, t.Name.Value(), "in.toolspec_missing", "additionalProperties")
		})},
	{code: diag.SurvivesUnknownKeyword, check: checkFixtures,
		plant: firstTool(anyTool, func(p *planter, t *ast.Tool) {
			plantSurvives(p, t, t.Name.Value(), "in", "additionalPropertiesx")
		})},
	{code: diag.TestNameEmpty, check: checkFixtures,
		plant: func(p *planter) (string, bool) {
			t, ok := p.firstTest()
			if !ok {
				return "", false
			}
			where := "test " + strconv.Quote(t.Name.Value()) + " (" + at(t.Pos) + ")"
			t.Name = text(t.Name.Pos, " ")
			return where, true
		}},
	{code: diag.TestWithoutFixtures, check: checkFixtures,
		plant: func(p *planter) (string, bool) {
			t, ok := p.firstTest()
			if !ok {
				return "", false
			}
			t.Fixtures = nil
			return "test " + strconv.Quote(t.Name.Value()) + " (" + at(t.Pos) + ")", true
		}},

	// spec header well formed
	{code: diag.SpecNameEmpty, check: checkSpec,
		plant: func(p *planter) (string, bool) {
			p.f.Name = &ast.Name{Pos: p.f.Name.Pos, Quoted: text(p.f.Name.Pos, "")}
			return "spec name (" + at(p.f.Name.Pos) + ")", true
		}},
	{code: diag.CatalogKeyEmpty, check: checkSpec,
		plant: func(p *planter) (string, bool) {
			pos := p.f.Pos
			if p.f.CatalogKey != nil {
				pos = p.f.CatalogKey.Pos
			}
			p.f.CatalogKey = text(pos, "")
			return "catalog_key (" + at(pos) + ")", true
		}},

	// endpoints and request wiring (docs/language.md)
	{code: diag.FromUnknown, check: checkEndpoint,
		plant: rowPlant(anyRow, func(s rowSite) { addMod(s, &ast.Modifier{Keyword: "from", Word: "cookie"}) })},
	{code: diag.FromRepeated, check: checkEndpoint,
		plant: rowPlant(anyRow, func(s rowSite) {
			s.row.Mods = append(without(s.row.Mods, "from"), &ast.Modifier{Pos: s.row.Pos, Keyword: "from", Word: "query"}, &ast.Modifier{Pos: s.row.Pos, Keyword: "from", Word: "query"})
		})},
	{code: diag.AsRepeated, check: checkEndpoint,
		plant: rowPlant(anyRow, func(s rowSite) {
			s.row.Mods = append(without(s.row.Mods, "as"), &ast.Modifier{Pos: s.row.Pos, Keyword: "as", Text: text(s.row.Pos, "a")}, &ast.Modifier{Pos: s.row.Pos, Keyword: "as", Text: text(s.row.Pos, "b")})
		})},
	{code: diag.AsEmpty, check: checkEndpoint,
		plant: rowPlant(anyRow, func(s rowSite) { addMod(s, &ast.Modifier{Keyword: "as", Text: text(s.row.Pos, "")}) })},
	{code: diag.WiringWithoutEndpoint, check: checkEndpoint,
		plant: func(p *planter) (string, bool) {
			t, in, ok := p.inputOf(func(t *ast.Tool) bool { return endpointOf(t) == nil })
			if !ok {
				return "", false
			}
			r := plantedRow(t.Pos, "toolspec_planted", "optional", &ast.Modifier{Pos: t.Pos, Keyword: "from", Word: "query"})
			*in = append(*in, &ast.Item{Row: r})
			return "a new row in tool " + quoteName(t.Name.Value()) + " (" + at(t.Pos) + ")", true
		}},
	{code: diag.WiringNested, check: checkEndpoint,
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) {
			inner := plantedRow(t.Pos, "toolspec_inner", "optional", &ast.Modifier{Pos: t.Pos, Keyword: "as", Text: text(t.Pos, "Inner")})
			outer := plantedRow(t.Pos, "toolspec_planted", "optional")
			outer.Kind = &ast.Kind{Pos: t.Pos, Object: &ast.Block{Pos: t.Pos, Items: []*ast.Item{{Row: inner}}, Close: &ast.Close{Pos: t.Pos, Brace: "}"}}}
			*in = append(*in, &ast.Item{Row: outer})
		})},
	{code: diag.WireNameRepeated, check: checkEndpoint,
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) {
			*in = append(*in,
				&ast.Item{Row: plantedRow(t.Pos, "toolspec_a", "optional", &ast.Modifier{Pos: t.Pos, Keyword: "from", Word: "header"}, &ast.Modifier{Pos: t.Pos, Keyword: "as", Text: text(t.Pos, "X-Planted")})},
				&ast.Item{Row: plantedRow(t.Pos, "toolspec_b", "optional", &ast.Modifier{Pos: t.Pos, Keyword: "from", Word: "header"}, &ast.Modifier{Pos: t.Pos, Keyword: "as", Text: text(t.Pos, "X-Planted")})})
		})},
	{code: diag.FromPathWithoutParameter, check: checkEndpoint,
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) {
			*in = append(*in, &ast.Item{Row: plantedRow(t.Pos, "toolspec_planted", "required", &ast.Modifier{Pos: t.Pos, Keyword: "from", Word: "path"})})
		})},
	{code: diag.WholeBodyNotAlone, check: checkEndpoint,
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) {
			*in = append(*in,
				&ast.Item{Row: plantedRow(t.Pos, "toolspec_a", "optional", &ast.Modifier{Pos: t.Pos, Keyword: "from", Word: "whole_body"})},
				&ast.Item{Row: plantedRow(t.Pos, "toolspec_b", "optional", &ast.Modifier{Pos: t.Pos, Keyword: "from", Word: "body"})})
		})},
	{code: diag.AsOnWholeBody, check: checkEndpoint,
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) {
			*in = append(*in, &ast.Item{Row: plantedRow(t.Pos, "toolspec_planted", "optional", &ast.Modifier{Pos: t.Pos, Keyword: "from", Word: "whole_body"}, &ast.Modifier{Pos: t.Pos, Keyword: "as", Text: text(t.Pos, "x")})})
		})},
	{code: diag.PathParameterOptional, check: checkEndpoint,
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) {
			e.Path = text(e.Path.Pos, e.Path.Value()+"/{toolspec_p}")
			*in = append(*in, &ast.Item{Row: plantedRow(t.Pos, "toolspec_p", "optional")})
		})},
	{code: diag.PathParameterWithoutRow, check: checkEndpoint,
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) {
			e.Path = text(e.Path.Pos, e.Path.Value()+"/{toolspec_p}")
		})},
	{code: diag.EndpointMethod, check: checkEndpoint,
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) {
			e.Method = "get"
		})},
	{code: diag.EndpointPathRelative, check: checkEndpoint,
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) {
			e.Path = text(e.Path.Pos, "toolspec")
		})},
	{code: diag.EndpointPathBraces, check: checkEndpoint,
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) {
			e.Path = text(e.Path.Pos, "/toolspec/{}")
		})},
}, clientControls...)

// endpointOf returns a tool's endpoint, or nil.
func endpointOf(t *ast.Tool) *ast.Endpoint {
	for _, it := range t.Items {
		if it.Endpoint != nil {
			return it.Endpoint
		}
	}
	return nil
}

// inputOf returns, owned, the first tool ok accepts that has an `in`
// block, with the block's items.
func (p *planter) inputOf(ok func(*ast.Tool) bool) (*ast.Tool, *[]*ast.Item, bool) {
	t, found := p.tool(func(t *ast.Tool) bool {
		for _, it := range t.Items {
			if it.In != nil && it.In.Block != nil {
				return ok(t)
			}
		}
		return false
	})
	if !found {
		return nil, nil, false
	}
	for _, it := range t.Items {
		if it.In != nil && it.In.Block != nil {
			return t, &it.In.Block.Items, true
		}
	}
	return nil, nil, false
}

// endpointPlant plants on the first tool with an endpoint and an input
// block or, when no tool has an endpoint, on the first tool with an input
// block, given the endpoint GET "/toolspec" first.
func endpointPlant(plant func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item)) func(*planter) (string, bool) {
	return func(p *planter) (string, bool) {
		t, in, ok := p.inputOf(func(t *ast.Tool) bool { return endpointOf(t) != nil })
		added := ""
		if !ok {
			if t, in, ok = p.inputOf(func(*ast.Tool) bool { return true }); !ok {
				return "", false
			}
			t.Items = append(t.Items, &ast.ToolItem{Pos: t.Pos, Endpoint: &ast.Endpoint{Pos: t.Pos, Method: "GET", Path: text(t.Pos, "/toolspec")}})
			added = ", given the endpoint GET \"/toolspec\""
		}
		plant(t, endpointOf(t), in)
		return "tool " + quoteName(t.Name.Value()) + " (" + at(t.Pos) + ")" + added, true
	}
}

// unionRow makes the row a union of scalar variants, each a scalar
// keyword optionally followed by " nullable"; the row's own modifiers go
// (they were its old kind's).
func unionRow(variants ...string) func(rowSite) {
	return func(s rowSite) {
		pos := s.row.Kind.Pos
		var vs []*ast.ElemType
		for _, v := range variants {
			word, nullable := strings.CutSuffix(v, " nullable")
			var mods []*ast.Modifier
			if nullable {
				mods = append(mods, &ast.Modifier{Pos: pos, Keyword: "nullable"})
			}
			vs = append(vs, ast.NewElem(pos, ast.ScalarKind(pos, word), mods))
		}
		s.row.Kind = ast.UnionKindOf(pos, vs)
		s.row.Mods = nil
	}
}

// plantedRow is a new string row.
func plantedRow(pos ast.Position, n, presence string, mods ...*ast.Modifier) *ast.Row {
	return &ast.Row{Pos: pos, Name: name(pos, n), Kind: &ast.Kind{Pos: pos, Scalar: "string"}, Presence: presence, Mods: mods}
}

// valueRow accepts rows for which offValue has a value that fails the row.
// Those are the kinds of one JSON type (enum's values decide its type).
var valueRow = isKindWhere(func(k descriptor.KindInfo) bool { return k.JSONType != "" || k.Kind == descriptor.Enum })

// offValue is a JSON value of the wrong type for the row.
func offValue(r *ast.Row) *ast.JSON {
	if kindWord(r.Kind) == "string" || (r.Kind.Enum != nil && len(r.Kind.Enum.Values) > 0 && r.Kind.Enum.Values[0].Number == "") {
		return &ast.JSON{Pos: r.Pos, Number: "12345"}
	}
	return &ast.JSON{Pos: r.Pos, String: text(r.Pos, "toolspec planted")}
}

// inverted returns a range whose minimum is above its maximum, built from
// the row's own range when it has a whole-number bound.
func inverted(r *ast.Row) (string, string) {
	for _, m := range r.Mods {
		if m.Range == nil {
			continue
		}
		if n := model.NewNum(m.Range.Max); n != nil && n.IsInt() {
			return new(big.Int).Add(n.Rat.Num(), big.NewInt(1)).String(), n.Text
		}
		if n := model.NewNum(m.Range.Min); n != nil && n.IsInt() {
			return new(big.Int).Add(n.Rat.Num(), big.NewInt(1)).String(), n.Text
		}
	}
	return "2", "1"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func init() {
	if len(byCode) != len(controls) {
		panic("report: a code has two negative controls")
	}
}

// plantSurvives adds `survives TOOL PATH KEYWORD because "..."` at the
// tool's position.
func plantSurvives(p *planter, t *ast.Tool, tool, path, keyword string) {
	pos := t.Pos
	p.f.Decls = append(p.f.Decls, &ast.Decl{Survives: &ast.Survives{Pos: pos, Tool: name(pos, tool),
		Path: &ast.Name{Pos: pos, Quoted: text(pos, path)}, Keyword: name(pos, keyword), Reason: text(pos, "toolspec negative control")}})
}

// assertsNoFormat reports whether a tool's input can hold no asserted
// format: none of its rows has one, and it uses no group (whose rows
// might).
func assertsNoFormat(t *ast.Tool) bool {
	var block func(b *ast.Block) bool
	var kind func(k *ast.Kind, mods []*ast.Modifier) bool
	kind = func(k *ast.Kind, mods []*ast.Modifier) bool {
		for _, m := range mods {
			if m.Keyword == "format" && slices.Contains(descriptor.AssertedFormats, m.Word) {
				return false
			}
		}
		switch {
		case k == nil:
			return true
		case k.Array != nil:
			return kind(k.Array.Kind, k.Array.Mods)
		case k.Map != nil:
			return kind(k.Map.Kind, k.Map.Mods)
		case k.Object != nil:
			return block(k.Object)
		case k.Tuple != nil:
			for _, it := range k.Tuple.Items {
				if !kind(it.Kind, it.Mods) {
					return false
				}
			}
		}
		return true
	}
	block = func(b *ast.Block) bool {
		for _, it := range b.Items {
			if it.Use != nil || it.Row != nil && !kind(it.Row.Kind, it.Row.Mods) {
				return false
			}
		}
		return true
	}
	for _, it := range t.Items {
		if it.In != nil && it.In.Block != nil && !block(it.In.Block) {
			return false
		}
	}
	return true
}

// plantBecauseFormat adds a test with `reject TOOL {} because format`.
func plantBecauseFormat(p *planter, t *ast.Tool) {
	fx := &ast.Fixture{Pos: t.Pos, Verdict: "reject", Tool: t.Name, Value: emptyObject(t.Pos), Because: &ast.Because{Pos: t.Pos, Keyword: "format"}}
	p.f.Decls = append(p.f.Decls, &ast.Decl{Test: &ast.Test{Pos: t.Pos, Name: text(t.Pos, "toolspec negative control"), Fixtures: []*ast.Fixture{fx}}})
}
