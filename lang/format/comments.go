package format

import (
	"bytes"
	"io"
	"sort"

	"github.com/toolspec/toolspec/lang/ast"
)

// placeComments puts each comment on the printed lines: a trailing comment
// at the end of the line holding the last token before it, any other one on
// a line of its own before the line holding the first token after it. The
// lines' offsets ascend, as printing follows the source.
func placeComments(lines []line, comments []*ast.Comment) []line {
	if len(comments) == 0 {
		return lines
	}
	cs := append([]*ast.Comment(nil), comments...)
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].Pos.Offset < cs[j].Pos.Offset })
	before := map[int][]string{}
	var atEnd []string
	for _, c := range cs {
		off := c.Pos.Offset
		if c.Trailing {
			i := lastBefore(lines, off)
			for i >= 0 && i < len(lines) && (lines[i].opens || lines[i].raw) {
				i++
			}
			if i >= 0 && i < len(lines) && lines[i].comment == "" {
				lines[i].comment = c.Text
				continue
			}
		}
		if j := firstAfter(lines, off); j >= 0 {
			before[j] = append(before[j], c.Text)
		} else {
			atEnd = append(atEnd, c.Text)
		}
	}
	out := make([]line, 0, len(lines)+len(cs))
	for i := range lines {
		l := &lines[i]
		indent := l.indent
		if l.closes() {
			indent++
		}
		for _, text := range before[i] {
			out = append(out, line{indent: indent, text: text})
		}
		out = append(out, *l)
	}
	for _, text := range atEnd {
		out = append(out, line{text: text})
	}
	return out
}

// lastBefore returns the last line with a token before off, or -1.
func lastBefore(lines []line, off int) int {
	for i := len(lines) - 1; i >= 0; i-- {
		for _, o := range lines[i].offs {
			if o < off {
				return i
			}
		}
	}
	return -1
}

// firstAfter returns the first line with a token after off, or -1.
func firstAfter(lines []line, off int) int {
	for i := range lines {
		for _, o := range lines[i].offs {
			if o > off {
				return i
			}
		}
	}
	return -1
}

// render writes the lines out, aligning the trailing comments of each run of
// consecutive lines that have one.
func render(lines []line) []byte {
	var b bytes.Buffer
	for i := 0; i < len(lines); {
		j, col := i, 0
		for j < len(lines) && lines[j].comment != "" {
			col = max(col, lines[j].width()+2)
			j++
		}
		if j == i {
			writeLine(&b, &lines[i], 0)
			i++
			continue
		}
		for ; i < j; i++ {
			writeLine(&b, &lines[i], col)
		}
	}
	return b.Bytes()
}

// lineWriter is where lines are written: a bytes.Buffer or a bufio.Writer.
type lineWriter interface {
	io.StringWriter
	io.ByteWriter
}

func writeLine(b lineWriter, l *line, col int) {
	if l.text != "" {
		if !l.raw {
			for range l.indent {
				b.WriteString("  ")
			}
		}
		b.WriteString(l.text)
	}
	if l.comment != "" {
		for range col - l.width() {
			b.WriteByte(' ')
		}
		b.WriteString(l.comment)
	}
	b.WriteByte('\n')
}
