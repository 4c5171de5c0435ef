// Package suggest finds the known word nearest to a misspelt one, for the
// "did you mean X?" of diagnostics. It sits under lang: the parser uses it
// for kinds and modifiers, the checker for names.
package suggest
