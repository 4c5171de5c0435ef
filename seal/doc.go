// Package seal owns the last phase of toolspec: the seal file that ties a
// spec to the artifacts generated from it, and the checks behind
// `toolspec seal` and `toolspec verify`.
//
// A seal records the spec's name, path and hash, its catalog identities, and
// for every artifact its path, the recipe that made it (generator, role,
// options; see gen.Recipe), the output format version of that generator,
// and the BLAKE3-256 of its bytes. Read and Write
// are the file format (docs/seal.md); Make builds a seal from a compiled spec
// and its artifacts; Verify compares a seal with the spec and the files on
// disk and classifies every difference.
//
// seal reads the checked model and the generator registry of package gen; it
// never parses specs itself.
package seal
