package report

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	tsast "github.com/toolspec/toolspec/lang/ast"
	tstoken "github.com/toolspec/toolspec/lang/token"
)

// rulesIn returns the message formats of every c.errorf / c.warnf call in
// the Go files matching glob (and of diags.Errorf calls when withDiags),
// mapped to whether the rule is a warning.
func rulesIn(t *testing.T, glob string, calls map[string]bool) map[string]bool {
	t.Helper()
	files, _ := filepath.Glob(glob)
	if len(files) == 0 {
		t.Fatalf("no files match %s", glob)
	}
	rules := map[string]bool{}
	fset := token.NewFileSet()
	for _, file := range files {
		if filepath.Ext(file) != ".go" || len(file) > 8 && file[len(file)-8:] == "_test.go" {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			warn, ok := calls[sel.Sel.Name]
			if !ok {
				return true
			}
			lit, ok := call.Args[1].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			rules[s] = warn
			return true
		})
	}
	return rules
}

// TestControlsCoverEveryRule: every message the checker can write has a
// negative control, and every control names a rule the checker has. A new
// rule without a control turns this test red.
func TestControlsCoverEveryRule(t *testing.T) {
	rules := rulesIn(t, "../lang/check/*.go", map[string]bool{"errorf": false, "warnf": true, "strictWarnf": true, "Errorf": false, "Warnf": true})
	// The default/example rule of package compile; its other Errorf calls
	// report internal failures (a schema that does not compile), not rules.
	compileRules := rulesIn(t, "../compile/*.go", map[string]bool{"Errorf": false})
	const valueRule = "%s: %s %s does not satisfy its own row (%s)"
	if _, ok := compileRules[valueRule]; !ok {
		t.Fatalf("compile no longer has the rule %q", valueRule)
	}
	rules[valueRule] = false
	if len(rules) < 40 {
		t.Fatalf("found only %d rules; is the scan broken?", len(rules))
	}
	claimed := map[string]bool{}
	for _, c := range controls {
		warn, ok := rules[c.rule]
		if !ok {
			t.Errorf("control %s: the checker has no rule %q", c.id, c.rule)
			continue
		}
		if warn != c.warn {
			t.Errorf("control %s: warning=%v, but the rule is reported with warning=%v", c.id, c.warn, warn)
		}
		claimed[c.rule] = true
	}
	var missing []string
	for r := range rules {
		if !claimed[r] {
			missing = append(missing, r)
		}
	}
	sort.Strings(missing)
	for _, r := range missing {
		t.Errorf("no negative control for the rule %q", r)
	}
}

// TestBuiltinCompilesClean: the built-in fixture spec has no diagnostics,
// so a planted defect is the only thing that can answer.
func TestBuiltinCompilesClean(t *testing.T) {
	b := builtin()
	if b.Catalog == nil || len(b.Diags) > 0 {
		t.Fatalf("builtin.tspec:\n%v", b.Diags)
	}
}

// TestControlsPass: on every testdata spec every control fires.
func TestControlsPass(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.tspec")
	// The shared conformance case, when the checkout sits beside it.
	if conf := "../../shared/conformance/cases/report-pass/report.tspec"; fileExists(conf) {
		files = append(files, conf)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			r := loadFile(t, file)
			for _, c := range runControls(r, Options{}) {
				if c.Verdict != Pass {
					t.Errorf("%s (planted in %s): %s", c.ID, c.Planted, c.Reason)
				}
			}
		})
	}
}

// TestControlsPlantInTheSpec: a spec with every construct gets every
// defect planted in itself, never in the built-in fixture.
func TestControlsPlantInTheSpec(t *testing.T) {
	r := loadFile(t, "testdata/rich.tspec")
	for _, c := range runControls(r, Options{}) {
		if c.Builtin {
			t.Errorf("%s went to the built-in fixture (%s)", c.ID, c.Planted)
		}
	}
}

// TestControlsFallBackToBuiltin: a spec with nothing to plant on (one
// tool, in none, no groups, no tests) still gets every control shown.
func TestControlsFallBackToBuiltin(t *testing.T) {
	r := load(t, "bare.tspec", "spec bare\ntool t {\n  description \"d\"\n  in none\n  out { }\n}\n")
	builtins := 0
	for _, c := range runControls(r, Options{}) {
		if c.Verdict != Pass {
			t.Errorf("%s: %s", c.ID, c.Reason)
		}
		if c.Builtin {
			builtins++
		}
	}
	if builtins == 0 {
		t.Error("no control used the built-in fixture")
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// disabled is a checker with one rule switched off: it drops the
// diagnostics that rule writes (those whose message the rule's format
// matches most specifically; "property %s is ..." also matches the
// messages of "property %s from group %s is ...").
func disabled(c *control) func(*tsast.File) tstoken.List {
	return func(f *tsast.File) tstoken.List {
		var out tstoken.List
		for _, d := range (Options{}).check(f) {
			if warn := d.Severity == tstoken.Warning; warn == c.warn && owner(d.Msg, warn) == c {
				continue
			}
			out = append(out, d)
		}
		return out
	}
}

// TestControlFailsWhenItsRuleIsDisabled breaks each rule in turn: its
// control must fail, the run must go red, and every other control must
// still pass (so each control shows its own rule, not just "an error").
func TestControlFailsWhenItsRuleIsDisabled(t *testing.T) {
	r := loadFile(t, "testdata/rich.tspec")
	for i := range controls {
		c := &controls[i]
		t.Run(c.id, func(t *testing.T) {
			t.Parallel()
			rep := Run(r, Options{Check: disabled(c), Workers: 1})
			for _, got := range rep.Controls {
				switch {
				case got.ID == c.id && got.Verdict != Fail:
					t.Errorf("with the rule disabled, control %s still %s (%s)", c.id, got.Verdict, got.Fired)
				case got.ID != c.id && got.Verdict != Pass:
					t.Errorf("disabling %s also failed control %s: %s", c.id, got.ID, got.Reason)
				}
			}
			if rep.Summary.OK || rep.Summary.Failed == 0 {
				t.Errorf("the run did not go red: %+v", rep.Summary)
			}
		})
	}
}

// TestControlsFailWithASilentChecker: a checker that never says anything
// fails every control.
func TestControlsFailWithASilentChecker(t *testing.T) {
	r := loadFile(t, "testdata/rich.tspec")
	silent := func(*tsast.File) tstoken.List { return nil }
	for _, c := range runControls(r, Options{Check: silent}) {
		if c.Verdict != Fail || c.Reason != "the checker said nothing" {
			t.Errorf("%s: %s %q", c.ID, c.Verdict, c.Reason)
		}
	}
}

// TestControlIgnoresOtherRules: a checker that answers every plant with
// an unrelated error does not pass the controls.
func TestControlIgnoresOtherRules(t *testing.T) {
	r := loadFile(t, "testdata/rich.tspec")
	wrong := func(f *tsast.File) tstoken.List {
		var l tstoken.List
		l.Errorf(tstoken.Pos{File: "x", Line: 1, Column: 1}, "something is wrong")
		return l
	}
	for _, c := range runControls(r, Options{Check: wrong}) {
		if c.Verdict != Fail {
			t.Errorf("%s passed on an unrelated error", c.ID)
		}
	}
}
