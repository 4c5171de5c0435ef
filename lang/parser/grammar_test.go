package parser

import (
	"flag"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/descriptor"
)

var update = flag.Bool("update", false, "rewrite docs/language.md's grammar")

// grammarBlock is the grammar as docs/language.md shows it: participle's
// EBNF of the parser, then the leaves'.
func grammarBlock() string {
	return "```ebnf\n" + Grammar() + "\n```\n\nThe leaves, read by hand (lang/ast/leaves.go):\n\n```ebnf\n" + ast.LeafGrammar + "\n```\n"
}

// TestGrammarDocumented holds the grammar in docs/language.md equal to the
// EBNF participle prints for the parser. Run with -update to rewrite it.
func TestGrammarDocumented(t *testing.T) {
	const path = "../../docs/language.md"
	const begin = "<!-- grammar: generated from lang/ast by go test ./lang/parser -update -->\n"
	const end = "<!-- end of grammar -->"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	i, j := strings.Index(doc, begin), strings.Index(doc, end)
	if i < 0 || j < i {
		t.Fatalf("%s: no %q ... %q markers", path, begin, end)
	}
	want := grammarBlock()
	if doc[i+len(begin):j] == want {
		return
	}
	if !*update {
		t.Fatalf("%s: the grammar is stale (go test ./lang/parser -update); want:\n%s", path, want)
	}
	doc = doc[:i+len(begin)] + want + doc[j:]
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
}

var (
	defines   = regexp.MustCompile(`(?m)^([A-Z]\w*) = `)
	reference = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|\b[A-Z]\w*\b`)
)

// productions returns the names the grammar defines and the names it
// refers to.
func productions(ebnf string) (defined, referred []string) {
	for _, m := range defines.FindAllStringSubmatch(ebnf, -1) {
		defined = append(defined, m[1])
	}
	for _, w := range reference.FindAllString(ebnf, -1) {
		if !strings.HasPrefix(w, `"`) && !slices.Contains(referred, w) {
			referred = append(referred, w)
		}
	}
	sort.Strings(referred)
	return defined, referred
}

// TestEveryProductionDescribed: every production, leaves included, has a
// description for syntax errors, and every description names a
// production; every leaf the grammar names has its grammar written down.
func TestEveryProductionDescribed(t *testing.T) {
	defined, referred := productions(Grammar())
	leaves, _ := productions(ast.LeafGrammar)
	all := append(append([]string{}, defined...), leaves...)
	for _, name := range referred {
		if !slices.Contains(all, name) {
			t.Errorf("the grammar names %s, a leaf that ast.LeafGrammar does not define", name)
		}
	}
	for _, name := range all {
		if name == "JSONObject" || name == "JSONArray" {
			continue // inside the JSON leaf: errors are the leaf's own
		}
		if Expected[name] == "" {
			t.Errorf("production %s has no description in Expected", name)
		}
	}
	for name := range Expected {
		if !slices.Contains(all, name) {
			t.Errorf("Expected describes %s, which is no production", name)
		}
	}
}

// literals returns the quoted words of the production name.
func literals(t *testing.T, name string) []string {
	t.Helper()
	for _, line := range strings.Split(Grammar(), "\n") {
		if rhs, ok := strings.CutPrefix(line, name+" = "); ok {
			var words []string
			for _, w := range regexp.MustCompile(`"([a-z_]+)"`).FindAllStringSubmatch(rhs, -1) {
				words = append(words, w[1])
			}
			return words
		}
	}
	t.Fatalf("no production %s", name)
	return nil
}

// TestKeywordsAreDescriptors: the grammar's kind and modifier keywords are
// those of lang/descriptor, each modifier with the operand its descriptor
// says, so a modifier added to the table and not to the grammar (or the
// other way round) fails here.
func TestKeywordsAreDescriptors(t *testing.T) {
	var scalars, structured []string
	for _, k := range descriptor.Kinds {
		switch {
		case k.Keyword == "":
		case k.Scalar:
			scalars = append(scalars, k.Keyword)
		default:
			structured = append(structured, k.Keyword)
		}
	}
	kindWords := literals(t, "Kind")
	for _, w := range append(scalars, structured...) {
		if !slices.Contains(kindWords, w) && !slices.Contains(literals(t, "EnumKind"), w) && !slices.Contains(literals(t, "TupleKind"), w) && !slices.Contains(literals(t, "UnionKind"), w) {
			t.Errorf("kind %s is not in the grammar", w)
		}
	}
	for _, w := range kindWords {
		if descriptor.KindOf(w) == 0 {
			t.Errorf("the grammar's kind %s is not in lang/descriptor", w)
		}
	}
	operands := map[descriptor.Operand]string{
		descriptor.NoOperand:     "",
		descriptor.NumberOperand: " 2",
		descriptor.StringOperand: ` "x"`,
		descriptor.WordOperand:   " query",
		descriptor.JSONOperand:   ` {"a": [1]}`,
	}
	var keywords []string
	for _, d := range descriptor.Modifiers {
		if d.Operand == descriptor.RangeOperand {
			continue
		}
		keywords = append(keywords, d.Keyword)
		src := "spec s\ntool t {\n  in {\n    x string optional " + d.Keyword + operands[d.Operand] + " \"desc\"\n  }\n}\n"
		r := Parse("x.tspec", []byte(src))
		if r.File == nil {
			t.Errorf("modifier %s: %v", d.Keyword, r.Diags)
			continue
		}
		row := r.File.Decls[0].Tool.Items[0].In.Block.Items[0].Row
		if len(row.Mods) != 1 || row.Mods[0].Keyword != d.Keyword || row.Description == nil {
			t.Errorf("modifier %s: parsed as %+v", d.Keyword, row.Mods)
			continue
		}
		m := row.Mods[0]
		got := map[descriptor.Operand]bool{
			descriptor.NumberOperand: m.Number != "",
			descriptor.StringOperand: m.Text != nil,
			descriptor.WordOperand:   m.Word != "",
			descriptor.JSONOperand:   m.JSON != nil,
		}
		for op, set := range got {
			if set != (op == d.Operand) {
				t.Errorf("modifier %s: operand %d set %v", d.Keyword, op, set)
			}
		}
	}
	sort.Strings(keywords)
	grammar := literals(t, "Modifier")
	sort.Strings(grammar)
	if !slices.Equal(grammar, keywords) {
		t.Errorf("the grammar's modifier keywords %v are not lang/descriptor's %v", grammar, keywords)
	}
}
