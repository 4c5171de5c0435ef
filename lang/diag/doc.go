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
// To add a diagnostic:
//
//  1. declare it in the table file of its area (table*.go), with the next
//     free code of the area, a kebab-case name, the message format, one
//     paragraph of explanation, and a wrong and a right example (a whole
//     spec each; compile's TestDiagnosticExamples checks both);
//  2. report it: c.report(diag.X, pos, args...) in lang/check,
//     diag.X.Report(&list, pos, args...) elsewhere;
//  3. for a checker rule, add its negative control to report/controls.go,
//     or set NoControl to say why none can be planted;
//  4. go test ./lang/diag -update rewrites docs/diagnostics.md.
//
// A released code is never reused for another rule; a message may be
// reworded freely, because nothing reads it.
//
// The package sits just above lang/token and imports nothing else of the
// project.
package diag
