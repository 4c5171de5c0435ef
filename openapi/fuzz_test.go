package openapi

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: no input may panic, and a document that loads must have
// every schema normalized (no nil schema where one is promised).
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join(testdata, "*.yaml"))
	for _, path := range seeds {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{"/a/{b}":{"get":{"parameters":[{"name":"b","in":"path","schema":{"$ref":"#/components/schemas/B"}}],"responses":{"200":{"description":"","content":{"application/json":{"schema":{"type":["null","array"],"items":{"$ref":"#/components/schemas/B"}}}}}}}}},"components":{"schemas":{"B":{"enum":["x",null,1]}}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse("fuzz", data)
		if err != nil {
			return
		}
		for _, o := range d.Operations {
			for _, p := range o.Params {
				if p.Schema == nil {
					t.Errorf("%s: parameter %s has no schema", o, p.Name)
				}
				walk(t, p.Schema)
			}
			if o.Body != nil {
				walk(t, o.Body.Schema)
			}
			walk(t, o.Response)
		}
	})
}

func walk(t *testing.T, s *Schema) {
	if s == nil {
		return
	}
	if (s.Kind == Unsupported) != (s.Unsupported != "") {
		t.Errorf("kind %s with unsupported %q", s.Kind, s.Unsupported)
	}
	if s.Kind == Array && s.Items == nil {
		t.Errorf("array without items")
	}
	if s.Kind == Map && s.AdditionalProperties == nil {
		t.Errorf("map without value schema")
	}
	for _, p := range s.Properties {
		if p.Schema == nil {
			t.Errorf("property %s has no schema", p.Name)
		}
		walk(t, p.Schema)
	}
	walk(t, s.Items)
	walk(t, s.AdditionalProperties)
}
