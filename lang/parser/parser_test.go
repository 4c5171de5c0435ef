package parser

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/lang/ast"
)

func TestParseConformanceSpecs(t *testing.T) {
	files, _ := filepath.Glob("../../gen/jsonout/testdata/*.tspec")
	if len(files) == 0 {
		t.Fatal("no specs")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r := Parse(f, src)
		if r.File == nil || len(r.Diags) > 0 {
			t.Errorf("%s: %v", f, r.Diags)
		}
	}
}

func TestSyntaxErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"spec s\ntool t {\n in {\n  limit integer 1..5\n }\n}", `4:17: error: syntax error: unexpected "1", expected "required" | "optional"`},
		{"spec s\ntool t {", `2:8: error: syntax error: the "{" after tool t is not closed: a "}" is missing before the end of the file`},
		{"spec s\ntool t {\n  in {\n    a string required\n  result text\n}\n", `3:6: error: syntax error: the "{" after in is not closed: a "}" is missing before line 5`},
		{"tool t {}", `1:1: error: syntax error: a spec starts with ` + "`spec NAME`" + `, not "tool"`},
		{"", `1:1: error: syntax error: a spec starts with ` + "`spec NAME`" + `, not the end of the file`},

		{"spec s\ntool t { hints fast }", `2:16: error: syntax error: unexpected "fast"`},
		{"spec s\n\"unterminated", `2:1: error: string literal not terminated`},
		{"spec s\ntool t { description \"\"\"never closed }", `2:22: error: block string not terminated`},
		{"spec s\n\xff", `2:1: error: invalid UTF-8 encoding`},
		{"spec s\ntool t { description \"a\xffb\" }", `2:24: error: invalid UTF-8 encoding in string`},
		{"spec s\n+1", `2:1: error: unexpected character '+'`},
		{"spec s\n\x00", `2:1: error: unexpected control character U+0000`},
		{"spec s\n// a\x00b\n", `2:5: error: NUL character in comment`},
		{"spec s\ntool t { description \"x\\ud800\" }", `2:24: error: lone surrogate \ud800 in string`},
		{"spec s\ntool t { description \"\\udc00\\ud800\" }", `2:23: error: lone surrogate \udc00 in string`},
		{"spec s\ntool t { description \"\\ud800\\u0041\" }", `2:23: error: lone surrogate \ud800 in string`},
		{"spec s\ntool t { description \"a\rb\" }", `2:22: error: string literal not terminated`},
		{"spec s\ntool t { in { n integer optional 1.5.5 } }", `unexpected '.' after number 1.5`},

		// A tool body is read by keyword: an error is reported inside the
		// item, not as a missing "}" before it.
		{"spec s\ntool t { foo }", `2:10: error: syntax error: unexpected "foo", expected title, description, hints, in, out, result, endpoint or "}"`},
		{"spec s\ntool t { in 5 }", `2:13: error: syntax error: unexpected "5", expected none or "{"`},
		{"spec s\ntool t { out none }", `2:14: error: syntax error: unexpected "none", expected "{"`},
		{"spec s\ntool t { title }", `2:16: error: syntax error: unexpected "}", expected a string`},
		{"spec s\ntool t { in { x array<string required } }", `2:30: error: syntax error: unexpected "required", expected ">" to close array<`},
		{"spec s\ntool t { in { x array<map<string> required } }", `2:35: error: syntax error: unexpected "required", expected ">" to close array<`},
		{"spec s\ntool t { in { x tuple<string, integer required } }", `2:39: error: syntax error: unexpected "required", expected "," or ">" in the tuple`},
		{"spec s\ntool t { result bogus }", `2:17: error: syntax error: unexpected "bogus", expected "text" | "any"`},
		{"spec s\ntool t { endpoint }", `2:19: error: syntax error: unexpected "}", expected a name`},
		{"spec s\ntool t { endpoint GET 12 }", `2:23: error: syntax error: unexpected "12", expected a string`},
		// After the items of a body, "}" or another item may come.
		{"spec s\ngroup g {\n  5\n}", `3:3: error: syntax error: unexpected "5", expected a row, use or "}"`},
		{"spec s\ntool t { in { a string required\n b object { c string required , } } }", `3:31: error: syntax error: unexpected ",", expected a row, use or "}"`},
		{"spec s\ntool t { in { a string required } , }", `2:35: error: syntax error: unexpected ",", expected title, description, hints, in, out, result, endpoint or "}"`},
		{"spec s\ntest \"x\" {\n  foo\n}", `3:3: error: syntax error: unexpected "foo", expected accept, reject or "}"`},
		{"spec s\ntool t { in none }\n}", `3:1: error: syntax error: unexpected "}", expected "tool", "group", "test" or "survives"`},
		// Expected tokens are named, productions described (Expected).
		// After a modifier's keyword, its operand as lang/descriptor names it.
		{"spec s\ntool t { in { a string optional format 5 } }", `2:40: error: syntax error: unexpected "5", expected a format name after format`},
		{"spec s\ntool t { in { a string optional pattern 5 } }", `2:41: error: syntax error: unexpected "5", expected a string after pattern`},
		{"spec s\ntool t { in { a string optional from 5 } }", `2:38: error: syntax error: unexpected "5", expected path, query, body, whole_body or header after from`},
		{"spec s\ntool t { in { a string optional default } }", `2:41: error: syntax error: unexpected "}", expected a JSON value after default`},
		{"spec s\ntool t { in { a integer optional below } }", `2:40: error: syntax error: unexpected "}", expected a number after below`},
		{"spec s\ntool t { in { a string } }", `2:24: error: syntax error: unexpected "}", expected "required" | "optional"`},
		{"spec s\ntool t { in { a } }", `2:17: error: syntax error: unexpected "}", expected a kind (string, integer, number, boolean, any, enum, array, tuple, object, map, union)`},
		{"spec s\ntool { }", `2:6: error: syntax error: unexpected "{", expected a name`},
		{"spec s\ntool t in none", `2:8: error: syntax error: unexpected "in", expected "{"`},
		{"spec x catalog_key", `1:19: error: syntax error: unexpected end of file, expected a string`},
		{"spec x\ncatalog_key\n// c\n", `2:12: error: syntax error: unexpected end of file, expected a string`},
		// A clients line without a family stops before the next declaration.
		{"spec x\nclients\ntool t {}", "2:1: error: syntax error: `clients` needs at least one client family (clients openai, anthropic)"},
		{"spec x\nclients", "2:1: error: syntax error: `clients` needs at least one client family (clients openai, anthropic)"},
		{"spec x\nclients openai, \"gemini\"\ntool t {}", `2:17: error: syntax error: client family "gemini" is a string: families are identifiers (clients gemini)`},
		{"spec x catalog_key clients", `1:20: error: syntax error: unexpected "clients", expected a string`},
		{"spec x\nclients a,\ntool t {}", `3:1: error: syntax error: unexpected end of file, expected a name`},
		{"spec x\nclients , a", `2:9: error: syntax error: unexpected ",", expected a name`},
		{"spec x\nclients a catalog_key \"k\"", `2:11: error: syntax error: unexpected "catalog_key"`},
	}
	for _, c := range cases {
		r := Parse("x.tspec", []byte(c.src))
		if r.File != nil {
			t.Errorf("%q: parsed without error", c.src)
		}
		got := r.Diags.Error()
		if !strings.Contains(got, c.want) {
			t.Errorf("%q:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// TestLexicalErrorsAllReported: lexing goes on after an error, so every
// lexical problem of a file is reported in one run.
func TestLexicalErrorsAllReported(t *testing.T) {
	r := Parse("x.tspec", []byte("spec s\ntool t { description \"\\q\" }\n# @\n"))
	if n := len(r.Diags); n != 3 {
		t.Fatalf("got %d diagnostics, want 3:\n%s", n, r.Diags)
	}
}

func TestRanges(t *testing.T) {
	src := `spec s
tool t {
  description "d"
  in {
    a integer optional 1..500
    b integer optional ..-1
    c number optional 1e-3..1E3
    d number optional -5..-1
    e string optional 0..
  }
  result text
}`
	r := Parse("x.tspec", []byte(src))
	if r.File == nil {
		t.Fatal(r.Diags)
	}
	want := [][2]string{{"1", "500"}, {"", "-1"}, {"1e-3", "1E3"}, {"-5", "-1"}, {"0", ""}}
	items := r.File.Decls[0].Tool.Items[1].In.Block.Items
	for i, it := range items {
		rg := it.Row.Mods[0].Range
		if rg == nil || rg.Min != want[i][0] || rg.Max != want[i][1] {
			t.Errorf("row %d: got %+v, want %v", i, rg, want[i])
		}
	}
}

func TestStrings(t *testing.T) {
	cases := map[string]string{
		`"plain"`:                        "plain",
		`"tab\there \"q\" \\ \/ \u00e9"`: "tab\there \"q\" \\ / é",
		`"\ud83d\ude00"`:                 "😀",
	}
	for raw, want := range cases {
		got, ok := ast.DecodeString(raw)
		if !ok || got != want {
			t.Errorf("DecodeString(%s) = %q, %v; want %q", raw, got, ok, want)
		}
	}
	// A lone surrogate has no UTF-8 encoding: malformed, not U+FFFD.
	for _, raw := range []string{`"\ud800"`, `"\udc00"`, `"\ud800x"`, `"\ud800\u0041"`, `"\ud800\ud800"`} {
		if got, ok := ast.DecodeString(raw); ok {
			t.Errorf("DecodeString(%s) = %q, true; want malformed", raw, got)
		}
	}
	blocks := map[string]string{
		"\"\"\"\n    a\n      b\n    \"\"\"": "a\n  b",
		"\"\"\"one line\"\"\"":               "one line",
		"\"\"\"\n  x \\n \"q\"\n\"\"\"":      "x \\n \"q\"",
		"\"\"\"\n\n  a\n\n  b\n  \"\"\"":     "\na\n\nb",
		"\"\"\"\r\n  a\r\n  b\r\n  \"\"\"":   "a\nb",
		"\"\"\"  \"\"\"":                     "",
		"\"\"\"\r  a\r  b\r  \"\"\"":         "a\nb",
		"\"\"\"\n  a\r\r  b\n  \"\"\"":       "a\n\nb",
	}
	for raw, want := range blocks {
		if got := ast.DecodeBlock(raw); got != want {
			t.Errorf("DecodeBlock(%q) = %q, want %q", raw, got, want)
		}
	}
}

// TestFormatNames: a hyphen continues a word only after `format`.
func TestFormatNames(t *testing.T) {
	r := Parse("x.tspec", []byte(`spec s
tool t {
  description "d"
  in {
    when string optional format date-time
    n integer optional -1..1
  }
  result text
}`))
	if r.File == nil {
		t.Fatal(r.Diags)
	}
	row := r.File.Decls[0].Tool.Items[1].In.Block.Items[0].Row
	if row.Mods[0].Word != "date-time" {
		t.Errorf("format = %q", row.Mods[0].Word)
	}
}

// TestSyntaxErrorPerDeclaration: declarations parse independently, so a
// syntax error in each broken one is reported, in source order.
func TestSyntaxErrorPerDeclaration(t *testing.T) {
	var b strings.Builder
	b.WriteString("spec s\n")
	for i := 0; i < 40; i++ {
		switch i {
		case 3:
			b.WriteString("tool t3 { in { n integer 1..5 } }\n")
		case 30:
			b.WriteString("group g30 { x string sometimes }\n")
		default:
			b.WriteString("tool ok { description \"d\" in none result text }\n")
		}
	}
	r := Parse("x.tspec", []byte(b.String()))
	if r.File != nil {
		t.Fatal("parsed")
	}
	want := "x.tspec:5:26: error: syntax error: unexpected \"1\", expected \"required\" | \"optional\" [TS0101]\n" +
		"x.tspec:32:22: error: syntax error: unexpected \"sometimes\", expected \"required\" | \"optional\" [TS0101]"
	if got := r.Diags.Error(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestManyDeclarationsKeepOrder: the parallel parse returns declarations in
// source order.
func TestManyDeclarationsKeepOrder(t *testing.T) {
	var b strings.Builder
	b.WriteString("spec s catalog_key \"k\"\n")
	for i := 0; i < 100; i++ {
		b.WriteString("tool t" + strconv.Itoa(i) + " { description \"d\" in none result text }\n")
	}
	r := Parse("x.tspec", []byte(b.String()))
	if r.File == nil {
		t.Fatal(r.Diags)
	}
	if r.File.CatalogKey.Value() != "k" || len(r.File.Decls) != 100 {
		t.Fatalf("header or count wrong: %d decls", len(r.File.Decls))
	}
	for i, d := range r.File.Decls {
		if d.Tool.Name.Value() != "t"+strconv.Itoa(i) {
			t.Fatalf("decl %d is %s", i, d.Tool.Name.Value())
		}
	}
}

// TestNestingBound: a hostile file cannot nest without bound; it gets one
// clear error and no parse.
func TestNestingBound(t *testing.T) {
	deep := func(open, close string, n int) string {
		return strings.Repeat(open, n) + strings.Repeat(close, n)
	}
	for _, src := range []string{
		"spec s\ntool t { description \"d\" in { x " + deep("array<", ">", 100) + " optional } result text }",
		"spec s\ntool t { description \"d\" in { x any optional default " + deep("[", "]", 5000) + " } result text }",
	} {
		r := Parse("x.tspec", []byte(strings.Replace(src, "<>", "<string>", 1)))
		if r.File != nil || len(r.Diags) != 1 || !strings.Contains(r.Diags[0].Msg, "nesting is deeper than 100 levels") {
			t.Errorf("got %v", r.Diags)
		}
	}
	ok := "spec s\ntool t { description \"d\" in { x " + strings.Repeat("array<", 90) + "string" + strings.Repeat(">", 90) + " optional } result text }"
	if r := Parse("x.tspec", []byte(ok)); r.File == nil {
		t.Errorf("90 levels refused: %v", r.Diags)
	}
}

// TestPartialTree: after a syntax error, File is nil but Partial holds the
// declarations, those with syntax errors without their broken items, and
// Unparsed names the latter, so the checker can report their problems
// without follow-on errors.
func TestPartialTree(t *testing.T) {
	src := "spec s\ntool broken { in { n integer 1..5 } }\ngroup \"g h\" { x string sometimes }\ntool ok { description \"d\" in none result text }\n"
	r := Parse("x.tspec", []byte(src))
	if r.File != nil || r.Partial == nil {
		t.Fatalf("File %v, Partial %v", r.File, r.Partial)
	}
	if d := r.Partial.Decls; len(d) != 3 || d[0].Tool == nil || len(d[0].Tool.Items[0].In.Block.Items) != 0 || d[1].Group == nil || len(d[1].Group.Items) != 0 || d[2].Tool == nil || d[2].Tool.Name.Value() != "ok" {
		t.Errorf("Partial.Decls = %v, want tool broken and group g h without their rows, tool ok", r.Partial.Decls)
	}
	if r.Unparsed["tool"]["ok"] {
		t.Errorf("Unparsed = %v names tool ok", r.Unparsed)
	}
	if !r.Unparsed["tool"]["broken"] || !r.Unparsed["group"]["g h"] {
		t.Errorf("Unparsed = %v", r.Unparsed)
	}
}

// TestMissingBraceSplitsDeclarations: a "}" missing in one tool does not
// swallow the declarations after it.
func TestMissingBraceSplitsDeclarations(t *testing.T) {
	src := "spec s\ntool a {\n  in {\n    x string required\n  result text\n}\n\ntool b {\n  description \"d\"\n  in none\n  result text\n}\n"
	r := Parse("x.tspec", []byte(src))
	if r.Partial == nil || len(r.Partial.Decls) != 1 || r.Partial.Decls[0].Tool.Name.Value() != "b" {
		t.Fatalf("tool b is not parsed on its own: %v %v", r.Partial, r.Diags)
	}
}

// TestLineBreaks: LF, CRLF and a lone CR each end a line. A comment ends at
// any of them, and positions count lines the same way for all three.
func TestLineBreaks(t *testing.T) {
	const lf = "spec s\n// a comment\ntool t {\n  description \"\"\"\n    x\n    \"\"\"\n  in none\n}\ntool u { in none }\n+\n"
	for name, nl := range map[string]string{"LF": "\n", "CRLF": "\r\n", "CR": "\r"} {
		src := strings.ReplaceAll(lf, "\n", nl)
		r := Parse("x.tspec", []byte(src))
		if got, want := r.Diags.Error(), "x.tspec:10:1: error: unexpected character '+' [TS0113]"; got != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
		if r.File == nil {
			continue
		}
		if n := len(r.File.Decls); n != 2 {
			t.Errorf("%s: %d declarations, want 2", name, n)
		}
		if len(r.Comments) != 1 || r.Comments[0].Text != "// a comment" || r.Comments[0].Pos.Line != 2 {
			t.Errorf("%s: comments %+v, want // a comment on line 2", name, r.Comments)
		}
	}
}

// TestSurvivesPaths: after `survives TOOL` a path is one word, with its
// dots and brackets; a survives line is a declaration of its own, before
// and after the others.
func TestSurvivesPaths(t *testing.T) {
	r := Parse("x.tspec", []byte(`spec s
survives t in.a[].b{}.c[12] maxLength because "r1"
tool t {
  description "d"
  in none
  result text
}
survives "t" out maxItems because "r2"
survives t "in.x y" type because """
  r3
  """
test "x" {
  accept t {}
}
`))
	if r.File == nil || len(r.Diags) > 0 {
		t.Fatal(r.Diags)
	}
	var got []string
	for _, d := range r.File.Decls {
		if s := d.Survives; s != nil {
			got = append(got, s.Tool.Value()+" "+s.Path.Value()+" "+s.Keyword.Value()+" "+s.Reason.Value())
		}
	}
	want := []string{"t in.a[].b{}.c[12] maxLength r1", "t out maxItems r2", "t in.x y type r3"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if n := len(r.File.Decls); n != 5 {
		t.Errorf("%d declarations, want 5", n)
	}
}
