package importer_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/importer"
	"github.com/toolspec/toolspec/openapi"
)

// splitDoc has operations under three tags (two of which read alike as
// names), one without a tag, and one with two tags (its first decides).
const splitDoc = `openapi: 3.0.3
info: {title: Shop, version: "1"}
paths:
  /pets:
    get: {operationId: listPets, tags: [pets], responses: {"200": {description: ok}}}
    post: {operationId: addPet, tags: [pets, store], responses: {"204": {description: ok}}}
  /orders:
    get: {operationId: listOrders, tags: [store], responses: {"200": {description: ok}}}
  /Pets-Admin:
    get: {operationId: adminPets, tags: ["Pets Admin"], responses: {"200": {description: ok}}}
  /pets_admin:
    get: {operationId: adminPets2, tags: ["pets-admin"], responses: {"200": {description: ok}}}
  /health:
    get: {operationId: health, responses: {"200": {description: ok}}}
`

func TestOpenAPISplitByTag(t *testing.T) {
	doc, err := openapi.Parse("shop.yaml", []byte(splitDoc))
	if err != nil {
		t.Fatal(err)
	}
	res, err := importer.OpenAPISplit(doc, importer.Options{Select: importer.SelectAll}, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	type part struct {
		name, tag string
		tools     []string
	}
	want := []part{
		{"pets", "pets", []string{"listPets", "addPet"}},
		{"store", "store", []string{"listOrders"}},
		{"pets_admin", "Pets Admin", []string{"adminPets"}},
		{"pets_admin_2", "pets-admin", []string{"adminPets2"}},
		{"untagged", "", []string{"health"}},
	}
	var got []part
	for _, p := range res.Parts {
		r := compile.Source(p.Name+".tspec", p.Spec)
		if r.Catalog == nil {
			t.Fatalf("part %s does not check:\n%v\n%s", p.Name, r.Diags, p.Spec)
		}
		if r.Catalog.Name != "shop_"+p.Name {
			t.Errorf("part %s: spec %s, want shop_%s", p.Name, r.Catalog.Name, p.Name)
		}
		var tools []string
		for _, tl := range r.Catalog.Tools {
			tools = append(tools, tl.Name)
		}
		if len(tools) != p.Tools {
			t.Errorf("part %s: Tools %d, spec has %d", p.Name, p.Tools, len(tools))
		}
		got = append(got, part{p.Name, p.Tag, tools})
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("parts\n got %v\nwant %v", got, want)
	}
	if res.Tools != 6 {
		t.Errorf("Tools %d, want 6", res.Tools)
	}
}

// TestOpenAPISplitUnderTheCap: a tag whose spec is over the cap is cut
// into runs of its operations, in document order, each under the cap; a
// tool over the cap on its own is an error that names it.
func TestOpenAPISplitUnderTheCap(t *testing.T) {
	var doc strings.Builder
	doc.WriteString("openapi: 3.0.3\ninfo: {title: Big, version: \"1\"}\npaths:\n")
	long := strings.Repeat("x", 900)
	var all []string
	for i := range 20 {
		fmt.Fprintf(&doc, "  /p%d:\n    get: {operationId: op%d, tags: [big], description: %s, responses: {\"204\": {description: ok}}}\n", i, i, long)
		all = append(all, fmt.Sprintf("op%d", i))
	}
	d, err := openapi.Parse("big.yaml", []byte(doc.String()))
	if err != nil {
		t.Fatal(err)
	}
	const limit = 4096
	res, err := importer.OpenAPISplit(d, importer.Options{Select: importer.SelectAll}, limit)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Parts) < 5 {
		t.Errorf("%d parts, want at least 5 of at most %d bytes for 20 tools of some 950", len(res.Parts), limit)
	}
	var tools []string
	for i, p := range res.Parts {
		if len(p.Spec) > limit {
			t.Errorf("part %s is %d bytes, over %d", p.Name, len(p.Spec), limit)
		}
		if want := "big"; i > 0 {
			want = fmt.Sprintf("big_%d", i+1)
			if p.Name != want {
				t.Errorf("part %d is %s, want %s", i, p.Name, want)
			}
		}
		r := compile.Source(p.Name+".tspec", p.Spec)
		if r.Catalog == nil {
			t.Fatalf("part %s does not check:\n%v", p.Name, r.Diags)
		}
		for _, tl := range r.Catalog.Tools {
			tools = append(tools, tl.Name)
		}
	}
	if !slices.Equal(tools, all) {
		t.Errorf("tools across the parts %v, want every one once in document order", tools)
	}
	_, err = importer.OpenAPISplit(d, importer.Options{Select: importer.SelectAll}, 512)
	if err == nil || !strings.Contains(err.Error(), "tool op0 alone is a") {
		t.Errorf("a tool over the cap: got %v, want an error naming op0", err)
	}
}
