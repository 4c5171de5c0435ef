// Package fuzzcat is the generated code of gen/golang/testdata/kinds.tspec,
// checked in so that the fuzz target and the benchmarks run the decoders
// as servers compile them. TestUpToDate regenerates it and diffs.
package fuzzcat
