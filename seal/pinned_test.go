package seal

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestPinnedSpecHash pins the spec hash of testdata/pinned.tspec.
//
// A change here means canonicalization changed: every seal ever written
// would now report "spec changed since sealing" for an unchanged spec. Such
// a change must come with a bump of the seal format Version (format.go) and
// a note in docs/seal.md. Regenerate with: go test ./seal -run Pinned -update
func TestPinnedSpecHash(t *testing.T) {
	const spec, golden = "testdata/pinned.tspec", "testdata/pinned.hash"
	r := compile.File(spec)
	if r.Catalog == nil {
		t.Fatalf("%s does not compile:\n%v", spec, r.Diags)
	}
	got := r.Catalog.SpecHash + "\n"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("spec hash of %s is %s, pinned %s: canonicalization changed; bump seal.Version (now %d) and run with -update",
			spec, strings.TrimSpace(got), strings.TrimSpace(string(want)), Version)
	}
}
