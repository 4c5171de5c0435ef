// Package cli is the toolspec command line: one file per command, each a
// thin layer that loads specs through package compile, calls one generator
// or check, prints, and returns an exit code. Main is called by the binary
// and, in-process, by the testscript tests.
package cli
