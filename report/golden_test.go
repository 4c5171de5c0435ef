package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGolden compares the human report of each testdata spec with its
// .golden file. Run `go test ./report -run Golden -update` to rewrite them,
// and review the diff as code.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.tspec")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			rep := Run(loadFile(t, file), Options{})
			var b bytes.Buffer
			if err := rep.Text(&b); err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(file, ".tspec") + ".golden"
			if *update {
				if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if d := cmp.Diff(string(want), b.String()); d != "" {
				t.Errorf("%s differs (-want +got):\n%s", golden, d)
			}
		})
	}
}

// TestReportIsDeterministic: two runs give the same bytes, whatever the
// number of workers.
func TestReportIsDeterministic(t *testing.T) {
	r := loadFile(t, "testdata/rich.tspec")
	var a, b bytes.Buffer
	Run(r, Options{Workers: 1, Suggest: true}).Text(&a)
	Run(r, Options{Workers: 4, Suggest: true}).Text(&b)
	if d := cmp.Diff(a.String(), b.String()); d != "" {
		t.Error(d)
	}
}

// TestGoldenSuggest compares the report with --suggest of each spec in
// testdata/suggest with its .golden file (-update rewrites them).
func TestGoldenSuggest(t *testing.T) {
	files, _ := filepath.Glob("testdata/suggest/*.tspec")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			var b bytes.Buffer
			if err := Run(loadFile(t, file), Options{Suggest: true}).Text(&b); err != nil {
				t.Fatal(err)
			}
			golden := strings.TrimSuffix(file, ".tspec") + ".golden"
			if *update {
				if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if d := cmp.Diff(string(want), b.String()); d != "" {
				t.Errorf("%s differs (-want +got):\n%s", golden, d)
			}
		})
	}
}
