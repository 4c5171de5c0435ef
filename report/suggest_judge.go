package report

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// mutantJudge judges the fixtures --suggest tries on one mutant the way
// runMutant judges the spec's fixtures: a fixture's failures on the
// mutant are its failures on the spec, except at and below the places
// where its value meets a node the mutant replaces (m.nodes: the mutated
// type, or the objects holding a mutated row, lifted out of unions);
// there the sub-value is validated again against the mutated node's own
// schema, or its object's own keywords alone (local.go). So a survivor
// compiles the schemas of its nodes (cached by bytes for the run, shared
// with runMutant), not its whole tool, and a fixture costs the size of
// its value at the node, not the tool's.
// TestSuggestJudgeMatchesWholeSchemas holds it to whole-tool validation.
type mutantJudge struct {
	s     *suite
	m     *mutant
	along map[*model.Type]bool
	nodes map[*model.Type]bool
	// roots are the mutant's rebuilt tool roots (for `at` matching),
	// compiled the mutated nodes' schemas, broken the nodes whose
	// mutated schema does not compile.
	roots    map[target]*model.Type
	compiled map[*model.Type]*local
	broken   map[*model.Type]bool
}

func (s *suite) judgeOn(m *mutant) *mutantJudge {
	j := &mutantJudge{s: s, m: m, along: s.along(m), nodes: map[*model.Type]bool{}}
	for _, n := range m.nodes {
		j.nodes[n] = true
	}
	j.drop()
	return j
}

// drop forgets the compiled schemas: one judge per survivor is kept for
// the second pass of suggest, and holding every survivor's schemas would
// hold memory quadratic in a tool's size.
func (j *mutantJudge) drop() {
	j.roots = map[target]*model.Type{}
	j.compiled = map[*model.Type]*local{}
	j.broken = map[*model.Type]bool{}
}

func (j *mutantJudge) root(tg target) *model.Type {
	r, ok := j.roots[tg]
	if !ok {
		r = applyAlong(j.s.roots[tg], j.m.swap, j.along)
		j.roots[tg] = r
	}
	return r
}

// localAt is how a value at node n is judged on the mutant (local.go).
func (j *mutantJudge) localAt(n *model.Type) (*local, bool) {
	if loc, ok := j.compiled[n]; ok {
		return loc, true
	}
	if j.broken[n] {
		return nil, false
	}
	loc, err := j.s.localOf(n, j.m)
	if err != nil {
		j.broken[n] = true
		return nil, false
	}
	j.compiled[n] = loc
	return loc, true
}

// compiles reports whether the mutant's schema of target tg compiles:
// the spec's does, so it does when the mutated schema of every node of
// the mutant in tg does.
func (j *mutantJudge) compiles(tg target) bool {
	for _, n := range j.m.nodes {
		for _, t := range j.s.touchT[n] {
			if t == tg {
				if _, ok := j.localAt(n); !ok {
					return false
				}
				break
			}
		}
	}
	return true
}

// meet is where a fixture's value meets a node of the mutant.
type meet struct {
	node *model.Type
	at   string
	val  any
}

// meets lists the outermost places where a decoded value of target tg's
// root meets a node of the mutant. It follows the value as the validator
// does: an object's rows into an object, items into an array; nodes are
// never inside a union (they are lifted to it), so it stops at a union.
func (j *mutantJudge) meets(root *model.Type, v any) []meet {
	var out []meet
	var walk func(t *model.Type, v any, at string)
	walk = func(t *model.Type, v any, at string) {
		if t == nil {
			return
		}
		if j.nodes[t] {
			out = append(out, meet{t, at, v})
			return
		}
		switch t.Kind { // kinds:partial: scalars and unions hold no node
		case model.Object:
			if obj, ok := v.(map[string]any); ok {
				for k, x := range obj {
					if f := t.Field(k); f != nil {
						walk(f.Type, x, at+"/"+escapePointer(k))
					}
				}
			}
		case model.Map:
			if obj, ok := v.(map[string]any); ok {
				for k, x := range obj {
					walk(t.Elem, x, at+"/"+escapePointer(k))
				}
			}
		case model.Array:
			if arr, ok := v.([]any); ok {
				for i, x := range arr {
					walk(t.Elem, x, at+"/"+strconv.Itoa(i))
				}
			}
		case model.Tuple:
			if arr, ok := v.([]any); ok {
				for i, x := range arr {
					if i < len(t.Items) {
						walk(t.Items[i], x, at+"/"+strconv.Itoa(i))
					}
				}
			}
		}
	}
	walk(root, v, "")
	return out
}

// holds says whether fixture fx of target tg, whose decoded value is v
// and whose failures on the spec are fails, holds on the mutant. A
// mutant whose schema does not compile is held by every fixture (no kill
// nobody earned).
func (j *mutantJudge) holds(fx *model.Fixture, tg target, v any, fails []validate.Failure) bool {
	places := j.meets(j.s.roots[tg], v)
	if len(places) == 0 {
		held, _ := verdict(fx, fails, j.root(tg))
		return held
	}
	outer := make([]localPlace, len(places))
	for i, p := range places {
		loc, ok := j.localAt(p.node)
		if !ok {
			return true
		}
		b, _ := json.Marshal(p.val)
		outer[i] = localPlace{p.at, b, loc}
	}
	got, ok := localFailures(fails, outer)
	if !ok {
		return false
	}
	held, _ := verdict(fx, got, j.root(tg))
	return held
}

// failsOn reports whether suggestion g, which holds on the spec, does not
// hold on the mutant.
func (j *mutantJudge) failsOn(g suggestion) bool {
	// Decoded once when the fixture was made: the fixtures found for a
	// tool are bounded by ToolBudget, and each is tried on many
	// survivors.
	v := g.val
	if v == nil {
		v = g.decoded()
	}
	return !j.holds(g.fixture(j.s), g.tg, v, g.fails)
}

// decoded is a suggestion's value as the validator reads it (numbers
// kept as written).
func (g suggestion) decoded() any {
	d := json.NewDecoder(bytes.NewReader([]byte(g.value)))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil
	}
	return v
}
