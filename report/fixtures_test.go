package report

import (
	"strings"
	"testing"
)

// TestFixtures: each fixture line, its verdict, and what the report says
// when it fails.
func TestFixtures(t *testing.T) {
	rows := `
    n     integer  optional  0..10
    o     object { a string required  b integer optional } optional  "An object"
    "a/b" string   optional  ..2`
	cases := []struct {
		fixture string
		pass    bool
		reason  string // a substring of the reason, when failing
	}{
		{`accept t {"n": 3}`, true, ""},
		{`accept t {"n": 11}`, false, "rejected (maximum at /n), want accepted"},
		{`reject t {"n": 3}`, false, "accepted, want rejected"},
		{`reject t {"n": 11}`, true, ""},
		{`reject t {"n": 11} because maximum`, true, ""},
		{`reject t {"n": 11} because maximum at "/n"`, true, ""},
		{`reject t {"n": 11} because minimum`, false, "rejected, but not because minimum: failed maximum at /n"},
		{`reject t {"n": 11} because maximum at "/m"`, false, `not because maximum at "/m": failed maximum at /n`},
		{`reject t {"n": 11} because maximum at ""`, false, "failed maximum at /n"},
		// required and additionalProperties are reported at the object;
		// `at` may name the object or the property itself.
		{`reject t {"o": {}} because required at "/o"`, true, ""},
		{`reject t {"o": {}} because required at "/o/a"`, true, ""},
		{`reject t {"o": {}} because required at "/o/b"`, false, "failed required at /o"},
		{`reject t {"o": {"a": "x", "z": 1}} because additionalProperties at "/o"`, true, ""},
		{`reject t {"o": {"a": "x", "z": 1}} because additionalProperties at "/o/z"`, true, ""},
		{`reject t {"o": {"a": "x", "z": 1}} because additionalProperties at "/o/a"`, false, "failed additionalProperties at /o"},
		{`reject t {"x": 1} because additionalProperties at ""`, true, ""},
		{`reject t {"x": 1} because additionalProperties at "/x"`, true, ""},
		{`reject t {"a/b": "long"} because maxLength at "/a~1b"`, true, ""},
		{`reject t {"n": "x", "o": {}} because required`, true, ""},
		{`reject t {"n": "x", "o": {}} because enum`, false, "failed type at /n, required at /o"},
	}
	for _, c := range cases {
		t.Run(c.fixture, func(t *testing.T) {
			t.Parallel()
			rep := run(t, "f.tspec", aimedSpec(rows, c.fixture), Options{Workers: 1})
			f := rep.Tests[0].Fixtures[0]
			if (f.Verdict == Pass) != c.pass {
				t.Fatalf("verdict %s (%s), want pass=%v", f.Verdict, f.Reason, c.pass)
			}
			if !strings.Contains(f.Reason, c.reason) {
				t.Fatalf("reason %q, want it to contain %q", f.Reason, c.reason)
			}
		})
	}
}

// TestOutputFixtures validate against the output schema.
func TestOutputFixtures(t *testing.T) {
	src := `spec o
tool t { description "d" in none out { total integer required 0.. } }
test "out" {
  accept t out {"total": 1}
  reject t out {"total": -1} because minimum at "/total"
  reject t {"total": 1} because additionalProperties
}
`
	rep := run(t, "o.tspec", src, Options{})
	for _, f := range rep.Tests[0].Fixtures {
		if f.Verdict != Pass {
			t.Errorf("%s: %s", f.Line(), f.Reason)
		}
	}
	if rep.Tests[0].Fixtures[1].Dir != "out" {
		t.Error("direction not reported")
	}
}
