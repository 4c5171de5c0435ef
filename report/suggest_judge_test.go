package report

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/internal/synth"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// judgeSpecs are the specs the differential tests run on: the report's
// testdata, every spec of the repository that compiles (the reference
// catalog is large: 150 of its mutants), and generated ones.
func judgeSpecs(t *testing.T) map[string]compile.Result {
	out := map[string]compile.Result{
		"synthetic(6)":   load(t, "synthetic(6)", synthetic(6)),
		"internal/synth": load(t, "internal/synth", string(synth.Spec(4, 5))),
		// A group's rows are one type in every tool: inside a union in one
		// tool, in another union and outside every union in the others.
		"group in and out of unions": load(t, "groupunion", groupUnionSpec),
	}
	for _, c := range operatorCases {
		out["aimed "+c.op] = load(t, c.op, aimedSpec(c.rows, c.fixtures))
	}
	var files []string
	err := filepath.WalkDir("..", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "bench" || p != ".." && strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if strings.HasSuffix(p, ".tspec") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r := compile.Source(f, src)
		if r.Catalog == nil || r.Diags.HasErrors() {
			continue // the checker's and the parser's error cases
		}
		out[f] = r
	}
	if len(out) < 40 {
		t.Fatalf("only %d specs compile", len(out))
	}
	return out
}

// wiggle makes a one-place change of a decoded JSON value at a random
// place: a value of another JSON type, a number past a bound, a longer
// or shorter string or array, a member dropped or added.
func wiggle(rng *rand.Rand, v any) any {
	var count func(v any) int
	count = func(v any) int {
		n := 1
		switch x := v.(type) {
		case map[string]any:
			for _, e := range x {
				n += count(e)
			}
		case []any:
			for _, e := range x {
				n += count(e)
			}
		}
		return n
	}
	root := copyJSON(v)
	target, n := rng.IntN(count(root)), 0
	var pick func(p *any) bool
	pick = func(p *any) bool {
		if n == target {
			*p = change(rng, *p)
			return true
		}
		n++
		switch x := (*p).(type) {
		case map[string]any:
			for _, k := range slices.Sorted(mapKeys(x)) {
				c := x[k]
				if pick(&c) {
					x[k] = c
					return true
				}
			}
		case []any:
			for i := range x {
				if pick(&x[i]) {
					return true
				}
			}
		}
		return false
	}
	pick(&root)
	return root
}

func mapKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func copyJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		c := make(map[string]any, len(x))
		for k, e := range x {
			c[k] = copyJSON(e)
		}
		return c
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = copyJSON(e)
		}
		return c
	}
	return v
}

func change(rng *rand.Rand, v any) any {
	switch x := v.(type) {
	case map[string]any:
		switch rng.IntN(4) {
		case 0:
			for _, k := range slices.Sorted(mapKeys(x)) {
				delete(x, k)
				return x
			}
		case 1:
			x["extra"] = 1
			return x
		case 2:
			x["zz"] = nil
			return x
		}
	case []any:
		switch rng.IntN(4) {
		case 0:
			if len(x) > 0 {
				return x[1:]
			}
		case 1:
			if len(x) > 0 {
				return append(x, copyJSON(x[0]))
			}
		case 2:
			return append(x, "x")
		}
	case string:
		switch rng.IntN(4) {
		case 0:
			return x + strings.Repeat("a", rng.IntN(300))
		case 1:
			return ""
		case 2:
			return "not-a-" + x + "-!"
		}
	case json.Number:
		f, _ := x.Float64()
		switch rng.IntN(4) {
		case 0:
			return json.Number(fmt.Sprint(f + 1))
		case 1:
			return json.Number(fmt.Sprint(f - 1))
		case 2:
			return json.Number(fmt.Sprint(f + 0.5))
		}
	}
	others := []any{nil, true, json.Number("0"), json.Number("-1"), json.Number("1e9"), json.Number("2.5"), "", "x", []any{}, map[string]any{}}
	return others[rng.IntN(len(others))]
}

// judgeValues are the values a differential test judges on target tg:
// the spec's own fixtures' (at most 8), a minimal valid value, and five
// random one-place changes of each. Each is judged as an accept, a
// reject, and a reject because of each of its failures on the spec and
// on the mutant (so `at` matching is exercised both ways).
func judgeValues(s *suite, tg target, rng *rand.Rand) []any {
	var base []any
	for _, t := range s.cat.Tests {
		for _, fx := range t.Fixtures {
			if ftg, ok := s.targetOf(fx); ok && ftg == tg {
				base = append(base, suggestion{value: string(fx.Value)}.decoded())
			}
		}
	}
	if v, ok := minimal(s.roots[tg]); ok {
		base = append(base, suggestion{value: jsonText(v)}.decoded())
	}
	if len(base) > 8 {
		base = append(base[:7], base[len(base)-1])
	}
	out := slices.Clone(base)
	for _, b := range base {
		for range 5 {
			out = append(out, wiggle(rng, b))
		}
	}
	return out
}

// TestSuggestJudgeMatchesWholeSchemas: --suggest judges a fixture on a
// mutant by validating again only where the fixture's value meets the
// mutated nodes (mutantJudge). On every mutant of every spec of the
// repository, for the spec's fixtures and random changes of them, its
// verdict must be the verdict of validating the value against the whole
// mutated tool schema.
func TestSuggestJudgeMatchesWholeSchemas(t *testing.T) {
	for name, r := range judgeSpecs(t) {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := newSuite(r.Catalog)
			rng := rand.New(rand.NewPCG(1, uint64(len(name))))
			muts := s.mutants()
			every := 1 + len(muts)/150
			values := map[target][][]byte{}
			compared, differ := 0, 0
			for mi, m := range muts {
				if mi%every != 0 {
					continue
				}
				j := s.judgeOn(m)
				for _, tg := range s.changedTargets(m) {
					spec, err := s.schemaOf(tg)
					if err != nil {
						t.Fatal(err)
					}
					mroot := apply(s.roots[tg], m.swap)
					whole, err := validate.Compile(schema.Type(mroot), validate.Draft2020)
					if err != nil {
						t.Fatalf("%s: %s: %v", m.where, m.desc, err)
					}
					if _, ok := values[tg]; !ok {
						for _, v := range judgeValues(s, tg, rng) {
							b, _ := json.Marshal(v)
							values[tg] = append(values[tg], b)
						}
					}
					for _, b := range values[tg] {
						sf, err := spec.Validate(b)
						if err != nil {
							t.Fatal(err)
						}
						mf, _ := whole.Validate(b)
						fxs := []*model.Fixture{{Accept: true, Value: b}, {Value: b}}
						for _, f := range append(slices.Clone(sf), mf...) {
							at := f.At
							fxs = append(fxs, &model.Fixture{Value: b, Because: f.Keyword}, &model.Fixture{Value: b, Because: f.Keyword, At: &at})
							for _, p := range pointersFor(f, b, mroot) {
								fxs = append(fxs, &model.Fixture{Value: b, Because: f.Keyword, At: &p})
							}
						}
						val := suggestion{value: string(b)}.decoded()
						for _, fx := range fxs {
							fx.Tool, fx.Output = s.cat.Tools[tg.tool].Name, tg.out
							want, _ := verdict(fx, mf, mroot)
							got := j.holds(fx, tg, val, sf)
							compared++
							if got != want {
								differ++
								if differ <= 10 {
									t.Errorf("%s: %s: %s: holds %v, the whole mutant schema says %v", m.where, m.desc, fixtureText(fx), got, want)
								}
							}
						}
					}
				}
			}
			if compared == 0 {
				t.Skip("no mutant changes a schema")
			}
			t.Logf("%d verdicts compared", compared)
		})
	}
}

func fixtureText(fx *model.Fixture) string {
	f := Fixture{Accept: fx.Accept, Tool: fx.Tool, Dir: "in", Value: fx.Value, Because: fx.Because, At: fx.At}
	if fx.Output {
		f.Dir = "out"
	}
	return f.fullLine()
}

// TestPathInMatchesPathTo: the places suggest finds from one walk of a
// tool are the ones pathTo finds walking it for each type.
func TestPathInMatchesPathTo(t *testing.T) {
	for name, r := range judgeSpecs(t) {
		s := newSuite(r.Catalog)
		for tg, root := range s.roots {
			var all []*model.Type
			var walk func(x *model.Type)
			walk = func(x *model.Type) {
				all = append(all, x)
				x.Children(func(_ *model.Field, _ int, c *model.Type) { walk(c) })
			}
			walk(root)
			for _, x := range all {
				got, want := s.pathIn(tg, x), pathTo(root, x)
				if want == nil || got == nil || got.pointer != want.pointer || !slices.Equal(got.steps, want.steps) {
					t.Errorf("%s: %s: pathIn %+v, pathTo %+v", name, s.cat.Tools[tg.tool].Name, got, want)
				}
			}
		}
	}
}

// groupUnionSpec uses one group inside a union (tool a), inside another
// union (tool c) and outside any (tool b).
const groupUnionSpec = `spec groupunion

group g {
  n  integer  required  0..9
}

tool a {
  description "A"
  in {
    x  union<string, object { use g }>  required
  }
  result text
}

tool b {
  description "B"
  in {
    use g
  }
  result text
}

tool c {
  description "C"
  in {
    y  union<integer, object { use g }>  required
  }
  result text
}

test "g everywhere" {
  accept a {"x": {"n": 9}}
  reject a {"x": {"n": 10}} because anyOf
  accept b {"n": 9}
  reject b {"n": 10} because maximum
  accept c {"y": {"n": 0}}
  reject c {"y": {"n": -1}} because anyOf
}
`

// TestGroupInAndOutOfUnions: a mutant of a group's row is judged at every
// place the group is used, in a union or not: the tests of tool b and of
// tool c kill the widened bounds that tool a's union would let survive
// had the row been judged only there.
func TestGroupInAndOutOfUnions(t *testing.T) {
	rep := run(t, "groupunion.tspec", groupUnionSpec, Options{})
	for _, m := range rep.Mutants {
		if strings.HasPrefix(m.Where, "group g") && (m.Operator == OpWidenMax || m.Operator == OpWidenMin || m.Operator == OpDropMax || m.Operator == OpDropMin) && m.Verdict != Killed {
			t.Errorf("%s %s: %s, want KILLED", m.Where, m.Description, m.Verdict)
		}
	}
}
