// Package parser turns .tspec source into an ast.File with the participle
// grammar of lang/ast. A hand-written lexer (lexer.go) reports lexical
// problems and goes on, so one run reports all of them.
//
// The lexer also cuts its tokens into one piece per top-level declaration,
// after each "}" that closes every bracket opened since the last cut, and
// the pieces are parsed in parallel, each on its own. This is not grammar
// a user can observe: every declaration ends with the "}" that closes its
// first "{", so the pieces are the declarations the grammar would read
// (headerLen splits the header `spec NAME [catalog_key "KEY"] [clients
// F, ...]` off the first piece the same way). It exists for two reasons:
// speed (the declarations of a large spec parse on every core) and errors
// (a syntax error stops only its own declaration, so each broken one is
// reported and the others are still checked; a "{" left open is reported
// where it opens, and the declarations it swallowed are parsed on their
// own).
//
// Inside a declaration, a syntax error stops only the item it is in: the
// declaration is repaired at the token level and parsed again (recover.go),
// so every broken row is reported in one run.
//
// A syntax error names what the grammar expected, described by one table
// keyed by production (Expected, errors.go).
package parser
