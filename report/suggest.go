package report

import (
	"encoding/json"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/lang/format"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// Suggestion is a fixture test-report proposes for a surviving mutant:
// the smallest change to a valid value of the tool that the spec and the
// mutant judge differently. Every suggestion is verified with the
// validator: it holds on the spec and does not hold on the mutant.
type Suggestion struct {
	// Mutant is the survivor, as "WHERE: DESCRIPTION".
	Mutant   string `json:"mutant"`
	Operator string `json:"operator"`
	// Fixture is the suggested line (`accept TOOL {...}` or
	// `reject TOOL {...} because K at "P"`); "" when none was found.
	Fixture string `json:"fixture,omitempty"`
	Tool    string `json:"tool,omitempty"`
	// Reason says why there is no fixture.
	Reason string `json:"reason,omitempty"`
	// Survives is the acknowledgment proposed instead when there is no
	// fixture (`survives TOOL PATH KEYWORD because "..."`), so that
	// --suggest -w leaves no unacknowledged survivor.
	Survives string `json:"survives,omitempty"`
}

// maxSuggestion bounds a suggested fixture's text: a fixture of a
// megabyte string does not belong in a spec.
const maxSuggestion = 8192

// suggestion is a verified fixture for one target.
type suggestion struct {
	tg      target
	changed string // the JSON pointer of the node changed in value
	accept  bool
	value   string
	because string
	at      *string
	// fails are its value's failures on the spec: with the value, what a
	// mutantJudge needs to judge it on a mutant.
	fails []validate.Failure
	// val is the value decoded (nil: decode it when needed).
	val any
}

func (g suggestion) fixture(s *suite) *model.Fixture {
	return &model.Fixture{Accept: g.accept, Tool: s.cat.Tools[g.tg.tool].Name, Output: g.tg.out,
		Value: json.RawMessage(g.value), Because: g.because, At: g.at}
}

func (g suggestion) line(s *suite) string {
	f := Fixture{Accept: g.accept, Tool: s.cat.Tools[g.tg.tool].Name, Dir: "in",
		Value: json.RawMessage(g.value), Because: g.because, At: g.at}
	if g.tg.out {
		f.Dir = "out"
	}
	return f.fullLine()
}

// ToolBudget bounds the fixtures --suggest makes for one tool: once the
// lines made for a tool (fixtures, and the survives lines proposed for
// survivors no change kills) reach 16 KiB, its later survivors are not
// tried; a tool without a fixture is never over it. Below it (every
// tool of the repository's specs takes at most 6 KiB) every survivor
// gets a fixture; a large response (Stripe's take a kilobyte a fixture,
// and thousands of survivors a tool) would otherwise have -w write
// megabytes a tool (docs/test-report.md, "--suggest").
const ToolBudget = 16 << 10

// suggest finds a killing fixture for every surviving mutant, within
// ToolBudget a tool. A fixture already suggested for an earlier survivor
// is tried first, so one line can cover several mutants (maxLength
// dropped and widened).
func (s *suite) suggest(muts []*mutant, results []Mutant) []Suggestion {
	var out []Suggestion
	// The fixtures found so far, by target: a mutant is tried only
	// against those of the targets it touches.
	found := map[target][]suggestion{}
	spent := map[int]int{}       // bytes of fixture lines suggested, by tool
	written := map[string]bool{} // the lines suggested
	fixed := map[int]bool{}      // tools with a fixture: a tool without one is never over
	over := func(tg target) bool { return spent[tg.tool] >= ToolBudget && fixed[tg.tool] }
	seeded := map[target]bool{}
	var pending []int // the index in muts of each suggestion
	var judges []*mutantJudge
	for i, m := range muts {
		if results[i].Verdict != Survived {
			continue
		}
		sg := Suggestion{Mutant: m.where + ": " + m.desc, Operator: m.op}
		if allOver(m, over) {
			// Not tried at all, not even on the fixtures made: judging
			// each survivor is most of the time on a large tool, and
			// test-report after -w says which of them those kill.
			sg.Reason, sg.Tool = overBudget, s.cat.Tools[m.touches[0].tool].Name
			out = append(out, sg)
			pending = append(pending, i)
			judges = append(judges, nil)
			continue
		}
		j := s.judgeOn(m)
		for _, tg := range m.touches {
			if !seeded[tg] && !over(tg) {
				seeded[tg] = true
				if g, ok := s.filledFixture(tg); ok {
					found[tg] = append(found[tg], g)
				}
			}
		}
		var pick *suggestion
	tried:
		for _, tg := range m.touches {
			if g, ok := s.reuse(found[tg], m, tg, j.failsOn); ok {
				pick = &g
				break tried
			}
		}
		reason := ""
		if pick == nil {
			var g suggestion
			g, reason = s.synthesise(m, j, over)
			if reason == "" {
				found[g.tg] = append(found[g.tg], g)
				pick = &g
			}
		}
		if pick != nil {
			sg.Fixture, sg.Tool = pick.line(s), s.cat.Tools[pick.tg.tool].Name
			if !written[sg.Fixture] {
				written[sg.Fixture] = true
				spent[pick.tg.tool] += len(sg.Fixture)
			}
			fixed[pick.tg.tool] = true
		} else {
			sg.Reason = reason
			// The survives line proposed instead is written too: it
			// counts against the budget (a tool of thousands of
			// survivors no change kills would otherwise be tried, at
			// every candidate, to the last).
			spent[m.touches[0].tool] += len(s.survivesLine(m, reason))
		}
		out = append(out, sg)
		pending = append(pending, i)
		// The compiled mutant schemas are not kept for the second pass.
		j.drop()
		judges = append(judges, j)
	}
	// A fixture found for a later survivor may kill an earlier one that
	// got none: then a survives line for it would match nothing.
	for k, i := range pending {
		sg := &out[k]
		if sg.Fixture != "" || sg.Reason == overBudget {
			continue
		}
		m := muts[i]
		for _, tg := range m.touches {
			if g, ok := s.reuse(found[tg], m, tg, judges[k].failsOn); ok {
				sg.Fixture, sg.Tool, sg.Reason = g.line(s), s.cat.Tools[g.tg.tool].Name, ""
				break
			}
		}
		judges[k].drop()
		if sg.Fixture == "" && sg.Reason != overBudget {
			sg.Survives = s.survivesLine(m, sg.Reason)
		}
	}
	return out
}

// survivesLine is the acknowledgment of a mutant no fixture kills, named
// through the first tool it touches.
func (s *suite) survivesLine(m *mutant, reason string) string {
	for _, tg := range m.touches {
		if p, ok := toolPath(s.roots[tg], m); ok {
			dir := "in"
			if tg.out {
				dir = "out"
			}
			// A row whose name holds '.', '[', '{' or '|' has a path
			// that leads elsewhere or nowhere (DigitalOcean's
			// "pg_stat_statements.track"): no line, it stays a survivor.
			if f, typ, ok := s.cat.Tools[tg.tool].Locate(dir + p); !ok || m.field != nil && f != m.field || m.field == nil && typ != m.typ {
				continue
			}
			return "survives " + quoteName(s.cat.Tools[tg.tool].Name) + " " + survivesPath(dir+p) + " " + m.keyword +
				" because " + jsonstr.Quote("suggested by test-report: "+reason)
		}
	}
	return ""
}

// survivesPath writes a path bare when the lexer reads it back as one
// word, else quoted.
func survivesPath(p string) string {
	if format.BarePath(p) {
		return p
	}
	return jsonstr.Quote(p)
}

// toolPath is where a mutant's row or type is below root, as test-report
// prints it after in or out: ".row", "[]", "{}", "[N]".
func toolPath(root *model.Type, m *mutant) (string, bool) {
	var walk func(t *model.Type, at string) (string, bool)
	walk = func(t *model.Type, at string) (string, bool) {
		if t == nil {
			return "", false
		}
		if m.field == nil && t == m.typ {
			return at, true
		}
		switch t.Kind { // kinds:partial: scalars hold no rows
		case model.Object:
			for _, f := range t.Fields {
				if m.field != nil && f == m.field {
					return at + "." + f.Name, true
				}
				if p, ok := walk(f.Type, at+"."+f.Name); ok {
					return p, true
				}
			}
		case model.Array:
			return walk(t.Elem, at+"[]")
		case model.Map:
			return walk(t.Elem, at+"{}")
		case model.Tuple:
			for i, it := range t.Items {
				if p, ok := walk(it, at+"["+strconv.Itoa(i)+"]"); ok {
					return p, true
				}
			}
		case model.Union:
			for i, v := range t.Variants {
				if p, ok := walk(v, at+"|"+strconv.Itoa(i)); ok {
					return p, true
				}
			}
		}
		return "", false
	}
	return walk(root, "")
}

// killsMutant says whether a fixture holds on the spec (its failures
// there are g.fails) and not on the mutant.
func (s *suite) killsMutant(g suggestion, j *mutantJudge) bool {
	if ok, _ := verdict(g.fixture(s), g.fails, s.roots[g.tg]); !ok {
		return false
	}
	return j.failsOn(g)
}

// Bounds on the fixtures already found that a survivor tries before one
// is made for it: every one would make suggest cubic in a tool's size
// (survivors × fixtures × the value judged). A fixture changed at or
// above or below one of the mutant's nodes is related; the others rarely
// kill it. Below the bounds (every spec of a few dozen rows a tool) all
// are tried, in order, as before.
const (
	maxRelatedTries   = 64
	maxUnrelatedTries = 16
)

// reuse finds, among the fixtures found so far for a target (verified on
// the spec when they were made), the first that kills mutant m.
func (s *suite) reuse(found []suggestion, m *mutant, tg target, failsOn func(suggestion) bool) (suggestion, bool) {
	if len(found) == 0 {
		return suggestion{}, false
	}
	var ptrs []string
	if len(found) > maxUnrelatedTries {
		for _, n := range m.nodes {
			if p := s.pathIn(tg, n); p != nil {
				ptrs = append(ptrs, p.pointer)
			}
		}
	}
	related, unrelated := 0, 0
	for _, g := range found {
		if len(found) > maxUnrelatedTries {
			if relatedPointer(g.changed, ptrs) {
				if related++; related > maxRelatedTries {
					continue
				}
			} else if unrelated++; unrelated > maxUnrelatedTries {
				continue
			}
		}
		if failsOn(g) {
			return g, true
		}
	}
	return suggestion{}, false
}

// relatedPointer reports whether p is at, above or below one of ptrs.
func relatedPointer(p string, ptrs []string) bool {
	for _, q := range ptrs {
		if p == q || strings.HasPrefix(q, p+"/") || strings.HasPrefix(p, q+"/") || p == "" || q == "" {
			return true
		}
	}
	return false
}

// maxFilled bounds the filled fixture tried first on a target.
const maxFilled = maxSuggestion / 2

// filledFixture is the first fixture tried on a target's survivors: an
// accept of a valid value with its optional rows filled in, as deep as
// fits in maxFilled bytes. One such line kills the "row dropped" mutant
// of every row it holds and the "enum value dropped" of every first
// value, where fixtures made one survivor at a time take a line each
// (a Stripe response takes a kilobyte).
func (s *suite) filledFixture(tg target) (suggestion, bool) {
	sch, err := s.schemaOf(tg)
	if err != nil {
		return suggestion{}, false
	}
	root := s.roots[tg]
	for depth := 8; depth > 0; depth-- {
		v, ok := filled(root, depth)
		if !ok {
			continue
		}
		text := jsonText(v)
		if len(text) > maxFilled {
			continue
		}
		fails, err := sch.Validate([]byte(text))
		if err != nil || len(fails) > 0 {
			continue
		}
		g := suggestion{tg: tg, value: text, accept: true}
		g.val = g.decoded()
		return g, true
	}
	return suggestion{}, false
}

// allOver says whether every target mutant m touches is over budget.
func allOver(m *mutant, over func(target) bool) bool {
	for _, tg := range m.touches {
		if !over(tg) {
			return false
		}
	}
	return len(m.touches) > 0
}

// overBudget is the reason of a survivor whose tools have spent
// ToolBudget: it stays a survivor, with no survives line.
const overBudget = "over the 16 KiB of fixtures --suggest makes a tool: not tried (run test-report after -w to see whether the fixtures written kill it; if not, it stays a survivor, which only --strict fails on)"

// synthesise makes a fixture for one mutant: for each target it touches
// (but those over says are over budget) and each changed node there, a
// valid value of the tool changed at that node, tried in order until one
// kills the mutant.
func (s *suite) synthesise(m *mutant, j *mutantJudge, over func(target) bool) (suggestion, string) {
	reason := "no one-place change of a valid value kills it (the mutant may accept exactly what the spec accepts)"
	for _, tg := range m.touches {
		if over(tg) {
			continue
		}
		root := s.roots[tg]
		if _, ok := minimal(root); !ok {
			reason = "no valid value of " + s.cat.Tools[tg.tool].Name + " could be made (a pattern this generator cannot satisfy, or a value over the 8 KiB a suggestion may take)"
			continue
		}
		if !j.compiles(tg) {
			reason = "the mutant's schema does not compile"
			continue
		}
		sch, err := s.schemaOf(tg)
		if err != nil {
			continue
		}
		for _, n := range m.nodes {
			path := s.pathIn(tg, n)
			if path == nil {
				continue
			}
			mn := apply(n, m.swap)
			for _, c := range candidates(n, mn) {
				v, ok := build(root, path.steps, c)
				if !ok {
					continue
				}
				text := jsonText(v)
				if len(text) > maxSuggestion {
					reason = "the smallest killing value is " + strconv.Itoa(len(text)) + " bytes long, over the " + strconv.Itoa(maxSuggestion) + " bytes a fixture in a spec may take"
					continue
				}
				if g, ok := s.tryValue(tg, text, path.pointer, sch, j); ok {
					g.changed = path.pointer
					return g, ""
				}
			}
		}
	}
	return suggestion{}, reason
}

// tryValue makes the fixture of a value (accept if the spec accepts it,
// else reject because one of its failures, preferring a failure at the
// changed node) and keeps it if it kills the mutant.
func (s *suite) tryValue(tg target, text, at string, sch *validate.Schema, j *mutantJudge) (suggestion, bool) {
	fails, err := sch.Validate([]byte(text))
	if err != nil {
		return suggestion{}, false
	}
	g := suggestion{tg: tg, value: text, fails: fails}
	g.val = g.decoded()
	if len(fails) == 0 {
		g.accept = true
		return g, s.killsMutant(g, j)
	}
	// Failures at the node first, then below it, then the rest.
	rank := func(f validate.Failure) int {
		switch {
		case f.At == at:
			return 0
		case strings.HasPrefix(f.At, at+"/"):
			return 1
		case strings.HasPrefix(at, f.At+"/") || f.At == "":
			return 2
		}
		return 3
	}
	slices.SortStableFunc(fails, func(a, b validate.Failure) int { return rank(a) - rank(b) })
	for _, f := range fails {
		for _, p := range pointersFor(f, []byte(text), s.roots[tg]) {
			g.because, g.at = f.Keyword, &p
			if s.killsMutant(g, j) {
				return g, true
			}
		}
	}
	return suggestion{}, false
}

// pointersFor are the `at` pointers that name a failure, the property's
// own first for required and additionalProperties (the way authors write
// them; see atMatches).
func pointersFor(f validate.Failure, value []byte, root *model.Type) []string {
	var out []string
	if f.Keyword == "required" || f.Keyword == "additionalProperties" {
		for _, n := range propertyNames(f, value, root) {
			out = append(out, f.At+"/"+escapePointer(n))
		}
	}
	return append(out, f.At)
}

// step is one step from a type to a node below it.
type step struct {
	field string // an object's row
	elem  bool   // an array's items or a map's values
	item  int    // a tuple's member, or a union's variant, when neither of the above
	// variant is a union's variant item: the value is the variant's own,
	// at the same place.
	variant bool
}

type path struct {
	steps   []step
	pointer string // the JSON pointer of the node in the built value
}

// pathTo finds node under root, or nil.
func pathTo(root, node *model.Type) *path {
	var walk func(t *model.Type, p path) *path
	walk = func(t *model.Type, p path) *path {
		if t == nil {
			return nil
		}
		if t == node {
			return &p
		}
		next := func(st step, ptr string, c *model.Type) *path {
			if st.variant {
				return walk(c, path{append(slices.Clone(p.steps), st), p.pointer})
			}
			return walk(c, path{append(slices.Clone(p.steps), st), p.pointer + "/" + ptr})
		}
		switch t.Kind {
		case model.Object:
			for _, f := range t.Fields {
				if r := next(step{field: f.Name}, escapePointer(f.Name), f.Type); r != nil {
					return r
				}
			}
		case model.Array:
			return next(step{elem: true}, "0", t.Elem)
		case model.Map:
			return next(step{elem: true}, mapKey(0), t.Elem)
		case model.Tuple:
			for i, it := range t.Items {
				if r := next(step{item: i}, strconv.Itoa(i), it); r != nil {
					return r
				}
			}
		case model.Union:
			for i, v := range t.Variants {
				if r := next(step{item: i, variant: true}, "", v); r != nil {
					return r
				}
			}
		case model.String, model.Integer, model.Number, model.Boolean, model.Any, model.Enum:
			// No children.
		}
		return nil
	}
	return walk(root, path{})
}

// pathIn is pathTo(s.roots[tg], node), from one walk of the target
// made the first time it is asked: a survivor asked it with a walk of
// the whole tool, and a tool of a thousand schemas has thousands of
// survivors. TestPathInMatchesPathTo holds the two equal.
func (s *suite) pathIn(tg target, node *model.Type) *path {
	if s.paths == nil {
		s.paths = map[target]map[*model.Type]*path{}
	}
	ps, ok := s.paths[tg]
	if !ok {
		ps = pathsIn(s.roots[tg])
		s.paths[tg] = ps
	}
	return ps[node]
}

// pathsIn maps every type under root to pathTo(root, type): the first
// place it has in the same walk. A type met again is not walked again:
// every type below it already has its first place.
func pathsIn(root *model.Type) map[*model.Type]*path {
	out := map[*model.Type]*path{}
	var walk func(t *model.Type, p path)
	walk = func(t *model.Type, p path) {
		if t == nil {
			return
		}
		if _, seen := out[t]; seen {
			return
		}
		out[t] = &p
		next := func(st step, ptr string, c *model.Type) {
			if st.variant {
				walk(c, path{append(slices.Clone(p.steps), st), p.pointer})
				return
			}
			walk(c, path{append(slices.Clone(p.steps), st), p.pointer + "/" + ptr})
		}
		switch t.Kind {
		case model.Object:
			for _, f := range t.Fields {
				next(step{field: f.Name}, escapePointer(f.Name), f.Type)
			}
		case model.Array:
			next(step{elem: true}, "0", t.Elem)
		case model.Map:
			next(step{elem: true}, mapKey(0), t.Elem)
		case model.Tuple:
			for i, it := range t.Items {
				next(step{item: i}, strconv.Itoa(i), it)
			}
		case model.Union:
			for i, v := range t.Variants {
				next(step{item: i, variant: true}, "", v)
			}
		case model.String, model.Integer, model.Number, model.Boolean, model.Any, model.Enum:
			// No children.
		}
	}
	walk(root, path{})
	return out
}

// build is a minimal valid value of t with leaf at the end of the steps:
// optional rows on the way are filled in, arrays get the leaf as their
// first item.
func build(t *model.Type, steps []step, leaf any) (any, bool) {
	if len(steps) == 0 {
		return leaf, true
	}
	st := steps[0]
	switch t.Kind {
	case model.Object:
		f := t.Field(st.field)
		if f == nil {
			return nil, false
		}
		base, ok := minimal(t)
		obj, isObj := base.(jobj)
		if !ok || !isObj {
			obj = jobj{}
		}
		v, ok := build(f.Type, steps[1:], leaf)
		if !ok {
			return nil, false
		}
		// Keep row order: members of the minimal value, with f in its place.
		out := jobj{}
		for _, g := range t.Fields {
			if g == f {
				out = append(out, jmember{g.Name, v})
				continue
			}
			for _, m := range obj {
				if m.key == g.Name {
					out = append(out, m)
				}
			}
		}
		return out, true
	case model.Array:
		v, ok := build(t.Elem, steps[1:], leaf)
		if !ok {
			return nil, false
		}
		arr, ok := distinct(t.Elem, countOf(t.Min), t.Unique, v)
		return arr, ok
	case model.Map:
		v, ok := build(t.Elem, steps[1:], leaf)
		if !ok {
			return nil, false
		}
		return mapOf(t.Elem, countOf(t.Min), v)
	case model.Tuple:
		arr := make([]any, len(t.Items))
		for i, it := range t.Items {
			var ok bool
			if i == st.item {
				arr[i], ok = build(it, steps[1:], leaf)
			} else {
				arr[i], ok = minimal(it)
			}
			if !ok {
				return nil, false
			}
		}
		return arr, true
	case model.Union:
		// The value is the variant's: the leaf is placed in it.
		if st.item < len(t.Variants) {
			return build(t.Variants[st.item], steps[1:], leaf)
		}
	case model.String, model.Integer, model.Number, model.Boolean, model.Any, model.Enum:
		// No children to go down into.
	}
	return nil, false
}

// candidates are values of node n to try against its mutant mn, the ones
// about what the mutant changed first: the value just past a changed
// bound, the dropped or added enum value, null, an extra property, a
// missing or added row, ... then every other one-place change of n's
// minimal value, for operators this list does not know.
func candidates(n, mn *model.Type) []any {
	return append(childCandidates(n, mn), nodeCandidates(n, mn)...)
}

// childCandidates are, for a mutant that changed a node below n (apply
// copies only the path to what it changed, so a child whose type is not
// the spec's is on that path), that child's candidates placed in n's
// minimal value; a variant's are the union's own value, at its place. A
// mutant of a union swaps the union, so what it changed inside a
// variant's row is reached from the variant down.
func childCandidates(n, mn *model.Type) []any {
	if n.Kind != mn.Kind {
		return nil
	}
	if n.Kind == model.Union {
		var out []any
		if len(n.Variants) == len(mn.Variants) {
			for i, v := range n.Variants {
				if mv := mn.Variants[i]; mv != v {
					out = append(out, candidates(v, mv)...)
				}
			}
		}
		return out
	}
	base, ok := minimal(n)
	if !ok {
		return nil
	}
	var out []any
	switch n.Kind { // kinds:partial: scalars have no children; unions are above
	case model.Object:
		obj, isObj := base.(jobj)
		if !isObj || len(n.Fields) != len(mn.Fields) {
			return nil
		}
		for i, f := range n.Fields {
			if mf := mn.Fields[i]; mf.Type != f.Type && mf.Name == f.Name {
				for _, c := range candidates(f.Type, mf.Type) {
					out = append(out, obj.with(f.Name, c))
				}
			}
		}
	case model.Array, model.Map:
		if mn.Elem == n.Elem {
			return nil
		}
		for _, c := range candidates(n.Elem, mn.Elem) {
			switch b := base.(type) {
			case []any:
				out = append(out, append([]any{c}, b[min(1, len(b)):]...))
			case jobj:
				key := mapKey(0)
				if len(b) > 0 {
					key = b[0].key
				}
				out = append(out, b.with(key, c))
			}
		}
	case model.Tuple:
		arr, isArr := base.([]any)
		if !isArr || len(n.Items) != len(mn.Items) || len(arr) != len(n.Items) {
			return nil
		}
		for i, it := range n.Items {
			if mn.Items[i] == it {
				continue
			}
			for _, c := range candidates(it, mn.Items[i]) {
				out = append(out, append(append(slices.Clone(arr[:i]), c), arr[i+1:]...))
			}
		}
	}
	return out
}

// nodeCandidates is candidates of a node as a whole.
func nodeCandidates(n, mn *model.Type) []any {
	base, ok := minimal(n)
	if !ok {
		return nil
	}
	var first, rest []any
	add := func(relevant bool, vs ...any) {
		if relevant {
			first = append(first, vs...)
		} else {
			rest = append(rest, vs...)
		}
	}
	numDiff := func(a, b *model.Num) bool { return (a == nil) != (b == nil) || a != nil && a.Cmp(b) != 0 }
	minChanged, maxChanged := numDiff(n.Min, mn.Min), numDiff(n.Max, mn.Max)

	switch n.Kind { // kinds:partial: values about what a mutant of these kinds changes; every kind gets the generic ones below
	case model.String:
		if n.Min != nil {
			if s, ok := stringValue(n, countOf(n.Min)-1); ok {
				add(minChanged, s)
			} else if countOf(n.Min) > 0 {
				add(minChanged, strings.Repeat("a", countOf(n.Min)-1))
			}
		}
		if n.Max != nil {
			if s, ok := stringValue(n, countOf(n.Max)+1); ok {
				add(maxChanged, s)
			} else {
				add(maxChanged, strings.Repeat("a", countOf(n.Max)+1))
			}
		}
		if n.Format != "" && mn.Format != n.Format {
			// No asserted format takes a run of "!".
			add(true, strings.Repeat("!", naturalLength(n)))
		}
		if n.Pattern != nil {
			if s, ok := nonMatching(n); ok {
				add(mn.Pattern == nil || *mn.Pattern != *n.Pattern, s)
			}
		}
	case model.Integer, model.Number:
		one := big.NewRat(1, 1)
		if n.Min != nil {
			add(minChanged, ratNumber(new(big.Rat).Sub(n.Min.Rat, one)))
		}
		if n.Max != nil {
			add(maxChanged, ratNumber(new(big.Rat).Add(n.Max.Rat, one)))
		}
		if n.ExclusiveMin != nil {
			add(numDiff(n.ExclusiveMin, mn.ExclusiveMin), ratNumber(n.ExclusiveMin.Rat), ratNumber(new(big.Rat).Sub(n.ExclusiveMin.Rat, one)))
		}
		if n.ExclusiveMax != nil {
			add(numDiff(n.ExclusiveMax, mn.ExclusiveMax), ratNumber(n.ExclusiveMax.Rat), ratNumber(new(big.Rat).Add(n.ExclusiveMax.Rat, one)))
		}
		if r, ok := numberRat(base); ok {
			half := big.NewRat(1, 2)
			if n.MultipleOf != nil {
				changed := numDiff(n.MultipleOf, mn.MultipleOf)
				step := new(big.Rat).Mul(n.MultipleOf.Rat, half)
				add(changed, ratNumber(new(big.Rat).Add(r, step)), ratNumber(new(big.Rat).Sub(r, step)))
				if mn.MultipleOf != nil {
					add(changed, ratNumber(new(big.Rat).Add(r, mn.MultipleOf.Rat)), ratNumber(new(big.Rat).Sub(r, mn.MultipleOf.Rat)))
				}
				add(changed, ratNumber(new(big.Rat).Add(r, one)))
			}
			if n.Kind == model.Integer {
				add(mn.Kind != n.Kind, ratNumber(new(big.Rat).Add(r, half)), ratNumber(new(big.Rat).Sub(r, half)))
			}
		}
	case model.Enum:
		for _, v := range n.Enum {
			add(!slices.Contains(mn.Enum, v), enumValue(v))
		}
		for _, v := range mn.Enum {
			if !slices.Contains(n.Enum, v) {
				add(true, enumValue(v))
			}
		}
	case model.Array:
		if n.Min != nil && countOf(n.Min) > 0 {
			if arr, ok := distinct(n.Elem, countOf(n.Min)-1, n.Unique); ok {
				add(minChanged, arr)
			}
		}
		if n.Max != nil {
			// A reject because maxItems holds whatever the items are: the
			// cheapest array past the bound is of zeros, one byte each.
			// Valid items come first when they cost no more.
			k := countOf(n.Max) + 1
			arr, ok := distinct(n.Elem, k, n.Unique)
			if zeros := cheapest(k); !ok || len(jsonText(zeros)) < len(jsonText(arr)) {
				add(maxChanged, zeros)
			}
			if ok {
				add(maxChanged, arr)
			}
		}
		if n.Unique {
			if v, ok := minimal(n.Elem); ok {
				dup, ok := distinct(n.Elem, max(countOf(n.Min), 2)-1, true, v)
				if ok || len(dup) > 0 {
					add(!mn.Unique, append(dup, v))
				}
			}
		}
	case model.Map:
		if n.Min != nil && countOf(n.Min) > 0 {
			if obj, ok := mapOf(n.Elem, countOf(n.Min)-1); ok {
				add(minChanged, obj)
			}
		}
		if n.Max != nil {
			// As for arrays: members of value 0 when cheaper.
			k := countOf(n.Max) + 1
			obj, ok := mapOf(n.Elem, k)
			if zeros, zok := cheapestMap(k); zok && (!ok || len(jsonText(zeros)) < len(jsonText(obj))) {
				add(maxChanged, zeros)
			}
			if ok {
				add(maxChanged, obj)
			}
		}
	case model.Tuple:
		arr, _ := base.([]any)
		if len(arr) > 0 {
			add(len(mn.Items) != len(n.Items), slices.Clone(arr[:len(arr)-1]))
		}
		if len(arr) > 0 {
			add(len(mn.Items) != len(n.Items), append(slices.Clone(arr), arr[len(arr)-1]))
		}
	case model.Object:
		obj, _ := base.(jobj)
		for _, f := range n.Fields {
			g := mn.Field(f.Name)
			dropped := g == nil
			flipped := g != nil && g.Required != f.Required
			if f.Required {
				add(flipped, obj.without(f.Name))
			}
			if v, ok := minimal(f.Type); ok {
				add(dropped || flipped, obj.with(f.Name, v))
			}
			if !f.Required {
				add(flipped, obj)
			}
			for _, w := range wrongTypes(f.Type) {
				add(dropped && mn.Open, obj.with(f.Name, w))
			}
		}
		if !n.Open {
			add(mn.Open, obj.with(extraName(n), true))
		}
	}
	if !n.Nullable && n.Kind != model.Any {
		add(mn.Nullable, nil)
	}
	if n.Nullable && !mn.Nullable {
		add(true, nil)
	}
	add(false, base)
	add(false, wrongTypes(n)...)
	return append(first, rest...)
}

// maxCheapest bounds the containers cheapest builds: past a suggestion's
// size they are only measured, to say how long the fixture would be.
const maxCheapest = 1 << 20

// cheapest is the cheapest array of n items: n zeros (nil past
// maxCheapest).
func cheapest(n int) []any {
	if n > maxCheapest {
		return nil
	}
	arr := make([]any, n)
	for i := range arr {
		arr[i] = json.Number("0")
	}
	return arr
}

// cheapestMap is the cheapest map of n members: keys "a", "b", ... (see
// mapKey), each value 0.
func cheapestMap(n int) (any, bool) {
	if n > maxCheapest {
		return nil, false
	}
	obj := jobj{}
	for i := 0; i < n; i++ {
		obj = append(obj, jmember{mapKey(i), json.Number("0")})
	}
	return obj, true
}

// wrongTypes are values of other JSON types than t's.
func wrongTypes(t *model.Type) []any {
	var out []any
	for _, v := range []any{true, json.Number("0"), "a", []any{}, jobj{}} {
		if !sameJSONType(t, v) {
			out = append(out, v)
		}
	}
	return out
}

func sameJSONType(t *model.Type, v any) bool {
	switch v.(type) {
	case bool:
		return t.Kind == model.Boolean || t.Kind == model.Any
	case json.Number:
		return t.Kind == model.Integer || t.Kind == model.Number || t.Kind == model.Any || t.Kind == model.Enum && t.Enum[0].IsInt
	case string:
		return t.Kind == model.String || t.Kind == model.Any || t.Kind == model.Enum && !t.Enum[0].IsInt
	case []any:
		return t.Kind == model.Array || t.Kind == model.Tuple || t.Kind == model.Any
	}
	return t.Kind == model.Object || t.Kind == model.Map || t.Kind == model.Any
}

// extraName is a member name an object has no row for.
func extraName(t *model.Type) string {
	name := "extra"
	for t.Field(name) != nil {
		name += "_"
	}
	return name
}
