package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"testing"
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
