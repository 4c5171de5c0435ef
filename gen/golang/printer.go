package golang

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// printer writes Go source already in gofmt's layout, so no formatting
// pass runs over the file: tabs for indentation, one blank line between
// declarations, and the column alignment gofmt gives struct fields and
// const specs (aligned). TestGofmt holds every golden to gofmt.
type printer struct {
	b    []byte   // the text since the last chunk
	full [][]byte // chunks written before b, in order
	n    int      // their length
}

// chunk is how much text the printer holds in one slice: when b has no
// room for more, it becomes a chunk and a new b starts, so no slice grows
// past this size and a large file is copied once, into bytes.
const chunk = 1 << 20

// room makes b take n more bytes without growing, starting a new chunk
// when it cannot.
func (p *printer) room(n int) {
	if cap(p.b)-len(p.b) >= n {
		return
	}
	if len(p.b) > 0 {
		p.full = append(p.full, p.b)
		p.n += len(p.b)
	}
	p.b = make([]byte, 0, max(chunk, n))
}

// len is the length of the text written.
func (p *printer) len() int { return p.n + len(p.b) }

// bytes appends the text written to dst.
func (p *printer) bytes(dst []byte) []byte {
	for _, c := range p.full {
		dst = append(dst, c...)
	}
	return append(dst, p.b...)
}

// take writes the text of q, which is not used again.
func (p *printer) take(q *printer) {
	if len(p.b) > 0 {
		p.full = append(p.full, p.b)
		p.n += len(p.b)
	}
	p.full = append(p.full, q.full...)
	p.n += q.n
	p.b = q.b
}

// printf writes formatted text.
func (p *printer) printf(format string, args ...any) {
	p.room(len(format) + 64)
	p.b = fmt.Appendf(p.b, format, args...)
}

// str writes its arguments one after the other.
func (p *printer) str(parts ...string) {
	n := 0
	for _, s := range parts {
		n += len(s)
	}
	p.room(n)
	for _, s := range parts {
		p.b = append(p.b, s...)
	}
}

// doc writes a doc comment before a declaration, after a blank line.
func (p *printer) doc(lines ...string) {
	p.str("\n")
	for _, l := range lines {
		p.str("// ", l, "\n")
	}
}

// fn writes a top-level function whose body is one statement, on one line
// when gofmt keeps it there: header (from "func" to the results, ASCII)
// and the statement together take fewer than 100 columns (go/printer
// counts one more, a blank, against its limit of 100). An empty stmt is
// an empty body: {} on the header's line when the header fits, else on
// two lines.
func (p *printer) fn(header, stmt string) {
	if stmt == "" {
		if len(header) < 100 {
			p.str(header, " {}\n")
		} else {
			p.str(header, " {\n}\n")
		}
		return
	}
	if len(header)+len(stmt) < 100 {
		p.str(header, " { ", stmt, " }\n")
		return
	}
	p.str(header, " {\n\t", stmt, "\n}\n")
}

// aligned writes rows of cells at one indentation as gofmt aligns them:
// every cell but the last of a row is padded to the widest of its column
// plus one space. A nil row is a line that breaks the alignment (a comment
// line, in comments[i]). Cells are ASCII but the last one.
func (p *printer) aligned(indent string, rows [][]string, comments []string) {
	for start := 0; start < len(rows); {
		if rows[start] == nil {
			p.str(indent, "// ", comments[start], "\n")
			start++
			continue
		}
		end := start
		var widths []int
		for ; end < len(rows) && rows[end] != nil; end++ {
			for c, cell := range rows[end][:len(rows[end])-1] {
				if c == len(widths) {
					widths = append(widths, 0)
				}
				widths[c] = max(widths[c], len(cell))
			}
		}
		for _, row := range rows[start:end] {
			p.str(indent)
			for c, cell := range row {
				p.str(cell)
				if c < len(row)-1 {
					p.str(strings.Repeat(" ", widths[c]-len(cell)+1))
				}
			}
			p.str("\n")
		}
		start = end
	}
}

// quote turns spec text into a Go interpreted string literal, every
// non-printable rune escaped.
func quote(s string) string { return strconv.Quote(s) }

// literal is text as a Go string literal: a raw string, which reads like
// the JSON it holds, when that keeps the bytes (no backtick, carriage
// return, byte order mark or other non-printable rune); quote otherwise.
func literal(s string) string {
	for _, c := range s {
		if c == '`' || c == '\uFEFF' || !strconv.IsPrint(c) {
			return quote(s)
		}
	}
	return "`" + s + "`"
}

// comment makes spec text safe inside a // comment: every rune that is
// not printable (line breaks, control and format characters, and the byte
// order mark, which Go refuses anywhere but at the start of a file)
// becomes a space, and runs of spaces one.
func comment(s string) string {
	if plainComment(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r != ' ' && !unicode.IsPrint(r), r == '\uFEFF':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// plainComment reports whether comment(s) is s: printable ASCII, no space
// at either end and none after another.
func plainComment(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < ' ' || c > '~' || c == ' ' && (i == 0 || i == len(s)-1 || s[i-1] == ' ') {
			return false
		}
	}
	return true
}
