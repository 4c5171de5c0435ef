package check_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
)

var wantRx = regexp.MustCompile(`//\s*(want|warn)\s+"((?:[^"\\]|\\.)*)"`)

// moreRx is each expectation after the first in one comment:
// `// want "a" want "b"`.
var moreRx = regexp.MustCompile(`^\s*(want|warn)\s+"((?:[^"\\]|\\.)*)"`)

// expectations are the (want|warn, rx) pairs of a line's comment.
func expectations(line string) [][]string {
	loc := wantRx.FindStringSubmatchIndex(line)
	if loc == nil {
		return nil
	}
	out := [][]string{{"", line[loc[2]:loc[3]], line[loc[4]:loc[5]]}}
	for rest := line[loc[1]:]; ; {
		m := moreRx.FindStringSubmatchIndex(rest)
		if m == nil {
			return out
		}
		out = append(out, []string{"", rest[m[2]:m[3]], rest[m[4]:m[5]]})
		rest = rest[m[1]:]
	}
}

// TestExpectations compiles every testdata spec and compares its
// diagnostics with the `// want "rx"` (error) and `// warn "rx"` (warning)
// comments written on the lines that cause them: every expectation must be
// met, and no line without one may have a diagnostic.
func TestExpectations(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.tspec")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			type want struct {
				sev token.Severity
				rx  *regexp.Regexp
			}
			wants := map[int][]want{}
			for i, line := range strings.Split(string(src), "\n") {
				for _, m := range expectations(line) {
					pat, err := strconv.Unquote(`"` + m[2] + `"`)
					if err != nil {
						t.Fatalf("line %d: bad want: %v", i+1, err)
					}
					sev := token.Error
					if m[1] == "warn" {
						sev = token.Warning
					}
					wants[i+1] = append(wants[i+1], want{sev, regexp.MustCompile(pat)})
				}
			}
			r := compile.Source(file, src)
			got := map[int][]token.Diagnostic{}
			for _, d := range r.Diags {
				if d.Pos.Filename != file {
					t.Errorf("diagnostic names file %q, want %q", d.Pos.Filename, file)
				}
				// Every diagnostic is reported through the table, with
				// arguments that fit its format.
				if def := diag.Of(d); def == nil || def.Severity != d.Severity || strings.Contains(d.Msg, "%!") {
					t.Errorf("diagnostic not reported through lang/diag: %s", d)
				}
				got[d.Pos.Line] = append(got[d.Pos.Line], d)
			}
			for line, ws := range wants {
				for _, w := range ws {
					found := false
					for _, d := range got[line] {
						if d.Severity == w.sev && w.rx.MatchString(d.Msg) {
							found = true
						}
					}
					if !found {
						t.Errorf("%s:%d: no %s matching %q; got %v", file, line, w.sev, w.rx, got[line])
					}
				}
			}
			for line, ds := range got {
				if _, ok := wants[line]; !ok {
					for _, d := range ds {
						t.Errorf("unexpected diagnostic: %s", d)
					}
				}
			}
			if !sortedDiags(r.Diags) {
				t.Errorf("diagnostics are not sorted by position:\n%s", r.Diags)
			}
		})
	}
}

func sortedDiags(l token.List) bool {
	for i := 1; i < len(l); i++ {
		if l[i].Pos.Before(l[i-1].Pos) {
			return false
		}
	}
	return true
}
