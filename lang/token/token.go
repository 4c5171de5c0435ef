package token

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a position in a spec file. Line and Column are 1-based; Column
// counts bytes, as Go's own tools do. The zero Pos means "no position".
type Pos struct {
	File   string
	Offset int
	Line   int
	Column int
}

// IsValid reports whether p names a place in a file.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	switch {
	case !p.IsValid() && p.File == "":
		return "-"
	case !p.IsValid():
		return p.File
	case p.File == "":
		return fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

// Before reports whether p comes before q in the same file.
func (p Pos) Before(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
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
	Msg      string
	// Strict marks a warning that strict runs (check --strict,
	// test-report --strict) count as an error.
	Strict bool
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Msg)
}

// List collects diagnostics. Append to it, then Sort before printing.
type List []Diagnostic

// Errorf appends an error at pos.
func (l *List) Errorf(pos Pos, format string, args ...any) {
	*l = append(*l, Diagnostic{Pos: pos, Severity: Error, Msg: fmt.Sprintf(format, args...)})
}

// StrictWarnf appends a warning at pos that strict runs count as an error.
func (l *List) StrictWarnf(pos Pos, format string, args ...any) {
	*l = append(*l, Diagnostic{Pos: pos, Severity: Warning, Msg: fmt.Sprintf(format, args...), Strict: true})
}

// Strict returns l with every Strict warning made an error.
func (l List) Strict() List {
	out := make(List, len(l))
	for i, d := range l {
		if d.Strict {
			d.Severity = Error
		}
		out[i] = d
	}
	return out
}

// Warnf appends a warning at pos.
func (l *List) Warnf(pos Pos, format string, args ...any) {
	*l = append(*l, Diagnostic{Pos: pos, Severity: Warning, Msg: fmt.Sprintf(format, args...)})
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
		return a.Msg < b.Msg
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
