package compile_test

import (
	"testing"

	"github.com/toolspec/toolspec/compile"
)

// TestClientsInHash: the clients line is part of the spec and of its hash;
// its layout is not, and a spec without it hashes as before the line existed.
func TestClientsInHash(t *testing.T) {
	const body = "\ntool t {\n  description \"d\"\n  in none\n  result text\n}\n"
	hash := func(header string) string {
		r := compile.Source("h.tspec", []byte(header+body))
		if r.File == nil {
			t.Fatalf("%q: %v", header, r.Diags)
		}
		return compile.Hash(r.File)
	}
	none := hash("spec s\n")
	one := hash("spec s\nclients openai\n")
	if one == none {
		t.Error("declaring a family leaves the hash unchanged")
	}
	if hash("spec s\nclients   openai // why\n") != one {
		t.Error("layout and comments of the clients line change the hash")
	}
	if hash("spec s\nclients openai, mistral\n") == one {
		t.Error("adding a family leaves the hash unchanged")
	}
	// Pinned: a change to the canonical text of specs without clients
	// (whose hashes are sealed) shows here.
	if want := "14d2d1e079acd98a6d540031bbcced42abeccbfa67e3a2915d1f3710bf005583"; none != want {
		t.Errorf("a spec without clients hashes %s, want %s", none, want)
	}
}
