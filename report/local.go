package report

import (
	"strings"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// A fixture is judged on a mutant again only where its value meets a
// node the mutant replaces, and there against as little schema as can
// change its verdict:
//
//   - a node whose rows' types the mutant leaves alone (a row made
//     optional or dropped, the object opened or made nullable: every
//     row mutant, whose node is the object holding the row) is judged by
//     the object's own keywords alone, its rows written as any
//     (objectOnly); a failure below one of its rows is the spec's, and
//     a failure below a row the mutant dropped is gone;
//   - any other node by its whole mutated schema.
//
// So a mutant of a top-level row of one of Stripe's responses (a
// thousand schemas) compiles an object of a few dozen `{}`, not the
// response. TestSubschemaValidationMatchesWholeSchemas and
// TestSuggestJudgeMatchesWholeSchemas hold both to whole-tool validation.

// local is how a value at one node of a mutant is judged again.
type local struct {
	sch *validate.Schema
	// rows are the escaped names of the rows whose failures are the
	// spec's (objectOnly); nil when sch is the node's whole schema.
	rows map[string]bool
}

// anyRowType is the type of every row of an objectOnly schema: `{}`.
var anyRowType = &model.Type{Kind: model.Any}

// objectOnly is, for a node n the mutant replaces by mn, mn with every
// row typed any and no row descriptions, and the escaped names of its
// rows, when every row of mn has the type it has in n; else ok is false.
func objectOnly(n, mn *model.Type) (*model.Type, map[string]bool, bool) {
	if n.Kind != model.Object || mn.Kind != model.Object {
		return nil, nil, false
	}
	types := make(map[string]*model.Type, len(n.Fields))
	for _, f := range n.Fields {
		types[f.Name] = f.Type
	}
	rows := make(map[string]bool, len(mn.Fields))
	c := *mn
	c.Fields = make([]*model.Field, len(mn.Fields))
	for i, f := range mn.Fields {
		if t, ok := types[f.Name]; !ok || t != f.Type {
			return nil, nil, false
		}
		rows[escapePointer(f.Name)] = true
		nf := *f
		nf.Type, nf.Description = anyRowType, ""
		c.Fields[i] = &nf
	}
	return &c, rows, true
}

// localOf compiles how values at node n are judged on mutant m.
func (s *suite) localOf(n *model.Type, m *mutant) (*local, error) {
	mn := apply(n, m.swap)
	t, rows, ok := objectOnly(n, mn)
	if !ok {
		t, rows = mn, nil
	}
	sch, err := s.compile(schema.Type(t))
	if err != nil {
		return nil, err
	}
	return &local{sch, rows}, nil
}

// localPlace is where a fixture's value meets a node of a mutant: the
// outermost such places, none below another.
type localPlace struct {
	at  string // JSON pointer in the fixture's value
	val []byte // the value there
	loc *local
}

// localFailures are a fixture's failures on a mutant, given its failures
// on the spec: the spec's outside the places (and below the untouched
// rows of an objectOnly place), and each place's value validated again.
// ok is false when a value cannot be validated.
func localFailures(spec []validate.Failure, places []localPlace) ([]validate.Failure, bool) {
	byAt := make(map[string]*localPlace, len(places))
	for i := range places {
		byAt[places[i].at] = &places[i]
	}
	var out []validate.Failure
	for _, f := range spec {
		p := placeOf(f.At, byAt)
		if p == nil {
			out = append(out, f)
			continue
		}
		if p.loc.rows == nil || f.At == p.at {
			continue
		}
		tok, _, _ := strings.Cut(f.At[len(p.at)+1:], "/")
		if p.loc.rows[tok] {
			out = append(out, f)
		}
	}
	for _, p := range places {
		sub, err := p.loc.sch.Validate(p.val)
		if err != nil {
			return nil, false
		}
		for _, f := range sub {
			f.At = p.at + f.At
			out = append(out, f)
		}
	}
	return out, true
}

// placeOf is the place at or above JSON pointer p, or nil.
func placeOf(p string, byAt map[string]*localPlace) *localPlace {
	if x := byAt[p]; x != nil {
		return x
	}
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			if x := byAt[p[:i]]; x != nil {
				return x
			}
		}
	}
	return nil
}
