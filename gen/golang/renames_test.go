package golang_test

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/gen/dialect"
	"github.com/toolspec/toolspec/gen/golang"
	"github.com/toolspec/toolspec/internal/cases"
)

// TestNormalizeArgsRenamesKeys: a generated file's NormalizeArgs gives the
// property keys a dialect renamed (gen/dialect's testdata/keys) their spec
// keys back, as gen/dialect's Normalize does, for every case of
// internal/cases as the family's client sends it (Denormalize), under each
// family with a key rule and under gemini's own normalisation beside it.
func TestNormalizeArgsRenamesKeys(t *testing.T) {
	goCmd := goTool(t)
	cat := load(t, "../dialect/testdata/keys/keys.tspec")
	fams := []string{"gemini", "anthropic", "anthropic_strict", "openai_strict"}
	src, err := golang.Generate(cat, golang.Options{Package: genPackage, Dialects: fams})
	if err != nil {
		t.Fatal(err)
	}
	type call struct{ Dialect, Tool, Args string }
	var calls []call
	var want []string
	renamed := 0
	for _, fam := range fams {
		for _, tool := range cat.Tools {
			for _, v := range cases.Values(tool.Input, cases.Options{}) {
				sent := dialect.Denormalize(fam, tool.Input, []byte(v))
				if !bytes.Equal(dialect.Denormalize("openai", tool.Input, []byte(v)), sent) && fam != "openai_strict" {
					renamed++
				}
				calls = append(calls, call{fam, tool.Name, string(sent)})
				want = append(want, string(dialect.Normalize(fam, tool.Input, sent)))
			}
		}
	}
	if renamed == 0 {
		t.Fatal("no case sends a renamed key: the test proves nothing")
	}
	in, _ := json.Marshal(calls)
	main := `package main

import (
	"encoding/json"
	"os"
)

func main() {
	var calls []struct{ Dialect, Tool, Args string }
	if err := json.Unmarshal([]byte(` + "`" + strings.ReplaceAll(string(in), "`", "` + \"`\" + `") + "`" + `), &calls); err != nil {
		panic(err)
	}
	var b *Bound
	for _, c := range calls {
		os.Stdout.Write(b.NormalizeArgs(c.Dialect, c.Tool, []byte(c.Args)))
		os.Stdout.Write([]byte("\n"))
	}
}
`
	dir := t.TempDir()
	writeModule(t, dir, src, main)
	cmd := exec.Command(goCmd, "run", ".")
	cmd.Dir = dir
	cmd.Env = goEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, stderr.Bytes())
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d", len(got), len(want))
	}
	bad := 0
	for i := range want {
		var g, w any
		if json.Unmarshal([]byte(got[i]), &g) != nil || json.Unmarshal([]byte(want[i]), &w) != nil || !reflect.DeepEqual(g, w) {
			if bad++; bad <= 3 {
				t.Errorf("%s: NormalizeArgs(%s) = %s, dialect.Normalize gives %s", calls[i].Dialect, calls[i].Args, got[i], want[i])
			}
		}
	}
	t.Logf("%d calls, %d with renamed keys", len(calls), renamed)
}
