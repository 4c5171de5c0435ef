// Package synth writes synthetic specs of any size for benchmarks: each
// tool has about ten rows of every kind, some nested, and optionally
// fixtures that pass.
package synth

import (
	"bytes"
	"fmt"
)

// Spec returns a spec with n tools and, per tool, fixtures fixtures (0 to
// 5), all of which pass against the spec. A tool has ten input rows (two
// from a group, one nested object) and an output with a nested array of
// objects: about 600 bytes, so 10 000 tools make a 6 MB spec.
func Spec(n, fixtures int) []byte {
	var b bytes.Buffer
	b.WriteString("spec synthetic\ncatalog_key \"synthetic/catalog\"\n\n")
	b.WriteString("group paging {\n  page  integer  optional  0..  \"Zero-based page\"\n  per_page  integer  optional  1..100\n}\n\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `tool tool_%d {
  description "Synthetic tool %d"
  hints read_only
  in {
    query  string  required  1..200  pattern "^[a-z0-9 ]+$"
    limit  integer  optional  1..500  default 50
    ratio  number  optional  0..1
    mode  enum(fast, slow)  optional  nullable
    tags  array<string 1..32>  optional  ..10  unique
    cursor  tuple<integer 0.., integer 0..>  optional
    filter  object { owner string optional ..64  active boolean optional }  optional
    use paging
  }
  out {
    items  array<object { id integer required 1..  name string required }>  required  ..500
    total  integer  required  0..
  }
}

`, i, i)
	}
	if fixtures > 0 {
		b.WriteString("test \"synthetic\" {\n")
		for i := 0; i < n; i++ {
			lines := []string{
				fmt.Sprintf(`  accept tool_%d {"query": "abc", "limit": 500}`, i),
				fmt.Sprintf(`  reject tool_%d {"query": "abc", "limit": 501}  because maximum at "/limit"`, i),
				fmt.Sprintf(`  reject tool_%d {"query": ""}  because minLength at "/query"`, i),
				fmt.Sprintf(`  reject tool_%d {"limit": 5}  because required`, i),
				fmt.Sprintf(`  accept tool_%d out {"items": [{"id": 1, "name": "a"}], "total": 1}`, i),
			}
			for _, l := range lines[:min(fixtures, len(lines))] {
				b.WriteString(l + "\n")
			}
		}
		b.WriteString("}\n")
	}
	return b.Bytes()
}
