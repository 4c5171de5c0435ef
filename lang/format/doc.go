// Package format owns the canonical form of a .tspec file: it prints an
// ast.File back as text, the way `toolspec fmt` writes it. Source keeps the
// comments the lexer collected; Canonical leaves them out and is the text the
// spec hash is computed over (LANGUAGE.md section 8), so every layout rule here
// is part of the product contract. The package reads the tree only; it never
// checks what the spec means.
package format
