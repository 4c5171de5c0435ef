package report

import (
	"bytes"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/lang/descriptor"
	"github.com/toolspec/toolspec/model"
)

// operatorCases aim one test at one operator: the mutant the operator makes
// of the named row must change the emitted schema and be killed by that
// test.
var operatorCases = []struct {
	op, where, desc string
	rows            string // the rows of tool t's input
	fixtures        string // the fixtures of test "aimed"
}{
	{OpDropMin, "t in.n", "minimum 1 dropped", `n integer required 1..10`,
		`reject t {"n": -5} because minimum`},
	{descriptor.OpDropFormat, "t in.d", "format date dropped", `d string required format date`,
		`reject t {"d": "2023-02-29"} because format`},
	{OpWidenMin, "t in.n", "minimum 1 widened to 0", `n integer required 1..10`,
		`reject t {"n": 0} because minimum`},
	{OpDropMax, "t in.s", "maxLength 3 dropped", `s string required ..3`,
		`reject t {"s": "abcdefgh"} because maxLength`},
	{OpWidenMax, "t in.s", "maxLength 3 widened to 4", `s string required ..3`,
		`reject t {"s": "abcd"} because maxLength at "/s"`},
	{descriptor.OpDropAbove, "t in.x", "above 0 dropped", `x number required above 0`,
		`reject t {"x": -1} because exclusiveMinimum`},
	{descriptor.OpWidenAbove, "t in.x", "above 0 widened to -1", `x number required above 0`,
		`reject t {"x": -0.5} because exclusiveMinimum at "/x"`},
	{descriptor.OpDropBelow, "t in.x", "below 1 dropped", `x number required below 1`,
		`reject t {"x": 7} because exclusiveMaximum`},
	{descriptor.OpWidenBelow, "t in.x", "below 1 widened to 2", `x number required below 1`,
		`reject t {"x": 1.5} because exclusiveMaximum`},
	{descriptor.OpDropMultipleOf, "t in.n", "multiple_of 9 dropped", `n integer required multiple_of 9`,
		`reject t {"n": 10} because multipleOf`},
	{descriptor.OpWidenMultipleOf, "t in.n", "multiple_of 9 widened to 3", `n integer required multiple_of 9`,
		`reject t {"n": 3} because multipleOf`},
	{descriptor.OpWidenMultipleOf, "t in.y", "multiple_of 0.25 widened to 0.125", `y number required multiple_of 0.25`,
		`reject t {"y": 0.125} because multipleOf`},
	// Exact below 30 decimals: halving 1e-31 is 5e-32, not 0.
	{descriptor.OpWidenMultipleOf, "t in.z", "multiple_of 1e-31 widened to 5e-32", `z number required multiple_of 1e-31`,
		`reject t {"z": 5e-32} because multipleOf`},
	{descriptor.OpWidenMultipleOf, "t in.w", "multiple_of 3e-30 widened to 1.5e-30", `w number required multiple_of 3e-30`,
		`reject t {"w": 1.5e-30} because multipleOf`},
	{OpDropPattern, "t in.s", `pattern "^[a-z]+$" dropped`, `s string required pattern "^[a-z]+$"`,
		`reject t {"s": "A"} because pattern`},
	{OpDropEnumValue, "t in.e", `enum value "b" dropped`, `e enum(a, b) required`,
		`accept t {"e": "b"}`},
	{OpAddEnumValue, "t in.e", `enum value "c" added`, `e enum(a, b) required`,
		`reject t {"e": "c"} because enum`},
	{OpFlipNullable, "t in.n", "made not nullable", `n integer optional nullable`,
		`accept t {"n": null}`},
	{OpOpenObject, "t in.o", "object opened (additionalProperties:false dropped)", `o object { a string optional } optional`,
		`reject t {"o": {"z": 1}} because additionalProperties at "/o"`},
	{OpIntegerToNumber, "t in.n", "integer changed to number", `n integer optional`,
		`reject t {"n": 1.5} because type`},
	{OpDropUnique, "t in.a", "uniqueItems dropped", `a array<integer> optional unique`,
		`reject t {"a": [1, 1]} because uniqueItems`},
	{OpDropTupleMember, "t in.p", "tuple member 1 dropped (length 2 → 1)", `p tuple<integer, string> optional`,
		`accept t {"p": [1, "x"]}`},
	{OpDropVariant, "t in.u", "union variant 1 dropped", `u union<integer, string> optional`,
		`accept t {"u": "x"}`},
	{OpFlipRequired, "t in.n", "made optional", `n integer required`,
		`reject t {} because required`},
	{OpDropRow, "t in.n", "row dropped", `n integer optional`,
		`accept t {"n": 1}`},
}

func aimedSpec(rows, fixtures string) string {
	return "spec ops\ntool t {\n  description \"d\"\n  in {\n    " + rows + "\n  }\n  result text\n}\n" +
		"test \"aimed\" {\n  " + fixtures + "\n}\n"
}

func TestOperatorsAreAllTested(t *testing.T) {
	var tested []string
	for _, c := range operatorCases {
		tested = append(tested, c.op)
	}
	for _, op := range Operators {
		if !slices.Contains(tested, op) {
			t.Errorf("operator %s has no test", op)
		}
	}
}

func TestOperator(t *testing.T) {
	for _, c := range operatorCases {
		t.Run(c.op, func(t *testing.T) {
			t.Parallel()
			r := load(t, "ops.tspec", aimedSpec(c.rows, c.fixtures))
			s := newSuite(r.Catalog)
			if tests := s.run(); tests[0].Verdict != Pass {
				t.Fatalf("the aimed test fails on the spec itself: %+v", tests[0].Fixtures)
			}
			var m *mutant
			for _, x := range s.mutants() {
				if x.op == c.op && x.where == c.where && x.desc == c.desc {
					m = x
				}
			}
			if m == nil {
				t.Fatalf("no %s mutant %q of %s", c.op, c.desc, c.where)
			}
			// It changes the emitted schema.
			root := s.roots[target{0, false}]
			before := schema.Type(root)
			after := schema.Type(apply(root, m.swap))
			if bytes.Equal(before, after) {
				t.Fatalf("the mutant leaves the schema unchanged: %s", before)
			}
			if !bytes.Equal(before, schema.Type(root)) {
				t.Fatal("applying the mutant changed the spec's own model")
			}
			// The aimed test kills it.
			res, changed := s.runMutant(m)
			if !changed || res.Verdict != Killed || !slices.Equal(res.KilledBy, []string{"aimed"}) {
				t.Fatalf("got %+v (changed %v), want killed by \"aimed\"", res, changed)
			}
		})
	}
}

// TestUnchangedMutantsAreDropped: flipping nullable on any or widening an
// absent bound changes nothing, so it is not a mutant.
func TestUnchangedMutantsAreDropped(t *testing.T) {
	rep := run(t, "any.tspec", aimedSpec(`x any optional`, `accept t {"x": 1}`), Options{})
	for _, m := range rep.Mutants {
		if m.Where == "t in.x" && m.Operator != OpFlipRequired && m.Operator != OpDropRow {
			t.Errorf("unexpected mutant %s: %s", m.Where, m.Description)
		}
	}
}

// TestGroupRowMutantTouchesEveryTool: a mutant of a group row is run
// against the fixtures of every tool that uses the group.
func TestGroupRowMutantTouchesEveryTool(t *testing.T) {
	src := `spec g
group page { limit integer optional 1..10 }
tool a { description "a" in { use page } result text }
tool b { description "b" in { use page } result text }
test "only b" { reject b {"limit": 11} because maximum }
`
	rep := run(t, "g.tspec", src, Options{})
	for _, m := range rep.Mutants {
		if m.Where == "group page.limit" && m.Operator == OpDropMax {
			if !slices.Equal(m.Tools, []string{"a", "b"}) || m.Verdict != Killed {
				t.Fatalf("got %+v", m)
			}
			return
		}
	}
	t.Fatal("no drop-max mutant of group page.limit")
}

// TestVacuous: a passing test that kills no mutant is vacuous and fails
// the run; one that kills a mutant is not.
func TestVacuous(t *testing.T) {
	src := `spec v
tool ping { description "p" in none result text }
tool echo { description "e" in { text string required 1..10 } result text }
test "ping takes nothing" { accept ping {} }
test "echo bounds its text" { reject echo {"text": "01234567890"} because maxLength }
`
	rep := run(t, "v.tspec", src, Options{})
	if got := rep.Tests[0].Verdict; got != Vacuous {
		t.Errorf("ping test: %s, want VACUOUS", got)
	}
	if got := rep.Tests[1].Verdict; got != Pass {
		t.Errorf("echo test: %s, want PASS", got)
	}
	if rep.Summary.Vacuous != 1 || rep.Summary.Failed != 0 || rep.Summary.OK {
		t.Errorf("summary %+v", rep.Summary)
	}
}

// TestStrict: survivors fail the run only with Strict.
func TestStrict(t *testing.T) {
	src := aimedSpec(`n integer required 1..10`, `reject t {"n": 11} because maximum`)
	loose := run(t, "s.tspec", src, Options{})
	strict := run(t, "s.tspec", src, Options{Strict: true})
	if loose.Summary.Survived == 0 {
		t.Fatal("expected survivors")
	}
	if !loose.Summary.OK {
		t.Errorf("survivors failed a run without --strict: %+v", loose.Summary)
	}
	if strict.Summary.OK || strict.Summary.Failed != strict.Summary.Survived {
		t.Errorf("strict summary %+v", strict.Summary)
	}
}

// TestProgress reports every mutant once, ending at the total.
func TestProgress(t *testing.T) {
	calls, last, total := 0, 0, 0
	rep := run(t, "p.tspec", aimedSpec(`n integer required 1..10`, `reject t {"n": 11} because maximum`),
		Options{Progress: func(d, n int) { calls++; last, total = d, n }})
	if calls == 0 || last != total || calls != total || total < rep.Summary.Mutants {
		t.Errorf("progress: %d calls, last %d/%d, %d mutants", calls, last, total, rep.Summary.Mutants)
	}
}

// TestZeroCountBoundNotMutated: dropping minLength 0 (or minItems 0)
// changes the bytes but accepts the same values; no test could kill it,
// so it is not made.
func TestZeroCountBoundNotMutated(t *testing.T) {
	rep := run(t, "z.tspec", aimedSpec(`s string required 0..5  a array<integer> optional 0..3`, `reject t {"s": "abcdef"} because maxLength`), Options{})
	for _, m := range rep.Mutants {
		if m.Operator == OpDropMin {
			t.Errorf("unkillable mutant made: %s %s", m.Where, m.Description)
		}
	}
}

// TestMapValuesInKeyOrder: the value an add-enum-value mutant adds is the
// first one a fixture puts at the row, in key order, so every run reports
// the same mutants and verdicts.
func TestMapValuesInKeyOrder(t *testing.T) {
	src := aimedSpec(`m map<enum(a, b)> required`,
		`reject t {"m": {"p": "c", "q": "d", "r": "e", "s": "f", "u": "g"}} because enum`)
	for i := 0; i < 20; i++ {
		rep := run(t, "m.tspec", src, Options{})
		for _, m := range rep.Mutants {
			if m.Operator == OpAddEnumValue && m.Description != `enum value "c" added` {
				t.Fatalf("run %d added %s", i, m.Description)
			}
		}
	}
}

// TestMutantCheckRejectsIsInvalid: a multiple_of halved to 2e-324 (0 as a float64) is a
// number check rejects; the mutant is INVALID, never a survivor.
func TestMutantCheckRejectsIsInvalid(t *testing.T) {
	rep := run(t, "tiny.tspec", aimedSpec(`y number optional multiple_of 4e-324`, `accept t {"y": 1}`), Options{})
	found := false
	for _, m := range rep.Mutants {
		if m.Operator == descriptor.OpWidenMultipleOf {
			found = true
			if m.Verdict != Invalid || m.Description != "multiple_of 4e-324 widened to 2e-324" {
				t.Errorf("got %s %q (%s), want INVALID", m.Verdict, m.Description, m.Reason)
			}
		}
	}
	if !found {
		t.Fatal("no widen-multiple_of mutant")
	}
}

// TestApplyLooksOnlyAlongThePath: a mutant of one row of a wide tool
// looks at the nodes from the root down to the row, not at the rest of
// the tool (the cost that made test-report quadratic in a tool's size).
func TestApplyLooksOnlyAlongThePath(t *testing.T) {
	var rows strings.Builder
	for i := range 200 {
		fmt.Fprintf(&rows, "    r%d  object { a  integer  optional  0..9 }  optional\n", i)
	}
	src := "spec wide\n\ntool t {\n  description \"Wide\"\n  in {\n" + rows.String() + "  }\n  result text\n}\n"
	s := newSuite(load(t, "wide.tspec", src).Catalog)
	var m *mutant
	for _, x := range s.mutants() {
		if x.where == "t in.r199.a" && x.op == OpDropMax {
			m = x
		}
	}
	if m == nil {
		t.Fatal("no drop-max mutant of t in.r199.a")
	}
	looked := 0
	swap := func(x *model.Type) *model.Type { looked++; return m.swap(x) }
	root := applyAlong(s.roots[target{0, false}], swap, s.along(m))
	if looked > 3 {
		t.Errorf("looked at %d nodes, want the 3 from the root to the row", looked)
	}
	if bytes.Equal(schema.Type(root), s.emittedOf(target{0, false})) {
		t.Error("the mutant did not change the schema")
	}
}

// TestMutantsHoldNoCopies: the mutants of an enum of k values hold memory
// linear in k until they run; a copy of the enum in each drop-enum-value
// mutant made it k², 180 MB for the 3 000 values here.
func TestMutantsHoldNoCopies(t *testing.T) {
	const k = 3000
	var values []string
	for i := range k {
		values = append(values, fmt.Sprintf("value_%04d_%s", i, strings.Repeat("x", 40)))
	}
	src := "spec e\n\ntool t {\n  description \"Enum\"\n  in {\n    e  enum(" + strings.Join(values, ", ") + ")  required\n  }\n  result text\n}\n"
	s := newSuite(load(t, "enum.tspec", src).Catalog)
	before := liveHeap()
	muts := s.mutants()
	held := liveHeap() - before
	if len(muts) < k {
		t.Fatalf("%d mutants, want one per value at least", len(muts))
	}
	// k² copies of a value header would be 24 bytes × 9e6 = 216 MB.
	if held > 32<<20 {
		t.Errorf("%d mutants hold %d MB, want memory linear in the enum's size", len(muts), held>>20)
	}
	runtime.KeepAlive(muts)
}

func liveHeap() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// TestEnumVariantValueTakenBesides: an add-enum-value mutant of an enum
// that is a union's variant never adds a value another variant already
// takes (the string variant takes "ab", so that mutant would change
// nothing and no test could kill it); it adds the first value no variant
// takes, which the test that rejects it kills. When the other variants
// take every made-up value too, there is no such mutant.
func TestEnumVariantValueTakenBesides(t *testing.T) {
	src := aimedSpec(`x union<string ..3, enum(long_value)> required`,
		`accept t {"x": "ab"}`+"\n  "+`reject t {"x": "abcd"} because anyOf`)
	rep := run(t, "u.tspec", src, Options{})
	found := false
	for _, m := range rep.Mutants {
		if m.Operator != OpAddEnumValue {
			continue
		}
		found = true
		if m.Description != `enum value "abcd" added` || m.Verdict != Killed {
			t.Errorf("got %s %q, want KILLED `enum value \"abcd\" added`", m.Verdict, m.Description)
		}
	}
	if !found {
		t.Fatal("no add-enum-value mutant")
	}
	rep = run(t, "all.tspec", aimedSpec(`x union<string, enum(long_value)> required`, `accept t {"x": "ab"}`), Options{})
	for _, m := range rep.Mutants {
		if m.Operator == OpAddEnumValue {
			t.Errorf("unkillable mutant made: %s %s", m.Where, m.Description)
		}
	}
}
