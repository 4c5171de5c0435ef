package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// target is one schema a fixture can be validated against: a tool's input
// or its output.
type target struct {
	tool int
	out  bool
}

// fixtureRef is a fixture that held on the spec, kept for the mutants.
type fixtureRef struct {
	test int
	fx   *model.Fixture
	tg   target
}

// suite holds what the tests and the mutants share: each target's model,
// emitted schema and compiled schema, and the fixtures that held on it.
type suite struct {
	cat      *model.Catalog
	roots    map[target]*model.Type
	emitted  map[target][]byte
	compiled map[target]*validate.Schema
	// refs are the fixtures that held on the spec; passing indexes them by
	// target, and reach by the types their values reach: a mutant of a
	// type can only change the verdict of a fixture that has a value there.
	refs    []fixtureRef
	passing map[target][]int
	reach   map[*model.Type][]position
	// fails are the failures of each held fixture (by id) on the spec.
	fails [][]validate.Failure
	// values are the JSON values the fixtures put at each type, for the
	// add-enum-value operator.
	values map[*model.Type][]any
	kills  []int
	// owners name who owns each fixture: the tests, then the examples.
	owners []string
	// cache holds compiled mutant schemas by their bytes.
	cache       sync.Map
	cached      atomic.Int64
	cachedBytes atomic.Int64
	// lift maps the types inside unions to their outermost union (unions.go).
	lift     map[*model.Type][]*model.Type
	plain    map[*model.Type]bool
	only     map[*model.Type]bool
	liftOnce sync.Once
	// up maps each type to the types directly holding it, and touchT to
	// the targets holding it (set by mutants()).
	up     map[*model.Type][]*model.Type
	touchT map[*model.Type][]target
	// paths are the places of each target's types (pathIn).
	paths map[target]map[*model.Type]*path
}

func newSuite(cat *model.Catalog) *suite {
	s := &suite{
		cat:      cat,
		roots:    map[target]*model.Type{},
		emitted:  map[target][]byte{},
		compiled: map[target]*validate.Schema{},
		passing:  map[target][]int{},
		reach:    map[*model.Type][]position{},
		values:   map[*model.Type][]any{},
		kills:    make([]int, len(cat.Tests)),
	}
	for _, t := range cat.Tests {
		s.owners = append(s.owners, t.Name)
	}
	for i, t := range cat.Tools {
		s.roots[target{i, false}] = t.Input
		if t.Output != nil {
			s.roots[target{i, true}] = t.Output
		}
	}
	return s
}

func (s *suite) targetOf(fx *model.Fixture) (target, bool) {
	for i, t := range s.cat.Tools {
		if t.Name == fx.Tool {
			tg := target{i, fx.Output}
			_, ok := s.roots[tg]
			return tg, ok
		}
	}
	return target{}, false
}

// schemaOf compiles a target's emitted schema once.
func (s *suite) schemaOf(tg target) (*validate.Schema, error) {
	if sch, ok := s.compiled[tg]; ok {
		return sch, nil
	}
	b := schema.Type(s.roots[tg])
	s.emitted[tg] = b
	sch, err := validate.Compile(b, validate.Draft2020)
	if err != nil {
		return nil, err
	}
	s.compiled[tg] = sch
	return sch, nil
}

// run validates every fixture against the spec's own schemas.
func (s *suite) run() []Test {
	out := make([]Test, len(s.cat.Tests))
	for ti, t := range s.cat.Tests {
		rt := Test{Name: t.Name, Pos: t.Pos.String(), Verdict: Pass}
		for _, fx := range t.Fixtures {
			rf := Fixture{Pos: fx.Pos.String(), Accept: fx.Accept, Tool: fx.Tool, Dir: "in",
				Value: fx.Value, Because: fx.Because, At: fx.At, Failures: []Failure{}}
			if fx.Output {
				rf.Dir = "out"
			}
			ok, reason := false, ""
			tg, found := s.targetOf(fx)
			if !found {
				reason = "no such schema"
			} else if sch, err := s.schemaOf(tg); err != nil {
				reason = "the emitted schema does not compile: " + err.Error()
			} else {
				var fails []validate.Failure
				ok, fails, reason = judge(fx, sch, s.roots[tg])
				for _, f := range fails {
					rf.Failures = append(rf.Failures, Failure(f))
				}
				id := -1
				if ok {
					id = len(s.refs)
					s.refs = append(s.refs, fixtureRef{ti, fx, tg})
					s.fails = append(s.fails, fails)
					s.passing[tg] = append(s.passing[tg], id)
				}
				s.observe(tg, fx, id)
			}
			if ok {
				rf.Verdict = Pass
			} else {
				rf.Verdict, rf.Reason, rt.Verdict = Fail, reason, Fail
			}
			rt.Fixtures = append(rt.Fixtures, rf)
		}
		out[ti] = rt
	}
	return out
}

// position is where a held fixture has a value of some type: the
// fixture, the JSON pointer, and the value there as JSON.
type position struct {
	id    int
	at    string
	value []byte
}

// observe records the values a fixture puts at each type of its target
// and, for a fixture that held (id >= 0), where.
func (s *suite) observe(tg target, fx *model.Fixture, id int) {
	d := json.NewDecoder(bytes.NewReader(fx.Value))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return
	}
	s.onlyInUnions()
	// under: the place is inside a union's variant, where the union, not
	// the type, is judged (unions.go).
	var walk func(t *model.Type, v any, at string, under bool)
	walk = func(t *model.Type, v any, at string, under bool) {
		if t == nil {
			return
		}
		s.values[t] = append(s.values[t], v)
		if id >= 0 && !under {
			b, _ := json.Marshal(v)
			s.reach[t] = append(s.reach[t], position{id, at, b})
		}
		if t.Kind == model.Union {
			for _, vt := range t.Variants {
				walk(vt, v, at, true)
			}
			return
		}
		switch x := v.(type) {
		case map[string]any:
			// In key order: which value is seen first decides the value an
			// add-enum-value mutant adds, and a report must not vary.
			for _, k := range slices.Sorted(maps.Keys(x)) {
				walk(childType(t, k), x[k], at+"/"+escapePointer(k), under)
			}
		case []any:
			for i, m := range x {
				walk(childType(t, fmt.Sprint(i)), m, at+"/"+fmt.Sprint(i), under)
			}
		}
	}
	walk(s.roots[tg], v, "", false)
}

// observeFrom records where an example (id) has a value of each type,
// from its row's type down; pointers are relative to the example.
func (s *suite) observeFrom(t *model.Type, value []byte, id int) {
	d := json.NewDecoder(bytes.NewReader(value))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return
	}
	// An example of a type that sits only in unions is judged at the
	// unions, as fixtures there are (observe).
	only := s.onlyInUnions()
	var walk func(t *model.Type, v any, at string, under bool)
	walk = func(t *model.Type, v any, at string, under bool) {
		if t == nil {
			return
		}
		if !under {
			b, _ := json.Marshal(v)
			s.reach[t] = append(s.reach[t], position{id, at, b})
		}
		if t.Kind == model.Union {
			for _, vt := range t.Variants {
				walk(vt, v, at, true)
			}
			return
		}
		switch x := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				walk(childType(t, k), x[k], at+"/"+escapePointer(k), under)
			}
		case []any:
			for i, m := range x {
				walk(childType(t, fmt.Sprint(i)), m, at+"/"+fmt.Sprint(i), under)
			}
		}
	}
	walk(t, v, "", only[t])
}

// mutate makes every one-row mutant, runs the fixtures of the targets each
// touches, and counts kills per test. Mutants that do not change any
// emitted schema are dropped and counted.
func (s *suite) mutate(opts Options) ([]Mutant, []*mutant, int) {
	muts := s.mutants()
	results := make([]Mutant, len(muts))
	changed := make([]bool, len(muts))
	var mu sync.Mutex
	done := 0
	parallel(len(muts), opts.workers(), func(i int) {
		results[i], changed[i] = s.runMutant(muts[i])
		if opts.Progress != nil {
			mu.Lock()
			done++
			opts.Progress(done, len(muts))
			mu.Unlock()
		}
	})
	var out []Mutant
	var kept []*mutant
	unchanged := 0
	for i, m := range results {
		if !changed[i] {
			unchanged++
			continue
		}
		out = append(out, m)
		kept = append(kept, muts[i])
	}
	index := map[string]int{}
	for i := len(s.owners) - 1; i >= 0; i-- {
		index[s.owners[i]] = i
	}
	for _, m := range out {
		for _, name := range m.KilledBy {
			s.kills[index[name]]++
		}
	}
	return out, kept, unchanged
}

// runMutant applies one mutant to every target it touches.
//
// A fixture's failures on the mutant are its failures on the spec, except
// at and below the places where it has a value of a changed type; there it
// is validated again, against the changed type's schema alone. Emitted
// schemas are self-contained (no $ref, no applicators across properties),
// so a subschema validates a value the same way inside its tool's schema
// as on its own; TestSubschemaValidationMatchesWholeSchemas checks it on
// every mutant of the testdata specs. Each changed type is compiled once
// per mutant, whatever the number of tools it touches.
func (s *suite) runMutant(m *mutant) (Mutant, bool) {
	res := Mutant{Operator: m.op, Where: m.where, Keyword: m.keyword, Description: m.desc, Verdict: Survived, KilledBy: []string{}}
	changed := s.changedTargets(m)
	if len(changed) == 0 {
		return res, false
	}
	along := s.along(m)
	roots := map[target]*model.Type{}
	for _, tg := range changed {
		roots[tg] = applyAlong(s.roots[tg], m.swap, along)
		if name := s.cat.Tools[tg.tool].Name; !containsStr(res.Tools, name) {
			res.Tools = append(res.Tools, name)
		}
	}
	if why := s.invalidReason(roots); why != "" {
		res.Verdict, res.Reason = Invalid, why
		return res, true
	}
	// Where each fixture meets a changed type; only the outermost places
	// count, the schema there covers the rest.
	type place struct {
		node *model.Type
		pos  position
	}
	meets := map[int][]place{}
	var ids []int
	for _, n := range m.nodes {
		for _, p := range s.reach[n] {
			if _, ok := roots[s.refs[p.id].tg]; !ok {
				continue
			}
			if meets[p.id] == nil {
				ids = append(ids, p.id)
			}
			meets[p.id] = append(meets[p.id], place{n, p})
		}
	}
	slices.Sort(ids)
	compiled := map[*model.Type]*local{}
	killed := map[int]bool{}
	for _, id := range ids {
		r := s.refs[id]
		if killed[r.test] {
			continue
		}
		places := meets[id]
		slices.SortStableFunc(places, func(a, b place) int { return len(a.pos.at) - len(b.pos.at) })
		// A set of the outer pointers, so "is p at or below one of them"
		// costs one lookup per level of p, not one scan of all of them: an
		// array of a thousand items has a thousand places.
		var outer []localPlace
		outerAt := map[string]bool{}
		for _, pl := range places {
			if underAny(pl.pos.at, outerAt) {
				continue
			}
			outerAt[pl.pos.at] = true
			loc, ok := compiled[pl.node]
			if !ok {
				var err error
				loc, err = s.localOf(pl.node, m)
				if err != nil {
					// A schema the validator refuses would fail every
					// fixture; report it rather than count a kill nobody
					// earned.
					res.Description += " (mutant schema does not compile: " + strings.SplitN(err.Error(), "\n", 2)[0] + ")"
					return res, true
				}
				compiled[pl.node] = loc
			}
			outer = append(outer, localPlace{pl.pos.at, pl.pos.value, loc})
		}
		fails, ok := localFailures(s.fails[id], outer)
		if !ok {
			continue
		}
		if ok, _ := verdict(r.fx, fails, roots[r.tg]); !ok {
			killed[r.test] = true
		}
	}
	for i, name := range s.owners {
		if killed[i] {
			res.KilledBy = append(res.KilledBy, name)
		}
	}
	if len(res.KilledBy) > 0 {
		res.Verdict = Killed
	}
	return res, true
}

// changedTargets returns the targets, in m.touches order, whose emitted
// schema the mutant changes. gen/schema writes a type's schema from the
// type alone (and its row's description, the same before and after), so
// a target's schema changes exactly when the schema of a replaced node
// in it does: comparing those nodes costs their size, not the tool's.
// TestLocalChangeMatchesWholeSchemas holds it to comparing whole schemas.
func (s *suite) changedTargets(m *mutant) []target {
	in := map[target]bool{}
	for _, n := range m.at {
		if bytes.Equal(schema.Type(n), schema.Type(m.swap(n))) {
			continue
		}
		for _, tg := range s.touchT[n] {
			in[tg] = true
		}
	}
	var out []target
	for _, tg := range m.touches {
		if in[tg] {
			out = append(out, tg)
		}
	}
	return out
}

// along returns the nodes a mutant replaces and all their ancestors: the
// only types applyAlong has to look at.
func (s *suite) along(m *mutant) map[*model.Type]bool {
	set := map[*model.Type]bool{}
	var climb func(t *model.Type)
	climb = func(t *model.Type) {
		if set[t] {
			return
		}
		set[t] = true
		for _, p := range s.up[t] {
			climb(p)
		}
	}
	for _, n := range m.at {
		climb(n)
	}
	return set
}

// maxCached bounds the compile cache, so a huge spec of distinct rows does
// not keep every mutant schema alive: 8192 schemas, and 8 MiB of schema
// text. Mutants of a large tool (Stripe's responses, a thousand rows) are
// each as large as the tool; bounded by count alone the cache held a
// gigabyte for six of Stripe's tools.
const (
	maxCached      = 8192
	maxCachedBytes = 8 << 20
)

// compile compiles a schema once per run: mutants of rows written alike in
// several tools give the same bytes.
func (s *suite) compile(b []byte) (*validate.Schema, error) {
	if sch, ok := s.cache.Load(string(b)); ok {
		return sch.(*validate.Schema), nil
	}
	sch, err := validate.Compile(b, validate.Draft2020)
	if err != nil {
		return nil, err
	}
	if s.cached.Add(1) <= maxCached && s.cachedBytes.Add(int64(len(b))) <= maxCachedBytes {
		s.cache.Store(string(b), sch)
	}
	return sch, nil
}

// underAny reports whether the JSON pointer p is at or below any pointer of
// set: p itself or one of its ancestors is in it.
func underAny(p string, set map[string]bool) bool {
	if len(set) == 0 {
		return false
	}
	if set[p] || set[""] {
		return true
	}
	for i := len(p) - 1; i > 0; i-- {
		if p[i] == '/' && set[p[:i]] {
			return true
		}
	}
	return false
}

// emittedOf returns the spec's own schema of a target. It is read-only
// once mutants() has emitted every target.
func (s *suite) emittedOf(tg target) []byte {
	return s.emitted[tg]
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
