package check

import (
	"fmt"
	"github.com/toolspec/toolspec/internal/mangle"
	"regexp"
	"strings"

	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/clients"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/model"
)

var (
	toolNameRx     = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,128}$`)
	toolNameStrict = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
)

// Result is what checking gives.
type Result struct {
	// Catalog is the checked model. It is always built, so later checks can
	// run on the parts that are sound, but it is only fit to emit when Diags
	// has no errors. SpecHash is left empty for the caller to fill in.
	Catalog *model.Catalog
	Diags   token.List
	// Broken holds the types that have an error of their own or below them.
	Broken map[*model.Type]bool
}

// Config is what checking needs from outside lang.
type Config struct {
	// SchemaOf appends the JSON Schema of a type as every backend emits it
	// to dst and returns the extended slice (gen/schema.AppendType).
	// Defaults and examples are checked against it; when it is nil they
	// are not (lang cannot import gen: see values).
	SchemaOf func(dst []byte, t *model.Type) []byte
	// Unparsed names the declarations that had syntax errors, when the
	// tree is the part of a file that parsed (parser.Result.Partial).
	Unparsed Unparsed
}

// Unparsed names the declarations of a file that had syntax errors: the
// tree holds the others. Checking them reports their own errors, and
// nothing that follows from the missing ones (a test of a tool that did
// not parse, a use of such a group, a group only such a tool used). Its
// catalog is never fit to emit.
type Unparsed struct {
	Tools, Groups map[string]bool
}

func (u Unparsed) any() bool { return len(u.Tools)+len(u.Groups) > 0 }

// Check checks a parsed spec, without checking defaults and examples
// against their rows (see Config). Diagnostics are sorted.
func Check(f *ast.File) Result { return Config{}.Check(f) }

// Check checks a parsed spec. Diagnostics are sorted.
func (cfg Config) Check(f *ast.File) Result { return cfg.CheckCached(f, nil) }

// CheckCached is Check taking what did not change since the last check
// with k from k (see Cache). The result is the same as Check's. A nil k is
// Check.
func (cfg Config) CheckCached(f *ast.File, k *Cache) Result {
	if k == nil {
		k = new(Cache)
	}
	k.begin(cfg)
	c := &checker{
		broken:   map[*model.Type]bool{},
		unparsed: cfg.Unparsed,
		cache:    k,
		schemaOf: cfg.SchemaOf,
	}
	cat := c.file(f)
	k.end()
	return Result{Catalog: cat, Diags: c.diags.Sort(), Broken: c.broken}
}

type checker struct {
	diags     token.List
	groups    map[string]*groupInfo
	groupList []*groupInfo
	tools     map[string]*model.Tool
	broken    map[*model.Type]bool
	unparsed  Unparsed
	schemaOf  func([]byte, *model.Type) []byte

	// base is the Base of the declaration whose nodes are being checked
	// (ast.Position): report and at place their positions with it.
	base ast.Base

	// cache holds each declaration's results (incremental.go); cur is the
	// declaration being checked, if it is one a Cache keeps.
	cache *Cache
	cur   *unit
	// stageBroken are the broken types of the groups (see markBroken).
	stageBroken []*model.Type
	// lines are the reports whose messages name a line of the declaration
	// being checked (see line).
	lines []lineReport

	// errors counts the errors among diags[:counted]; see errorCount.
	errors, counted int

	// Rows, their types and bounds come from the catalog's arena.
	arena model.Arena

	// checked are the tools' units checked beforehand (checkTools).
	checked map[*ast.Tool]*unit
}

// errorCount counts the errors reported so far. diags only grows until
// Check sorts it, so it counts only what was added since the last call.
func (c *checker) errorCount() int {
	for _, d := range c.diags[c.counted:] {
		if d.Severity == token.Error {
			c.errors++
		}
	}
	c.counted = len(c.diags)
	return c.errors
}

// patternVerdict is what the checker says of one pattern text.
type patternVerdict struct {
	problem   string // patternProblem
	part, why string // backtracking, for a portable pattern
}

// pattern judges p once per pattern text: one spec repeats the same few
// patterns across its tools, and compiling them is costly.
func (c *checker) pattern(p string) patternVerdict {
	k := c.cache
	v, ok := k.patterns[p]
	if !ok {
		v.problem = patternProblem(p)
		if v.problem == "" {
			v.part, v.why = backtracking(p)
		}
		if k.patterns == nil {
			k.patterns = map[string]patternVerdict{}
		}
		k.patterns[p] = v
	}
	return v
}

type groupInfo struct {
	decl *ast.Group
	// used: another group uses it (tools' uses are their units').
	used   bool
	cyclic map[*ast.Use]bool // uses in this group that close a cycle
	busy   bool              // being expanded: guards against cycles
	done   bool
	fields []*model.Field
}

// at is where p, a position in the declaration being checked, is in the
// file.
func (c *checker) at(p ast.Position) token.Pos { return c.base.Pos(p) }

// report reports the diagnostic d at p, in the declaration being checked;
// args fill in its message.
func (c *checker) report(d *diag.Def, p ast.Position, args ...any) {
	d.Report(&c.diags, c.at(p), args...)
	for _, a := range args {
		if _, ok := a.(line); ok {
			c.lines = append(c.lines, lineReport{at: len(c.diags) - 1, def: d, args: args})
			break
		}
	}
}

// reportAt is report at a model position.
func (c *checker) reportAt(d *diag.Def, p token.Pos, args ...any) {
	d.Report(&c.diags, p, args...)
}

func (c *checker) file(f *ast.File) *model.Catalog {
	cat := &model.Catalog{Name: f.Name.Value(), CatalogKey: model.DefaultCatalogKey}
	if cat.Name == "" {
		c.report(diag.SpecNameEmpty, f.Name.Pos) // the header: at the zero Base
	}
	if f.CatalogKey != nil {
		cat.CatalogKey = f.CatalogKey.Value()
		if cat.CatalogKey == "" {
			c.report(diag.CatalogKeyEmpty, f.CatalogKey.Pos)
		}
	}
	if f.Clients != nil {
		cat.Clients = c.clients(f.Clients)
	}

	// Declarations may come in any order: groups first.
	c.groupStage(f.Decls)

	// Each declaration is checked on its own (or taken from the cache);
	// what spans declarations (repeated names, unused groups) is checked
	// here, over all of them, every time.
	c.tools = map[string]*model.Tool{}
	c.checkTools(f.Decls)
	var inCatalog []*unit
	used := map[string]bool{}
	for _, d := range f.Decls {
		if d.Tool == nil {
			continue
		}
		u := c.toolUnit(d.Tool)
		for _, g := range u.used {
			used[g] = true
		}
		t := u.tool
		if prev, ok := c.tools[t.Name]; ok {
			c.reportAt(diag.ToolRepeated, t.Pos, quoteName(t.Name), prev.Pos.Line)
			continue
		}
		c.tools[t.Name] = t
		cat.Tools = append(cat.Tools, t)
		inCatalog = append(inCatalog, u)
	}
	c.mangledNames(inCatalog)
	c.cache.nameTools(cat.Tools, c.unparsed.Tools)

	tests := map[string]*model.Test{}
	for _, d := range f.Decls {
		if d.Test == nil {
			continue
		}
		t := c.testUnit(d.Test).test
		if prev, ok := tests[t.Name]; ok {
			c.reportAt(diag.TestRepeated, t.Pos, t.Name, prev.Pos.Line)
			continue
		}
		tests[t.Name] = t
		cat.Tests = append(cat.Tests, t)
	}

	for _, d := range f.Decls {
		if d.Survives != nil {
			if s := c.survivesUnit(d.Survives).survives; s != nil {
				cat.Survives = append(cat.Survives, s)
			}
		}
	}

	for _, g := range c.groupList {
		if !g.used && !used[g.decl.Name.Value()] && !c.unparsed.any() {
			c.reportAt(diag.GroupUnused, g.decl.Base.Pos(g.decl.Pos), quoteName(g.decl.Name.Value()))
		}
	}
	if c.schemaOf != nil {
		c.values(inCatalog)
	}
	return cat
}

// clients returns the declared families, each known and once.
func (c *checker) clients(cl *ast.Clients) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range cl.Families {
		name := n.Value()
		switch _, known := clients.Lookup(name); {
		case !known:
			c.report(diag.ClientFamilyUnknown, n.Pos, quoteName(name), didYouMean(name, clients.Names()))
		case seen[name]:
			c.report(diag.ClientFamilyRepeated, n.Pos, name)
		default:
			seen[name] = true
			out = append(out, name)
		}
	}
	return out
}

// findCycles marks every `use` that lies on a cycle of groups, and reports it.
func (c *checker) findCycles() {
	reaches := func(from, to string) []string {
		// Depth-first search for a path of group names from -> ... -> to.
		seen := map[string]bool{}
		var path []string
		var walk func(name string) bool
		walk = func(name string) bool {
			if seen[name] {
				return false
			}
			seen[name] = true
			path = append(path, name)
			g := c.groups[name]
			for _, it := range g.decl.Items {
				if it.Use == nil {
					continue
				}
				next := it.Use.Name.Value()
				if _, ok := c.groups[next]; !ok {
					continue
				}
				if next == to {
					path = append(path, to)
					return true
				}
				if walk(next) {
					return true
				}
			}
			path = path[:len(path)-1]
			return false
		}
		if walk(from) {
			return path
		}
		return nil
	}
	for _, g := range c.groupList {
		name := g.decl.Name.Value()
		c.base = g.decl.Base
		for _, it := range g.decl.Items {
			if it.Use == nil {
				continue
			}
			target := it.Use.Name.Value()
			if _, ok := c.groups[target]; !ok {
				continue
			}
			if target == name {
				g.cyclic[it.Use] = true
				c.report(diag.GroupUsesItself, it.Use.Pos, quoteName(name))
				continue
			}
			if path := reaches(target, name); path != nil {
				g.cyclic[it.Use] = true
				c.report(diag.GroupCycle, it.Use.Pos, quoteName(name), strings.Join(quoteNames(path), " which uses "))
			}
		}
	}
}

func (c *checker) expandGroup(g *groupInfo) []*model.Field {
	if g.done || g.busy {
		return g.fields
	}
	g.busy = true
	outer := c.base
	c.base = g.decl.Base
	g.fields = c.items(g.decl.Items, g)
	c.base = outer
	for _, f := range g.fields {
		if f.Group == "" {
			f.Group = g.decl.Name.Value()
		}
	}
	g.busy, g.done = false, true
	return g.fields
}

// items turns the rows and uses of a block into fields, inlining groups and
// reporting repeated property names. in is the group being expanded, if any.
func (c *checker) items(items []*ast.Item, in *groupInfo) []*model.Field {
	fields := make([]*model.Field, 0, len(items))
	// Names are found by scanning fields while there are few (most blocks),
	// and through index past that. lines[i] is where fields[i] was added.
	var lineBuf [smallBlock]int
	lines := lineBuf[:0]
	var index map[string]int
	add := func(f *model.Field, at ast.Position, via string) {
		prev := -1
		if index != nil {
			if i, ok := index[f.Name]; ok {
				prev = i
			}
		} else {
			for i, g := range fields {
				if g.Name == f.Name {
					prev = i
					break
				}
			}
		}
		if prev >= 0 {
			if via != "" {
				c.report(diag.PropertyRepeatedByGroup, at, quoteName(f.Name), quoteName(via), line(lines[prev]))
			} else {
				c.report(diag.PropertyRepeated, at, quoteName(f.Name), line(lines[prev]))
			}
			return
		}
		fields = append(fields, f)
		lines = append(lines, c.at(at).Line)
		switch {
		case index != nil:
			index[f.Name] = len(fields) - 1
		case len(fields) > smallBlock:
			index = make(map[string]int, 2*len(fields))
			for i, g := range fields {
				index[g.Name] = i
			}
		}
	}
	for _, it := range items {
		if it.Row != nil {
			add(c.row(it.Row), it.Row.Pos, "")
			continue
		}
		u := it.Use
		name := u.Name.Value()
		if c.cur != nil {
			c.cur.usesGroups = true
		}
		g, ok := c.groups[name]
		if !ok {
			if !c.unparsed.Groups[name] {
				c.report(diag.GroupUnknown, u.Pos, quoteName(name), didYouMean(name, c.groupNames()))
			}
			continue
		}
		if c.cur != nil {
			c.cur.used = append(c.cur.used, name)
		} else {
			g.used = true
		}
		if in != nil && in.cyclic[u] {
			continue
		}
		for _, f := range c.expandGroup(g) {
			add(f, u.Pos, name)
		}
	}
	if len(fields) == 0 {
		return nil // as before preallocating: an empty block has nil Fields
	}
	return fields
}

// smallBlock is how many fields items finds by scanning rather than a map.
const smallBlock = 16

// mangledNames refuses two tools that a backend's mangling of tool names
// (internal/mangle) turns into one identifier: the backend would refuse
// them.
func (c *checker) mangledNames(tools []*unit) {
	for i, b := range mangle.Backends {
		first := make(map[string]*model.Tool, len(tools))
		for _, u := range tools {
			t := u.tool
			m := u.mangled(i)
			if prev, ok := first[m]; ok {
				c.reportAt(diag.ToolNamesCollide, t.Pos, quoteName(t.Name), b.Name, quoteName(prev.Name), prev.Pos.Line, fmt.Sprintf(b.What, m))
				continue
			}
			first[m] = t
		}
	}
}

func (c *checker) groupNames() []string {
	var names []string
	for _, g := range c.groupList {
		names = append(names, g.decl.Name.Value())
	}
	return names
}

func (c *checker) tool(d *ast.Tool) *model.Tool {
	c.base = d.Base
	t := &model.Tool{Pos: c.at(d.Pos), Name: d.Name.Value()}
	if !toolNameRx.MatchString(t.Name) {
		c.report(diag.ToolNameInvalid, d.Pos, quoteName(t.Name))
	} else if !toolNameStrict.MatchString(t.Name) {
		c.report(diag.ToolNameStrict, d.Pos, quoteName(t.Name))
	}
	seen := map[string]*ast.ToolItem{}
	once := func(it *ast.ToolItem, what string) bool {
		if prev, ok := seen[what]; ok {
			c.report(diag.ToolItemRepeated, it.Pos, quoteName(t.Name), what, line(c.at(prev.Pos).Line))
			return false
		}
		seen[what] = it
		return true
	}
	var hasDescription bool
	for _, it := range d.Items {
		switch {
		case it.Title != nil:
			if once(it, "title") {
				t.Title = it.Title.Value()
			}
		case it.Description != nil:
			if once(it, "description") {
				t.Description = it.Description.Value()
				hasDescription = true
				if strings.TrimSpace(t.Description) == "" {
					c.report(diag.DescriptionEmpty, it.Pos, quoteName(t.Name))
				}
			}
		case it.Hints != nil:
			if once(it, "hints") {
				c.hints(t, it.Hints)
			}
		case it.In != nil:
			if once(it, "input") {
				if it.In.None {
					t.Input = &model.Type{Pos: c.at(it.In.Pos), Kind: model.Object}
				} else {
					t.Input = c.block(it.In.Block, false)
				}
			}
		case it.Out != nil:
			if once(it, "output") {
				t.Result = model.ResultOut
				t.Output = c.block(it.Out, false)
			}
		case it.Endpoint != nil:
			if once(it, "endpoint") {
				c.endpoint(t, it.Endpoint)
			}
		case it.Result != "":
			if once(it, "output") {
				t.Result = model.ResultText
				if it.Result == "any" {
					t.Result = model.ResultAny
				}
			}
		}
	}
	// A tool with syntax errors lost its broken items (lang/parser,
	// recover.go): one of them may be the item that is missing.
	broken := c.unparsed.Tools[t.Name]
	if !hasDescription && !broken {
		c.report(diag.DescriptionMissing, d.Pos, quoteName(t.Name))
	}
	if t.Input == nil {
		if !broken {
			c.report(diag.InputMissing, d.Pos, quoteName(t.Name))
		}
		t.Input = &model.Type{Pos: c.at(d.Pos), Kind: model.Object}
	}
	if t.Result == 0 && !broken {
		c.report(diag.OutputMissing, d.Pos, quoteName(t.Name))
	}
	c.wire(t, d)
	return t
}

// noWire reports from and as below the top level of an input, or in an
// output: only a top-level input row is a part of an HTTP request.
func (c *checker) noWire(t *model.Type) {
	if t == nil {
		return
	}
	t.Children(func(f *model.Field, _ int, child *model.Type) {
		if f != nil && (f.From != "" || f.APIName != "") {
			c.reportAt(diag.WiringNested, f.Pos, f.Name)
		}
		c.noWire(child)
	})
}

var httpMethods = []string{"GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"}

func (c *checker) endpoint(t *model.Tool, e *ast.Endpoint) {
	t.Endpoint = &model.Endpoint{Pos: c.at(e.Pos), Method: e.Method, Path: e.Path.Value()}
	if !contains(httpMethods, e.Method) {
		c.report(diag.EndpointMethod, e.Pos, quoteName(t.Name), e.Method, strings.Join(httpMethods, ", "))
	}
	if p := t.Endpoint.Path; !strings.HasPrefix(p, "/") {
		c.report(diag.EndpointPathRelative, e.Path.Pos, quoteName(t.Name), p)
	} else if strings.Count(p, "{") != strings.Count(p, "}") || strings.Contains(p, "{}") {
		c.report(diag.EndpointPathBraces, e.Path.Pos, quoteName(t.Name), p)
	}
}

// wire checks the `from` and `as` of a tool's rows against its endpoint:
// they need one, and every path parameter needs exactly one row.
func (c *checker) wire(t *model.Tool, d *ast.Tool) {
	var fields []*model.Field
	if t.Input != nil {
		fields = t.Input.Fields
		for _, f := range fields {
			c.noWire(f.Type)
		}
	}
	c.noWire(t.Output)
	if t.Endpoint == nil {
		for _, f := range fields {
			if f.From != "" || f.APIName != "" {
				c.reportAt(diag.WiringWithoutEndpoint, f.Pos, f.Name, quoteName(t.Name))
			}
		}
		return
	}
	wire := map[[2]string]*model.Field{} // location, wire name
	var whole *model.Field               // the first row that is the whole body
	for _, f := range fields {
		if t.Location(f) == model.FromWholeBody {
			if f.APIName != "" {
				c.reportAt(diag.AsOnWholeBody, f.Pos, f.Name)
			}
			if whole == nil {
				whole = f
			}
		}
	}
	if whole != nil {
		// The whole body leaves no room for another part of it.
		for _, f := range fields {
			if f != whole && model.InBody(t.Location(f)) {
				c.reportAt(diag.WholeBodyNotAlone, whole.Pos, whole.Name, quoteName(f.Name))
			}
		}
	}
	for _, f := range fields {
		if t.Location(f) == model.FromWholeBody {
			continue
		}
		key := [2]string{t.Location(f), f.WireName()}
		if prev, ok := wire[key]; ok {
			c.reportAt(diag.WireNameRepeated, f.Pos, f.Name, key[0], key[1], prev.Name)
			continue
		}
		wire[key] = f
		if t.Location(f) == model.FromPath && !contains(t.Endpoint.PathParams(), f.WireName()) {
			c.reportAt(diag.FromPathWithoutParameter, f.Pos, f.Name, t.Endpoint.Path, f.WireName())
		}
	}
	for _, p := range t.Endpoint.PathParams() {
		f, ok := wire[[2]string{model.FromPath, p}]
		switch {
		case !ok:
			c.reportAt(diag.PathParameterWithoutRow, t.Endpoint.Pos, quoteName(t.Name), p, p, p)
		case !f.Required:
			c.reportAt(diag.PathParameterOptional, f.Pos, f.Name, p)
		}
	}
}

func (c *checker) hints(t *model.Tool, h *ast.Hints) {
	seen := map[string]bool{}
	for _, n := range h.Names {
		if seen[n] {
			c.report(diag.HintRepeated, h.Pos, quoteName(t.Name), n)
		}
		seen[n] = true
		switch n {
		case "read_only":
			t.Hints.ReadOnly = true
		case "additive":
			t.Hints.Additive = true
		case "destructive":
			t.Hints.Destructive = true
		case "idempotent":
			t.Hints.Idempotent = true
		case "open_world":
			t.Hints.OpenWorld = true
		}
	}
	// At most one risk level: each pair is its own error, so a tool with
	// all three hears about every pair.
	for _, pair := range [][2]string{{"read_only", "additive"}, {"read_only", "destructive"}, {"additive", "destructive"}} {
		if seen[pair[0]] && seen[pair[1]] {
			c.report(diag.HintsContradict, h.Pos, quoteName(t.Name), pair[0], pair[1])
		}
	}
}

// block checks `{ rows }` and returns its object type.
func (c *checker) block(b *ast.Block, open bool) *model.Type {
	t := c.arena.NewType()
	*t = model.Type{Pos: c.at(b.Pos), Kind: model.Object, Open: open, Fields: c.items(b.Items, nil)}
	return t
}

// wholeGroup is the group a block is, whole (`{ use g }`), or "": see
// model.Type.Group.
func (c *checker) wholeGroup(items []*ast.Item, fields []*model.Field) string {
	if len(items) != 1 || items[0].Use == nil || len(fields) == 0 {
		return ""
	}
	if _, ok := c.groups[items[0].Use.Name.Value()]; !ok {
		return ""
	}
	return items[0].Use.Name.Value()
}

// quoteName writes a name as messages show it.
func quoteName(s string) string { return diag.Name(s) }

func quoteNames(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = quoteName(s)
	}
	return out
}
