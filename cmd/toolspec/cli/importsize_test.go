package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportNeverWritesWhatCheckRefuses: an import whose spec would be
// over the spec cap writes nothing and says how to import less.
func TestImportNeverWritesWhatCheckRefuses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 17 MiB spec")
	}
	dir := t.TempDir()
	var doc strings.Builder
	doc.WriteString(`{"openapi":"3.0.3","info":{"title":"Huge","version":"1"},"paths":{`)
	long := strings.Repeat("x", 12000)
	for i := range 1500 {
		if i > 0 {
			doc.WriteString(",")
		}
		fmt.Fprintf(&doc, `"/p%d":{"post":{"operationId":"op%d","description":%q,"responses":{"204":{"description":"ok"}}}}`, i, i, long)
	}
	doc.WriteString("}}")
	in, out := filepath.Join(dir, "huge.json"), filepath.Join(dir, "huge.tspec")
	if err := os.WriteFile(in, []byte(doc.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"import", "openapi", "--all", in, "-o", out}, nil, &stdout, &stderr); code == exitOK {
		t.Errorf("exit %d, want failure", code)
	}
	if !strings.Contains(stderr.String(), "over the 16 MiB every command reads: nothing written; import a part at a time (--split DIR: one spec per tag; --tag T") {
		t.Errorf("stderr does not name the fix:\n%.2000s", stderr.String())
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the spec was written")
	}
}
