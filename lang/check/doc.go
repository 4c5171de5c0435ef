// Package check runs the rules of LANGUAGE.md section 6 over a parsed spec
// and, when they hold, builds the checked model: groups inlined, presence
// and nullability resolved, bounds parsed and fitted to their kind.
//
// Every problem is collected; none stops the walk, so one run reports them
// all. The checks that need emitted JSON Schema (a default or example that
// must satisfy its own row) run later, in package compile, because this
// package must not depend on the generators.
package check
