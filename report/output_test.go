package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestJSON: --json is one JSON document with the fields docs/test-report.md
// documents.
func TestJSON(t *testing.T) {
	rep := Run(loadFile(t, "testdata/mixed.tspec"), Options{})
	var b bytes.Buffer
	if err := rep.JSON(&b); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	for _, k := range []string{"file", "spec", "strict", "checks", "controls", "tests", "mutants", "summary"} {
		if _, ok := doc[k]; !ok {
			t.Errorf("no %q", k)
		}
	}
	var back Report
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	s := back.Summary
	if s.Failed != 1 || s.Vacuous != 1 || s.OK || s.Mutants != len(back.Mutants) || s.Killed+s.Survived+s.Invalid != s.Mutants {
		t.Errorf("summary %+v", s)
	}
	test := back.Tests[1]
	if test.Name != "levels stop at ten" || test.Verdict != Fail || test.Fixtures[2].Verdict != Fail || test.Fixtures[2].Reason == "" {
		t.Errorf("test %+v", test)
	}
	if f := test.Fixtures[1]; len(f.Failures) != 1 || f.Failures[0].Keyword != "maximum" || f.Failures[0].At != "/level" {
		t.Errorf("failures %+v", f.Failures)
	}
	for _, c := range back.Controls {
		if c.ID == "" || c.Code == "" || c.Check == "" || c.Rule == "" || c.Planted == "" || c.Verdict != Pass || c.Fired == "" {
			t.Errorf("control %+v", c)
		}
	}
	for _, m := range back.Mutants {
		if m.Operator == "" || m.Where == "" || m.Description == "" || len(m.Tools) == 0 || m.KilledBy == nil {
			t.Errorf("mutant %+v", m)
		}
	}
}

// TestJUnit: well-formed XML, one suite per section, failures where the
// text report has FAIL or VACUOUS.
func TestJUnit(t *testing.T) {
	for _, strict := range []bool{false, true} {
		rep := Run(loadFile(t, "testdata/mixed.tspec"), Options{Strict: strict})
		data := rep.JUnit()
		d := xml.NewDecoder(bytes.NewReader(data))
		for {
			if _, err := d.Token(); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("not well-formed: %v\n%s", err, data)
			}
		}
		var got junitSuites
		if err := xml.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		if len(got.Suites) != 4 {
			t.Fatalf("%d suites", len(got.Suites))
		}
		tests, mutants := got.Suites[2], got.Suites[3]
		if tests.Tests != 3 || tests.Failures != 2 {
			t.Errorf("tests suite: %d tests, %d failures", tests.Tests, tests.Failures)
		}
		wantFail, wantSkip := 0, rep.Summary.Survived
		if strict {
			wantFail, wantSkip = rep.Summary.Survived, 0
		}
		if mutants.Failures != wantFail || mutants.Skipped != wantSkip {
			t.Errorf("strict=%v: mutants suite %d failures, %d skipped", strict, mutants.Failures, mutants.Skipped)
		}
		if got.Failures != rep.Summary.Failed+rep.Summary.Vacuous {
			t.Errorf("strict=%v: %d failures, summary %+v", strict, got.Failures, rep.Summary)
		}
	}
}

// TestInvalidAndSuggestionsInJSONAndJUnit: invalid mutants are counted
// apart in --json and --junit (skipped, never failures, even with
// --strict); the per-tool summary and the suggestions are in --json.
func TestInvalidAndSuggestionsInJSONAndJUnit(t *testing.T) {
	for _, strict := range []bool{false, true} {
		rep := Run(loadFile(t, "testdata/rich.tspec"), Options{Strict: strict, Suggest: true})
		var b bytes.Buffer
		if err := rep.JSON(&b); err != nil {
			t.Fatal(err)
		}
		var back Report
		if err := json.Unmarshal(b.Bytes(), &back); err != nil {
			t.Fatal(err)
		}
		s := back.Summary
		if s.Invalid != 2 || s.Killed+s.Survived+s.Invalid != s.Mutants {
			t.Errorf("summary %+v", s)
		}
		invalid := 0
		for _, m := range back.Mutants {
			if m.Verdict == Invalid {
				invalid++
				if m.Reason == "" || len(m.KilledBy) != 0 {
					t.Errorf("invalid mutant %+v", m)
				}
			}
		}
		if invalid != 2 {
			t.Errorf("%d invalid mutants in the list", invalid)
		}
		if len(back.Tools) != 2 || back.Tools[0].Tool != "list_apps" || back.Tools[0].Invalid != 2 || back.Tools[0].Rows == 0 {
			t.Errorf("tools %+v", back.Tools)
		}
		if len(back.Suggestions) != s.Survived {
			t.Errorf("%d suggestions for %d survivors", len(back.Suggestions), s.Survived)
		}
		var got junitSuites
		if err := xml.Unmarshal(rep.JUnit(), &got); err != nil {
			t.Fatal(err)
		}
		mutants := got.Suites[3]
		wantFail, wantSkip := 0, s.Survived+s.Invalid
		if strict {
			wantFail, wantSkip = s.Survived, s.Invalid
		}
		if mutants.Failures != wantFail || mutants.Skipped != wantSkip {
			t.Errorf("strict=%v: mutants suite %d failures, %d skipped; summary %+v", strict, mutants.Failures, mutants.Skipped, s)
		}
	}
}

// TestQuiet: -q prints the failures alone, then the last line, and the
// same last line as the full report.
func TestQuiet(t *testing.T) {
	r := loadFile(t, "testdata/mixed.tspec")
	var full, quiet bytes.Buffer
	Run(r, Options{}).Text(&full)
	Run(r, Options{Quiet: true}).Text(&quiet)
	want := "VACUOUS  test \"ping takes nothing\" at testdata/mixed.tspec:23:1: no mutant makes it fail\n" +
		"FAIL  test \"levels stop at ten\"\n" +
		"  testdata/mixed.tspec:30:3: reject set_level {\"level\":9} because maximum: accepted, want rejected because maximum\n" +
		"  testdata/mixed.tspec:31:3: reject set_level {\"level\":1,\"note\":\"x\"} because required at \"/note\": accepted, want rejected because required at \"/note\"\n"
	lines := strings.Split(strings.TrimSuffix(full.String(), "\n"), "\n")
	want += lines[len(lines)-1] + "\n"
	if d := cmp.Diff(want, quiet.String()); d != "" {
		t.Errorf("-q (-want +got):\n%s", d)
	}
}

// TestToolCountsAddUp: the tools' mutant counts add up to the mutants
// section's, groups included (a group row's mutants count once).
func TestToolCountsAddUp(t *testing.T) {
	for _, file := range []string{"testdata/rich.tspec", "testdata/suggest/seven.tspec", "../specs/t27mcp/tool_schema.tspec"} {
		rep := Run(loadFile(t, file), Options{})
		var n, k, s, a, inv int
		for _, ts := range rep.Tools {
			n, k, s, a, inv = n+ts.Mutants, k+ts.Killed, s+ts.Survived, a+ts.Acknowledged, inv+ts.Invalid
		}
		sum := rep.Summary
		if n != sum.Mutants || k != sum.Killed || s != sum.Survived || a != sum.Acknowledged || inv != sum.Invalid {
			t.Errorf("%s: tools add up to %d mutants (%d killed, %d survived, %d acknowledged, %d invalid), the report says %+v", file, n, k, s, a, inv, sum)
		}
	}
}

// TestNoMadeUpFileNames: every position the report prints is in the spec
// or in the built-in fixture (report/builtin.tspec, named as such); the
// client controls' examples are named after their code, not as files.
func TestNoMadeUpFileNames(t *testing.T) {
	var b bytes.Buffer
	Run(loadFile(t, "testdata/rich.tspec"), Options{}).Text(&b)
	for _, m := range regexp.MustCompile(`(\(TS\d{4} example\)|\S+):\d+:\d+: (?:error|warning)`).FindAllStringSubmatch(b.String(), -1) {
		switch f := m[1]; {
		case f == "testdata/rich.tspec", f == "builtin.tspec", strings.HasPrefix(f, "(TS"):
		default:
			t.Errorf("the report names a file that does not exist: %s", m[0])
		}
	}
}
