package format

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/toolspec/toolspec/lang/parser"
)

// FuzzFormat checks, for any input that parses, that the formatted text
// parses again, has the same canonical form, and formats to itself. No input
// may panic.
func FuzzFormat(f *testing.F) {
	inputs, err := filepath.Glob("testdata/*.input")
	if err != nil {
		f.Fatal(err)
	}
	for _, in := range inputs {
		src, err := os.ReadFile(in)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
		// The same with CR and CRLF line breaks.
		f.Add(bytes.ReplaceAll(src, []byte("\n"), []byte("\r")))
		f.Add(bytes.ReplaceAll(src, []byte("\n"), []byte("\r\n")))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		r := parser.Parse("in.tspec", src)
		if r.File == nil {
			return
		}
		out := Source(r.File, r.Comments)
		if c, s := Canonical(r.File), Source(r.File, nil); !bytes.Equal(c, s) {
			t.Fatalf("Canonical differs from Source without comments:\n%s\n---\n%s", c, s)
		}
		r2 := parser.Parse("out.tspec", out)
		if r2.File == nil || r2.Diags.HasErrors() {
			t.Fatalf("formatted output does not parse:\n%v\ninput:\n%s\noutput:\n%s", r2.Diags, src, out)
		}
		if c1, c2 := Canonical(r.File), Canonical(r2.File); !bytes.Equal(c1, c2) {
			t.Fatalf("canonical form changed by formatting:\nbefore:\n%s\nafter:\n%s", c1, c2)
		}
		if out2 := Source(r2.File, r2.Comments); !bytes.Equal(out, out2) {
			t.Fatalf("formatting is not idempotent:\nfirst:\n%s\nsecond:\n%s", out, out2)
		}
		if len(r2.Comments) < len(r.Comments) {
			t.Fatalf("formatting dropped comments: %d before, %d after\ninput:\n%s\noutput:\n%s", len(r.Comments), len(r2.Comments), src, out)
		}
	})
}
