// Package specdiff reports, tool by tool, how a spec's schemas differ from
// an older tools/list result: typically a server's hand-written schemas
// before the spec took them over.
//
// It owns one phase: two tools/list results in (the old one as given, the
// new one as gen-json prints the spec), a list of [Change] out. It reads
// only JSON Schema, so it works on any server's output.
package specdiff
