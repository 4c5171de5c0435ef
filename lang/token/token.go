package token

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a position in a spec file. Line and Column are 1-based; Column
// counts bytes, as Go's own tools do. The zero Pos means "no position".
//
// It is the one position type of toolspec: the syntax tree's (ast.Position
// is this type), the checker's and the diagnostics'. Its fields are those
// of participle's lexer.Position, in the same order, so that participle
// fills the Pos of every node of the grammar with it and the lexer's
// positions convert to it as they are.
type Pos struct {
	Filename string
	Offset   int
	Line     int
	Column   int
}

// IsValid reports whether p names a place in a file.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	switch {
	case !p.IsValid() && p.Filename == "":
		return "-"
	case !p.IsValid():
		return p.Filename
	case p.Filename == "":
		return fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column)
}

// Before reports whether p comes before q in the same file.
func (p Pos) Before(q Pos) bool {
	if p.Filename != q.Filename {
		return p.Filename < q.Filename
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Column < q.Column
}

// Severity says whether a diagnostic stops the build.
type Severity int

const (
	Error Severity = iota
	Warning
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// Diagnostic is one problem found in a spec.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	// Code is the diagnostic's stable code in the table of lang/diag, such
	// as "TS0510". Programs recognise a diagnostic by its code, never by Msg.
	Code string
	Msg  string
}

// String is `file:line:col: error: message [TS0510]`: the position and
// message as Go's tools write them, then the code, last, so that readers
// matching the message (`// want` regexes) still find it.
func (d Diagnostic) String() string {
	if d.Code == "" {
		return fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Msg)
	}
	return fmt.Sprintf("%s: %s: %s [%s]", d.Pos, d.Severity, d.Msg, d.Code)
}

// List collects diagnostics. Append to it, then Sort before printing.
type List []Diagnostic

// Errorf appends an error at pos that has no code.
//
// Deprecated: declare the diagnostic in lang/diag and report it through
// the table, so that it has a code.
func (l *List) Errorf(pos Pos, format string, args ...any) {
	*l = append(*l, Diagnostic{Pos: pos, Severity: Error, Msg: fmt.Sprintf(format, args...)})
}

// Sort orders the list by position, errors before warnings at one place,
// and drops exact repeats.
func (l List) Sort() List {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.Pos != b.Pos {
			return a.Pos.Before(b.Pos)
		}
		if a.Severity != b.Severity {
			return a.Severity < b.Severity
		}
		if a.Msg != b.Msg {
			return a.Msg < b.Msg
		}
		return a.Code < b.Code
	})
	out := l[:0]
	for i, d := range l {
		if i > 0 && d == l[i-1] {
			continue
		}
		out = append(out, d)
	}
	return out
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Errors returns the list as an error (nil when it holds no error).
func (l List) Err() error {
	if !l.HasErrors() {
		return nil
	}
	return l
}

func (l List) Error() string {
	var b strings.Builder
	for i, d := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.String())
	}
	return b.String()
}
