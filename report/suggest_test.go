package report

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/golang/runtime/formats"
	"github.com/toolspec/toolspec/lang/descriptor"
)

// killRate runs the report of a spec with suggestions, appends them to the
// spec, runs the report again and returns how many of the first run's
// survivors the second run kills, and how many there were.
func killRate(t *testing.T, name string, src []byte) (killed, survivors int, again *Report) {
	t.Helper()
	r := compile.Source(name, src)
	if r.Catalog == nil {
		t.Fatalf("%s: %v", name, r.Diags)
	}
	rep := Run(r, Options{Suggest: true})
	if len(rep.Suggestions) != rep.Summary.Survived {
		t.Fatalf("%d suggestions for %d survivors", len(rep.Suggestions), rep.Summary.Survived)
	}
	if rep.Summary.Survived == 0 {
		return 0, 0, rep
	}
	out, err := rep.WithSuggestions(name, src)
	if err != nil {
		t.Fatal(err)
	}
	r2 := compile.Source(name, out)
	if r2.Catalog == nil {
		t.Fatalf("with suggestions: %v", r2.Diags)
	}
	again = Run(r2, Options{})
	verdicts := map[string]Verdict{}
	for _, m := range again.Mutants {
		verdicts[m.Where+": "+m.Description] = m.Verdict
	}
	for _, sg := range rep.Suggestions {
		v, ok := verdicts[sg.Mutant]
		switch {
		case !ok:
			t.Errorf("mutant %s is gone from the second run", sg.Mutant)
		case v == Killed:
			killed++
		case sg.Fixture != "":
			// A suggestion is verified: its mutant must die.
			t.Errorf("%s: suggested %s, but it survives", sg.Mutant, sg.Fixture)
		}
	}
	for _, tt := range again.Tests {
		if tt.Verdict != Pass {
			t.Errorf("test %q is %s after the suggestions were added", tt.Name, tt.Verdict)
		}
	}
	return killed, len(rep.Suggestions), again
}

// withoutTests cuts every test block off a spec: all its mutants survive.
func withoutTests(src []byte) []byte {
	re := regexp.MustCompile(`(?ms)^test "[^\n]*?\{\n.*?^\}\n`)
	return re.ReplaceAll(src, nil)
}

// TestSuggestionsKillSurvivors: on a spec with many survivors, and on the
// reference catalog without its tests, the suggested fixtures kill at
// least 95% of the survivors, and every suggestion kills its mutant.
func TestSuggestionsKillSurvivors(t *testing.T) {
	for _, c := range []struct {
		name  string
		strip bool
	}{
		{"testdata/suggest/seven.tspec", false},
		{"testdata/suggest/hostile.tspec", false},
		{"testdata/suggest/unions.tspec", false},
		{"../specs/t27mcp/tool_schema.tspec", true},
		{"testdata/rich.tspec", true},
		{"testdata/mixed.tspec", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			src, err := os.ReadFile(c.name)
			if err != nil {
				t.Fatal(err)
			}
			if c.strip {
				src = withoutTests(src)
			}
			killed, total, _ := killRate(t, c.name, src)
			if total == 0 {
				t.Fatal("no survivors to suggest for")
			}
			rate := float64(killed) / float64(total)
			t.Logf("%s: suggestions kill %d of %d survivors (%.1f%%)", c.name, killed, total, 100*rate)
			if rate < 0.95 {
				t.Errorf("suggestions kill %d of %d survivors (%.1f%%), want at least 95%%", killed, total, 100*rate)
			}
		})
	}
}

// TestSuggestionForEveryOperator: for the mutant each operator makes (the
// rows of operatorCases, with no test at all), --suggest finds a fixture,
// and with that fixture added the mutant is killed.
func TestSuggestionForEveryOperator(t *testing.T) {
	for _, c := range operatorCases {
		t.Run(c.op, func(t *testing.T) {
			src := "spec ops\ntool t {\n  description \"d\"\n  in {\n    " + c.rows + "\n  }\n  result text\n}\n"
			rep := Run(load(t, "ops.tspec", src), Options{Suggest: true})
			var sg *Suggestion
			for i := range rep.Suggestions {
				// Without fixtures add-enum-value adds a made-up value:
				// find the mutant by operator and row.
				if rep.Suggestions[i].Operator == c.op && strings.HasPrefix(rep.Suggestions[i].Mutant, c.where+": ") {
					sg = &rep.Suggestions[i]
				}
			}
			if sg == nil {
				t.Fatalf("no suggestion for %s: %s; have %+v", c.where, c.desc, rep.Suggestions)
			}
			if sg.Fixture == "" {
				t.Fatalf("no fixture for %s: %s", sg.Mutant, sg.Reason)
			}
			if want, ok := suggestedFor[c.op+" "+c.where]; ok && sg.Fixture != want {
				t.Errorf("suggested %s, want %s", sg.Fixture, want)
			}
			killed, total, _ := killRate(t, "ops.tspec", []byte(src))
			if killed != total {
				t.Errorf("suggestions kill %d of %d survivors", killed, total)
			}
		})
	}
}

// suggestedFor is the fixture each operator's case gets: the smallest
// change that shows what the mutant changed.
var suggestedFor = map[string]string{
	OpDropMin + " t in.n":               `reject t {"n": 0}  because minimum at "/n"`,
	OpWidenMin + " t in.n":              `reject t {"n": 0}  because minimum at "/n"`,
	OpDropMax + " t in.s":               `reject t {"s": "aaaa"}  because maxLength at "/s"`,
	OpWidenMax + " t in.s":              `reject t {"s": "aaaa"}  because maxLength at "/s"`,
	OpDropPattern + " t in.s":           `reject t {"s": "!"}  because pattern at "/s"`,
	descriptor.OpDropFormat + " t in.d": `reject t {"d": "!"}  because format at "/d"`,
	OpDropEnumValue + " t in.e":         `accept t {"e": "b"}`,
	OpAddEnumValue + " t in.e":          `reject t {"e": "toolspec_mutant"}  because enum at "/e"`,
	OpFlipNullable + " t in.n":          `accept t {"n": null}`,
	OpOpenObject + " t in.o":            `reject t {"o": {"extra": true}}  because additionalProperties at "/o/extra"`,
	OpIntegerToNumber + " t in.n":       `reject t {"n": 0.5}  because type at "/n"`,
	OpDropUnique + " t in.a":            `reject t {"a": [0, 0]}  because uniqueItems at "/a"`,
	// The fixture suggested for p's drop-row kills this one too.
	OpDropTupleMember + " t in.p":            `accept t {"p": [0, "a"]}`,
	OpFlipRequired + " t in.n":               `reject t {}  because required at "/n"`,
	OpDropRow + " t in.n":                    `accept t {"n": 0}`,
	descriptor.OpDropAbove + " t in.x":       `reject t {"x": 0}  because exclusiveMinimum at "/x"`,
	descriptor.OpWidenAbove + " t in.x":      `reject t {"x": 0}  because exclusiveMinimum at "/x"`,
	descriptor.OpDropBelow + " t in.x":       `reject t {"x": 1}  because exclusiveMaximum at "/x"`,
	descriptor.OpWidenBelow + " t in.x":      `reject t {"x": 1}  because exclusiveMaximum at "/x"`,
	descriptor.OpDropMultipleOf + " t in.n":  `reject t {"n": 1}  because multipleOf at "/n"`,
	descriptor.OpWidenMultipleOf + " t in.n": `reject t {"n": 3}  because multipleOf at "/n"`,
	descriptor.OpWidenMultipleOf + " t in.y": `reject t {"y": 0.125}  because multipleOf at "/y"`,
}

// TestInvalidMutants: a mutant that would fail check (a default its row
// no longer allows) is INVALID, not a survivor, and no suggestion is
// made for it.
func TestInvalidMutants(t *testing.T) {
	rep := run(t, "inv.tspec", "spec inv\ntool t {\n  description \"d\"\n  in {\n    e enum(a, b) optional default \"b\"\n  }\n  result text\n}\n", Options{Suggest: true})
	var inv []string
	for _, m := range rep.Mutants {
		if m.Verdict == Invalid {
			inv = append(inv, m.Description+": "+m.Reason)
		}
	}
	want := []string{`enum value "b" dropped: its default "b" would fail enum`}
	if !slices.Equal(inv, want) {
		t.Errorf("invalid mutants %q, want %q", inv, want)
	}
	if rep.Summary.Invalid != 1 || rep.Summary.Survived+rep.Summary.Killed+rep.Summary.Invalid != rep.Summary.Mutants {
		t.Errorf("summary %+v", rep.Summary)
	}
	for _, sg := range rep.Suggestions {
		if strings.Contains(sg.Mutant, `"b" dropped`) {
			t.Errorf("a suggestion for the invalid mutant: %+v", sg)
		}
	}
}

// TestExamplesKillMutants: an example is an accept fixture of its row; it
// kills the mutant that drops its enum value, and is named as the killer.
func TestExamplesKillMutants(t *testing.T) {
	rep := run(t, "ex.tspec", "spec ex\ntool t {\n  description \"d\"\n  in {\n    e enum(a, b) optional example \"b\"\n  }\n  result text\n}\n", Options{})
	if len(rep.Examples) != 1 || rep.Examples[0].Where != "t in.e" || rep.Examples[0].Kills != 1 {
		t.Fatalf("examples %+v", rep.Examples)
	}
	for _, m := range rep.Mutants {
		if m.Description == `enum value "b" dropped` && !slices.Equal(m.KilledBy, []string{"example of t in.e"}) {
			t.Errorf("%s killed by %q, want the example", m.Description, m.KilledBy)
		}
	}
}

// BenchmarkSuggest: the reference catalog without its tests (764
// survivors), with and without --suggest.
func BenchmarkSuggest(b *testing.B) {
	src, err := os.ReadFile("../specs/t27mcp/tool_schema.tspec")
	if err != nil {
		b.Fatal(err)
	}
	r := compile.Source("tool_schema.tspec", withoutTests(src))
	for _, suggest := range []bool{false, true} {
		name := "report"
		if suggest {
			name = "report+suggest"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				Run(r, Options{Suggest: suggest})
			}
		})
	}
}

// TestSuggestHugeBounds: a count bound far beyond what a suggestion may
// hold is refused before any value is built (a minLength of 10^9 used to
// take the run's memory).
func TestSuggestHugeBounds(t *testing.T) {
	for _, row := range []string{
		`a string optional 100000..`,
		`a array<integer> optional 100000..`,
		`a map<string> optional 100000..`,
	} {
		r := load(t, "huge.tspec", "spec huge\ntool t {\n  description \"d\"\n  in {\n    "+row+"\n  }\n  result text\n}\n")
		if _, ok := minimal(r.Catalog.Tools[0].Input.Fields[0].Type); ok {
			t.Errorf("%s: a minimal value was made", row)
		}
	}
}

// TestSuggestWriteThenStrict: `--suggest -w` then `--strict` passes: every
// survivor gets a fixture that kills it or, when no fixture under the cap
// does, a survives line; nothing is left untested. On README's shop, the
// notes-like spec of testdata/suggest, the other testdata specs and the
// reference catalog with its tests removed.
func TestSuggestWriteThenStrict(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	shop := regexp.MustCompile("(?s)```tspec file=shop.tspec\n(.*?)```").FindSubmatch(readme)
	if shop == nil {
		t.Fatal("README.md has no ```tspec file=shop.tspec block")
	}
	cases := map[string][]byte{"README.md shop.tspec": withoutTests(shop[1])}
	for _, c := range []struct {
		name  string
		strip bool
	}{
		{"testdata/suggest/notes.tspec", false},
		{"testdata/suggest/seven.tspec", false},
		{"testdata/suggest/hostile.tspec", false},
		{"testdata/suggest/unions.tspec", false},
		{"testdata/rich.tspec", true},
		{"testdata/mixed.tspec", true},
		{"../specs/t27mcp/tool_schema.tspec", true},
	} {
		src, err := os.ReadFile(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if c.strip {
			src = regexp.MustCompile(`(?m)^survives .*\n`).ReplaceAll(withoutTests(src), nil)
		}
		cases[c.name] = src
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			r := compile.Source(name, src)
			if r.Catalog == nil {
				t.Fatal(r.Diags)
			}
			if first := Run(r, Options{}); first.Summary.OK {
				t.Fatalf("passes before any test was written: %+v", first.Summary)
			}
			out, err := Run(r, Options{Suggest: true}).WithSuggestions(name, src)
			if err != nil {
				t.Fatal(err)
			}
			rep := Run(compile.Source(name, out), Options{Strict: true})
			if !rep.Summary.OK {
				var b strings.Builder
				rep.Text(&b)
				t.Errorf("--strict fails after --suggest -w: %+v\n%s", rep.Summary, b.String())
			}
		})
	}
}

// TestSuggestCheapestContainer: a container bound is broken by the
// smallest container past it made of the cheapest element (101 zeros for
// maxItems 100, about 300 bytes, whatever the items are); a bound no
// fixture under the cap can break gets a survives line instead.
func TestSuggestCheapestContainer(t *testing.T) {
	src := `spec cheap
tool t {
  description "d"
  in {
    items  array<object { name string required 1..40  size integer required 0.. }>  required  ..100
    body   string  optional  ..100000
  }
  result text
}
`
	rep := Run(load(t, "cheap.tspec", src), Options{Suggest: true})
	zeros := strings.TrimSuffix(strings.Repeat("0, ", 101), ", ")
	wantItems := `reject t {"items": [` + zeros + `]}  because maxItems at "/items"`
	wantBody := `survives t in.body maxLength because "suggested by test-report: the smallest killing value is 100026 bytes long, over the 8192 bytes a fixture in a spec may take"`
	got := map[string]Suggestion{}
	for _, sg := range rep.Suggestions {
		got[sg.Mutant] = sg
	}
	if sg := got["t in.items: maxItems 100 dropped"]; sg.Fixture != wantItems || len(sg.Fixture) > 400 {
		t.Errorf("maxItems 100: suggested %q (%d bytes), want %q", sg.Fixture, len(sg.Fixture), wantItems)
	}
	if sg := got["t in.body: maxLength 100000 widened to 100001"]; sg.Fixture != "" || sg.Survives != wantBody {
		t.Errorf("maxLength 100000: suggested %+v, want the line %s", sg, wantBody)
	}
}

// TestFormatSamplesValid: the sample a suggestion uses for each asserted
// format is valid for it (fixtures assert formats).
func TestFormatSamplesValid(t *testing.T) {
	for _, name := range descriptor.AssertedFormats {
		s, ok := formatSamples[name]
		if !ok {
			t.Errorf("no sample for %s", name)
			continue
		}
		if ok, _ := formats.ValidFormat(name, s); !ok {
			t.Errorf("sample %q is not a valid %s", s, name)
		}
	}
}

// TestReuseTriesBoundedFixtures: a survivor of a wide tool tries the
// fixtures found for the earlier survivors up to a bound, those changed
// on its own path first, not every one (survivors × fixtures × a value
// the size of the tool: cubic, and Stripe's import did not finish).
func TestReuseTriesBoundedFixtures(t *testing.T) {
	var rows strings.Builder
	for i := range 200 {
		fmt.Fprintf(&rows, "    r%d  integer  optional  0..9\n", i)
	}
	src := "spec wide\n\ntool t {\n  description \"Wide\"\n  in {\n" + rows.String() + "  }\n  result text\n}\n"
	s := newSuite(load(t, "wide.tspec", src).Catalog)
	tg := target{0, false}
	var m *mutant
	for _, x := range s.mutants() {
		if x.where == "t in.r150" && x.op == OpDropMax {
			m = x
		}
	}
	if m == nil {
		t.Fatal("no drop-max mutant of t in.r150")
	}
	var found []suggestion
	for i := range 200 {
		g := suggestion{tg: tg, accept: true, value: fmt.Sprintf(`{"r%d": 1}`, i), changed: fmt.Sprintf("/r%d", i)}
		if i == 150 {
			at := "/r150"
			g.accept, g.value, g.because, g.at = false, `{"r150": 10}`, "maximum", &at
		}
		sch, err := s.schemaOf(tg)
		if err != nil {
			t.Fatal(err)
		}
		if g.fails, err = sch.Validate([]byte(g.value)); err != nil {
			t.Fatal(err)
		}
		found = append(found, g)
	}
	tries := 0
	if _, ok := s.reuse(found, m, tg, func(suggestion) bool { tries++; return false }); ok {
		t.Fatal("a fixture killed a mutant no fixture fails on")
	}
	if tries > maxRelatedTries+maxUnrelatedTries {
		t.Errorf("tried %d of %d fixtures, want at most %d", tries, len(found), maxRelatedTries+maxUnrelatedTries)
	}
	// The one at the mutant's own row is tried, though it comes late.
	g, ok := s.reuse(found, m, tg, s.judgeOn(m).failsOn)
	if !ok || g.value != `{"r150": 10}` {
		t.Errorf("reuse = %q, %v; want the fixture at /r150", g.value, ok)
	}
}

// TestSuggestToolBudget: on a tool whose every fixture is large (a
// required 1 000-character row in a response of many bounded rows),
// --suggest makes fixtures until the tool's lines reach ToolBudget and
// leaves the rest survivors, with no survives line; a small tool next to
// it gets every fixture; after -w the spec passes plain test-report (no
// tool untested, no test vacuous), and the kill comments name at most
// maxKillsNamed mutants a fixture.
func TestSuggestToolBudget(t *testing.T) {
	var b strings.Builder
	b.WriteString("spec budget\n\ntool big {\n  description \"d\"\n  in none\n  out {\n    blob string required 1000..1000 \"d\"\n")
	for i := range 60 {
		fmt.Fprintf(&b, "    n%d integer optional 0..%d \"d\"\n", i, 10+i)
	}
	b.WriteString("  }\n}\n\ntool small {\n  description \"d\"\n  in { q string required ..8 \"d\" }\n  result text\n}\n")
	src := []byte(b.String())
	r := compile.Source("budget.tspec", src)
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	rep := Run(r, Options{Suggest: true})
	spent, over := map[string]int{}, 0
	seen := map[string]bool{}
	for _, sg := range rep.Suggestions {
		switch {
		case sg.Fixture != "" && !seen[sg.Fixture]:
			seen[sg.Fixture] = true
			spent[sg.Tool] += len(sg.Fixture)
		case sg.Fixture == "" && sg.Reason == overBudget:
			over++
			if sg.Tool != "big" || sg.Survives != "" {
				t.Errorf("over budget: %+v", sg)
			}
		}
	}
	if spent["big"] < ToolBudget || spent["big"] > ToolBudget+maxSuggestion {
		t.Errorf("big's fixtures take %d bytes, want the budget %d (plus at most one fixture)", spent["big"], ToolBudget)
	}
	if over < 100 {
		t.Errorf("%d survivors over budget, want the most of big's", over)
	}
	if spent["small"] == 0 {
		t.Errorf("small got no fixture")
	}
	out, err := rep.WithSuggestions("budget.tspec", src)
	if err != nil {
		t.Fatal(err)
	}
	for _, run := range regexp.MustCompile(`(?m)(^  // kills .*\n)+`).FindAllString(string(out), -1) {
		if n := strings.Count(run, "\n"); n > maxKillsNamed {
			t.Errorf("a fixture names %d mutants it kills, want at most %d", n, maxKillsNamed)
		}
	}
	// -w writes nothing check would refuse.
	defer func(m int64) { maxWritten = m }(maxWritten)
	maxWritten = int64(len(out) - 1)
	if _, err := rep.WithSuggestions("budget.tspec", src); err == nil || !strings.Contains(err.Error(), "over the") {
		t.Errorf("a spec over the cap with the suggestions: err %v", err)
	}
	again := Run(compile.Source("budget.tspec", out), Options{})
	if !again.Summary.OK || again.Summary.Survived == 0 {
		t.Errorf("after -w: %+v, want a pass with survivors", again.Summary)
	}
}

// TestSuggestFilledFirst: the first fixture tried on a target holds its
// optional rows, so one accept line kills every "row dropped" mutant of
// a flat input.
func TestSuggestFilledFirst(t *testing.T) {
	src := []byte(`spec filled

tool t {
  description "d"
  in {
    a string  optional ..8 "d"
    b integer optional 0..9 "d"
    c boolean optional "d"
    d enum(x, y) optional "d"
  }
  result text
}
`)
	rep := Run(compile.Source("filled.tspec", src), Options{Suggest: true})
	lines := map[string]bool{}
	for _, sg := range rep.Suggestions {
		if sg.Operator == "drop-row" {
			lines[sg.Fixture] = true
		}
	}
	if len(lines) != 1 || lines[""] {
		t.Errorf("the row-dropped mutants get %d fixtures %v, want one", len(lines), lines)
	}
}

// TestSuggestNoSurvivesLineItCannotName: a row whose name holds a dot
// has no survives path (DigitalOcean's "pg_stat_statements.track"):
// -w proposes no line for its survivors, rather than one check refuses
// (which made -w write nothing at all).
func TestSuggestNoSurvivesLineItCannotName(t *testing.T) {
	src := []byte(`spec dotted

tool t {
  description "d"
  in {
    "a.b" string optional ..100000 "d"
    c     string optional ..100000 "d"
  }
  result text
}
`)
	rep := Run(compile.Source("dotted.tspec", src), Options{Suggest: true})
	var lines []string
	for _, sg := range rep.Suggestions {
		if sg.Survives != "" {
			lines = append(lines, sg.Survives)
		}
	}
	if len(lines) == 0 || slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, "a.b") }) {
		t.Errorf("survives lines %q: want c's and none for a.b", lines)
	}
	if _, err := rep.WithSuggestions("dotted.tspec", src); err != nil {
		t.Error(err)
	}
}
