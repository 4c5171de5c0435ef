package seal

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/model"
)

// TestVerifyGeneratorFormat: a stale artifact is "generator changed" when
// the seal records another generator format than the current one, and
// "stale" when it records the same one or none (a version 1 seal). The
// recorded format alone never makes a fresh artifact a mismatch.
func TestVerifyGeneratorFormat(t *testing.T) {
	t.Parallel()
	compileSrc := func(src string) *model.Catalog {
		r := compile.Source("demo.tspec", []byte(src))
		if r.Catalog == nil {
			t.Fatalf("demo.tspec does not compile:\n%v", r.Diags)
		}
		return r.Catalog
	}
	const spec = "spec demo\n\ntool echo {\n  description \"Echo\"\n  in { text string required 1..100 }\n  result text\n}\n"
	sealed := compileSrc(spec)
	edited := compileSrc(spec[:len(spec)-len("1..100 }\n  result text\n}\n")] + "1..200 }\n  result text\n}\n")

	dir := t.TempDir()
	specPath, sealPath := filepath.Join(dir, "demo.tspec"), filepath.Join(dir, "demo.seal")
	artifact := filepath.Join(dir, "demo.p1.json")
	recipe := gen.Recipe{Generator: "gen-json", Role: "json", Options: map[string]string{"profile": "1"}}
	data, err := gen.Generate(sealed, recipe)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(artifact, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Make(sealed, specPath, sealPath, "", []Input{{File: artifact}})
	if err != nil {
		t.Fatal(err)
	}
	current := gen.Format("gen-json")
	if got := s.Artifacts[0].Format; got != current {
		t.Fatalf("Make recorded gen-json format %d, want %d", got, current)
	}

	for _, tc := range []struct {
		name    string
		catalog *model.Catalog
		version int // seal format version
		format  int // recorded generator format
		want    Class
	}{
		{"fresh, same format", sealed, Version, current, Match},
		{"fresh, other format", sealed, Version, current + 1, Match},
		{"fresh, version 1 seal", sealed, 1, 0, Match},
		{"stale, same format", edited, Version, current, Stale},
		{"stale, newer format sealed", edited, Version, current + 1, GeneratorChanged},
		{"stale, older format sealed", edited, Version, current - 1, GeneratorChanged},
		{"stale, version 1 seal", edited, 1, 0, Stale},
	} {
		if tc.format < 0 || (tc.version >= 2 && tc.format == 0) {
			continue // no older format than the first
		}
		s := *s
		s.Version = tc.version
		s.Artifacts = []Artifact{s.Artifacts[0]}
		s.Artifacts[0].Format = tc.format
		fields := Verify(tc.catalog, specPath, sealPath, "", &s)
		if got := fields[len(fields)-1]; got.Class != tc.want {
			t.Errorf("%s: %s is %v (%s), want %v", tc.name, got.Name, got.Class, got.Detail, tc.want)
		}
	}
}
