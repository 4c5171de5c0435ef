package clients_test

import (
	"os"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/lang/clients"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
)

// TestExplainNamesEverySource: the explanation of each lint's code names
// every family that has a rule for it and the rule's sources, and says
// "uncertain" when a rule is; so `toolspec explain` and docs/diagnostics.md
// say what the table says.
func TestExplainNamesEverySource(t *testing.T) {
	for _, r := range clients.Rules {
		ex := r.Construct.Diag.Explain
		for _, src := range strings.Split(r.Source, ", ") {
			src = strings.SplitN(src, ";", 2)[0]
			src = strings.TrimSuffix(strings.TrimSpace(strings.SplitN(src, " (", 2)[0]), ")")
			if !strings.Contains(ex, src) {
				t.Errorf("%s (%s, %s): the explanation does not name the source %q", r.Construct.Diag.Code, r.Family, r.Construct.What, src)
			}
		}
		if r.Uncertain && !strings.Contains(ex, "uncertain") {
			t.Errorf("%s (%s): the rule is uncertain, the explanation does not say so", r.Construct.Diag.Code, r.Family)
		}
	}
}

// TestExplainNamesLowering: the explanation of each lint names the dialect
// of every family whose dialect lowers the construct, so the author of a
// spec that declares the family knows serving the dialect works for its
// clients.
func TestExplainNamesLowering(t *testing.T) {
	for _, r := range clients.Rules {
		if r.Lowering != "" && !strings.Contains(strings.ToLower(r.Construct.Diag.Explain), "the "+r.Family+" dialect") {
			t.Errorf("%s (%s): the dialect lowers it, the explanation does not say \"the %s dialect\"", r.Construct.Diag.Code, r.Family, r.Family)
		}
	}
}

// TestEveryConstructHasARule: a construct no family cares about would be a
// lint that never fires; every lint code belongs to a construct.
func TestEveryConstructHasARule(t *testing.T) {
	used := map[*clients.Construct]bool{}
	for _, r := range clients.Rules {
		if _, ok := clients.Lookup(r.Family); !ok {
			t.Errorf("rule of unknown family %s", r.Family)
		}
		used[r.Construct] = true
	}
	codes := map[string]bool{}
	for _, c := range clients.Constructs {
		if !used[c] {
			t.Errorf("%s: no family has a rule for %s", c.Diag.Code, c.What)
		}
		codes[c.Diag.Code] = true
	}
	for _, d := range diag.All() {
		if strings.HasPrefix(d.Name, "client-") && !strings.HasPrefix(d.Name, "client-family-") && !codes[d.Code] {
			t.Errorf("%s %s is no construct of lang/clients", d.Code, d.Name)
		}
	}
}

const spec = `spec demo

tool t {
  description "d"
  in {
    a  string                   optional  nullable
    b  tuple<integer, string>   required
    c  enum(1, 2)               required
    d  any                      required
    e  map<integer>             required  1..
  }
  result text
}
`

// TestLint: each family reports what its rules say, where, and with the
// severity asked for.
func TestLint(t *testing.T) {
	r := compile.Source("demo.tspec", []byte(spec))
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	for _, tc := range []struct {
		family string
		want   []string // code and place, in order
	}{
		{"gemini", []string{"TS1010 tool t", "TS1012 tool t at /a", "TS1014 tool t at /b", "TS1013 tool t at /c", "TS1018 tool t at /d", "TS1010 tool t at /e", "TS1019 tool t at /e"}},
		{"openai_strict", []string{"TS1020 tool t at /a", "TS1014 tool t at /b", "TS1019 tool t at /e", "TS1011 tool t at /e"}},
		{"anthropic_strict", []string{"TS1021 tool t at /e", "TS1011 tool t at /e"}},
		{"cursor", []string{"TS1012 tool t at /a"}},
		{"openai", []string{"TS1019 tool t at /e"}},
	} {
		l := clients.Lint(r.Catalog, []string{tc.family}, token.Warning, clients.Options{})
		var got []string
		for _, d := range l {
			if d.Severity != token.Warning || !strings.Contains(d.Msg, ": "+tc.family+" ") {
				t.Errorf("%s: %s", tc.family, d)
			}
			got = append(got, d.Code+" "+strings.SplitN(d.Msg, ":", 2)[0])
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s:\ngot  %q\nwant %q", tc.family, got, tc.want)
		}
	}
}

// TestPrefixLength: Cursor counts the server-name prefix.
func TestPrefixLength(t *testing.T) {
	src := "spec demo\n\ntool " + strings.Repeat("a", 50) + " {\n  description \"d\"\n  in none\n  result text\n}\n"
	r := compile.Source("demo.tspec", []byte(src))
	for prefix, want := range map[int]int{0: 0, 10: 0, 11: 1} {
		l := clients.Lint(r.Catalog, []string{"cursor"}, token.Warning, clients.Options{PrefixLength: prefix})
		if len(l) != want {
			t.Errorf("prefix %d: %v", prefix, l)
		}
	}
}

// TestClients: each known client's name is given once (in lower case), its
// family is a family or "", and its evidence has a source; the map
// generated files carry has every name in lower case.
func TestClients(t *testing.T) {
	m := clients.ClientDialects()
	for _, c := range clients.Clients {
		if _, ok := clients.Lookup(c.Family); c.Family != "" && !ok {
			t.Errorf("%s: unknown family %q", c.Name, c.Family)
		}
		if c.Source == "" || c.Evidence == 0 {
			t.Errorf("%s: no evidence", c.Name)
		}
		if d, ok := m[strings.ToLower(c.Name)]; !ok || d != c.Dialect() || c.Standard && d != "" {
			t.Errorf("%s: the map says %q", c.Name, d)
		}
	}
	if len(m) != len(clients.Clients) {
		t.Errorf("%d names for %d clients: a name is listed twice", len(m), len(clients.Clients))
	}
	if m["gemini-cli-mcp-client"] != "" || m["cursor-vscode"] != "cursor" {
		t.Error("gemini-cli lost the standard table, or Cursor its dialect")
	}
}

// TestBehaviours: every behaviour has evidence, and an injected argument
// is known by its client's name, in lower case, for the servers.
func TestBehaviours(t *testing.T) {
	for _, b := range clients.Behaviours {
		if b.Source == "" || b.Evidence == 0 || b.Sends == "" || b.Outputs == "" {
			t.Errorf("%s: a column is empty", b.Who)
		}
		if len(b.Injects) > 0 && b.Client == "" {
			t.Errorf("%s injects arguments but has no clientInfo.name to strip them by", b.Who)
		}
	}
	if got := clients.InjectedArgs()["gemini-cli-mcp-client"]; len(got) != 1 || got[0] != "wait_for_previous" {
		t.Errorf("gemini-cli injects %v", got)
	}
}

// TestDeclaredSeverity: a lint code's declared severity is what a declared
// family's lint gets (LANGUAGE.md §5: an error only where the dialect
// cannot lower the construct), for every family that has a rule for it;
// report's negative controls read that severity.
func TestDeclaredSeverity(t *testing.T) {
	for _, r := range clients.Rules {
		if got, want := r.DeclaredSeverity(), r.Construct.Diag.Severity; got != want {
			t.Errorf("%s (%s): declared %s, lang/diag says %s", r.Construct.Diag.Code, r.Family, got, want)
		}
	}
}

// TestDeclaredLowered: a declared family's lint of a construct its dialect
// lowers is a warning; one it cannot lower stays an error.
func TestDeclaredLowered(t *testing.T) {
	r := compile.Source("d.tspec", []byte("spec d\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    x  any  required\n    y  object {\n    }  required\n  }\n  result text\n}\n"))
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	got := map[string]token.Severity{}
	for _, d := range clients.LintDeclared(r.Catalog, []string{"gemini"}, clients.Options{}) {
		got[d.Code] = d.Severity
	}
	if got[diag.ClientUntyped.Code] != token.Warning || got[diag.ClientEmptyObject.Code] != token.Error {
		t.Errorf("severities %v: want %s a warning (lowered) and %s an error", got, diag.ClientUntyped.Code, diag.ClientEmptyObject.Code)
	}
}

// TestReferenceDeclaresGemini: the reference catalog with `clients gemini`
// passes check (every gemini lint it has is one the dialect lowers), and a
// construct the dialect cannot lower is still an error.
func TestReferenceDeclaresGemini(t *testing.T) {
	src, err := os.ReadFile("../../specs/t27mcp/tool_schema.tspec")
	if err != nil {
		t.Fatal(err)
	}
	head, rest, ok := strings.Cut(string(src), "\ncatalog_key ")
	line, rest, _ := strings.Cut(rest, "\n")
	if !ok {
		t.Fatal("no catalog_key line to put clients after")
	}
	s := head + "\ncatalog_key " + line + "\nclients gemini\n" + rest
	r := compile.Source("t27.tspec", []byte(s))
	if r.Catalog == nil || r.Diags.HasErrors() {
		t.Fatalf("clients gemini on the reference catalog: %v", r.Diags)
	}
	warned := 0
	for _, d := range r.Diags {
		if strings.Contains(d.Msg, "gemini") {
			warned++
		}
	}
	if warned == 0 {
		t.Error("no gemini lint at all: the test proves nothing")
	}
	bad := strings.Replace(s, "\ntool ", "\ntool t_empty {\n  description \"d\"\n  in {\n    x  object {\n    }  required\n  }\n  result text\n}\n\ntool ", 1)
	if r := compile.Source("t27.tspec", []byte(bad)); !r.Diags.HasErrors() {
		t.Error("a nested empty object under a declared gemini is no error")
	}
}
