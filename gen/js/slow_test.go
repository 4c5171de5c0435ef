package js

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolspec/toolspec/compile"
)

// slowSpec has a pattern check flags as exponential at every depth kind
// (a row, an object's row, array items, a tuple member, a map value, a
// union variant, an output row) in tool slow, and a safe pattern in fine.
const slowSpec = `spec slowpat

tool slow {
  description "Slow"
  in {
    q      string  optional  pattern "^(a|aa)+$"
    inner  object { name string optional pattern "^(x+x+)+y$" }  optional
    list   array<string pattern "^(a+)+$">  optional
    pair   tuple<string, string pattern "^(a|a)*$">  optional
    tags   map<string pattern "^(_|__)+$">  optional
    id     union<integer, string pattern "^(\\d+)+$">  optional
  }
  out { r string required pattern "^([a-z]+ ?)+$" }
}

tool fine {
  description "Fine"
  in { q string optional pattern "^[a-z]+( [a-z]+)*$" }
  result text
}
`

// safeSpec is slowSpec's tool fine alone.
func safeSpec() string { return "spec safe\n\n" + slowSpec[strings.Index(slowSpec, "tool fine"):] }

func compileSpec(t *testing.T, name, src string) []byte {
	t.Helper()
	r := compile.Source(name, []byte(src))
	if r.Catalog == nil {
		t.Fatalf("spec does not compile: %v", r.Diags)
	}
	mjs, _, err := Generate(r.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	return mjs
}

// TestSlowPatternsTable: the module carries, for register, every pattern
// the checker flagged (and no safe one), with its tool and field path.
func TestSlowPatternsTable(t *testing.T) {
	mjs := compileSpec(t, "slowpat.tspec", slowSpec)
	_, rest, ok := bytes.Cut(mjs, []byte("const SLOW_PATTERNS = Object.freeze([\n"))
	if !ok {
		t.Fatal("no SLOW_PATTERNS in the module")
	}
	table, _, _ := bytes.Cut(rest, []byte("]);\n"))
	want := `  Object.freeze(["slow", "input q", "^(a|aa)+$", "(a|aa)+"]),
  Object.freeze(["slow", "input inner.name", "^(x+x+)+y$", "(x+x+)+"]),
  Object.freeze(["slow", "input list[]", "^(a+)+$", "(a+)+"]),
  Object.freeze(["slow", "input pair[1]", "^(a|a)*$", "(a|a)*"]),
  Object.freeze(["slow", "input tags{}", "^(_|__)+$", "(_|__)+"]),
  Object.freeze(["slow", "input id|1", "^(\\d+)+$", "(\\d+)+"]),
  Object.freeze(["slow", "output r", "^([a-z]+ ?)+$", "([a-z]+ ?)+"]),
`
	if diff := cmp.Diff(want, string(table)); diff != "" {
		t.Errorf("SLOW_PATTERNS (-want +got):\n%s", diff)
	}
	safe := compileSpec(t, "safe.tspec", safeSpec())
	if !bytes.Contains(safe, []byte("const SLOW_PATTERNS = Object.freeze([]);\n")) {
		t.Error("a module without slow patterns: SLOW_PATTERNS is not empty")
	}
}

// TestRegisterSlowPatterns: register refuses to start a server whose
// module has a pattern check flagged as exponential, naming tool, field
// path and pattern, unless acceptSlowPatterns accepts it (true, or a list
// naming the tool); a module whose patterns are safe starts as is.
func TestRegisterSlowPatterns(t *testing.T) {
	root := needNode(t)
	dir := t.TempDir()
	slow := filepath.Join(dir, "slow.mjs")
	write(t, slow, compileSpec(t, "slowpat.tspec", slowSpec))
	safe := filepath.Join(dir, "safe.mjs")
	write(t, safe, compileSpec(t, "safe.tspec", safeSpec()))

	type outcome struct {
		Error        string
		Name         string
		SlowPatterns []struct{ Tool, Path, Pattern string }
		Answer       json.RawMessage
	}
	startAll := func(module, tool, args string, options ...string) []outcome {
		t.Helper()
		out := run(t, root, "node", append([]string{filepath.Join(root, "gen/js/testdata/node/slow_patterns.mjs"), module, tool, args}, options...)...)
		var got []outcome
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			var o outcome
			if err := json.Unmarshal([]byte(line), &o); err != nil {
				t.Fatalf("slow_patterns.mjs: %v\n%s", err, out)
			}
			got = append(got, o)
		}
		if len(got) != len(options) {
			t.Fatalf("slow_patterns.mjs: %d outcomes for %d options:\n%s", len(got), len(options), out)
		}
		return got
	}
	const answered = `{"content":[{"type":"text","text":"ok"}]}`

	got := startAll(slow, "fine", `{"q":"ab cd"}`,
		`{}`, `{"acceptSlowPatterns":false}`, `{"acceptSlowPatterns":["fine"]}`,
		`{"acceptSlowPatterns":true}`, `{"acceptSlowPatterns":["slow"]}`, `{"acceptSlowPatterns":["slow","fine"]}`,
		`{"acceptSlowPatterns":["sloww"]}`, `{"acceptSlowPatterns":"yes"}`)
	for i, o := range got[:3] {
		if o.Name != "Error" || len(o.SlowPatterns) != 7 {
			t.Errorf("options %d: started, or refused with %s %q %v, want an Error naming 7 slow patterns", i, o.Name, o.Error, o.SlowPatterns)
			continue
		}
		for _, part := range []string{
			`spec slowpat: patterns that can take exponential time in a backtracking engine (check warns: TS0603 pattern-backtracks): `,
			`tool "slow" input q: pattern "^(a|aa)+$" (in (a|aa)+); `,
			`tool "slow" input inner.name: pattern "^(x+x+)+y$"`,
			`tool "slow" output r: pattern "^([a-z]+ ?)+$"`,
			`acceptSlowPatterns: true (or a list of tool names)`,
		} {
			if !strings.Contains(o.Error, part) {
				t.Errorf("options %d: the error does not say %q:\n%s", i, part, o.Error)
			}
		}
		if p := o.SlowPatterns[0]; p.Tool != "slow" || p.Path != "input q" || p.Pattern != "^(a|aa)+$" {
			t.Errorf("options %d: err.slowPatterns[0] = %+v", i, p)
		}
	}
	for i, o := range got[3:6] {
		if o.Error != "" || string(o.Answer) != answered {
			t.Errorf("options %d: accepted, but register threw %q or the call answered %s", i+3, o.Error, o.Answer)
		}
	}
	for i, want := range []string{
		`register: options.acceptSlowPatterns names no tool of spec slowpat: "sloww"`,
		`register: options.acceptSlowPatterns must be true or an array of tool names, not "yes"`,
	} {
		if o := got[6+i]; o.Name != "TypeError" || o.Error != want {
			t.Errorf("options %d: got %s %q, want TypeError %q", 6+i, o.Name, o.Error, want)
		}
	}

	for i, o := range startAll(safe, "fine", `{"q":"ab"}`, `{}`, `{"acceptSlowPatterns":true}`) {
		if o.Error != "" || string(o.Answer) != answered {
			t.Errorf("safe patterns, options %d: register threw %q or the call answered %s", i, o.Error, o.Answer)
		}
	}
}
