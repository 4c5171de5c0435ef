// Package model is the checked tool catalog: what the checker produces and
// the only thing the generators, the test report and the seal read.
//
// Groups are already inlined, every tool has an input object, and every
// constraint has been checked to fit its kind. Nothing here refers back to
// the syntax tree.
package model
