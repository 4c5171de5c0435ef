package seal

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzRead: no input makes Read panic; a seal Read accepts is written back
// to the same bytes (one spelling per seal); and no artifact path it
// accepts is read from outside the seal's tree.
func FuzzRead(f *testing.F) {
	f.Add([]byte(exampleText))
	f.Add([]byte(exampleTextV1))
	f.Add([]byte(exampleTextV2))
	for _, p := range []string{"../../../../etc/passwd", "../../../../dev/zero", "/etc/passwd", `"demo.p1.json"`, "a/../b", `"a\\b"`, `"x\u0000"`, "inside.json", "sub/inside.json", ".."} {
		f.Add([]byte(strings.Replace(exampleTextV2, "artifact demo.p1.json", "artifact "+p, 1)))
		f.Add([]byte(strings.Replace(exampleText, `artifact "demo.p1.json"`, "artifact "+p, 1)))
	}
	tree, err := filepath.EvalSymlinks(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	outside := filepath.Dir(tree)
	for name, dir := range map[string]string{"inside.json": tree, "sub/inside.json": tree, "outside.json": outside} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			f.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte("{}"), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := Write(&b, s); err != nil {
			t.Fatalf("Write(Read(b)): %v", err)
		}
		if !bytes.Equal(b.Bytes(), data) {
			t.Fatalf("Write(Read(b)) != b:\n%q\n%q", b.Bytes(), data)
		}
		for _, a := range s.Artifacts {
			_, err := readArtifact(tree, filepath.Join(tree, filepath.FromSlash(a.Path)))
			leaves := a.Path == ".." || strings.HasPrefix(a.Path, "../")
			if leaves && !errors.Is(err, ErrRefused) {
				t.Fatalf("artifact %q leaves the tree but was not refused: %v", a.Path, err)
			}
		}
	})
}

// FuzzWrite: whatever the spec name and artifact path, Write either
// refuses the seal or writes one that Read gives back unchanged, whose
// names are all quoted with no $ or backquote a shell would expand, and
// that has exactly one line per record.
func FuzzWrite(f *testing.F) {
	for _, s := range []string{"demo", "$(touch${IFS}$HOME/pwned)", "`id`", "a\nb", "\"", "é😀", "x y", ""} {
		f.Add(s, "gen/"+s)
	}
	f.Fuzz(func(t *testing.T, name, path string) {
		s := example()
		s.SpecName = name
		s.Artifacts[0].Path = path
		if s.Artifacts[0].Path >= s.Artifacts[1].Path {
			s.Artifacts[0], s.Artifacts[1] = s.Artifacts[1], s.Artifacts[0]
		}
		var b bytes.Buffer
		if err := Write(&b, s); err != nil {
			return // refused: nothing to check
		}
		data := b.Bytes()
		if bytes.ContainsAny(data, "$`") {
			t.Fatalf("a $ or backquote in the seal:\n%s", data)
		}
		if n := bytes.Count(data, []byte("\n")); n != 8 {
			t.Fatalf("%d lines, want 8:\n%s", n, data)
		}
		got, err := Read(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("Read(Write(s)): %v\n%s", err, data)
		}
		if got.SpecName != s.SpecName || got.Artifacts[0].Path != s.Artifacts[0].Path || got.Artifacts[1].Path != s.Artifacts[1].Path {
			t.Fatalf("round trip: %+v, want %+v", got, s)
		}
	})
}
