package descriptor

import (
	"os"
	"strings"
	"testing"
)

// TestDocsTables holds docs/language.md's kind and modifier tables equal to
// the ones the descriptors make. Run with -update to rewrite them.
func TestDocsTables(t *testing.T) {
	const path = "../../docs/language.md"
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src)
	for _, tbl := range []struct{ name, text string }{
		{"kinds", KindTable()},
		{"modifiers", ModifierTable()},
	} {
		begin := "<!-- " + tbl.name + " table: generated from lang/descriptor -->\n"
		end := "<!-- end of " + tbl.name + " table -->"
		i := strings.Index(doc, begin)
		j := strings.Index(doc, end)
		if i < 0 || j < i {
			t.Errorf("%s: no %q ... %q markers", path, begin, end)
			continue
		}
		if got := doc[i+len(begin) : j]; got != tbl.text {
			if *update {
				doc = doc[:i+len(begin)] + tbl.text + doc[j:]
				continue
			}
			t.Errorf("%s: the %s table is stale (go test ./lang/descriptor -update); want:\n%s", path, tbl.name, tbl.text)
		}
	}
	if *update && doc != string(src) {
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestOrders(t *testing.T) {
	var emitted []string
	for _, m := range EmitOrder {
		emitted = append(emitted, m.Keyword)
	}
	want := "range above below multiple_of pattern format unique default example deprecated"
	if got := strings.Join(emitted, " "); got != want {
		t.Errorf("EmitOrder = %s, want %s", got, want)
	}
	for _, m := range Modifiers {
		if Lookup(m.Keyword) != m {
			t.Errorf("%s: Lookup disagrees with Modifiers", m.Keyword)
		}
		if (m.Operand == NumberOperand) != (m.Key != "") || (m.Operand == NumberOperand) != (m.Widen != NoWidening) {
			t.Errorf("%s: a number modifier has a Key and a Widen, and only it", m.Keyword)
		}
		if (m.Operand == NoOperand || m.Operand == RangeOperand) != (m.Expects == "") {
			t.Errorf("%s: a modifier with an operand says what it expects, and only it", m.Keyword)
		}
		if m.GoDecoder == "" || m.JSValidator == "" {
			t.Errorf("%s: say what the Go decoders and the JS validators do with it (GoDecoder, JSValidator)", m.Keyword)
		}
		if m.RowOnly != (m.Kinds == 0) {
			t.Errorf("%s: a modifier is row-only exactly when it fits no kind", m.Keyword)
		}
	}
	if Lookup("nope") != nil {
		t.Error("an unknown word has a descriptor")
	}
}

func TestKinds(t *testing.T) {
	for i, k := range Kinds[1:] {
		if int(k.Kind) != i+1 || k.Kind.String() != k.Keyword {
			t.Errorf("Kinds[%d] is %v (%s)", i+1, k.Kind, k.Keyword)
		}
	}
}

// TestEveryOperatorNamesAKeyword: a `survives` line names a mutant by the
// keyword it changes, so every operator must change one.
func TestEveryOperatorNamesAKeyword(t *testing.T) {
	for _, op := range Operators {
		found := false
		for k := range Kinds[1:] {
			if MutatedKeyword(op, Kind(k+1)) != "" {
				found = true
			}
		}
		if !found {
			t.Errorf("operator %s changes no keyword (add it to operatorKeywords)", op)
		}
	}
}
