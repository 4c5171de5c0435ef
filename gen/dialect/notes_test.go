package dialect

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/lang/clients"
	"github.com/toolspec/toolspec/model"
)

// The note grammar (docs/clients.md, "Notes in descriptions"): a node's
// description is its own description, then its notes in parentheses, or
// its notes alone; notes are separated by "; " and each is one of these
// forms. A JSON value is written compact.
var noteGrammar = func() *regexp.Regexp {
	num := `-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?`
	str := `"(?:[^"\\]|\\.)*"`
	val := `(?:` + str + `|` + num + `|true|false|null|[\[{].*[\]}])`
	one := `(?:string|integer|number|boolean|array|object|null|any)`
	typ := one + `(?: or ` + one + `)*`
	unit := `(?: characters| items| properties)?`
	count := `(?:1(?: character| item| property)?|(?:0|[2-9]|[1-9][0-9]+)` + unit + `)`
	forms := []string{
		`exactly ` + count, `[0-9]+ to [0-9]+` + unit, `at least ` + count, `at most ` + count,
		num + ` to ` + num, `at least ` + num, `at most ` + num, `exactly ` + num,
		`greater than ` + num, `less than ` + num, `a multiple of ` + num,
		`format [a-z0-9-]+`, `unique items`, `default ` + val, `for example ` + val + `(?:, ` + val + `)*`, `deprecated`,
		`exactly (?:1 item|[0-9]+ items), in order: ` + typ + `(?:, ` + typ + `)*`,
		`one of ` + val + `(?:, ` + val + `)*`,
		`values: ` + typ,
		`one of: ` + one + `(?:, ` + one + `)*`,
		`null when not given`,
		`an? ` + one + `(?: or an? ` + one + `)*(?: or null)?`,
		regexp.QuoteMeta(anyAsTextNote),
		`no other properties`,
	}
	return regexp.MustCompile(`^(?:` + strings.Join(forms, "|") + `)$`)
}()

// notesOf returns the notes of a dialect description d, given the
// descriptions the standard schema has (own): d is one of them, or one
// of them then " (notes)", or the notes alone.
func notesOf(d string, own map[string]bool) []string {
	if own[d] {
		return nil
	}
	for o := range own {
		if rest, ok := strings.CutPrefix(d, o+" ("); ok && strings.HasSuffix(rest, ")") {
			return splitNotes(strings.TrimSuffix(rest, ")"))
		}
	}
	return splitNotes(d)
}

// splitNotes splits at "; " outside JSON strings.
func splitNotes(s string) []string {
	var out []string
	inStr, esc, start := false, false, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case c == '"':
			inStr = !inStr
		case !inStr && c == ';' && i+1 < len(s) && s[i+1] == ' ':
			out = append(out, s[start:i])
			start = i + 2
			i++
		}
	}
	return append(out, s[start:])
}

// descriptions collects every description in a schema.
func descriptions(v any, into map[string]bool) {
	switch x := v.(type) {
	case *node:
		if d, ok := x.vals["description"].(string); ok {
			into[d] = true
		}
		for _, k := range x.keys {
			descriptions(x.vals[k], into)
		}
	case []any:
		for _, e := range x {
			descriptions(e, into)
		}
	}
}

// TestNoteGrammar: every note of every dialect, over the shared specs and
// the random ones, is in one of the documented forms.
func TestNoteGrammar(t *testing.T) {
	cats := specs(t)
	rng := rand.New(rand.NewPCG(22, 0x7531))
	for i := range randomSpecs {
		src := randomSpec(rng, fmt.Sprintf("random%d", i), 40)
		r := compile.Source("random.tspec", []byte(src))
		if r.Catalog == nil {
			t.Fatal(r.Diags)
		}
		cats[fmt.Sprintf("random%d", i)] = r.Catalog
	}
	checked := 0
	bad := map[string]bool{}
	for name, cat := range cats {
		for _, tool := range cat.Tools {
			checked += checkNotes(t, name, tool, bad)
		}
	}
	t.Logf("%d notes checked", checked)
	if checked < 1000 {
		t.Errorf("only %d notes", checked)
	}
}

// checkNotes checks the notes of a tool's input schema, and of its output
// schema where the family lowers outputs, under every family.
func checkNotes(t *testing.T, spec string, tool *model.Tool, bad map[string]bool) int {
	std, _ := parse(schema.Input(tool))
	own := map[string]bool{}
	descriptions(std, own)
	if out := schema.Output(tool); out != nil {
		v, _ := parse(out)
		descriptions(v, own)
	}
	n := 0
	for _, fam := range clients.Names() {
		v, _ := parse(InputSchema(tool, fam))
		got := map[string]bool{}
		descriptions(v, got)
		if out := OutputSchema(tool, fam); out != nil {
			v, _ := parse(out)
			descriptions(v, got)
		}
		for d := range got {
			for _, note := range notesOf(d, own) {
				n++
				if !noteGrammar.MatchString(note) && !bad[note] {
					bad[note] = true
					t.Errorf("%s %s %s: the note %q is not in the grammar (description %q)", spec, fam, tool.Name, note, d)
				}
			}
		}
	}
	return n
}
