package report

import (
	_ "embed"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/model"
)

// control is one negative control: a defect that one rule of the checker
// exists to catch, and how to plant it.
type control struct {
	id    string
	check string // the section-6 check it belongs to
	// rule is the checker's message format, as written in its source; a
	// diagnostic answers the control when it matches rule (each verb
	// matching anything), also (when set) and contains the planted
	// subject.
	rule string
	also *regexp.Regexp
	warn bool
	// plant puts the defect into a copy of a spec. It reports where, and the
	// text the diagnostic must contain (a row or tool name, as the checker
	// writes it); ok is false when the spec has nowhere to plant it.
	plant func(p *planter) (where, subject string, ok bool)
}

// matches reports whether msg is a message of the control's rule.
func (c *control) matches(msg string) bool {
	return ruleRx(c.rule).MatchString(msg) && (c.also == nil || c.also.MatchString(msg))
}

// owner returns the control whose rule wrote msg: the most specific one
// (the most literal text in its format) that matches.
func owner(msg string, warn bool) *control {
	for _, c := range bySpecificity {
		if c.warn == warn && c.matches(msg) {
			return c
		}
	}
	return nil
}

var bySpecificity = func() []*control {
	out := make([]*control, len(controls))
	for i := range controls {
		out[i] = &controls[i]
	}
	literal := func(c *control) int { return len(c.rule) - 2*strings.Count(c.rule, "%") }
	sort.SliceStable(out, func(i, j int) bool { return literal(out[i]) > literal(out[j]) })
	return out
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
	res := Control{ID: c.id, Check: c.check, Rule: c.rule, Warning: c.warn, Verdict: Fail}
	p := newPlanter(r.File)
	where, subject, ok := c.plant(p)
	baseline := r.Diags
	if !ok {
		b := builtin()
		if b.File == nil {
			res.Reason = "the built-in fixture spec does not parse"
			return res
		}
		p = newPlanter(b.File)
		where, subject, ok = c.plant(p)
		if !ok {
			res.Reason = "nowhere to plant the defect, not even in the built-in fixture spec"
			return res
		}
		res.Builtin = true
		baseline = builtinDiags(opts)
	}
	res.Planted = where
	answers := func(d token.Diagnostic) bool {
		return (d.Severity == token.Warning) == c.warn && owner(d.Msg, c.warn) == c && strings.Contains(d.Msg, subject)
	}
	before := map[string]int{}
	for _, d := range baseline {
		if answers(d) {
			before[d.Msg]++
		}
	}
	diags := opts.check(p.f)
	for _, d := range diags {
		if !answers(d) {
			continue
		}
		if before[d.Msg] > 0 {
			before[d.Msg]--
			continue
		}
		res.Verdict = Pass
		res.Fired = d.String()
		return res
	}
	var said []string
	for _, d := range diags {
		said = append(said, d.Severity.String()+": "+d.Msg)
		if len(said) == 3 {
			break
		}
	}
	if len(said) == 0 {
		res.Reason = "the checker said nothing"
	} else {
		res.Reason = "the rule did not fire; the checker said: " + strings.Join(said, "; ")
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

// rowPlant plants on the first row ok accepts; the subject is the row name
// as the checker starts its row messages.
func rowPlant(ok func(*ast.Row) bool, plant func(rowSite)) func(*planter) (string, string, bool) {
	return func(p *planter) (string, string, bool) {
		s, found := p.row(ok)
		if !found {
			return "", "", false
		}
		plant(s)
		return s.where, s.row.Name.Value() + ": ", true
	}
}

func addMod(s rowSite, m *ast.Modifier) {
	m.Pos = s.row.Pos
	s.row.Mods = append(without(s.row.Mods, m.Name()), m)
}

func setRange(min, max string) func(rowSite) {
	return func(s rowSite) {
		addMod(s, &ast.Modifier{Range: &ast.Range{Pos: s.row.Pos, Min: min, Dots: "..", Max: max}})
	}
}

// firstTool plants on the first tool ok accepts; the subject is the tool
// name as the checker writes it.
func firstTool(ok func(*ast.Tool) bool, plant func(*planter, *ast.Tool) string) func(*planter) (string, string, bool) {
	return func(p *planter) (string, string, bool) {
		t, found := p.tool(ok)
		if !found {
			return "", "", false
		}
		where := "tool " + quoteName(t.Name.Value()) + " (" + at(t.Pos) + ")"
		return where, plant(p, t), true
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
func fixturePlant(ok func(*ast.Fixture) bool, verdict, dir, because string, plant func(*ast.Fixture) string) func(*planter) (string, string, bool) {
	return func(p *planter) (string, string, bool) {
		if fx, found := p.fixture(ok); found {
			return "fixture at " + at(fx.Pos), plant(fx), true
		}
		fx, added := p.addTest(verdict, dir, because)
		if !added {
			return "", "", false
		}
		return "a new test on tool " + quoteName(fx.Tool.Value()), plant(fx), true
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

// controls are the negative controls, one per rule of package check plus
// the default/example rule of package compile, grouped by section-6 check.
// TestControlsCoverEveryRule keeps this list and the checker in step.
var controls = []control{
	// rows well formed
	{id: "unknown-kind", check: checkRows, rule: "%s: unknown kind %s%s",
		plant: rowPlant(anyRow, func(s rowSite) { s.row.Kind = &ast.Kind{Pos: s.row.Kind.Pos, Unknown: "strng"} })},
	{id: "modifier-misfit", check: checkRows, rule: "%s: %s does not apply to %s",
		plant: rowPlant(anyRow, func(s rowSite) {
			if kindWord(s.row.Kind) == "array" {
				addMod(s, &ast.Modifier{Open: true})
			} else {
				addMod(s, &ast.Modifier{Unique: true})
			}
		})},
	{id: "modifier-twice", check: checkRows, rule: "%s: %s is given twice",
		plant: rowPlant(anyRow, func(s rowSite) {
			s.row.Mods = append(s.row.Mods, &ast.Modifier{Pos: s.row.Pos, Deprecated: true}, &ast.Modifier{Pos: s.row.Pos, Deprecated: true})
		})},
	{id: "range-empty", check: checkRows, rule: "%s: empty range: write A..B, A.. or ..B",
		plant: rowPlant(rangeRow, setRange("", ""))},
	{id: "range-out-of-range", check: checkRows, rule: "%s: %s %s is out of range: JSON readers hold numbers as float64 (about 1e-308 to 1e308)",
		plant: rowPlant(rangeRow, setRange("1e400", ""))},
	{id: "range-beyond-float64-integers", check: checkRows, rule: "%s: %s %s is beyond 2^53: JavaScript and other float64 readers see %s", warn: true,
		plant: rowPlant(isKind("integer", "number"), setRange("", "9007199254740993"))},
	{id: "range-fraction-on-integer", check: checkRows, rule: "%s: %s %s is not an integer, and the row is integer",
		plant: rowPlant(isKind("integer"), setRange("0.5", ""))},
	{id: "range-fraction-on-count", check: checkRows, rule: "%s: %s %s must be a whole number",
		plant: rowPlant(countRow, setRange("1.5", ""))},
	{id: "range-negative-count", check: checkRows, rule: "%s: %s %s is negative",
		plant: rowPlant(countRow, setRange("-1", ""))},
	{id: "range-too-large", check: checkRows, rule: "%s: %s %s is too large",
		plant: rowPlant(countRow, setRange("", "99999999999999999999"))},
	{id: "range-min-above-max", check: checkRows, rule: "%s: %s %s is greater than %s %s",
		plant: rowPlant(rangeRow, func(s rowSite) { setRange(inverted(s.row))(s) })},
	{id: "enum-empty", check: checkRows, rule: "%s: empty enum",
		plant: rowPlant(isKind("enum"), func(s rowSite) { s.row.Kind.Enum.Values = nil })},
	{id: "enum-value-out-of-range", check: checkRows, rule: "%s: enum value %s is not an integer in range",
		plant: rowPlant(isKind("enum"), func(s rowSite) {
			e := s.row.Kind.Enum
			e.Values = append(e.Values, &ast.EnumValue{Pos: e.Pos, Number: "9223372036854775808"})
		})},
	{id: "enum-value-repeated", check: checkRows, rule: "%s: enum value %s is repeated",
		plant: rowPlant(isKind("enum"), func(s rowSite) {
			e := s.row.Kind.Enum
			v := *e.Values[0]
			e.Values = append(e.Values, &v)
		})},
	{id: "enum-mixed", check: checkRows, rule: "%s: enum mixes strings and integers; one enum holds one kind of value",
		plant: rowPlant(isKind("enum"), func(s rowSite) {
			e := s.row.Kind.Enum
			v := &ast.EnumValue{Pos: e.Pos, Number: "7"}
			if e.Values[0].Number != "" {
				v = &ast.EnumValue{Pos: e.Pos, Ident: "toolspec_planted"}
			}
			e.Values = append(e.Values, v)
		})},
	{id: "nullable-any", check: checkRows, rule: "%s: any already accepts null; nullable changes nothing", warn: true,
		plant: rowPlant(func(r *ast.Row) bool { return isKind("any")(r) && !hasMod(r, "nullable") },
			func(s rowSite) { addMod(s, &ast.Modifier{Nullable: true}) })},
	{id: "pattern-empty", check: checkRows, rule: "%s: empty pattern (it matches everything)",
		plant: rowPlant(isKind("string"), func(s rowSite) { addMod(s, &ast.Modifier{Pattern: text(s.row.Pos, "")}) })},
	{id: "format-unknown", check: checkRows, rule: "%s: format %s is not a JSON Schema format%s", warn: true,
		plant: rowPlant(isKind("string"), func(s rowSite) { addMod(s, &ast.Modifier{Format: "uuidd"}) })},
	{id: "default-off-row", check: checkRows, rule: "%s: %s %s does not satisfy its own row (%s)", also: regexp.MustCompile(`: default `),
		plant: rowPlant(valueRow, func(s rowSite) { addMod(s, &ast.Modifier{Default: offValue(s.row)}) })},
	{id: "example-off-row", check: checkRows, rule: "%s: %s %s does not satisfy its own row (%s)", also: regexp.MustCompile(`: example `),
		plant: rowPlant(valueRow, func(s rowSite) { addMod(s, &ast.Modifier{Example: offValue(s.row)}) })},
	{id: "json-key-repeated", check: checkRows, rule: "key %q is repeated in this object",
		plant: func(p *planter) (string, string, bool) {
			fx, ok := p.fixture(func(fx *ast.Fixture) bool { return fx.Value.Object != nil && len(fx.Value.Object.Members) > 0 })
			if !ok {
				return "", "", false
			}
			o := fx.Value.Object
			m := *o.Members[0]
			o.Members = append(o.Members, &m)
			return "fixture at " + at(fx.Pos), "key " + strconv.Quote(m.Key.Value()), true
		}},

	// names unique
	{id: "property-name-empty", check: checkNames, rule: "a property name is empty",
		plant: func(p *planter) (string, string, bool) {
			s, ok := p.row(anyRow)
			if !ok {
				return "", "", false
			}
			s.row.Name = name(s.row.Pos, "")
			return s.where, "a property name is empty", true
		}},
	{id: "property-proto", check: checkNames, rule: "property __proto__ is not enforced by JavaScript validators such as ajv; rename it", warn: true,
		plant: func(p *planter) (string, string, bool) {
			s, ok := p.row(anyRow)
			if !ok {
				return "", "", false
			}
			s.row.Name = name(s.row.Pos, "__proto__")
			return s.where, "property __proto__ is not enforced", true
		}},
	{id: "property-repeated", check: checkNames, rule: "property %s is already declared at line %d",
		plant: func(p *planter) (string, string, bool) {
			s, ok := p.row(anyRow)
			if !ok {
				return "", "", false
			}
			*s.items = append(*s.items, &ast.Item{Row: s.row})
			return s.where, "property " + quoteName(s.row.Name.Value()) + " is", true
		}},
	{id: "property-repeated-by-group", check: checkNames, rule: "property %s from group %s is already declared at line %d",
		plant: func(p *planter) (string, string, bool) {
			it, b, ok := p.item(useWithRows(p))
			if !ok {
				return "", "", false
			}
			*b.items = append(*b.items, it)
			return "use " + it.Use.Name.Value() + " in " + b.where + " (" + at(it.Use.Pos) + ")", "from group " + quoteName(it.Use.Name.Value()) + " ", true
		}},
	{id: "tool-repeated", check: checkNames, rule: "tool %s is already declared at line %d",
		plant: firstTool(anyTool, func(p *planter, t *ast.Tool) string {
			p.f.Decls = append(p.f.Decls, &ast.Decl{Tool: t})
			return "tool " + quoteName(t.Name.Value()) + " is"
		})},
	{id: "group-repeated", check: checkNames, rule: "group %s is already declared at line %d",
		plant: func(p *planter) (string, string, bool) {
			g, ok := p.firstGroup()
			if !ok {
				return "", "", false
			}
			p.f.Decls = append(p.f.Decls, &ast.Decl{Group: g})
			return "group " + quoteName(g.Name.Value()) + " (" + at(g.Pos) + ")", "group " + quoteName(g.Name.Value()) + " is", true
		}},
	{id: "test-repeated", check: checkNames, rule: "test %q is already declared at line %d",
		plant: func(p *planter) (string, string, bool) {
			t, ok := p.firstTest()
			if !ok {
				return "", "", false
			}
			p.f.Decls = append(p.f.Decls, &ast.Decl{Test: t})
			return "test " + strconv.Quote(t.Name.Value()) + " (" + at(t.Pos) + ")", "test " + strconv.Quote(t.Name.Value()), true
		}},

	// every tool has a description, an input and an output
	{id: "tool-item-repeated", check: checkTools, rule: "tool %s: %s is already given at line %d",
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) string {
			for _, it := range t.Items {
				if it.Description != nil {
					t.Items = append(t.Items, it)
				}
			}
			return "tool " + quoteName(t.Name.Value()) + ": description"
		})},
	{id: "description-empty", check: checkTools, rule: "tool %s: the description is empty",
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) string {
			for _, it := range t.Items {
				if it.Description != nil {
					it.Description = text(it.Pos, " ")
				}
			}
			return "tool " + quoteName(t.Name.Value()) + ":"
		})},
	{id: "description-missing", check: checkTools, rule: "tool %s has no description",
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) string {
			dropItems(t, func(it *ast.ToolItem) bool { return it.Description != nil })
			return "tool " + quoteName(t.Name.Value()) + " has"
		})},
	{id: "input-missing", check: checkTools, rule: "tool %s has no input: write `in { ... }` or `in none`",
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) string {
			dropItems(t, func(it *ast.ToolItem) bool { return it.In != nil })
			return "tool " + quoteName(t.Name.Value()) + " has"
		})},
	{id: "output-missing", check: checkTools, rule: "tool %s has no output: write `out { ... }`, `result text` or `result any`",
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) string {
			dropItems(t, func(it *ast.ToolItem) bool { return it.Out != nil || it.Result != "" })
			return "tool " + quoteName(t.Name.Value()) + " has"
		})},
	{id: "hint-repeated", check: checkTools, rule: "tool %s: hint %s is given twice", warn: true,
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) string {
			if h := hintsOf(t); h != nil {
				h.Names = append(h.Names, "idempotent", "idempotent")
			} else {
				t.Items = append(t.Items, &ast.ToolItem{Pos: t.Pos, Hints: &ast.Hints{Pos: t.Pos, Names: []string{"idempotent", "idempotent"}}})
			}
			return "tool " + quoteName(t.Name.Value()) + ": hint"
		})},
	{id: "hints-contradict", check: checkTools, rule: "tool %s: read_only and destructive contradict each other (MCP ignores destructiveHint on read-only tools)", warn: true,
		plant: firstTool(func(t *ast.Tool) bool {
			h := hintsOf(t)
			return h == nil || !(contains(h.Names, "read_only") && contains(h.Names, "destructive"))
		}, func(_ *planter, t *ast.Tool) string {
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
			return "tool " + quoteName(t.Name.Value()) + ":"
		})},

	// groups used, known and acyclic
	{id: "group-unused", check: checkGroups, rule: "group %s is never used",
		plant: func(p *planter) (string, string, bool) {
			first, ok := p.firstGroup()
			if !ok {
				pos := p.f.Pos
				g := &ast.Group{Pos: pos, Name: name(pos, "toolspec_unused"), Items: []*ast.Item{{Row: &ast.Row{
					Pos: pos, Name: name(pos, "x"), Kind: &ast.Kind{Pos: pos, Scalar: "string"}, Presence: "optional"}}}}
				p.f.Decls = append(p.f.Decls, &ast.Decl{Group: g})
				return "a new group toolspec_unused", "group toolspec_unused ", true
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
			return "every use of group " + quoteName(g) + " removed", "group " + quoteName(g) + " ", true
		}},
	{id: "group-unknown", check: checkGroups, rule: "unknown group %s%s",
		plant: func(p *planter) (string, string, bool) {
			if it, b, ok := p.item(func(it *ast.Item) bool { return it.Use != nil }); ok {
				n := it.Use.Name.Value() + "_missing"
				it.Use.Name = name(it.Use.Pos, n)
				return "use in " + b.where + " (" + at(it.Use.Pos) + ")", "unknown group " + quoteName(n), true
			}
			_, b, ok := p.item(func(*ast.Item) bool { return true })
			if !ok {
				return "", "", false
			}
			pos := p.f.Pos
			*b.items = append(*b.items, &ast.Item{Use: &ast.Use{Pos: pos, Name: name(pos, "toolspec_missing")}})
			return "a new use in " + b.where, "unknown group toolspec_missing", true
		}},
	{id: "group-uses-itself", check: checkGroups, rule: "group %s uses itself",
		plant: func(p *planter) (string, string, bool) {
			g, ok := p.firstGroup()
			if !ok {
				return "", "", false
			}
			g.Items = append(g.Items, &ast.Item{Use: &ast.Use{Pos: g.Pos, Name: g.Name}})
			return "group " + quoteName(g.Name.Value()) + " (" + at(g.Pos) + ")", "group " + quoteName(g.Name.Value()) + " uses itself", true
		}},
	{id: "group-cycle", check: checkGroups, rule: "group cycle: %s uses %s",
		plant: func(p *planter) (string, string, bool) {
			g, ok := p.firstGroup()
			if !ok {
				return "", "", false
			}
			other := &ast.Group{Pos: g.Pos, Name: name(g.Pos, "toolspec_cycle"), Items: []*ast.Item{{Use: &ast.Use{Pos: g.Pos, Name: g.Name}}}}
			p.f.Decls = append(p.f.Decls, &ast.Decl{Group: other})
			g.Items = append(g.Items, &ast.Item{Use: &ast.Use{Pos: g.Pos, Name: other.Name}})
			return "group " + quoteName(g.Name.Value()) + " and a new group toolspec_cycle", "group cycle: " + quoteName(g.Name.Value()) + " uses", true
		}},

	// patterns portable
	{id: "pattern-not-portable", check: checkPatterns, rule: "%s: %s", also: regexp.MustCompile(`^[^:]*: (?i:.*(pattern|portab|look(ahead|behind|around)|backreference|RE2|ECMAScript))`),
		plant: rowPlant(isKind("string"), func(s rowSite) { addMod(s, &ast.Modifier{Pattern: text(s.row.Pos, "^(?=a)[a-z]+$")}) })},
	{id: "pattern-backtracks", check: checkPatterns, rule: "%s: pattern %s can take exponential time in ECMAScript, whose engines backtrack (RE2 in Go does not): in %s, %s", warn: true,
		plant: rowPlant(isKind("string"), func(s rowSite) { addMod(s, &ast.Modifier{Pattern: text(s.row.Pos, "^(x+x+)+y$")}) })},

	// tool names valid
	{id: "tool-name-invalid", check: checkToolName, rule: "tool name %s must match ^[A-Za-z0-9_.-]{1,128}$",
		plant: firstTool(anyTool, func(_ *planter, t *ast.Tool) string {
			n := t.Name.Value() + " !"
			t.Name = name(t.Name.Pos, n)
			return "tool name " + quoteName(n)
		})},
	{id: "tool-name-strict", check: checkToolName, rule: "tool name %s is refused by clients that allow only ^[A-Za-z0-9_-]{1,64}$", warn: true,
		plant: firstTool(func(t *ast.Tool) bool { return !strings.Contains(t.Name.Value(), ".") }, func(_ *planter, t *ast.Tool) string {
			n := t.Name.Value() + ".v2"
			t.Name = name(t.Name.Pos, n)
			return "tool name " + quoteName(n)
		})},

	// tests name a tool and a direction it has
	{id: "fixture-unknown-tool", check: checkFixtures, rule: "unknown tool %s%s",
		plant: fixturePlant(func(*ast.Fixture) bool { return true }, "accept", "", "", func(fx *ast.Fixture) string {
			n := fx.Tool.Value() + "_missing"
			fx.Tool = name(fx.Tool.Pos, n)
			return "unknown tool " + quoteName(n)
		})},
	{id: "fixture-no-output", check: checkFixtures, rule: "tool %s has no output schema to test (it declares result %s, not out)",
		plant: firstTool(func(t *ast.Tool) bool {
			for _, it := range t.Items {
				if it.Result != "" {
					return true
				}
			}
			return false
		}, func(p *planter, t *ast.Tool) string {
			fx := &ast.Fixture{Pos: t.Pos, Verdict: "accept", Tool: t.Name, Dir: "out", Value: emptyObject(t.Pos)}
			p.f.Decls = append(p.f.Decls, &ast.Decl{Test: &ast.Test{Pos: t.Pos, Name: text(t.Pos, "toolspec negative control"), Fixtures: []*ast.Fixture{fx}}})
			return "tool " + quoteName(t.Name.Value()) + " has no output"
		})},
	{id: "because-on-accept", check: checkFixtures, rule: "because goes with reject: an accepted value fails no keyword",
		plant: fixturePlant(withBecause, "accept", "", "type", func(fx *ast.Fixture) string {
			fx.Verdict = "accept"
			return ""
		})},
	{id: "because-format", check: checkFixtures, rule: "format is an annotation: no value fails it, so a test cannot rely on it",
		plant: fixturePlant(withBecause, "reject", "", "format", func(fx *ast.Fixture) string {
			fx.Because.Keyword = "format"
			return ""
		})},
	{id: "because-unknown-keyword", check: checkFixtures, rule: "because %s: not a keyword toolspec emits%s",
		plant: fixturePlant(withBecause, "reject", "", "type", func(fx *ast.Fixture) string {
			fx.Because.Keyword += "x"
			return "because " + fx.Because.Keyword + ":"
		})},
	{id: "because-at-not-pointer", check: checkFixtures, rule: "at %q is not a JSON pointer: it must be empty or start with /",
		plant: fixturePlant(withBecause, "reject", "", "type", func(fx *ast.Fixture) string {
			fx.Because.At = text(fx.Because.Pos, "toolspec/planted")
			return `at "toolspec/planted"`
		})},
	{id: "test-name-empty", check: checkFixtures, rule: "the test name is empty",
		plant: func(p *planter) (string, string, bool) {
			t, ok := p.firstTest()
			if !ok {
				return "", "", false
			}
			where := "test " + strconv.Quote(t.Name.Value()) + " (" + at(t.Pos) + ")"
			t.Name = text(t.Name.Pos, " ")
			return where, "", true
		}},
	{id: "test-without-fixtures", check: checkFixtures, rule: "test %q has no fixtures",
		plant: func(p *planter) (string, string, bool) {
			t, ok := p.firstTest()
			if !ok {
				return "", "", false
			}
			t.Fixtures = nil
			return "test " + strconv.Quote(t.Name.Value()) + " (" + at(t.Pos) + ")", "test " + strconv.Quote(t.Name.Value()), true
		}},

	// spec header well formed
	{id: "spec-name-empty", check: checkSpec, rule: "the spec name is empty",
		plant: func(p *planter) (string, string, bool) {
			p.f.Name = &ast.Name{Pos: p.f.Name.Pos, Quoted: text(p.f.Name.Pos, "")}
			return "spec name (" + at(p.f.Name.Pos) + ")", "", true
		}},
	{id: "catalog-key-empty", check: checkSpec, rule: "catalog_key is empty",
		plant: func(p *planter) (string, string, bool) {
			pos := p.f.Pos
			if p.f.CatalogKey != nil {
				pos = p.f.CatalogKey.Pos
			}
			p.f.CatalogKey = text(pos, "")
			return "catalog_key (" + at(pos) + ")", "", true
		}},

	// endpoints and request wiring (docs/language.md)
	{id: "from-unknown", check: checkEndpoint, rule: "%s: from %s: a row goes to path, query, body or header%s",
		plant: rowPlant(anyRow, func(s rowSite) { addMod(s, &ast.Modifier{From: "cookie"}) })},
	{id: "from-repeated", check: checkEndpoint, rule: "%s: from is given twice",
		plant: rowPlant(anyRow, func(s rowSite) {
			s.row.Mods = append(without(s.row.Mods, "from"), &ast.Modifier{Pos: s.row.Pos, From: "query"}, &ast.Modifier{Pos: s.row.Pos, From: "query"})
		})},
	{id: "as-repeated", check: checkEndpoint, rule: "%s: as is given twice",
		plant: rowPlant(anyRow, func(s rowSite) {
			s.row.Mods = append(without(s.row.Mods, "as"), &ast.Modifier{Pos: s.row.Pos, As: text(s.row.Pos, "a")}, &ast.Modifier{Pos: s.row.Pos, As: text(s.row.Pos, "b")})
		})},
	{id: "as-empty", check: checkEndpoint, rule: "%s: the API name after as is empty",
		plant: rowPlant(anyRow, func(s rowSite) { addMod(s, &ast.Modifier{As: text(s.row.Pos, "")}) })},
	{id: "wiring-without-endpoint", check: checkEndpoint, rule: "%s: from and as say where a row goes in an HTTP request, but tool %s has no endpoint",
		plant: func(p *planter) (string, string, bool) {
			t, in, ok := p.inputOf(func(t *ast.Tool) bool { return endpointOf(t) == nil })
			if !ok {
				return "", "", false
			}
			r := plantedRow(t.Pos, "toolspec_planted", "optional", &ast.Modifier{Pos: t.Pos, From: "query"})
			*in = append(*in, &ast.Item{Row: r})
			return "a new row in tool " + quoteName(t.Name.Value()) + " (" + at(t.Pos) + ")", "toolspec_planted: ", true
		}},
	{id: "wiring-nested", check: checkEndpoint, rule: "%s: from and as apply only to the top-level rows of a tool's input",
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) string {
			inner := plantedRow(t.Pos, "toolspec_inner", "optional", &ast.Modifier{Pos: t.Pos, As: text(t.Pos, "Inner")})
			outer := plantedRow(t.Pos, "toolspec_planted", "optional")
			outer.Kind = &ast.Kind{Pos: t.Pos, Object: &ast.Block{Pos: t.Pos, Items: []*ast.Item{{Row: inner}}, Close: &ast.Close{Pos: t.Pos, Brace: "}"}}}
			*in = append(*in, &ast.Item{Row: outer})
			return "toolspec_inner: from and as apply only"
		})},
	{id: "wire-name-repeated", check: checkEndpoint, rule: "%s: %s name %q is already used by %s",
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) string {
			*in = append(*in,
				&ast.Item{Row: plantedRow(t.Pos, "toolspec_a", "optional", &ast.Modifier{Pos: t.Pos, From: "header"}, &ast.Modifier{Pos: t.Pos, As: text(t.Pos, "X-Planted")})},
				&ast.Item{Row: plantedRow(t.Pos, "toolspec_b", "optional", &ast.Modifier{Pos: t.Pos, From: "header"}, &ast.Modifier{Pos: t.Pos, As: text(t.Pos, "X-Planted")})})
			return "toolspec_b: header name"
		})},
	{id: "from-path-without-parameter", check: checkEndpoint, rule: "%s: from path, but the endpoint path %q has no {%s}",
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) string {
			*in = append(*in, &ast.Item{Row: plantedRow(t.Pos, "toolspec_planted", "required", &ast.Modifier{Pos: t.Pos, From: "path"})})
			return "toolspec_planted: from path"
		})},
	{id: "path-parameter-optional", check: checkEndpoint, rule: "%s: path parameter {%s} must be required",
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) string {
			e.Path = text(e.Path.Pos, e.Path.Value()+"/{toolspec_p}")
			*in = append(*in, &ast.Item{Row: plantedRow(t.Pos, "toolspec_p", "optional")})
			return "toolspec_p: path parameter"
		})},
	{id: "path-parameter-without-row", check: checkEndpoint, rule: "tool %s: path parameter {%s} has no input row (name a row %s, or rename one with as %q)",
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) string {
			e.Path = text(e.Path.Pos, e.Path.Value()+"/{toolspec_p}")
			return "tool " + quoteName(t.Name.Value()) + ": path parameter {toolspec_p}"
		})},
	{id: "endpoint-method", check: checkEndpoint, rule: "tool %s: endpoint method %s is not an HTTP method (write it in upper case: %s)",
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) string {
			e.Method = "get"
			return "tool " + quoteName(t.Name.Value()) + ": endpoint method get"
		})},
	{id: "endpoint-path-relative", check: checkEndpoint, rule: "tool %s: endpoint path %q must start with /",
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) string {
			e.Path = text(e.Path.Pos, "toolspec")
			return "tool " + quoteName(t.Name.Value()) + ": endpoint path"
		})},
	{id: "endpoint-path-braces", check: checkEndpoint, rule: "tool %s: endpoint path %q has unbalanced or empty {parameters}",
		plant: endpointPlant(func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) string {
			e.Path = text(e.Path.Pos, "/toolspec/{}")
			return "tool " + quoteName(t.Name.Value()) + ": endpoint path"
		})},
}

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
func endpointPlant(plant func(t *ast.Tool, e *ast.Endpoint, in *[]*ast.Item) string) func(*planter) (string, string, bool) {
	return func(p *planter) (string, string, bool) {
		t, in, ok := p.inputOf(func(t *ast.Tool) bool { return endpointOf(t) != nil })
		added := ""
		if !ok {
			if t, in, ok = p.inputOf(func(*ast.Tool) bool { return true }); !ok {
				return "", "", false
			}
			t.Items = append(t.Items, &ast.ToolItem{Pos: t.Pos, Endpoint: &ast.Endpoint{Pos: t.Pos, Method: "GET", Path: text(t.Pos, "/toolspec")}})
			added = ", given the endpoint GET \"/toolspec\""
		}
		e := endpointOf(t)
		where := "tool " + quoteName(t.Name.Value()) + " (" + at(t.Pos) + ")" + added
		return where, plant(t, e, in), true
	}
}

// plantedRow is a new string row.
func plantedRow(pos ast.Position, n, presence string, mods ...*ast.Modifier) *ast.Row {
	return &ast.Row{Pos: pos, Name: name(pos, n), Kind: &ast.Kind{Pos: pos, Scalar: "string"}, Presence: presence, Mods: mods}
}

// valueRow accepts rows for which offValue has a value that fails the row.
var valueRow = isKind("string", "integer", "number", "boolean", "enum", "array", "tuple", "object", "map")

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
	seen := map[string]bool{}
	for _, c := range controls {
		if seen[c.id] {
			panic(fmt.Sprintf("report: control %s is listed twice", c.id))
		}
		seen[c.id] = true
	}
}
