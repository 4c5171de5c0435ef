package format

// The canonical layout. It is part of the product: the spec hash is computed
// over Canonical's output, so a change here changes every hash.
//
//   - File: `spec NAME`, then `catalog_key "..."` and `clients F, ...` each on
//     its own line if written.
//     One blank line after the header and between top-level declarations,
//     none inside blocks. Indentation is 2 spaces per level. The file ends
//     with exactly one newline; no line ends in a blank.
//   - Names (spec, group, tool, field, use target, fixture tool) and enum
//     values that are not numbers are bare when they match
//     [A-Za-z_][A-Za-z0-9_]* and are no keyword of the language, and a JSON
//     string otherwise.
//   - Strings are printed from their decoded value by one quoting function
//     (quote): JSON syntax; `"`, `\`, control characters (\n \t \r \b \f,
//     others \u00XX, DEL as \u007f) and U+2028/U+2029 escaped; other
//     non-ASCII kept as UTF-8.
//   - A tool's title or description is a """ block string when its value
//     holds a newline and reads back unchanged as a block (see blockLines);
//     then `description """`, each line at the item's indent + 2 (empty
//     lines empty), and `"""` on a line of its own at the same indent. Every
//     other string, row descriptions included, is a quoted string.
//   - Tool body: items in written order. The keywords title, description and
//     hints are padded to the longest of those present + 1, so their values
//     align; `hints a b` with single spaces; `in none`, `in {`, `out {`,
//     `result text`.
//   - Rows of one block (group, in, out, object): the columns name, kind,
//     presence, modifiers, description, each padded to its widest cell in the
//     block and separated by two spaces; a column empty in every row takes no
//     space. Modifiers are one cell, in written order, two spaces apart.
//     `use g` lines sit at block indent and take no part in the widths.
//   - Kinds: `enum(a, "x y", 3)`, `array<integer 0..255>`,
//     `tuple<integer 0.., integer 0..>`, `map<string ..4096>`; element
//     modifiers single-spaced inside <>. A row whose kind holds an object (at
//     any depth) is multi-line: `name  <kind text up to and including {>`,
//     the object's rows one level deeper, then the text up to the next `{` or
//     the end of the kind (`}`, `}>`, `}, object {`). The last line carries
//     presence, modifiers and description, placed at the block's presence
//     column when the closing text leaves room, else two spaces after it.
//     Such rows give no width to the kind column.
//   - Ranges `A..B`, `A..`, `..B` and numbers as written. JSON values (fixtures,
//     default, example) compact: `{"a": [1, 2]}`, `{}`, `[]`.
//   - Tests: `test "name" {`, one fixture a line: `accept TOOL [in|out] JSON`
//     and, with because, two spaces then `because KEYWORD [at "/ptr"]`.
//   - Comments (Source only), placed by source offset against the tokens
//     printed on each line: a trailing comment ends the line holding the
//     last token before it (a line that opens a block string hands it to
//     the line that closes it); consecutive lines with trailing comments
//     align them two spaces after the longest line. Any other comment, and a
//     second trailing comment for one line, gets a line of its own at the
//     indent of the construct that follows it in the source (one level
//     deeper before a closing `}`), or at the end of the file.

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/lang/ast"
)

// Source formats f canonically, keeping comments.
func Source(f *ast.File, comments []*ast.Comment) []byte {
	if f == nil {
		return nil
	}
	p := &printer{}
	p.file(f)
	return render(placeComments(p.lines, comments))
}

// Canonical is Source without comments: the text the spec hash is computed
// over.
func Canonical(f *ast.File) []byte {
	var b bytes.Buffer
	WriteCanonical(&b, f)
	return b.Bytes()
}

// WriteCanonical writes Canonical(f) to w as it goes. With no comments to
// place, no line needs to wait for the others, so the hash is computed
// without holding the whole text or its lines.
func WriteCanonical(w io.Writer, f *ast.File) error {
	if f == nil {
		return nil
	}
	out := bufio.NewWriterSize(w, 64<<10)
	p := &printer{out: out}
	p.file(f)
	return out.Flush()
}

// line is one printed line and the source offsets of the tokens on it,
// which is how comments find their place.
type line struct {
	indent  int    // levels of two spaces
	text    string // without the indent; "" is a blank line
	offs    []int  // source offsets of tokens printed here, ascending
	raw     bool   // a block string's content line: printed as is
	opens   bool   // opens a block string: cannot end in a comment
	comment string // trailing comment, Source only
}

// closes reports whether l starts by closing a block, so that comments
// before it belong one level deeper.
func (l *line) closes() bool { return !l.raw && strings.HasPrefix(l.text, "}") }

func (l *line) width() int { return 2*l.indent + utf8.RuneCountInString(l.text) }

// printer collects the lines for comments to be placed among, or, with out
// set, writes each line as soon as it is printed.
type printer struct {
	lines []line
	out   *bufio.Writer
	// Writing out, no line outlives its declaration: the fragments of
	// one declaration are reused for the next.
	frags []*frag
	used  int
	// rows and segs hold the cells of a block's rows while it is printed;
	// they are reused from one declaration to the next.
	rows slab[rowCells]
	segs slab[seg]
	// base is the offset the positions of the declaration being printed
	// count from (its ast.Base).
	base int
}

// slab hands out slices that live until reset, without copying those
// handed out before when it needs more room.
type slab[T any] struct{ buf []T }

// take returns n zero values.
func (s *slab[T]) take(n int) []T {
	if cap(s.buf)-len(s.buf) < n {
		s.buf = make([]T, 0, max(2*cap(s.buf), n, 64))
	}
	i := len(s.buf)
	s.buf = s.buf[:i+n]
	out := s.buf[i : i+n : i+n]
	clear(out)
	return out
}

// reset makes the room of the last slices handed out free again.
func (s *slab[T]) reset() { s.buf = s.buf[:0] }

func (p *printer) line(l line) {
	if p.out != nil {
		writeLine(p.out, &l, 0)
		return
	}
	p.lines = append(p.lines, l)
}

func (p *printer) add(indent int, fr *frag) {
	if p.out != nil {
		// Straight from the fragment's bytes: no string, no line.
		for n := 2 * indent; n > 0; n -= len(spaces) {
			p.out.WriteString(spaces[:min(n, len(spaces))])
		}
		p.out.Write(fr.b)
		p.out.WriteByte('\n')
		return
	}
	p.line(line{indent: indent, text: string(fr.b), offs: fr.offs})
}

// frag returns an empty fragment that records token offsets only when
// there are comments to place by them.
func (p *printer) frag() *frag {
	if p.out == nil {
		return &frag{track: true, base: p.base}
	}
	if p.used == len(p.frags) {
		p.frags = append(p.frags, &frag{})
	}
	fr := p.frags[p.used]
	p.used++
	fr.b = fr.b[:0]
	fr.base = p.base
	return fr
}

func (p *printer) blank() { p.line(line{}) }

// frag builds the text of part of a line and remembers where its tokens
// were in the source.
type frag struct {
	b     []byte
	offs  []int
	track bool // record offsets
	base  int  // what the offsets of its declaration's nodes count from
}

func (fr *frag) str(s string) { fr.b = append(fr.b, s...) }

// cat appends another fragment, text and offsets.
func (fr *frag) cat(o *frag) {
	fr.b = append(fr.b, o.b...)
	fr.offs = append(fr.offs, o.offs...)
}

func (fr *frag) at(pos ast.Position) { fr.off(pos.Offset) }

// off records o, an offset in the declaration, as an offset in the file.
func (fr *frag) off(o int) {
	if fr.track {
		fr.offs = append(fr.offs, fr.base+o)
	}
}

func (fr *frag) len() int { return runeCount(fr.b) }

// runeCount is utf8.RuneCount, eight bytes at a time while they are ASCII.
func runeCount(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i < len(b); i++ {
		if b[i] >= utf8.RuneSelf {
			return i + utf8.RuneCount(b[i:])
		}
	}
	return len(b)
}

// pad writes spaces until the fragment is n runes wide.
func (fr *frag) pad(n int) { fr.padFrom(fr.len(), n) }

// padFrom is pad for a fragment w runes wide; it returns the new width.
func (fr *frag) padFrom(w, n int) int {
	for ; w < n; w += min(n-w, len(spaces)) {
		fr.b = append(fr.b, spaces[:min(n-w, len(spaces))]...)
	}
	return w
}

const spaces = "                                "

// textOffs returns where a string token starts and ends in its
// declaration (see frag.off).
func textOffs(t *ast.Text) (start, end int) {
	tok := t.Raw
	if t.IsBlock() {
		tok = t.Block
	}
	start = t.Pos.Offset
	return start, start + max(len(tok)-1, 0)
}

// text writes t as a quoted string.
func (fr *frag) text(t *ast.Text) {
	start, end := textOffs(t)
	fr.off(start)
	fr.b = jsonstr.AppendQuote(fr.b, t.Value())
	fr.off(end)
}

func (fr *frag) name(n *ast.Name) {
	fr.at(n.Pos)
	if n.Quoted != nil {
		start, end := textOffs(n.Quoted)
		fr.off(start)
		fr.str(name(n.Value()))
		fr.off(end)
		return
	}
	fr.str(name(n.Ident))
}

func (fr *frag) json(j *ast.JSON) {
	fr.at(j.Pos)
	switch {
	case j.Object != nil:
		fr.str("{")
		for i, m := range j.Object.Members {
			if i > 0 {
				fr.str(", ")
			}
			fr.at(m.Pos)
			fr.text(m.Key)
			fr.str(": ")
			fr.json(m.Value)
		}
		fr.str("}")
	case j.Array != nil:
		fr.str("[")
		for i, v := range j.Array.Items {
			if i > 0 {
				fr.str(", ")
			}
			fr.json(v)
		}
		fr.str("]")
	case j.String != nil:
		fr.text(j.String)
	case j.Number != "":
		fr.str(j.Number)
	case j.Bool != "":
		fr.str(j.Bool)
	default:
		fr.str("null")
	}
}

// mod writes a modifier: its keyword and operand (see lang/descriptor).
func (fr *frag) mod(m *ast.Modifier) {
	fr.at(m.Pos)
	if m.Range != nil {
		fr.str(m.Range.Min)
		fr.str("..")
		fr.str(m.Range.Max)
		return
	}
	fr.str(m.Keyword)
	switch {
	case m.Text != nil:
		fr.str(" ")
		fr.text(m.Text)
	case m.JSON != nil:
		fr.str(" ")
		fr.json(m.JSON)
	case m.Word != "":
		fr.str(" ")
		fr.str(m.Word)
	case m.Number != "":
		fr.str(" ")
		fr.str(m.Number)
	}
}

func (p *printer) file(f *ast.File) {
	fr := p.frag()
	fr.at(f.Pos)
	fr.str("spec ")
	fr.name(f.Name)
	p.add(0, fr)
	if f.CatalogKey != nil {
		fr := p.frag()
		fr.str("catalog_key ")
		fr.text(f.CatalogKey)
		p.add(0, fr)
	}
	if f.Clients != nil {
		fr := p.frag()
		fr.at(f.Clients.Pos)
		fr.str("clients ")
		for i, n := range f.Clients.Families {
			if i > 0 {
				fr.str(", ")
			}
			fr.name(n)
		}
		p.add(0, fr)
	}
	for i, d := range f.Decls {
		// Acknowledgments on consecutive lines are one paragraph.
		if prev := f.Decls[max(i-1, 0)].Survives; d.Survives == nil || i == 0 || prev == nil || d.Survives.Base.Pos(d.Survives.Pos).Line != prev.Base.Pos(prev.Reason.Pos).Line+1 {
			p.blank()
		}
		p.base = d.Base().Offset
		switch {
		case d.Group != nil:
			p.group(d.Group)
		case d.Tool != nil:
			p.tool(d.Tool)
		case d.Test != nil:
			p.test(d.Test)
		case d.Survives != nil:
			p.survives(d.Survives)
		}
		p.used = 0
		p.rows.reset()
		p.segs.reset()
	}
}

// survives prints `survives TOOL PATH KEYWORD because "reason"`, the path
// bare when the lexer reads it back as one.
func (p *printer) survives(s *ast.Survives) {
	fr := p.frag()
	fr.at(s.Pos)
	fr.str("survives ")
	fr.name(s.Tool)
	fr.str(" ")
	if path := s.Path.Value(); barePath.MatchString(path) {
		fr.at(s.Path.Pos)
		if s.Path.Quoted != nil {
			start, end := textOffs(s.Path.Quoted)
			fr.off(start)
			fr.str(path)
			fr.off(end)
		} else {
			fr.str(path)
		}
	} else {
		fr.name(s.Path)
	}
	fr.str(" ")
	if w := s.Keyword.Value(); identWord.MatchString(w) {
		// A keyword is never a declaration's name: bare even when it is
		// one of the language's words (required, type).
		fr.at(s.Keyword.Pos)
		fr.str(w)
	} else {
		fr.name(s.Keyword)
	}
	fr.str(" because ")
	fr.text(s.Reason)
	p.add(0, fr)
}

// BarePath reports whether a test-report path can be written bare in a
// survives line: the lexer reads it back as one word.
func BarePath(p string) bool { return barePath.MatchString(p) }

// barePath is a test-report path the lexer reads as one word after
// `survives TOOL` (lang/parser, pathRest).
var identWord = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

var barePath = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_][A-Za-z0-9_-]*|\[\]|\{\}|\[[0-9]+\])*$`)

// open prints `head {`, the body one level deeper, and `}`.
func (p *printer) open(indent int, head *frag, body func(), close *ast.Close) {
	head.str(" {")
	p.add(indent, head)
	body()
	fr := p.frag()
	fr.at(close.Pos)
	fr.str("}")
	p.add(indent, fr)
}

func (p *printer) group(g *ast.Group) {
	fr := p.frag()
	fr.at(g.Pos)
	fr.str("group ")
	fr.name(g.Name)
	p.open(0, fr, func() { p.items(1, g.Items) }, g.Close)
}

func (p *printer) tool(t *ast.Tool) {
	kw := 0
	for _, it := range t.Items {
		switch {
		case it.Title != nil:
			kw = max(kw, len("title")+1)
		case it.Description != nil:
			kw = max(kw, len("description")+1)
		case it.Hints != nil:
			kw = max(kw, len("hints")+1)
		case it.Endpoint != nil:
			kw = max(kw, len("endpoint")+1)
		}
	}
	fr := p.frag()
	fr.at(t.Pos)
	fr.str("tool ")
	fr.name(t.Name)
	p.open(0, fr, func() {
		for _, it := range t.Items {
			p.toolItem(1, kw, it)
		}
	}, t.Close)
}

func (p *printer) toolItem(indent, kw int, it *ast.ToolItem) {
	fr := p.frag()
	fr.at(it.Pos)
	switch {
	case it.Title != nil:
		fr.str("title")
		fr.pad(kw)
		p.doc(indent, fr, it.Title)
	case it.Description != nil:
		fr.str("description")
		fr.pad(kw)
		p.doc(indent, fr, it.Description)
	case it.Hints != nil:
		fr.at(it.Hints.Pos)
		fr.str("hints")
		if len(it.Hints.Names) > 0 {
			fr.pad(kw)
			fr.str(strings.Join(it.Hints.Names, " "))
		}
		p.add(indent, fr)
	case it.In != nil:
		fr.at(it.In.Pos)
		fr.str("in")
		if it.In.None {
			fr.str(" none")
			p.add(indent, fr)
			return
		}
		fr.at(it.In.Block.Pos)
		p.open(indent, fr, func() { p.items(indent+1, it.In.Block.Items) }, it.In.Block.Close)
	case it.Endpoint != nil:
		fr.str("endpoint")
		fr.pad(kw)
		fr.str(it.Endpoint.Method + " ")
		fr.text(it.Endpoint.Path)
		p.add(indent, fr)
	case it.Out != nil:
		fr.str("out")
		fr.at(it.Out.Pos)
		p.open(indent, fr, func() { p.items(indent+1, it.Out.Items) }, it.Out.Close)
	default:
		fr.str("result " + it.Result)
		p.add(indent, fr)
	}
}

// doc finishes a title or description line: a block string when the value
// reads back as one, a quoted string otherwise.
func (p *printer) doc(indent int, fr *frag, t *ast.Text) {
	var lines []string
	ok := false
	if v := t.Value(); strings.Contains(v, "\n") { // else never a block
		lines, ok = blockLines(v, strings.Repeat("  ", indent+1))
	}
	if !ok {
		fr.text(t)
		p.add(indent, fr)
		return
	}
	start, end := textOffs(t)
	fr.off(start)
	fr.str(`"""`)
	p.line(line{indent: indent, text: string(fr.b), offs: fr.offs, opens: true})
	for _, l := range lines {
		p.line(line{text: l, raw: true})
	}
	p.line(line{indent: indent + 1, text: `"""`, offs: []int{end}})
}

func (p *printer) test(t *ast.Test) {
	fr := p.frag()
	fr.at(t.Pos)
	fr.str("test ")
	fr.text(t.Name)
	p.open(0, fr, func() {
		for _, x := range t.Fixtures {
			p.fixture(1, x)
		}
	}, t.Close)
}

func (p *printer) fixture(indent int, x *ast.Fixture) {
	fr := p.frag()
	fr.at(x.Pos)
	fr.str(x.Verdict + " ")
	fr.name(x.Tool)
	if x.Dir != "" {
		fr.str(" " + x.Dir)
	}
	fr.str(" ")
	fr.json(x.Value)
	if x.Because != nil {
		fr.at(x.Because.Pos)
		fr.str("  because " + x.Because.Keyword)
		if x.Because.At != nil {
			fr.str(" at ")
			fr.text(x.Because.At)
		}
	}
	p.add(indent, fr)
}
