// Package treedump prints a parse result as canonical text: every field
// of every node, followed through pointers, slices and maps (keys
// sorted), unexported fields included. Two parsers agree on an input when
// their dumps are equal; third_party/stockcheck prints the dump of stock
// participle so that the patched copy can be compared with it.
package treedump
