package openapi

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files")

const testdata = "../testdata/openapi"

// load loads a test document, failing the test on error.
func load(t *testing.T, name string) *Doc {
	t.Helper()
	d, err := Load(filepath.Join(testdata, name))
	if err != nil {
		t.Fatalf("Load(%s): %v", name, err)
	}
	return d
}

// TestGolden compares the normalized view of every loadable test document
// with its golden file.
func TestGolden(t *testing.T) {
	var names []string
	for _, pattern := range []string{"*.json", "*.yaml"} {
		m, err := filepath.Glob(filepath.Join(testdata, pattern))
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, m...)
	}
	n := 0
	for _, path := range names {
		name := filepath.Base(path)
		if strings.HasPrefix(name, "bad-") || strings.HasSuffix(name, ".golden.json") {
			continue
		}
		n++
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			d := load(t, name)
			d.File = name // not the machine's path
			got, err := json.MarshalIndent(d, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden := strings.TrimSuffix(path, filepath.Ext(path)) + ".golden.json"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./openapi -update to create it)", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("%s: normalized view differs from %s (-want +got):\n%s", name, golden, diff)
			}
		})
	}
	if n < 9 {
		t.Fatalf("found %d test documents in %s, want at least 9", n, testdata)
	}
}
