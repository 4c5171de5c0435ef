// Package parser turns .tspec source into an ast.File. A hand-written lexer
// (lexer.go) cuts the tokens into one piece per top-level declaration; the
// pieces are parsed in parallel, a tool by ast.ParseTool and anything else
// by the participle grammar of the ast package. Lexical problems are
// collected and lexing goes on, and each broken declaration reports its own
// syntax error, so one run reports all of them.
package parser
