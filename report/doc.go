// Package report runs `toolspec test-report`: the phase after checking that
// proves a spec's own safety net works (LANGUAGE.md section 7).
//
// A run opens with a summary per tool and has four parts, reported in this order:
//
//   - checks: the built-in checks of section 6, as they ran on the spec;
//   - negative controls: for every rule of package check (and the
//     default/example rule of package compile) a defect is planted into a
//     copy of the spec's syntax tree, or into a small built-in fixture spec
//     when the spec has nowhere to plant it, and the rule's own diagnostic
//     must fire;
//   - tests: every fixture is validated against its tool's emitted
//     profile-2 schema with package validate (JSON Schema 2020-12);
//   - mutants: one-row mutants of the checked model; each is killed when a
//     fixture of a test that passed on the spec (or a row's example, an
//     implicit accept fixture of its row) fails on the mutant. A passing
//     test that kills no mutant is vacuous. A mutant whose spec would not
//     check (a default it breaks) is invalid, counted apart.
//
// With Options.Suggest, each surviving mutant gets the smallest fixture
// that kills it (suggest.go, suggest_values.go), verified with the
// validator; SuggestedTests and WithSuggestions write them as test blocks.
//
// Run builds a Report; Text, JSON and JUnit render it. docs/test-report.md
// describes the output formats.
package report
