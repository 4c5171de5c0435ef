package diag

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Markdown renders the table as docs/diagnostics.md.
func Markdown() []byte {
	var b bytes.Buffer
	b.WriteString(`# Diagnostics

<!-- Code generated from lang/diag by "go test ./lang/diag -update". DO NOT EDIT. -->

Every diagnostic toolspec reports on a spec is declared once, in the table of
package lang/diag, with a stable code, a short name, a severity, its message
and an explanation. This page is generated from that table.

A diagnostic is printed as

    FILE:LINE:COL: error|warning: MESSAGE [CODE]

The code comes last, so tools that read ` + "`FILE:LINE:COL: error: MESSAGE`" + ` (and
regular expressions over the message) keep working. A code is never reused
for another rule; messages may be reworded, so programs must key on the code
(or the name), never on the message.

- ` + "`toolspec explain CODE`" + ` (or ` + "`toolspec explain NAME`" + `) prints the explanation
  with the examples below.
- ` + "`toolspec check --json FILE...`" + ` prints the diagnostics as one JSON object
  on stdout, for editors and CI annotators (exit codes as without --json):

  ` + "```json" + `
  {"diagnostics": [
    {"code": "TS0510", "name": "enum-empty", "severity": "error",
     "file": "a.tspec", "line": 7, "column": 12, "message": "level: empty enum"}
  ]}
  ` + "```" + `

  Diagnostics are sorted by file, then position. ` + "`line`" + ` and ` + "`column`" + ` are
  1-based (the column counts bytes); both are 0 when the diagnostic is about
  the whole file (TS0001). An empty run prints ` + "`{\"diagnostics\": []}`" + `.
- test-report's negative controls name the code of the rule they plant
  (` + "`code`" + ` in ` + "`test-report --json`" + `).

In the examples, what a page cannot show is written <U+0009> (a control
character) or <0xE9> (a byte that is not UTF-8).

Codes are grouped by area, with gaps so that an area can grow:

| Codes | Area |
|---|---|
`)
	for _, a := range areas {
		fmt.Fprintf(&b, "| %sxx | %s |\n", a.prefix, a.title)
	}
	for _, a := range areas {
		fmt.Fprintf(&b, "\n## %s\n", a.title)
		for _, d := range all {
			if strings.HasPrefix(d.Code, a.prefix) {
				writeDef(&b, d)
			}
		}
	}
	return b.Bytes()
}

func writeDef(b *bytes.Buffer, d *Def) {
	fmt.Fprintf(b, "\n### %s %s\n\n", d.Code, d.Name)
	fmt.Fprintf(b, "%s, reported by the %s phase: %s\n\n", title(d.Severity.String()), d.Phase, codeSpan(d.Format))
	b.WriteString(d.Explain + "\n")
	if d.NoExample != "" {
		fmt.Fprintf(b, "\nNo example: %s.\n", d.NoExample)
	}
	if d.Wrong != "" {
		fmt.Fprintf(b, "\nWrong:\n\n%s\nRight:\n\n%s", indent(d.Wrong), indent(d.Right))
	}
}

// Text renders one diagnostic for a terminal, as `toolspec explain` prints it.
func (d *Def) Text() string { return d.TextWith("") }

// TextWith is Text with the message shown as reported: example is the
// diagnostic the Wrong example gets (`demo.tspec:9:5: error: ...`), which
// the table cannot compute itself (the checker imports it); "" shows the
// message's template.
func (d *Def) TextWith(example string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s (%s, %s phase)\n\n", d.Code, d.Name, d.Severity, d.Phase)
	if example != "" {
		fmt.Fprintf(&b, "Message, as the wrong example below gets it:\n\n    %s\n\n", example)
	} else {
		fmt.Fprintf(&b, "Message: %s\n\n", d.Format)
	}
	b.WriteString(wrap(d.Explain, 76))
	if d.NoExample != "" {
		fmt.Fprintf(&b, "\nNo example: %s.\n", d.NoExample)
	}
	if d.Wrong != "" {
		fmt.Fprintf(&b, "\nWrong:\n\n%s\nRight:\n\n%s", indent(d.Wrong), indent(d.Right))
	}
	return b.String()
}

// wrap breaks text into lines of at most width bytes where it can, at
// spaces, each ending with a newline.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(text) {
		switch {
		case i == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	b.WriteByte('\n')
	return b.String()
}

// codeSpan is s as Markdown inline code, also when s holds backquotes.
func codeSpan(s string) string {
	if strings.Contains(s, "`") {
		return "`` " + s + " ``"
	}
	return "`" + s + "`"
}

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// indent makes a spec a Markdown code block. What a page cannot show (the
// examples of lexical errors hold some) is written <U+0009> for a control
// character and <0xE9> for a byte that is not UTF-8.
func indent(spec string) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(spec, "\n") {
		if line == "" {
			continue
		}
		if line == "\n" {
			b.WriteString("\n")
			continue
		}
		b.WriteString("    " + visible(line))
	}
	return b.String()
}

func visible(line string) string {
	var b strings.Builder
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		switch {
		case r == '\n':
			b.WriteRune(r)
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, "<0x%02X>", line[i])
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "<%U>", r)
		default:
			b.WriteString(line[i : i+size])
		}
		i += size
	}
	return b.String()
}
