// Package importer writes specs from the contracts of existing APIs: an
// OpenAPI document ([OpenAPI]) or the tools/list result of a running MCP
// server ([MCP]).
//
// It owns one phase: foreign contract in, spec text out. Both importers
// read the contract into the same small tree of tools and rows, build the
// spec's syntax tree from it with lang/ast's constructors (spec.go), check
// that tree (compile.Checked) and print it with the formatter
// (format.Source, so the result is canonical and keeps the importer's
// comments); the text is compiled once more, and what it returns always
// checks. A modifier that the checker refuses (a pattern that is not
// portable, a default that does not satisfy its row) is dropped from its
// row and reported, and the tree is built and checked again: each row's
// nodes carry the row's number as their line, so a diagnostic names its
// row without reading any text.
//
// Whatever a contract says that toolspec cannot express is reported as a
// [Warning] naming the tool, the field and, for an OpenAPI document, the
// place (JSON pointer, line and column), never silently loosened. The
// x-mcp-* keys read are listed in xmcp.go and docs/openapi.md. A
// field whose type cannot be expressed at all is still written, as `any`,
// with a note in its description, so the tool keeps the field the API has.
package importer
