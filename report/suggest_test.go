package report

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
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

var _ = strings.Contains
