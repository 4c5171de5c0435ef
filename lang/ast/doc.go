// Package ast is the syntax tree of a .tspec file and its grammar. Every
// production is declared once, as participle grammar in the struct tags of
// the node types (ast.go); lang/parser builds the parser from them and
// docs/language.md shows the EBNF participle prints for it. The leaves
// (a name, a string, a closing brace, an inline JSON value and the error
// production for a misspelt modifier) are read by hand as participle
// Parseables (leaves.go, tokens.go); LeafGrammar writes their grammar
// down. Every node carries the position of its first token, relative to its
// declaration's Base (Position).
// The tree says what was written, not what it means: groups are not
// inlined and nothing is checked here.
package ast
