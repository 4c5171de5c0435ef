// Package check runs the rules of LANGUAGE.md section 6 over a parsed spec
// and, when they hold, builds the checked model: groups inlined, presence
// and nullability resolved, bounds parsed and fitted to their kind.
//
// Every problem is collected; none stops the walk, so one run reports them
// all. Every diagnostic is declared in lang/diag and reported through it.
//
// A default or example must satisfy its own row's JSON Schema, as the
// backends emit it. That check runs here too (values.go), but the schema
// emitter lives in gen, which lang must not import: the caller passes it in
// Config.SchemaOf (compile passes gen/schema.AppendType).
package check
