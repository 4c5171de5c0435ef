// Package ast is the syntax tree of a .tspec file. Its struct tags are the
// participle grammar (see lang/parser); every node carries the position of
// its first token. The tree says what was written, not what it means: groups
// are not inlined and nothing is checked here.
package ast
