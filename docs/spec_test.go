package docs

import (
	"bytes"
	"testing"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/lang/format"
	"github.com/toolspec/toolspec/lang/parser"
)

// TestSpecBlocks: every complete spec in the docs passes check with no
// diagnostic and is already in the layout `toolspec fmt` prints, so a
// reader can paste it and `fmt -d` in CI stays quiet.
func TestSpecBlocks(t *testing.T) {
	for _, d := range documents(t) {
		for _, b := range d.blocks {
			if b.lang != "tspec" {
				continue
			}
			if b.flags["fragment"] {
				checkFragment(t, b)
				continue
			}
			name := b.attrs["file"]
			if name == "" {
				name = "doc.tspec"
			}
			r := compile.Source(name, []byte(b.text))
			switch {
			case b.flags["broken"]:
				if !r.Diags.HasErrors() {
					t.Errorf("%s: marked broken, but check finds no error", b)
				}
				continue
			case len(r.Diags) > 0:
				t.Errorf("%s: check reports:\n%s", b, r.Diags)
				continue
			}
			if out := format.Source(r.File, r.Comments); !bytes.Equal(out, []byte(b.text)) {
				t.Errorf("%s: not in canonical format (toolspec fmt -d):\n%s", b, diff.Diff("doc", []byte(b.text), "fmt", out))
			}
		}
	}
}

// checkFragment: a fragment made of whole declarations (it parses once a
// spec line is put before it) is in canonical layout too. Other fragments
// (a row, a grammar sketch) are not checked.
func checkFragment(t *testing.T, b *block) {
	t.Helper()
	const head = "spec fragment\n\n"
	p := parser.Parse("fragment.tspec", []byte(head+b.text))
	if p.File == nil {
		return
	}
	out := format.Source(p.File, p.Comments)
	if got := string(out); got != head+b.text {
		t.Errorf("%s: fragment not in canonical format (toolspec fmt -d):\n%s", b, diff.Diff("doc", []byte(head+b.text), "fmt", out))
	}
}
