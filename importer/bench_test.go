package importer_test

import (
	"os"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/importer"
	"github.com/toolspec/toolspec/openapi"
	"github.com/toolspec/toolspec/parity"
)

// githubDoc is GitHub's REST description, installed by `make bench-github`
// from bench/github/package-lock.json (@octokit/openapi): about 1 000 operations and deep
// $ref graphs, 13 MB of JSON. It is a benchmark, not a fixture.
const githubDoc = "../bench/github/node_modules/@octokit/openapi/generated/api.github.com.json"

// BenchmarkGitHub loads GitHub's REST description, imports every
// operation, checks the spec and runs parity on it: what `toolspec import
// openapi --all` and `toolspec parity` do. `make bench-github` runs the
// commands under /usr/bin/time -v for wall time and peak memory
// (docs/openapi.md has the numbers).
func BenchmarkGitHub(b *testing.B) {
	if _, err := os.Stat(githubDoc); err != nil {
		b.Skip("no ", githubDoc, ": run make bench-github once")
	}
	for b.Loop() {
		doc, err := openapi.Load(githubDoc)
		if err != nil {
			b.Fatal(err)
		}
		res, err := importer.OpenAPI(doc, importer.Options{Select: importer.SelectAll})
		if err != nil {
			b.Fatal(err)
		}
		r := compile.Source("github.tspec", res.Spec)
		if r.Catalog == nil {
			b.Fatalf("imported spec does not check:\n%v", r.Diags)
		}
		ms := parity.Check(r.Catalog, doc)
		b.ReportMetric(float64(res.Tools), "tools")
		b.ReportMetric(float64(len(ms)), "mismatches")
	}
}
