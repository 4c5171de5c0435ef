// Package ast is the syntax tree of a .tspec file and its grammar. The
// header, groups and tests are participle grammar in struct tags (ast.go);
// tools, rows, kinds, blocks and single tokens are parsed by hand (rows.go,
// tokens.go), as participle Parseable nodes inside the grammar or, for a
// whole tool, straight from its tokens (ParseTool). Every node carries the
// position of its first token. The tree says what was written, not what it
// means: groups are not inlined and nothing is checked here.
package ast
