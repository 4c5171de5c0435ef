package report

import (
	"fmt"
	"strings"
	"testing"
)

// cacheSize is what the compile cache holds: schemas and bytes of
// schema text.
func cacheSize(s *suite) (n, bytes int) {
	s.cache.Range(func(k, _ any) bool {
		n++
		bytes += len(k.(string))
		return true
	})
	return n, bytes
}

// TestCompileCacheBounded: the cache of compiled mutant schemas holds at
// most maxCachedBytes of schema text (a mutant of one of Stripe's
// responses is as large as the response; bounded by count alone the
// cache held a gigabyte) and at most maxCached schemas, and a schema it
// no longer stores still compiles.
func TestCompileCacheBounded(t *testing.T) {
	s := newSuite(load(t, "empty.tspec", "spec empty\n").Catalog)
	pad := strings.Repeat("x", 64<<10)
	var first string
	for i := range 2 * maxCachedBytes / len(pad) {
		b := fmt.Sprintf(`{"type": "string", "description": "%d %s"}`, i, pad)
		if i == 0 {
			first = b
		}
		if _, err := s.compile([]byte(b)); err != nil {
			t.Fatal(err)
		}
	}
	n, bytes := cacheSize(s)
	if bytes > maxCachedBytes {
		t.Errorf("the cache holds %d bytes of schema text in %d schemas, want at most %d", bytes, n, maxCachedBytes)
	}
	if bytes < maxCachedBytes/2 {
		t.Errorf("the cache holds %d bytes, want it used up to about %d", bytes, maxCachedBytes)
	}
	if _, ok := s.cache.Load(first); !ok {
		t.Error("the first schema compiled is not cached")
	}

	s = newSuite(load(t, "empty.tspec", "spec empty\n").Catalog)
	for i := range maxCached + 100 {
		if _, err := s.compile(fmt.Appendf(nil, `{"maxLength": %d}`, i)); err != nil {
			t.Fatal(err)
		}
	}
	if n, _ := cacheSize(s); n != maxCached {
		t.Errorf("the cache holds %d schemas, want %d", n, maxCached)
	}
}
