// Package diag declares every diagnostic toolspec can report on a spec, once,
// in one table (table.go): a stable code, a short name, a severity, the
// message format, and an explanation with a wrong and a right example.
//
// Every phase that reports on a spec (lang/parser, lang/check) reports
// through the table, so a diagnostic carries its code, and every consumer
// (negative controls, the importer, `toolspec check --json`) recognises a
// diagnostic by its code, never by its wording. docs/diagnostics.md is
// generated from the table (go test ./lang/diag -update).
//
// The package sits just above lang/token and imports nothing else of the
// project.
package diag
