package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Text writes the human report: four sections (checks, negative controls,
// tests, mutants), one line per item starting with its verdict, and last
// the line "N passed, N failed, N vacuous".
func (rep *Report) Text(w io.Writer) error {
	if rep.quiet {
		return rep.quietText(w)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "test-report %s (spec %s)\n", rep.File, rep.Spec)
	rep.toolsText(&b)

	fmt.Fprintf(&b, "\nchecks (%d)\n", len(rep.Checks))
	tw := table(&b)
	for _, c := range rep.Checks {
		note := ""
		if c.Warnings > 0 {
			note = plural(c.Warnings, "warning")
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", c.Verdict, c.Name, note)
	}
	tw.Flush()

	fired := 0
	for _, c := range rep.Controls {
		if c.Verdict == Pass {
			fired++
		}
	}
	fmt.Fprintf(&b, "\nnegative controls (%d: %d fired)\n", len(rep.Controls), fired)
	tw = table(&b)
	check := ""
	for _, c := range rep.Controls {
		if c.Check != check {
			tw.Flush()
			check = c.Check
			fmt.Fprintf(&b, "  %s\n", check)
		}
		where := "in " + c.Planted
		if c.Builtin {
			where = "in the built-in fixture: " + c.Planted
		}
		result := c.Fired
		if c.Verdict != Pass {
			result = c.Reason
		}
		fmt.Fprintf(tw, "    %s\t%s\t%s\t%s\n", c.Verdict, c.ID, where, result)
	}
	tw.Flush()

	fmt.Fprintf(&b, "\ntests (%d)\n", len(rep.Tests))
	tw = table(&b)
	for _, t := range rep.Tests {
		kills := "kills no mutant"
		if t.Kills > 0 {
			kills = "kills " + plural(t.Kills, "mutant")
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", t.Verdict, t.Name, plural(len(t.Fixtures), "fixture"), kills)
	}
	tw.Flush()
	for _, t := range rep.Tests {
		if t.Verdict != Fail {
			continue
		}
		fmt.Fprintf(&b, "  FAIL %s:\n", t.Name)
		for _, f := range t.Fixtures {
			if f.Verdict == Fail {
				fmt.Fprintf(&b, "    %s: %s: %s\n", f.Pos, f.Line(), f.Reason)
			}
		}
	}

	if len(rep.Examples) > 0 {
		fmt.Fprintf(&b, "\nexamples (%d, each an accept fixture of its row)\n", len(rep.Examples))
		tw = table(&b)
		for _, ex := range rep.Examples {
			kills := "kills no mutant"
			if ex.Kills > 0 {
				kills = "kills " + plural(ex.Kills, "mutant")
			}
			v := string(ex.Value)
			if len(v) > 40 {
				v = v[:37] + "..."
			}
			fmt.Fprintf(tw, "  EXAMPLE\t%s\t%s\t%s\n", ex.Where, v, kills)
		}
		tw.Flush()
	}

	rep.mutantsText(&b)
	rep.acknowledgmentsText(&b)
	if rep.suggested {
		rep.suggestionsText(&b)
	}

	s := rep.Summary
	fmt.Fprintf(&b, "\n%d passed, %d failed, %d vacuous\n", s.Passed, s.Failed, s.Vacuous)
	// tabwriter pads empty last cells; no line ends in blanks.
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	_, err := io.WriteString(w, strings.Join(lines, "\n"))
	return err
}

// quietText is the report of -q: one line per failure (a control that did
// not fire, a failing or vacuous test and its failing fixtures, an
// untested tool, an acknowledgment that matches nothing, with --strict a
// survivor), then the last line.
func (rep *Report) quietText(w io.Writer) error {
	var b bytes.Buffer
	for _, c := range rep.Controls {
		if c.Verdict != Pass {
			fmt.Fprintf(&b, "%s  negative control %s (%s) in %s: %s\n", c.Verdict, c.ID, c.Check, c.Planted, c.Reason)
		}
	}
	for _, t := range rep.Tests {
		switch t.Verdict {
		case Fail:
			fmt.Fprintf(&b, "%s  test %q\n", t.Verdict, t.Name)
			for _, f := range t.Fixtures {
				if f.Verdict == Fail {
					fmt.Fprintf(&b, "  %s: %s: %s\n", f.Pos, f.Line(), f.Reason)
				}
			}
		case Vacuous:
			fmt.Fprintf(&b, "%s  test %q at %s: no mutant makes it fail\n", t.Verdict, t.Name, t.Pos)
		}
	}
	for _, t := range rep.Tools {
		if t.Untested {
			fmt.Fprintf(&b, "%s  %s: no fixture names it (%s)\n", Untested, quoteName(t.Tool), plural(t.Mutants, "mutant"))
		}
	}
	for _, a := range rep.Acknowledgments {
		if a.Verdict == Fail {
			fmt.Fprintf(&b, "FAIL  %s: error: survives %s %s %s: %s\n", a.Pos, quoteName(a.Tool), a.Path, a.Keyword, a.Problem)
		}
	}
	if rep.Strict {
		for _, m := range rep.Mutants {
			if m.Verdict == Survived {
				fmt.Fprintf(&b, "%s  %s: %s — no test fails\n", m.Verdict, m.Where, m.Description)
			}
		}
	}
	s := rep.Summary
	fmt.Fprintf(&b, "%d passed, %d failed, %d vacuous\n", s.Passed, s.Failed, s.Vacuous)
	_, err := w.Write(b.Bytes())
	return err
}

// toolsText writes the per-tool summary that opens the report.
func (rep *Report) toolsText(b *bytes.Buffer) {
	fmt.Fprintf(b, "\ntools (%d)\n", len(rep.Tools))
	tw := table(b)
	fmt.Fprintf(tw, "  tool\trows\tfixtures\tmutants killed/total\t\n")
	for _, t := range rep.Tools {
		note := ""
		if t.Survived > 0 {
			note = fmt.Sprintf("%d survived", t.Survived)
		}
		if t.Acknowledged > 0 {
			note = strings.TrimPrefix(note+fmt.Sprintf(", %d acknowledged", t.Acknowledged), ", ")
		}
		if t.Invalid > 0 {
			note = strings.TrimPrefix(note+fmt.Sprintf(", %d invalid", t.Invalid), ", ")
		}
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%d/%d\t%s\n", quoteName(t.Tool), t.Rows, t.Fixtures, t.Killed, t.Mutants-t.Invalid, note)
	}
	tw.Flush()
	for _, t := range rep.Tools {
		if t.Untested {
			fmt.Fprintf(b, "  %s  %s: no fixture names it, so no test covers its rows; add a test (--suggest writes one)\n", Untested, quoteName(t.Tool))
		}
	}
}

// mutantsText writes the mutants section: the survivors and the invalid
// mutants under the tool they belong to, or with Verbose every mutant in
// one flat list.
func (rep *Report) mutantsText(b *bytes.Buffer) {
	s := rep.Summary
	acked := ""
	if s.Acknowledged > 0 {
		acked = fmt.Sprintf(", %d acknowledged", s.Acknowledged)
	}
	fmt.Fprintf(b, "\nmutants (%d: %d killed, %d survived%s, %d invalid; %d more left every schema unchanged)\n",
		s.Mutants, s.Killed, s.Survived, acked, s.Invalid, s.Unchanged)
	line := func(w io.Writer, indent string, m Mutant) {
		switch m.Verdict {
		case Killed:
			fmt.Fprintf(w, "%s%-8s  %s: %s — killed by %s\n", indent, m.Verdict, m.Where, m.Description, killers(m.KilledBy))
		case Invalid:
			fmt.Fprintf(w, "%s%-8s  %s: %s — %s\n", indent, m.Verdict, m.Where, m.Description, m.Reason)
		case Acknowledged:
			fmt.Fprintf(w, "%s%-8s  %s: %s — %s\n", indent, m.Verdict, m.Where, m.Description, strconv.Quote(m.Reason))
		default:
			fmt.Fprintf(w, "%s%-8s  %s: %s — no test fails\n", indent, m.Verdict, m.Where, m.Description)
		}
	}
	// The verdict column has a fixed width (SURVIVED is the longest), so
	// it lines up across the tools' groups.
	if rep.verbose {
		for _, m := range rep.Mutants {
			line(b, "  ", m)
		}
		return
	}
	byTool := map[string][]Mutant{}
	for _, m := range rep.Mutants {
		if m.Verdict != Killed && len(m.Tools) > 0 {
			byTool[m.Tools[0]] = append(byTool[m.Tools[0]], m)
		}
	}
	for _, t := range rep.Tools {
		if len(byTool[t.Tool]) == 0 {
			continue
		}
		fmt.Fprintf(b, "  %s\n", quoteName(t.Tool))
		for _, m := range byTool[t.Tool] {
			line(b, "    ", m)
		}
	}
	if s.Killed > 0 {
		fmt.Fprintf(b, "  (%s not listed; -v lists every mutant)\n", plural(s.Killed, "killed mutant"))
	}
}

// acknowledgmentsText writes the spec's `survives` lines: each with the
// survivors it accepts, or as an error when it matches none.
func (rep *Report) acknowledgmentsText(b *bytes.Buffer) {
	if len(rep.Acknowledgments) == 0 {
		return
	}
	fmt.Fprintf(b, "\nacknowledged survivors (%d)\n", len(rep.Acknowledgments))
	for _, a := range rep.Acknowledgments {
		line := "survives " + quoteName(a.Tool) + " " + a.Path + " " + a.Keyword
		if a.Verdict == Fail {
			fmt.Fprintf(b, "  FAIL  %s: error: %s: %s\n", a.Pos, line, a.Problem)
			continue
		}
		fmt.Fprintf(b, "  %s  %s (%s): %s\n", Acknowledged, line, plural(a.Mutants, "mutant"), strconv.Quote(a.Reason))
	}
}

// Line writes a fixture as in the spec: `reject tool out {...} because K at "P"`,
// its value cut at 60 characters.
func (f Fixture) Line() string { return f.line(60, " ") }

// fullLine is Line with the whole value, as the formatter writes it (two
// spaces before because).
func (f Fixture) fullLine() string { return f.line(-1, "  ") }

func (f Fixture) line(cut int, sep string) string {
	var b strings.Builder
	if f.Accept {
		b.WriteString("accept ")
	} else {
		b.WriteString("reject ")
	}
	b.WriteString(quoteName(f.Tool))
	if f.Dir == "out" {
		b.WriteString(" out")
	}
	v := string(f.Value)
	if cut > 0 && len(v) > cut {
		v = v[:cut-3] + "..."
	}
	b.WriteString(" " + v)
	if f.Because != "" {
		b.WriteString(sep + "because " + f.Because)
		if f.At != nil {
			b.WriteString(" at " + strconv.Quote(*f.At))
		}
	}
	return b.String()
}

func killers(names []string) string {
	q := strconv.Quote(names[0])
	if len(names) > 1 {
		q += fmt.Sprintf(" and %d more", len(names)-1)
	}
	return q
}

func table(w io.Writer) *tabwriter.Writer { return tabwriter.NewWriter(w, 0, 0, 2, ' ', 0) }

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// JSON writes the report as indented JSON (docs/test-report.md).
func (rep *Report) JSON(w io.Writer) error {
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Skipped   *junitFailure `xml:"skipped,omitempty"`
}

type junitFailure struct {
	Type    string `xml:"type,attr,omitempty"`
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// JUnit returns the report as JUnit XML: one testsuite per section, one
// testcase per item. Failed and vacuous items are failures; surviving
// mutants are skipped, or failures with Strict.
func (rep *Report) JUnit() []byte {
	root := junitSuites{Name: "toolspec test-report " + rep.Spec}
	add := func(s *junitSuite, c junitCase) {
		s.Tests++
		if c.Failure != nil {
			s.Failures++
		}
		if c.Skipped != nil {
			s.Skipped++
		}
		s.Cases = append(s.Cases, c)
	}
	class := rep.Spec + "."
	checks := junitSuite{Name: "checks"}
	for _, c := range rep.Checks {
		add(&checks, junitCase{Name: c.Name, Classname: class + "checks"})
	}
	controls := junitSuite{Name: "negative controls"}
	for _, c := range rep.Controls {
		jc := junitCase{Name: c.ID + " (" + c.Check + ")", Classname: class + "controls"}
		if c.Verdict != Pass {
			jc.Failure = &junitFailure{Type: "fail", Message: "the check did not fire", Text: "planted in " + c.Planted + "\n" + c.Reason}
		}
		add(&controls, jc)
	}
	tests := junitSuite{Name: "tests"}
	for _, t := range rep.Tests {
		jc := junitCase{Name: t.Name, Classname: class + "tests"}
		switch t.Verdict {
		case Fail:
			var lines []string
			for _, f := range t.Fixtures {
				if f.Verdict == Fail {
					lines = append(lines, f.Pos+": "+f.Line()+": "+f.Reason)
				}
			}
			jc.Failure = &junitFailure{Type: "fail", Message: "a fixture does not hold", Text: strings.Join(lines, "\n")}
		case Vacuous:
			jc.Failure = &junitFailure{Type: "vacuous", Message: "vacuous: no mutant makes this test fail"}
		}
		add(&tests, jc)
	}
	for _, a := range rep.Acknowledgments {
		if a.Verdict == Fail {
			add(&tests, junitCase{Name: "survives " + a.Tool + " " + a.Path + " " + a.Keyword, Classname: class + "tests",
				Failure: &junitFailure{Type: "fail", Message: a.Problem, Text: a.Pos}})
		}
	}
	for _, t := range rep.Tools {
		if t.Untested {
			add(&tests, junitCase{Name: "tool " + t.Tool, Classname: class + "tests",
				Failure: &junitFailure{Type: "untested", Message: "untested: the tool has mutants and no fixture names it"}})
		}
	}
	mutants := junitSuite{Name: "mutants"}
	for _, m := range rep.Mutants {
		jc := junitCase{Name: m.Where + ": " + m.Description, Classname: class + "mutants"}
		if m.Verdict == Invalid {
			jc.Skipped = &junitFailure{Type: "invalid", Message: "invalid: " + m.Reason}
		}
		if m.Verdict == Acknowledged {
			jc.Skipped = &junitFailure{Type: "acknowledged", Message: "acknowledged: " + m.Reason}
		}
		if m.Verdict == Survived {
			f := &junitFailure{Type: "survived", Message: "no test fails"}
			if rep.Strict {
				jc.Failure = f
			} else {
				jc.Skipped = f
			}
		}
		add(&mutants, jc)
	}
	for _, s := range []junitSuite{checks, controls, tests, mutants} {
		root.Tests += s.Tests
		root.Failures += s.Failures
		root.Suites = append(root.Suites, s)
	}
	b, _ := xml.MarshalIndent(root, "", "  ")
	return append([]byte(xml.Header), append(b, '\n')...)
}
