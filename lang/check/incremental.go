package check

import (
	"maps"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/toolspec/toolspec/internal/mangle"
	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// Cache keeps what checking found in each declaration of one document, for
// an editor that checks the document again after every edit
// (compile.Options.CheckCache): a declaration whose tree is the one it was
// checked as (parser.Cache hands out the same tree while its text does not
// change) is not checked again, unless what it depends on changed:
//
//   - a tool depends on the groups, when it uses one (any group changed,
//     or moved: every such tool is checked again), and on whether its
//     name is among the declarations that did not parse;
//   - a test or an acknowledgment on the tools it names (their checked
//     model), and, when it names one that does not exist, on the names of
//     all tools (its did-you-mean);
//   - the groups are checked together, again whenever one of them changed
//     or moved.
//
// What spans declarations (repeated names, mangled names that collide,
// groups no one uses) is checked every time, over the declarations'
// results. A reused declaration's diagnostics and model are moved by the
// lines and bytes its tree moved (a line number in a message with them).
//
// The result is the same as Check's. A Cache serves one Config.SchemaOf
// (whether values are checked); the catalog of a check must not be used
// after the next check with the same Cache (its positions are moved in
// place).
type Cache struct {
	values bool // the units were checked with Config.SchemaOf
	// prev holds the units of the last check; next those of this one,
	// keyed by their declaration's tree (*ast.Tool, *ast.Test,
	// *ast.Survives).
	prev, next map[any]*unit
	groups     *groupStage

	// names are the tools' names (then those that did not parse) at the
	// last check, and namesVersion counts their changes.
	names        []string
	namesVersion int

	patterns map[string]patternVerdict
	// compiled holds the row schemas compiled for values, by their text.
	compiled map[string]*validate.Schema
}

func (k *Cache) begin(cfg Config) {
	if values := cfg.SchemaOf != nil; values != k.values || k.prev == nil {
		*k = Cache{values: values, prev: map[any]*unit{}, patterns: k.patterns}
	}
	k.next = make(map[any]*unit, len(k.prev))
}

// end keeps this check's units and drops the others.
func (k *Cache) end() { k.prev, k.next = k.next, nil }

// take returns the unit of the declaration d from the last check, if any;
// the caller checks that it is still good.
func (k *Cache) take(d any) *unit {
	u := k.prev[d]
	if u != nil {
		delete(k.prev, d)
	}
	return u
}

func (k *Cache) put(d any, u *unit) { k.next[d] = u }

// nameTools notes the names a did-you-mean offers for a tool, counting a
// change.
func (k *Cache) nameTools(tools []*model.Tool, unparsed map[string]bool) {
	names := make([]string, 0, len(tools)+len(unparsed)+1)
	for _, t := range tools {
		names = append(names, t.Name)
	}
	names = append(names, "\x00") // tools | unparsed
	start := len(names)
	for n := range unparsed {
		names = append(names, n)
	}
	slices.Sort(names[start:])
	if !slices.Equal(names, k.names) {
		k.names = names
		k.namesVersion++
	}
}

// unit is what checking one declaration found.
type unit struct {
	// at is where the declaration started, end the offset of its last
	// byte, when the positions below were set.
	at  token.Pos
	end int

	diags token.List
	lines []lineReport // the diagnostics whose messages name a line here
	// broken are the types with an error of their own or below them.
	broken []*model.Type

	// Exactly one of these is set (survives may be nil: it names no tool).
	tool     *model.Tool
	test     *model.Test
	survives *model.Survives

	// For a tool: usesGroups says it has a `use`, groups is the version
	// of the groups it was checked with (0: it uses none), used names the
	// groups it uses, unparsed whether its name was among the
	// declarations that did not parse.
	usesGroups bool
	groups     int
	used       []string
	unparsed   bool
	// For a tool in the catalog: its defaults' and examples' diagnostics
	// (when valuesDone), the group rows at its top level, its mangled
	// names (by mangle.Backends).
	values     token.List
	valuesDone bool
	groupRoots []*model.Field
	mangles    []string

	// For a test or acknowledgment: the tools it names, as found, and,
	// when one was not found, the version of the tool names it was
	// checked with (0: every one was found).
	refs  []toolRef
	names int
}

type toolRef struct {
	name string
	tool *model.Tool
}

// mangled is the tool's name as mangle.Backends[i] mangles it.
func (u *unit) mangled(i int) string {
	if u.mangles == nil {
		u.mangles = make([]string, len(mangle.Backends))
		for j, b := range mangle.Backends {
			u.mangles[j] = b.Mangle(u.tool.Name)
		}
	}
	return u.mangles[i]
}

// line is a line of the declaration being checked, in a message: it moves
// with the declaration (see Cache).
type line int

// lineReport is how diagnostic at was made, to make it again when its
// lines move.
type lineReport struct {
	at   int
	def  *diag.Def
	args []any
}

// markBroken notes that t has an error of its own or below it.
func (c *checker) markBroken(t *model.Type) {
	c.broken[t] = true
	if c.cur != nil {
		c.cur.broken = append(c.cur.broken, t)
	} else {
		c.stageBroken = append(c.stageBroken, t)
	}
}

// lookupTool finds a tool of the catalog by name for the declaration
// being checked, noting what it found.
func (c *checker) lookupTool(name string) (*model.Tool, bool) {
	t, ok := c.tools[name]
	if u := c.cur; u != nil {
		if !ok {
			u.names = c.cache.namesVersion
		}
		// Fixtures of one tool tend to follow each other: a name is
		// kept again only after another.
		if n := len(u.refs); n == 0 || u.refs[n-1].name != name {
			u.refs = append(u.refs, toolRef{name, t})
		}
	}
	return t, ok
}

// start begins checking the declaration of u; finish ends it.
func (c *checker) start(u *unit) (diags, lines int) {
	c.cur = u
	return len(c.diags), len(c.lines)
}

func (c *checker) finish(u *unit, diags, lines int) {
	u.diags = slices.Clone(c.diags[diags:])
	for _, r := range c.lines[lines:] {
		r.at -= diags
		u.lines = append(u.lines, r)
	}
	c.lines = c.lines[:lines]
	c.cur = nil
}

// reuse takes u's results for a declaration that now starts at at,
// moving them there; move moves its model.
func (c *checker) reuse(u *unit, at token.Pos, end int, move func(lines, bytes int)) {
	if dl, db := at.Line-u.at.Line, at.Offset-u.at.Offset; dl != 0 || db != 0 {
		u.moveDiags(dl, db)
		if move != nil {
			move(dl, db)
		}
		u.at, u.end = at, end
	}
	c.diags = append(c.diags, u.diags...)
	for _, t := range u.broken {
		c.broken[t] = true
	}
}

// same reports whether a declaration at at can take u's results: it
// starts in the same file at the same column (so every position in it
// moved alike).
func (u *unit) same(at token.Pos) bool {
	return u.at.Filename == at.Filename && u.at.Column == at.Column
}

// moveDiags moves the diagnostics placed in the declaration (not those
// it reports in a group it uses) by lines and bytes.
func (u *unit) moveDiags(lines, bytes int) {
	for _, l := range []token.List{u.diags, u.values} {
		for i := range l {
			if p := &l[i].Pos; p.Offset >= u.at.Offset && p.Offset <= u.end {
				p.Line += lines
				p.Offset += bytes
			}
		}
	}
	for _, r := range u.lines {
		for i, a := range r.args {
			if n, ok := a.(line); ok {
				r.args[i] = n + line(lines)
			}
		}
		u.diags[r.at].Msg = r.def.New(u.diags[r.at].Pos, r.args...).Msg
	}
}

// endOf is the offset in the file of the closing brace c of a
// declaration with base b.
func endOf(b ast.Base, c *ast.Close) int {
	if c == nil {
		return math.MaxInt
	}
	return b.Pos(c.Pos).Offset
}

// toolUnit checks a tool, or takes its last results.
func (c *checker) toolUnit(d *ast.Tool) *unit {
	k := c.cache
	at := d.Base.Pos(d.Pos)
	if u := k.take(d); u != nil && u.same(at) && (u.groups == 0 || u.groups == k.groups.version) && u.unparsed == c.unparsed.Tools[u.tool.Name] {
		c.reuse(u, at, endOf(d.Base, d.Close), func(lines, bytes int) { moveTool(u.tool, lines, bytes) })
		k.put(d, u)
		return u
	}
	if u := c.checked[d]; u != nil {
		// Checked beforehand, in parallel (checkTools): as if now.
		c.diags = append(c.diags, u.diags...)
		for _, t := range u.broken {
			c.broken[t] = true
		}
		k.put(d, u)
		return u
	}
	u := c.checkTool(d)
	k.put(d, u)
	return u
}

// checkTool checks the tool d into a new unit.
func (c *checker) checkTool(d *ast.Tool) *unit {
	u := &unit{at: d.Base.Pos(d.Pos), end: endOf(d.Base, d.Close)}
	diags, lines := c.start(u)
	u.tool = c.tool(d)
	c.finish(u, diags, lines)
	u.unparsed = c.unparsed.Tools[u.tool.Name]
	if u.usesGroups {
		u.groups = c.cache.groups.version
	}
	for _, typ := range []*model.Type{u.tool.Input, u.tool.Output} {
		if typ != nil {
			for _, f := range typ.Fields {
				if f.Group != "" {
					u.groupRoots = append(u.groupRoots, f)
				}
			}
		}
	}
	return u
}

// parallelTools is how many tools a check with nothing cached has before
// it checks them on every core (checkTools).
var parallelTools = 256

// checkTools checks the tools of decls on every core, into c.checked,
// when nothing is cached (a one-shot command, an editor's first check)
// and they are many. Each tool's check reads only the groups (expanded
// by groupStage, before) and the declarations that did not parse; each
// worker has its own diagnostics, arena, broken types and pattern
// verdicts. toolUnit then takes the units in source order, so the
// diagnostics, the broken types and the catalog are those of checking
// them one after the other.
func (c *checker) checkTools(decls []*ast.Decl) {
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || len(c.cache.prev) > 0 {
		return
	}
	var tools []*ast.Tool
	for _, d := range decls {
		if d.Tool != nil {
			tools = append(tools, d.Tool)
		}
	}
	if len(tools) < parallelTools {
		return
	}
	units := make([]*unit, len(tools))
	checkers := make([]*checker, workers)
	const batch = 32
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range checkers {
		wc := &checker{
			groups:    c.groups,
			groupList: c.groupList,
			unparsed:  c.unparsed,
			schemaOf:  c.schemaOf,
			broken:    map[*model.Type]bool{},
			cache:     &Cache{groups: c.cache.groups, patterns: maps.Clone(c.cache.patterns)},
		}
		checkers[w] = wc
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := int(next.Add(batch)) - batch
				if lo >= len(tools) {
					return
				}
				for i := lo; i < min(lo+batch, len(tools)); i++ {
					units[i] = wc.checkTool(tools[i])
				}
			}
		}()
	}
	wg.Wait()
	c.checked = make(map[*ast.Tool]*unit, len(tools))
	for i, d := range tools {
		c.checked[d] = units[i]
	}
	for _, wc := range checkers {
		for p, v := range wc.cache.patterns {
			if c.cache.patterns == nil {
				c.cache.patterns = map[string]patternVerdict{}
			}
			c.cache.patterns[p] = v
		}
	}
}

// refsHold reports whether the tools u names are still the ones it found.
func (c *checker) refsHold(u *unit) bool {
	if u.names != 0 && u.names != c.cache.namesVersion {
		return false
	}
	for _, r := range u.refs {
		if c.tools[r.name] != r.tool {
			return false
		}
	}
	return true
}

func (c *checker) testUnit(d *ast.Test) *unit {
	k := c.cache
	at := d.Base.Pos(d.Pos)
	if u := k.take(d); u != nil && u.same(at) && c.refsHold(u) {
		c.reuse(u, at, endOf(d.Base, d.Close), func(lines, bytes int) {
			moveTo(&u.test.Pos, lines, bytes)
			for _, f := range u.test.Fixtures {
				moveTo(&f.Pos, lines, bytes)
			}
		})
		k.put(d, u)
		return u
	}
	u := &unit{at: at, end: endOf(d.Base, d.Close)}
	diags, lines := c.start(u)
	u.test = c.test(d)
	c.finish(u, diags, lines)
	k.put(d, u)
	return u
}

func (c *checker) survivesUnit(d *ast.Survives) *unit {
	k := c.cache
	at := d.Base.Pos(d.Pos)
	if u := k.take(d); u != nil && u.same(at) && c.refsHold(u) {
		c.reuse(u, at, math.MaxInt, func(lines, bytes int) {
			if u.survives != nil {
				moveTo(&u.survives.Pos, lines, bytes)
			}
		})
		k.put(d, u)
		return u
	}
	u := &unit{at: at, end: math.MaxInt}
	diags, lines := c.start(u)
	u.survives = c.survives(d)
	c.finish(u, diags, lines)
	k.put(d, u)
	return u
}

func moveTo(p *token.Pos, lines, bytes int) {
	p.Line += lines
	p.Offset += bytes
}

// moveTool moves the positions of a tool's model, but not those of the
// rows it has from groups (they are the group's).
func moveTool(t *model.Tool, lines, bytes int) {
	moveTo(&t.Pos, lines, bytes)
	if t.Endpoint != nil {
		moveTo(&t.Endpoint.Pos, lines, bytes)
	}
	moveType(t.Input, lines, bytes)
	moveType(t.Output, lines, bytes)
}

func moveType(t *model.Type, lines, bytes int) {
	if t == nil {
		return
	}
	moveTo(&t.Pos, lines, bytes)
	moveType(t.Elem, lines, bytes)
	for _, it := range t.Items {
		moveType(it, lines, bytes)
	}
	for _, v := range t.Variants {
		moveType(v, lines, bytes)
	}
	for _, f := range t.Fields {
		if f.Group == "" {
			moveTo(&f.Pos, lines, bytes)
			moveType(f.Type, lines, bytes)
		}
	}
}

// groupStage is what checking the groups found: they are checked together
// (a group's rows are those of the groups it uses, cycles span groups).
type groupStage struct {
	// decls and at are the groups' trees and where each started; unparsed
	// the groups that did not parse, sorted.
	decls    []*ast.Group
	at       []token.Pos
	unparsed []string
	version  int

	groups map[string]*groupInfo
	list   []*groupInfo
	diags  token.List
	broken []*model.Type
	// values holds the diagnostics of the defaults and examples of the
	// group rows that tools hold at their top level, each checked once.
	values map[*model.Field]token.List
}

// groupStage checks the groups, or takes the last check's when none of
// them changed or moved.
func (c *checker) groupStage(decls []*ast.Decl) {
	k := c.cache
	var groups []*ast.Group
	var at []token.Pos
	for _, d := range decls {
		if d.Group != nil {
			groups = append(groups, d.Group)
			at = append(at, d.Group.Base.Pos(d.Group.Pos))
		}
	}
	var unparsed []string
	for n := range c.unparsed.Groups {
		unparsed = append(unparsed, n)
	}
	slices.Sort(unparsed)
	if s := k.groups; s != nil && slices.Equal(s.decls, groups) && slices.Equal(s.at, at) && slices.Equal(s.unparsed, unparsed) {
		c.groups, c.groupList = s.groups, s.list
		c.diags = append(c.diags, s.diags...)
		for _, t := range s.broken {
			c.broken[t] = true
		}
		return
	}
	s := &groupStage{decls: groups, at: at, unparsed: unparsed, version: 1, values: map[*model.Field]token.List{}}
	if k.groups != nil {
		s.version = k.groups.version + 1
	}
	k.groups = s
	start := len(c.diags)
	c.groups = map[string]*groupInfo{}
	c.groupList = nil
	c.stageBroken = nil
	for _, g := range groups {
		name := g.Name.Value()
		if prev, ok := c.groups[name]; ok {
			c.base = g.Base
			c.report(diag.GroupRepeated, g.Pos, quoteName(name), prev.decl.Base.Pos(prev.decl.Pos).Line)
			continue
		}
		info := &groupInfo{decl: g, cyclic: map[*ast.Use]bool{}}
		c.groups[name] = info
		c.groupList = append(c.groupList, info)
	}
	c.findCycles()
	for _, g := range c.groupList {
		c.expandGroup(g)
	}
	s.groups, s.list = c.groups, c.groupList
	s.diags = slices.Clone(c.diags[start:])
	s.broken = c.stageBroken
	c.lines = c.lines[:0]
}
