package report

import (
	"bytes"
	"path/filepath"
	"slices"
	"testing"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/internal/synth"
	"github.com/toolspec/toolspec/validate"
)

// killersWhole runs a mutant the plain way: compile each changed tool
// schema whole and validate every fixture of it that held on the spec.
func (s *suite) killersWhole(t *testing.T, m *mutant) []string {
	killed := map[int]bool{}
	for _, tg := range m.touches {
		root := apply(s.roots[tg], m.swap)
		b := schema.Type(root)
		if bytes.Equal(b, s.emittedOf(tg)) {
			continue
		}
		sch, err := validate.Compile(b, validate.Draft2020)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range s.passing[tg] {
			r := s.refs[id]
			if ok, _, _ := judge(r.fx, sch, root); !ok {
				killed[r.test] = true
			}
		}
	}
	names := []string{}
	for ti, tt := range s.cat.Tests {
		if killed[ti] {
			names = append(names, tt.Name)
		}
	}
	return names
}

// TestSubschemaValidationMatchesWholeSchemas: runMutant validates only the
// changed part of a fixture again; on every mutant of these specs it must
// find exactly the killers that validating whole schemas finds.
func TestSubschemaValidationMatchesWholeSchemas(t *testing.T) {
	srcs := map[string]string{
		"synthetic(6)":   synthetic(6),
		"internal/synth": string(synth.Spec(4, 5)),
	}
	files, _ := filepath.Glob("testdata/*.tspec")
	for _, f := range files {
		srcs[f] = ""
	}
	for _, c := range operatorCases {
		srcs[c.op] = aimedSpec(c.rows, c.fixtures)
	}
	for name, src := range srcs {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := func() *suite {
				if src == "" {
					return newSuite(loadFile(t, name).Catalog)
				}
				return newSuite(load(t, name, src).Catalog)
			}()
			r.run()
			muts := r.mutants()
			if len(muts) == 0 {
				t.Fatal("no mutants")
			}
			for _, m := range muts {
				got, _ := r.runMutant(m)
				if got.Verdict == Invalid {
					continue // not run: it would not pass check
				}
				want := r.killersWhole(t, m)
				if !slices.Equal(got.KilledBy, want) {
					t.Errorf("%s: %s: killed by %q, whole schemas say %q", m.where, m.desc, got.KilledBy, want)
				}
			}
		})
	}
}
