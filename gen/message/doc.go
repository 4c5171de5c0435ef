// Package message is the one catalogue of the words of validation
// problems, for the Go decoders (gen/golang/runtime) and the JavaScript
// validators (gen-js): a problem reads the same, byte for byte, whichever
// server refuses the value.
//
// Neither side copies the words. gen-js builds each validator's message
// from Catalogue when it writes the module, and writes the runtime's own
// (runtime/messages.mjs); the Go runtime's table (runtime/messages.go) is
// generated from Catalogue by a test that -update rewrites. The
// differential test of gen/golang runs the same refused values through both
// and requires the same text.
//
// The values a message shows are shown the same way on both sides (see
// docs/servers.md, "Validation messages"): strings and keys as
// JSON.stringify quotes them, cut after MaxQuote characters (code points)
// and followed by "..."; numbers as JavaScript's String prints the double
// nearest to them; bounds, patterns and formats as the schema writes them.
package message
