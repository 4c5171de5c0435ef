package js_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/js"
	"github.com/toolspec/toolspec/gen/jsonout"
	"github.com/toolspec/toolspec/internal/cases"
	"github.com/toolspec/toolspec/internal/synth"
)

// BenchmarkGenerate compares gen-js with gen-json in one run, on the
// synthetic catalogs of internal/synth: "compile+json" is what gen-json
// does for both profiles (parse, check, hash, emit), "compile+js" what
// gen-js does (the same compile, then the module and its declarations),
// and "js" the gen-js emission alone.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		src := synth.Spec(n, 0)
		compiled := compile.Source("synthetic.tspec", src)
		if compiled.Catalog == nil {
			b.Fatal(compiled.Diags)
		}
		b.Run(fmt.Sprintf("compile+json/tools=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r := compile.Source("synthetic.tspec", src)
				jsonout.Generate(r.Catalog, 1)
				jsonout.Generate(r.Catalog, 2)
			}
		})
		b.Run(fmt.Sprintf("compile+js/tools=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r := compile.Source("synthetic.tspec", src)
				if _, _, err := js.Generate(r.Catalog); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("js/tools=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := js.Generate(compiled.Catalog); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkServe is the startup and per-call benchmark of the generated
// adapter on a 1 000-tool catalog (internal/synth), against the approach
// it replaces (ajv compiling every schema at startup): see
// testdata/node/startup.mjs. It reports the median time from starting the
// server to the tools/list reply, and the time per validated call.
//
//	go test ./gen/js -run '^$' -bench Serve -benchtime 1x
func BenchmarkServe(b *testing.B) {
	root := needNodeB(b)
	r := compile.Source("synthetic.tspec", synth.Spec(1000, 0))
	if r.Catalog == nil {
		b.Fatal(r.Diags)
	}
	mjs, _, err := js.Generate(r.Catalog)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	catalog := filepath.Join(dir, "catalog.mjs")
	var cs []cases.Case
	for _, c := range cases.Generate(r.Catalog, cases.Options{}) {
		if !c.Output && len(cs) < 2000 {
			cs = append(cs, c)
		}
	}
	data, err := json.Marshal(cs)
	if err != nil {
		b.Fatal(err)
	}
	for path, content := range map[string][]byte{catalog: mjs, filepath.Join(dir, "cases.json"): data} {
		if err := os.WriteFile(path, content, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		cmd := exec.Command("node", filepath.Join(root, "gen/js/testdata/node/startup.mjs"), catalog, filepath.Join(dir, "cases.json"), "7")
		cmd.Dir = root
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			b.Fatalf("startup.mjs: %v", err)
		}
		var res struct {
			StartMs      map[string]float64 `json:"startMs"`
			AjvCompileMs float64            `json:"ajvCompileMs"`
			NsPerCall    map[string]float64 `json:"nsPerCall"`
		}
		if err := json.Unmarshal(out, &res); err != nil {
			b.Fatalf("startup.mjs: %v\n%s", err, out)
		}
		b.ReportMetric(res.StartMs["baseline"], "baseline-start-ms")
		b.ReportMetric(res.StartMs["generated"], "generated-start-ms")
		b.ReportMetric(res.StartMs["ajv"], "ajv-start-ms")
		b.ReportMetric(res.AjvCompileMs, "ajv-compile-ms")
		b.ReportMetric(res.NsPerCall["generated"], "generated-ns/call")
		b.ReportMetric(res.NsPerCall["ajvAllErrors"], "ajv-allErrors-ns/call")
		b.ReportMetric(res.NsPerCall["ajvFirstError"], "ajv-firstError-ns/call")
		b.Logf("%s", out)
	}
}

// needNodeB is needNode for benchmarks: it skips without node_modules.
func needNodeB(b *testing.B) string {
	b.Helper()
	dir, err := filepath.Abs("../..")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		b.Skip("node is not on PATH")
	}
	for _, pkg := range []string{"ajv", "@modelcontextprotocol/sdk"} {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", pkg, "package.json")); err != nil {
			b.Skipf("node_modules/%s is missing: run npm ci", pkg)
		}
	}
	return dir
}
