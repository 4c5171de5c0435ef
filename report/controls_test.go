package report

import (
	"os"
	"path/filepath"
	"testing"

	tsast "github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/diag"
	tstoken "github.com/toolspec/toolspec/lang/token"
)

// TestControlsCoverEveryRule: every rule of the checker in the table of
// lang/diag has a negative control, or says in the table why none can be
// planted; every control is for a checker rule. A new rule without a
// control turns this test red.
func TestControlsCoverEveryRule(t *testing.T) {
	rules := 0
	for _, d := range diag.All() {
		if d.Phase != diag.Check {
			if _, ok := byCode[d.Code]; ok {
				t.Errorf("control %s: %s is not a checker rule (phase %s)", d.Name, d.Code, d.Phase)
			}
			continue
		}
		rules++
		_, ok := byCode[d.Code]
		switch {
		case !ok && d.NoControl == "":
			t.Errorf("no negative control for %s %s (%q); add one, or say in the table why none can be planted", d.Code, d.Name, d.Format)
		case ok && d.NoControl != "":
			t.Errorf("%s %s has a control, but the table says none can be planted", d.Code, d.Name)
		}
	}
	if rules < 60 {
		t.Fatalf("found only %d checker rules; is the table cut short?", rules)
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
// diagnostics of the rule's code.
func disabled(c *control) func(*tsast.File) tstoken.List {
	return func(f *tsast.File) tstoken.List {
		var out tstoken.List
		for _, d := range (Options{}).check(f) {
			if c.code.Is(d) {
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
		t.Run(c.id(), func(t *testing.T) {
			t.Parallel()
			rep := Run(r, Options{Check: disabled(c), Workers: 1})
			for _, got := range rep.Controls {
				switch {
				case got.ID == c.id() && got.Verdict != Fail:
					t.Errorf("with the rule disabled, control %s still %s (%s)", c.id(), got.Verdict, got.Fired)
				case got.ID != c.id() && got.Verdict != Pass:
					t.Errorf("disabling %s also failed control %s: %s", c.id(), got.ID, got.Reason)
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
		l.Errorf(tstoken.Pos{Filename: "x", Line: 1, Column: 1}, "something is wrong")
		return l
	}
	for _, c := range runControls(r, Options{Check: wrong}) {
		if c.Verdict != Fail {
			t.Errorf("%s passed on an unrelated error", c.ID)
		}
	}
}
