// Package compile is the front half of toolspec wired together: read a
// spec, parse it, check it (giving the checker gen/schema's emitter, so
// that defaults and examples are checked against the schema they will be
// emitted into), and hash its canonical form.
//
// Commands and the test report load specs through here so that every one of
// them sees the same diagnostics and the same catalog.
package compile
