package report

import (
	"bytes"
	"path/filepath"
	"slices"
	"testing"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/internal/synth"
	"github.com/toolspec/toolspec/model"
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

// TestLocalChangeMatchesWholeSchemas: runMutant decides which targets a
// mutant changes from the replaced nodes' schemas alone, and rebuilds
// only the path to them; on every mutant of these specs that must agree
// with emitting each touched tool's whole schema from a full rebuild.
func TestLocalChangeMatchesWholeSchemas(t *testing.T) {
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
			var s *suite
			if src == "" {
				s = newSuite(loadFile(t, name).Catalog)
			} else {
				s = newSuite(load(t, name, src).Catalog)
			}
			muts := s.mutants()
			// And a copy of each that replaces its nodes by equal copies:
			// a mutant that changes no schema.
			for _, m := range slices.Clone(muts) {
				same := *m
				same.desc += " (an equal copy)"
				same.swap = func(x *model.Type) *model.Type {
					if slices.Contains(m.at, x) {
						c := *x
						return &c
					}
					return nil
				}
				muts = append(muts, &same)
			}
			unchanged := 0
			for _, m := range muts {
				var want []target
				for _, tg := range m.touches {
					whole := schema.Type(apply(s.roots[tg], m.swap))
					if !bytes.Equal(whole, s.emittedOf(tg)) {
						want = append(want, tg)
					}
					along := schema.Type(applyAlong(s.roots[tg], m.swap, s.along(m)))
					if !bytes.Equal(along, whole) {
						t.Errorf("%s: %s: the rebuild along the path differs from the full one", m.where, m.desc)
					}
				}
				if got := s.changedTargets(m); !slices.Equal(got, want) {
					t.Errorf("%s: %s: changes %v, whole schemas say %v", m.where, m.desc, got, want)
				}
				if len(want) == 0 {
					unchanged++
				}
			}
			if unchanged*2 < len(muts) {
				t.Errorf("%d of %d mutants unchanged, want at least the equal copies", unchanged, len(muts))
			}
		})
	}
}
