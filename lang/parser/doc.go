// Package parser turns .tspec source into an ast.File. A hand-written lexer
// (lexer.go) feeds participle, which holds the grammar in the ast package's
// struct tags. Lexical problems are collected and lexing goes on, so one run
// reports all of them; participle stops at its first syntax error.
package parser
