package format

import "github.com/toolspec/toolspec/lang/ast"

// Row columns.
const (
	colName = iota
	colKind
	colPresence
	colMods
	colDesc
	nCols
)

// seg is a piece of a kind: text, or an object block that breaks the row
// over several lines. A kind's segments alternate text, block, text, ...
type seg struct {
	text  *frag
	block *ast.Block
}

// kindWriter renders a kind into segments.
type kindWriter struct {
	p    *printer
	segs []seg
	cur  *frag
}

func (w *kindWriter) kind(k *ast.Kind) {
	fr := w.cur
	fr.at(k.Pos)
	switch {
	case k.Scalar != "":
		fr.str(k.Scalar)
	case k.Enum != nil:
		fr.at(k.Enum.Pos)
		fr.str("enum(")
		for i, v := range k.Enum.Values {
			if i > 0 {
				fr.str(", ")
			}
			fr.at(v.Pos)
			switch {
			case v.Quoted != nil:
				start, end := textOffs(v.Quoted)
				fr.off(start)
				fr.str(name(v.Quoted.Value()))
				fr.off(end)
			case v.Number != "":
				fr.str(v.Number)
			default:
				fr.str(name(v.Ident))
			}
		}
		fr.str(")")
	case k.Array != nil:
		fr.str("array<")
		w.elem(k.Array)
		w.cur.str(">")
	case k.Tuple != nil:
		fr.at(k.Tuple.Pos)
		fr.str("tuple<")
		for i, e := range k.Tuple.Items {
			if i > 0 {
				w.cur.str(", ")
			}
			w.elem(e)
		}
		w.cur.str(">")
	case k.Object != nil && onlyUse(k.Object) != nil:
		// An object that is one group, `object { use note }`, stays on
		// the row's line: it reads as a type name.
		u := onlyUse(k.Object)
		fr.at(k.Object.Pos)
		fr.str("object { ")
		fr.at(u.Pos)
		fr.str("use ")
		fr.name(u.Name)
		fr.at(k.Object.Close.Pos)
		fr.str(" }")
	case k.Union != nil:
		fr.at(k.Union.Pos)
		fr.str("union<")
		for i, e := range k.Union.Variants {
			if i > 0 {
				w.cur.str(", ")
			}
			w.elem(e)
		}
		w.cur.str(">")
	case k.Object != nil:
		fr.at(k.Object.Pos)
		fr.str("object {")
		if w.segs == nil {
			w.segs = w.p.segs.take(4)[:0] // room for one object and the rest
		}
		w.segs = append(w.segs, seg{text: fr}, seg{block: k.Object})
		w.cur = w.p.frag()
		w.cur.at(k.Object.Close.Pos)
		w.cur.str("}")
	case k.Map != nil:
		fr.str("map<")
		w.elem(k.Map)
		w.cur.str(">")
	case k.Unknown != "":
		// Not a kind; the checker reports it. Keep it as written.
		fr.str(k.Unknown)
	}
}

// onlyUse is the one item of a block that holds nothing but a use, or nil.
func onlyUse(b *ast.Block) *ast.Use {
	if len(b.Items) != 1 {
		return nil
	}
	return b.Items[0].Use
}

func (w *kindWriter) elem(e *ast.ElemType) {
	w.cur.at(e.Pos)
	w.kind(e.Kind)
	for _, m := range e.Mods {
		w.cur.str(" ")
		w.cur.mod(m)
	}
}

// rowCells is one row, cut into its columns.
type rowCells struct {
	cells [nCols]*frag // the kind cell is the last text segment
	segs  []seg        // the kind's segments; more than one: multi-line
}

func (p *printer) cutRow(r *ast.Row) rowCells {
	var rc rowCells
	name := p.frag()
	name.at(r.Pos)
	name.name(r.Name)
	w := &kindWriter{p: p, cur: p.frag()}
	w.kind(r.Kind)
	if w.segs == nil { // one line, as most rows are
		rc.segs = p.segs.take(1)
		rc.segs[0] = seg{text: w.cur}
	} else {
		rc.segs = append(w.segs, seg{text: w.cur})
	}
	pres := p.frag()
	pres.str(r.Presence)
	mods := p.frag()
	for i, m := range r.Mods {
		if i > 0 {
			mods.str("  ")
		}
		mods.mod(m)
	}
	desc := p.frag()
	if r.Description != nil {
		desc.text(r.Description)
	}
	rc.cells = [nCols]*frag{name, rc.segs[len(rc.segs)-1].text, pres, mods, desc}
	return rc
}

// items prints the rows and uses of one block at indent.
func (p *printer) items(indent int, items []*ast.Item) {
	rows := p.rows.take(len(items))
	var widths [nCols]int
	for i, it := range items {
		if it.Row == nil {
			continue
		}
		rows[i] = p.cutRow(it.Row)
		for c, fr := range rows[i].cells {
			if c == colKind && len(rows[i].segs) > 1 {
				continue
			}
			widths[c] = max(widths[c], fr.len())
		}
	}
	for i, it := range items {
		if it.Use != nil {
			fr := p.frag()
			fr.at(it.Use.Pos)
			fr.str("use ")
			fr.name(it.Use.Name)
			p.add(indent, fr)
			continue
		}
		rc := rows[i]
		if len(rc.segs) == 1 {
			fr := p.frag()
			columns(fr, rc.cells[:], widths[:])
			p.add(indent, fr)
			continue
		}
		p.multiRow(indent, rc, widths)
	}
}

// multiRow prints a row whose kind holds objects.
func (p *printer) multiRow(indent int, rc rowCells, widths [nCols]int) {
	first := p.frag()
	first.cat(rc.cells[colName])
	first.pad(widths[colName] + 2)
	first.cat(rc.segs[0].text)
	p.add(indent, first)
	for i := 1; i < len(rc.segs); i += 2 {
		p.items(indent+1, rc.segs[i].block.Items)
		fr := rc.segs[i+1].text
		if i+1 < len(rc.segs)-1 {
			p.add(indent, fr)
			continue
		}
		presence := widths[colName] + 2
		if widths[colKind] > 0 {
			presence += widths[colKind] + 2
		}
		if fr.len()+2 <= presence {
			fr.pad(presence)
		} else {
			fr.str("  ")
		}
		columns(fr, rc.cells[colPresence:], widths[colPresence:])
		p.add(indent, fr)
	}
}

// columns appends cells to fr, each padded to its column's width and two
// spaces apart, skipping columns no row uses and never ending in a blank.
func columns(fr *frag, cells []*frag, widths []int) {
	last := -1
	for i, c := range cells {
		if len(c.b) > 0 {
			last = i
		}
	}
	start := fr.len()
	// Fragments are UTF-8 (tokens, and strings quoted by jsonstr), so
	// their widths add up: fr is not measured again after each cell.
	w := start
	col := 0
	for i := 0; i <= last; i++ {
		if widths[i] == 0 {
			continue
		}
		w = fr.padFrom(w, start+col)
		fr.cat(cells[i])
		w += cells[i].len()
		col += widths[i] + 2
	}
}
