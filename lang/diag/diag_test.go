package diag

import (
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolspec/toolspec/lang/token"
)

var update = flag.Bool("update", false, "rewrite docs/diagnostics.md")

const docsPath = "../../docs/diagnostics.md"

// TestDocsCurrent: docs/diagnostics.md is what the table renders.
func TestDocsCurrent(t *testing.T) {
	want := Markdown()
	if *update {
		if err := os.WriteFile(docsPath, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("docs/diagnostics.md is stale; run go test ./lang/diag -update (-want +got):\n%s", diff)
	}
}

var (
	codeRx = regexp.MustCompile(`^TS\d{4}$`)
	nameRx = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	verbRx = regexp.MustCompile(`%[^%]`)
)

// TestTableWellFormed: every entry has a code in a known area, a kebab-case
// name, an explanation, and either examples or the reason it has none.
func TestTableWellFormed(t *testing.T) {
	if len(All()) < 70 {
		t.Fatalf("only %d diagnostics; is the table cut short?", len(All()))
	}
	for i, d := range All() {
		if !codeRx.MatchString(d.Code) {
			t.Errorf("%s: code is not TS and four digits", d.Code)
		}
		if i > 0 && All()[i-1].Code >= d.Code {
			t.Errorf("%s: the table is not sorted by code", d.Code)
		}
		known := false
		for _, a := range areas {
			known = known || strings.HasPrefix(d.Code, a.prefix)
		}
		if !known {
			t.Errorf("%s: no area has this code", d.Code)
		}
		if !nameRx.MatchString(d.Name) {
			t.Errorf("%s: name %q is not kebab-case", d.Code, d.Name)
		}
		if d.Format == "" || d.Explain == "" || !strings.HasSuffix(d.Explain, ".") {
			t.Errorf("%s: a format and a one-paragraph explanation (ending with a full stop) are required", d.Code)
		}
		if (d.Wrong == "") != (d.Right == "") || (d.Wrong == "") == (d.NoExample == "") {
			t.Errorf("%s: give a wrong and a right example, or NoExample", d.Code)
		}
		if d.NoControl != "" && d.Phase != Check {
			t.Errorf("%s: NoControl is for checker rules only", d.Code)
		}
		if got, ok := Lookup(d.Code); !ok || got != d {
			t.Errorf("Lookup(%q) fails", d.Code)
		}
		if got, ok := Lookup(strings.ToLower(d.Code)); !ok || got != d {
			t.Errorf("Lookup(%q) fails", strings.ToLower(d.Code))
		}
		if got, ok := Lookup(d.Name); !ok || got != d {
			t.Errorf("Lookup(%q) fails", d.Name)
		}
	}
}

func TestNewFillsTheFormat(t *testing.T) {
	x := EnumEmpty.New(token.Pos{Filename: "a.tspec", Line: 3, Column: 7}, "level")
	if got, want := x.String(), "a.tspec:3:7: error: level: empty enum [TS0510]"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if Of(x) != EnumEmpty || !EnumEmpty.Is(x) || EnumMixed.Is(x) {
		t.Error("Of or Is does not find the declaration")
	}
	if d := SpecNameEmpty.New(token.Pos{}); d.Msg != "the spec name is empty" {
		t.Errorf("got %q", d.Msg)
	}
}

func TestSuggest(t *testing.T) {
	for in, want := range map[string]string{"TS05100": "TS0510", "enum-emty": "enum-empty", "ts0510x": "TS0510", "zzzzzzzzzzzz": ""} {
		if got := Suggest(in); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestName(t *testing.T) {
	for in, want := range map[string]string{"get_user": "get_user", "_x1": "_x1", "get user": `"get user"`, "1st": `"1st"`, "": `""`, "a.b": `"a.b"`} {
		if got := Name(in); got != want {
			t.Errorf("Name(%q) = %s, want %s", in, got, want)
		}
	}
}

// TestTextWraps: explain's text fits a terminal, and wrapping loses no word.
func TestTextWraps(t *testing.T) {
	for _, d := range All() {
		got := wrap(d.Explain, 76)
		if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(d.Explain), " ") {
			t.Errorf("%s: wrapping changed the words", d.Code)
		}
		for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
			if len(line) > 76 && strings.Contains(line, " ") {
				t.Errorf("%s: line of %d bytes: %q", d.Code, len(line), line)
			}
		}
	}
}
