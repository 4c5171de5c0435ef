package golang

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/toolspec/toolspec/gen/dialect"
	"github.com/toolspec/toolspec/gen/schema"
	ltoken "github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/model"
)

// Options are the choices of the command line.
type Options struct {
	// Package is the package clause of the generated file; "" means
	// DefaultPackage.
	Package string
	// Dialects are client families (lang/clients) whose dialect tables the
	// file also carries, for serving each client its dialect; none by
	// default, and then the file is exactly what it was.
	Dialects []string
	// Runtime is the import path of a shared runtime package (see Runtime)
	// that the file imports instead of carrying the runtime itself; "" (the
	// default) writes one self-contained file. Not with Dialects.
	Runtime string
}

// DefaultPackage is the package name when none is given or derivable.
const DefaultPackage = "toolspec"

// Error is returned by Generate when the catalog cannot be written as Go.
// Every spec name can (see mangle), so today no checked catalog gives one;
// it stays for generators sections that report on the spec.
type Error struct{ Diags ltoken.List }

func (e *Error) Error() string {
	var b strings.Builder
	for i, d := range e.Diags {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.String())
	}
	return b.String()
}

// ValidImportPath reports whether path can be the import path of the
// shared runtime (Options.Runtime): slash-separated elements of ASCII
// letters, digits and - . _ ~ +, none empty, . or .., as the go command
// accepts them.
func ValidImportPath(path string) bool {
	if path == "" {
		return false
	}
	for _, elem := range strings.Split(path, "/") {
		if elem == "" || elem == "." || elem == ".." || strings.HasPrefix(elem, ".") {
			return false
		}
		for _, c := range elem {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-._~+", c)) {
				return false
			}
		}
	}
	return true
}

// ValidPackage reports whether name can be a package clause.
func ValidPackage(name string) bool {
	return token.IsIdentifier(name) && name != "_"
}

//go:embed runtime/runtime.go
var runtimeSource string

// profileBody is runtime/profile.go after its package clause: the
// protocol-version rule and the startup guard's words, generated from
// model (see TestRuntimeProfile).
//
//go:embed runtime/profile.go
var profileSource string

var profileBody = afterPackage(profileSource, "profile.go")

// messagesBody is runtime/messages.go after its package clause: the
// words of every validation problem, generated from gen/message (see
// TestRuntimeMessages), which gen-js writes its messages from too.
//
//go:embed runtime/messages.go
var messagesSource string

var messagesBody = afterPackage(messagesSource, "messages.go")

func afterPackage(src, name string) string {
	_, body, ok := strings.Cut(src, "\npackage runtime\n")
	if !ok {
		panic("gen/golang: runtime/" + name + " has no package clause")
	}
	return body
}

// formatImports and formatBody split runtime/format.go, the asserted
// formats (package validate judges fixtures with the same code, copied in
// runtime/formats).
//
//go:embed runtime/format.go
var formatSource string

var formatImports, formatBody = splitRuntime(formatSource)

// runtimeImports and runtimeBody split runtime.go: the packages its
// import block names, and everything after that block.
var runtimeImports, runtimeBody = splitRuntime(runtimeSource)

func splitRuntime(src string) ([]string, string) {
	_, rest, ok := strings.Cut(src, "\nimport (\n")
	block, body, ok2 := strings.Cut(rest, "\n)\n")
	if !ok || !ok2 {
		panic("gen/golang: runtime.go has no import block")
	}
	var imports []string
	for _, l := range strings.Split(block, "\n") {
		imports = append(imports, strings.Trim(strings.TrimSpace(l), `"`))
	}
	return imports, body
}

// reserved are the exported names every generated file declares.
var reserved = []string{
	"SpecName", "SpecHash", "CatalogKey", "CatalogID", "ListToolsJSON",
	"ProfileFor", "CheckHandlers", "ValidationError", "Problem", "Nullable", "MaxDepth", "MaxQuote",
	"MaxProblems", "MaxShown",
}

// Tool is one tool's Go names, for the sections that write code per tool.
type Tool struct {
	*model.Tool
	Index  int    // position in the catalog, and in the runtime's table
	Go     string // the tool's Go name: T27Grep
	Input  string // its input struct: T27GrepInput
	Output string // its output struct, "" without `out`
}

// Tools returns the Go names of a catalog's tools, as Generate makes them.
func Tools(c *model.Catalog) []Tool {
	return newGen(c, DefaultPackage, "").tools
}

type gen struct {
	cat     *model.Catalog
	pkg     string
	p       printer
	names   *namer // package-level names
	tools   []Tool
	imports []string

	dialectList []string // Options.Dialects
	runtime     string   // Options.Runtime

	// groupTypes are the structs of the groups used as whole objects
	// (model.Type.Group), by group: one type for every place. An open and
	// a closed use share it: a struct holds the rows only, and marshals
	// by them (tsMarshal).
	groupTypes map[string]string
	// shapes are the nested types by shape: one declaration for every
	// place a shape recurs.
	shapes *shapes
	// mangled are the Go names of the row names met so far (mangle).
	mangled map[string]string
	// tableText is the table, written meanwhile (startTable).
	tableText chan *printer
}

// mangle is mangle(s), each name worked out once: catalogs repeat their
// row names.
func (g *gen) mangle(s string) string {
	m, ok := g.mangled[s]
	if !ok {
		if g.mangled == nil {
			g.mangled = map[string]string{}
		}
		m = mangle(s)
		g.mangled[s] = m
	}
	return m
}

func newGen(c *model.Catalog, pkg, runtime string) *gen {
	// A tool claims five package-level names or fewer, and its nested
	// types about as many again.
	g := &gen{cat: c, pkg: pkg, runtime: runtime, shapes: newShapes(len(c.Tools)),
		names: newNamerSized(10*len(c.Tools), append(reserved, serveReserved...)...)}
	if runtime == "" {
		g.imports = append(slices.Clone(runtimeImports), formatImports...)
	} else {
		g.imports = slices.Clone(sharedImports)
	}
	for i, t := range c.Tools {
		base := g.names.claimAll(mangle(t.Name), func(n string) []string {
			names := []string{"Tool" + n, "Decode" + n + "Input", n + "Input"}
			if t.Output != nil {
				names = append(names, "Validate"+n+"Output", n+"Output")
			}
			return names
		})
		tool := Tool{Tool: t, Index: i, Go: base, Input: base + "Input"}
		if t.Output != nil {
			tool.Output = base + "Output"
		}
		g.tools = append(g.tools, tool)
	}
	return g
}

// Generate returns the Go source of a catalog, in gofmt's layout. The
// bytes depend only on the model and opts.
func Generate(c *model.Catalog, opts Options) ([]byte, error) {
	pkg := opts.Package
	if pkg == "" {
		pkg = DefaultPackage
	}
	if !ValidPackage(pkg) {
		return nil, fmt.Errorf("package name %s is not a Go identifier", quote(pkg))
	}
	if opts.Runtime != "" {
		if !ValidImportPath(opts.Runtime) {
			return nil, fmt.Errorf("runtime import path %s is not a Go import path", quote(opts.Runtime))
		}
		if len(opts.Dialects) > 0 {
			return nil, fmt.Errorf("a file with dialects carries its runtime: --runtime and --dialects do not go together")
		}
	}
	for _, fam := range opts.Dialects {
		if !dialect.Known(fam) {
			return nil, fmt.Errorf("unknown client family %s", quote(fam))
		}
		if _, err := dialect.ToolsList(c, 1, fam); err != nil {
			return nil, err
		}
	}
	g := newGen(c, pkg, opts.Runtime)
	g.dialectList = opts.Dialects
	g.startTable()
	for _, section := range g.sections() {
		section()
	}
	return g.file(), nil
}

// sections are the parts of the file after its imports, in order. A
// further part (typed handlers, say) is one more entry here; it writes
// through g.p and may add to g.imports.
func (g *gen) sections() []func() {
	s := []func(){g.identity, g.table, g.toolNames, g.perTool, g.serve}
	if len(g.dialectList) > 0 {
		s = append(s, g.dialects)
	}
	return s
}

// file is the header, the package clause, the imports, the sections and
// the runtime.
func (g *gen) file() []byte {
	var head bytes.Buffer
	head.WriteString("// Code generated by toolspec. DO NOT EDIT.\n\n")
	fmt.Fprintf(&head, "// Package %s serves the MCP tool catalog of spec %s: its tools/list\n", g.pkg, comment(quote(g.cat.Name)))
	head.WriteString("// tables, typed arguments and validating decoders.\n")
	fmt.Fprintf(&head, "package %s\n\nimport (\n", g.pkg)
	imports := slices.Clone(g.imports)
	slices.Sort(imports)
	for _, imp := range slices.Compact(imports) {
		fmt.Fprintf(&head, "\t%s\n", quote(imp))
	}
	if g.runtime != "" {
		fmt.Fprintf(&head, "\n\t%s %s\n", RuntimeAlias, quote(g.runtime))
	}
	head.WriteString(")\n")
	// A part of a shared runtime carries none of it (--runtime and
	// --dialects do not go together).
	var tail []string
	if g.runtime == "" {
		tail = []string{runtimeBody, messagesBody, formatBody, profileBody}
	}
	if len(g.dialectList) > 0 {
		tail = append(tail, dialectRuntimeBody)
	}
	// One allocation of the file's size: the sections are most of it.
	size := head.Len() + g.p.len()
	for _, s := range tail {
		size += len(s)
	}
	b := make([]byte, 0, size)
	b = append(b, head.Bytes()...)
	b = g.p.bytes(b)
	for _, s := range tail {
		b = append(b, s...)
	}
	return b
}

func (g *gen) identity() {
	c := g.cat
	g.p.doc("SpecName is the name of the spec.")
	g.p.str("const SpecName = ", quote(c.Name), "\n")
	g.p.doc("SpecHash is the spec hash: BLAKE3-256 of the canonical spec, lowercase hex.")
	g.p.str("const SpecHash = ", quote(c.SpecHash), "\n")
	g.p.doc("CatalogKey is the _meta key under which a tools/list result carries the",
		"catalog identity (see CatalogID).")
	g.p.str("const CatalogKey = ", quote(c.CatalogKey), "\n")
	g.p.printf(`
// CatalogID returns the catalog identity of a profile, "<SpecHash>/p<profile>":
// the value of CatalogKey in the _meta of that profile's tools/list result.
// Any profile other than 2 or 3 is profile 1.
func CatalogID(profile int) string {
	switch profile {
	case 2:
		return %s
	case 3:
		return %s
	}
	return %s
}

// ListToolsJSON returns the tools/list result of a profile as JSON, a fresh
// copy on every call: profile 1 (protocol %s), 2 (%s) or 3 (%s: the
// profile-2 tools, with ttlMs, cacheScope "public" and resultType). Any
// profile other than 2 or 3 is profile 1.
func ListToolsJSON(profile int) []byte { return tsCat.%s(profile) }

// ProfileFor maps a negotiated MCP protocol version to a profile: %s and
// later get profile 2, %s and later profile 3; everything earlier, and
// anything that is not a YYYY-MM-DD date, profile 1.
func ProfileFor(protocolVersion string) int { return %s(protocolVersion) }

// CheckHandlers is the startup guard: it returns one error naming every tool
// without a handler and every handler without a tool, sorted, or nil when
// names are exactly the catalog's tools.
func CheckHandlers(names []string) error { return tsCat.%s(names) }
`, quote(c.Identity(2)), quote(c.Identity(3)), quote(c.Identity(1)), model.Profile1Protocol, model.Profile2Protocol,
		model.Profile3Protocol, g.sel("list"), model.Profile2Protocol, model.Profile3Protocol, g.rt("tsProfileFor"), g.sel("checkHandlers"))
}

// table writes the runtime's catalog: per tool its wire name and its
// tools/list entry in pieces, so that both profiles share the schemas.
// A piece that two or more tools carry (the same schema or annotations)
// is written once, as a constant the rows name (tsJ1, tsJ2, …, in order
// of first use).
func (g *gen) table() {
	if g.tableText == nil {
		g.writeTable(&g.p)
		return
	}
	g.p.take(<-g.tableText)
}

// startTable writes the table on another goroutine, for table to take
// when its turn comes: it reads the catalog only, and the sections before
// and after it do not change what it writes.
func (g *gen) startTable() {
	ch := make(chan *printer, 1)
	go func() {
		var p printer
		g.writeTable(&p)
		ch <- &p
	}()
	g.tableText = ch
}

// writeTable writes the table (see table) to p.
func (g *gen) writeTable(p *printer) {
	entries := make([]entry, len(g.cat.Tools))
	uses := map[string]int{}
	var scratch []byte
	for i, t := range g.cat.Tools {
		entries[i], scratch = splitEntry(t, scratch)
		for _, piece := range entries[i].shareable() {
			if piece != "" {
				uses[piece]++
			}
		}
	}
	shared := map[string]string{}
	for _, e := range entries {
		for _, piece := range e.shareable() {
			if _, done := shared[piece]; uses[piece] > 1 && !done {
				shared[piece] = fmt.Sprintf("tsJ%d", len(shared)+1)
				if len(shared) == 1 {
					p.doc("Table pieces that more than one tool carries.")
				}
				p.str("const ", shared[piece], " = ", literal(piece), "\n")
			}
		}
	}
	lit := func(piece string) string {
		if name, ok := shared[piece]; ok {
			return name
		}
		return literal(piece)
	}
	p.str("\nvar tsCat = ", g.rt("tsNewCatalog"), "(SpecName, SpecHash, ", literal(schema.String(g.cat.CatalogKey)), ", [3]string{",
		quote(g.cat.Identity(1)), ", ", quote(g.cat.Identity(2)), ", ", quote(g.cat.Identity(3)), "}, [][6]string{")
	if len(g.cat.Tools) > 0 {
		p.str("\n")
	}
	for i, t := range g.cat.Tools {
		e := entries[i]
		p.str("\t{", quote(t.Name), ", ", literal(e.head), ", ", lit(e.head2), ", ",
			lit(e.in), ", ", lit(e.out), ", ", lit(e.ann), "},\n")
	}
	meta := func(p int) string {
		cache := ""
		if p == 3 {
			cache = model.Profile3Cache("public") + ","
		}
		return `],` + cache + `"_meta":{` + schema.String(g.cat.CatalogKey) + ":" + schema.String(g.cat.Identity(p)) + "}}"
	}
	p.str("}, [3]string{", literal(meta(1)), ", ", literal(meta(2)), ", ", literal(meta(3)), "})\n")
}

type entry struct{ head, head2, in, out, ann string }

// shareable are the pieces of an entry that other tools may carry too
// (head names the tool; head2 does too, but is "" for most tools).
func (e entry) shareable() []string { return []string{e.in, e.out, e.ann} }

// splitEntry cuts a tool's tools/list entries of both profiles into the
// runtime's pieces: what precedes the input schema in each, the schemas,
// and the annotations. A JSON string cannot hold `"inputSchema":` (its
// quotes are escaped), so the first one is the key.
func splitEntry(t *model.Tool, scratch []byte) (entry, []byte) {
	head := schema.AppendToolHead(scratch[:0], t, 1)
	b, in, end := schema.AppendToolCut(head[len(head):], t, 2)
	if n := len(head) + len(b); n > cap(scratch) {
		scratch = make([]byte, 0, 2*n)
	}
	// Profile 1's entry is its head, the input schema (profile 2's) and
	// "}"; profile 2's goes on after the input schema.
	p2 := string(b)
	e := entry{head: string(head), in: p2[in:end]}
	if p2[:in] != e.head {
		e.head2 = p2[:in]
	}
	rest := strings.TrimSuffix(p2[end:], "}")
	if t.Hints.Any() {
		const ak = `,"annotations":`
		a := strings.LastIndex(rest, ak)
		rest, e.ann = rest[:a], rest[a+len(ak):]
	}
	e.out = strings.TrimPrefix(rest, `,"outputSchema":`)
	return e, scratch
}

func (g *gen) toolNames() {
	if len(g.tools) == 0 {
		return
	}
	g.p.doc("Tool names.")
	g.p.str("const (\n")
	rows := make([][]string, len(g.tools))
	for i, t := range g.tools {
		rows[i] = []string{"Tool" + t.Go, "= " + quote(t.Name)}
	}
	g.p.aligned("\t", rows, nil)
	g.p.str(")\n")
}

// perTool writes each tool's decoder, validator and types.
func (g *gen) perTool() {
	for _, t := range g.tools {
		q := comment(quote(t.Name))
		g.declare(t.Tool.Input, t.Input, fmt.Sprintf("tsCat.input(%d)", t.Index), "the arguments of tool "+q)
		g.p.doc(fmt.Sprintf("Decode%sInput decodes and validates the arguments of tool %s.", t.Go, q))
		g.p.printf("func Decode%sInput(data []byte) (v %s, err error) {\n\terr = %s(tsCat, %d, data, &v)\n\treturn v, err\n}\n",
			t.Go, t.Input, g.rt("tsDecode"), t.Index)
		if t.Output == "" {
			continue
		}
		g.p.doc(fmt.Sprintf("Validate%sOutput validates a structured result of tool %s.", t.Go, q))
		g.p.fn(fmt.Sprintf("func Validate%sOutput(data []byte) error", t.Go),
			fmt.Sprintf("return %s(data, tsCat.%s(%d))", g.rt("tsValidate"), g.sel("output"), t.Index))
		g.declare(t.Tool.Output, t.Output, fmt.Sprintf("tsCat.output(%d)", t.Index), "the structured result of tool "+q)
	}
}
