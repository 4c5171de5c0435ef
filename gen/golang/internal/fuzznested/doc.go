// Package fuzznested is the generated code of
// gen/golang/testdata/nested.tspec (nested and open objects, maps, tuples,
// unique arrays, integer enums, nullable members), checked in for its fuzz
// target. TestUpToDate regenerates it and diffs.
package fuzznested
