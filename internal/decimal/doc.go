// Package decimal is toolspec's one exact number: a JSON number's value
// kept exactly, whatever its size. The checker and the model hold a spec's
// bounds in it; the OpenAPI reader, the importer, parity and `toolspec
// diff` read documents' numbers through it. Comparison, integrality and
// multiple-of work on a normal form of the text, so 1e-999999 is never
// expanded; arithmetic uses the exact big.Rat of the numbers within
// 10^±MaxExact. RatText writes a rational back as JSON number text.
//
// The generated decoders' runtimes (gen/golang/runtime, gen/js/runtime)
// carry their own small decimal code: generated code is self-contained.
package decimal
