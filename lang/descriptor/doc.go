// Package descriptor declares, once, every kind and every modifier of the
// language: its keyword, the kinds a modifier applies to, the JSON Schema
// keywords each becomes, the canonical order of modifiers and of keywords in
// emitted schemas, the diagnostics particular to each modifier (by code, from
// lang/diag), and the mutation operators test-report makes from them.
//
// It sits at the bottom of the imports, above lang/diag: lang/parser and
// lang/format read keywords and order from it, lang/check asks it whether a
// modifier fits a kind, model names its kinds with it, gen/schema emits in
// its order, report makes its mutants, and docs/language.md's kind and
// modifier tables are generated from it (Markdown; a test holds them equal).
package descriptor
