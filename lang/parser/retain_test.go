package parser

import (
	"runtime"
	"testing"

	"github.com/toolspec/toolspec/internal/synth"
)

// TestDroppedTreesAreFreed: a process that parses many specs and drops
// them (import --split checks each part it writes; the language server
// parses every edit) holds one tree, not every tree it parsed. participle
// hands out nodes from per-production slabs; when a slab outlived its
// parse, each tree kept alive the slabs it shared with the trees before
// it, and all of them: Microsoft Graph's import --split reached 10 GB.
func TestDroppedTreesAreFreed(t *testing.T) {
	src := synth.Spec(200, 0)
	live := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	parse := func() Result {
		r := Parse("s.tspec", src)
		if r.File == nil {
			t.Fatalf("synthetic spec does not parse: %v", r.Diags)
		}
		return r
	}
	before := live()
	one := parse()
	tree := live() - before
	runtime.KeepAlive(one)
	for range 20 {
		one = parse()
	}
	kept := live() - before
	runtime.KeepAlive(one)
	t.Logf("one tree %d KB; after 20 more parses, one kept: %d KB", tree>>10, kept>>10)
	if kept > 3*tree {
		t.Errorf("after 21 parses of which one is kept, %d KB live, %.1f trees' worth (one tree: %d KB): dropped trees are kept alive", kept>>10, float64(kept)/float64(tree), tree>>10)
	}
}
