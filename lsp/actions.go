package lsp

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/lang/diag"
	"github.com/toolspec/toolspec/lang/parser"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/report"
)

// --- code actions -----------------------------------------------------------

// codeActions offers, for the diagnostics in the range: the name a
// misspelt group, tool or kind was probably meant to be; and the presence
// column where a row lacks it. Each action is found by its diagnostic's
// code and by trying the edit, never by reading the message.
func (s *Server) codeActions(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	lo, hi := d.offset(p.Range.Start), d.offset(p.Range.End)
	out := []protocol.CodeAction{}
	ix := d.index()
	// Each presence fix re-parses the document twice: offer it for the
	// first few syntax errors of the range only, so a request over a
	// whole broken file stays linear in its size.
	parses := maxSyntaxFixes
	for _, x := range d.diags {
		w := d.wordAt(d.offsetOf(x.Pos))
		if r := refAt(ix, w); r.end >= lo && r.start <= hi {
			w = r
		}
		if w.end < lo || w.start > hi {
			continue
		}
		ld := d.lspDiagnostic(x, ix)
		var candidates []string
		switch {
		case diag.GroupUnknown.Is(x):
			w, candidates = refAt(ix, w), declNames(ix, "group")
		case diag.FixtureUnknownTool.Is(x):
			w, candidates = refAt(ix, w), declNames(ix, "tool")
		case diag.UnknownKind.Is(x):
			candidates = kindWords()
		case diag.SyntaxError.Is(x) && parses > 0:
			parses--
			for _, presence := range []string{"required", "optional"} {
				if d.fixesSyntax(w.start, presence+" ") {
					out = append(out, d.edit("Add "+presence, ld, span{w.start, w.start}, presence+" "))
				}
			}
		}
		if best := diag.Closest(d.text[w.start:w.end], candidates); best != "" {
			out = append(out, d.edit(fmt.Sprintf("Change to %s", best), ld, w, best))
		}
	}
	// After the test lens: the fixtures that kill the surviving mutants,
	// offered on any survivor (test-report --suggest).
	if d.suggested != "" {
		for _, sv := range d.survivors {
			if sv.end >= lo && sv.start <= hi {
				end := span{len(d.text), len(d.text)}
				text := d.suggested
				if !strings.HasSuffix(d.text, "\n") {
					text = "\n" + text
				}
				a := d.edit("Add the fixtures test-report suggests for the surviving mutants", protocol.Diagnostic{}, end, "\n"+text)
				a.Diagnostics = nil
				out = append(out, a)
				break
			}
		}
	}
	return out, nil
}

// maxSyntaxFixes bounds the syntax errors one code action request tries
// to fix by inserting a presence.
const maxSyntaxFixes = 8

// fixesSyntax reports whether inserting text at off moves the first syntax
// error past off (or removes it).
func (d *document) fixesSyntax(off int, text string) bool {
	src := d.text[:off] + text + d.text[off:]
	p := parser.Parse("", []byte(src))
	for _, x := range p.Diags {
		if diag.SyntaxError.Is(x) && x.Pos.Offset <= off+len(text) {
			return false
		}
	}
	return true
}

func (d *document) edit(title string, ld protocol.Diagnostic, at span, text string) protocol.CodeAction {
	kind := protocol.CodeActionKindQuickFix
	return protocol.CodeAction{
		Title:       title,
		Kind:        &kind,
		Diagnostics: []protocol.Diagnostic{ld},
		IsPreferred: ptr(true),
		Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{
			d.uri: {{Range: d.rangeOf(at), NewText: text}},
		}},
	}
}

// refAt returns the name of the reference that starts at w (the group
// of a `use`, the tool of a fixture), or w.
func refAt(ix *index, w span) span {
	for _, r := range ix.refs {
		if r.from == w.start {
			return r.at
		}
	}
	return w
}

func declNames(ix *index, kind string) []string {
	var out []string
	for _, dc := range ix.decls {
		if dc.kind == kind {
			out = append(out, dc.name)
		}
	}
	return out
}

// --- test lens --------------------------------------------------------------

// codeLens puts "run test-report" above the spec line.
func (s *Server) codeLens(_ *glsp.Context, p *protocol.CodeLensParams) ([]protocol.CodeLens, error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	if d.file == nil {
		return []protocol.CodeLens{}, nil
	}
	return []protocol.CodeLens{{
		Range:   d.rangeOf(span{0, 0}),
		Command: &protocol.Command{Title: "▶ run test-report", Command: commandTestReport, Arguments: []any{d.uri}},
	}}, nil
}

// executeCommand starts test-report on a document and answers at once:
// the run goes on off the request loop, so hover, completion and the
// rest answer meanwhile. When it ends, and the document has not changed
// since, its diagnostics are published again with the report's verdicts
// added: each test passes (hint) or fails (information), and each
// surviving mutant is shown on the first tool it names (information). An
// edit, closing the document or a new run cancels the run: its results
// are dropped.
func (s *Server) executeCommand(_ *glsp.Context, p *protocol.ExecuteCommandParams) (any, error) {
	if p.Command != commandTestReport {
		return nil, errorf("unknown command %q", p.Command)
	}
	if len(p.Arguments) != 1 {
		return nil, errorf("%s takes the document URI", commandTestReport)
	}
	uri, _ := p.Arguments[0].(string)
	d, err := s.doc(uri)
	if err != nil {
		return nil, err
	}
	if d.tooLarge {
		return nil, errorf("%s", errTooLarge)
	}
	if d.file == nil || d.diags.HasErrors() {
		return nil, errorf("test-report needs a spec without errors")
	}
	s.cancelLens(uri)
	ctx, cancel := context.WithCancel(context.Background())
	s.lenses[uri] = cancel
	s.running.Add(1)
	go func() {
		defer s.running.Done()
		if beforeReport != nil {
			beforeReport()
		}
		r := compile.Source(pathOf(d.uri), []byte(d.text))
		var rep *report.Report
		if r.Catalog != nil && ctx.Err() == nil {
			rep = report.Run(r, report.Options{Suggest: true})
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if ctx.Err() != nil || s.docs[uri] != d || rep == nil {
			return
		}
		cancel()
		delete(s.lenses, uri)
		s.publishReport(d, rep)
	}()
	return nil, nil
}

// beforeReport, when set (by tests), runs before each test-report run.
var beforeReport func()

// cancelLens cancels the test-report run of a document, if one runs.
func (s *Server) cancelLens(uri string) {
	if cancel := s.lenses[uri]; cancel != nil {
		cancel()
		delete(s.lenses, uri)
	}
}

// publishReport publishes d's diagnostics with the verdicts of rep.
func (s *Server) publishReport(d *document, rep *report.Report) {
	d.suggested, d.survivors = rep.SuggestedTests(), nil
	diags := d.lspDiagnostics()
	for _, t := range rep.Tests {
		sev := protocol.DiagnosticSeverityHint
		msg := fmt.Sprintf("test %q: %s, kills %d mutants", t.Name, t.Verdict, t.Kills)
		if t.Verdict != report.Pass {
			sev = protocol.DiagnosticSeverityInformation
		}
		diags = append(diags, d.reportDiagnostic(t.Pos, sev, msg))
	}
	ix := d.index()
	for _, m := range rep.Mutants {
		if m.Verdict != report.Survived {
			continue
		}
		at := span{0, 0}
		if len(m.Tools) > 0 {
			if dc := ix.decl("tool", m.Tools[0]); dc != nil {
				at = dc.nameAt
			}
		}
		d.survivors = append(d.survivors, at)
		sev := protocol.DiagnosticSeverityInformation
		diags = append(diags, protocol.Diagnostic{Range: d.rangeOf(at), Severity: &sev, Source: ptr("toolspec test-report"),
			Message: fmt.Sprintf("surviving mutant (%s) at %s: %s; no test tells it apart", m.Operator, m.Where, m.Description)})
	}
	s.publish(d, diags)
}

// reportDiagnostic places a report line at its "file:line:col" position.
func (d *document) reportDiagnostic(pos string, sev protocol.DiagnosticSeverity, msg string) protocol.Diagnostic {
	var tp token.Pos
	parts := strings.Split(pos, ":")
	if n := len(parts); n >= 3 {
		tp.Line, _ = strconv.Atoi(parts[n-2])
		tp.Column, _ = strconv.Atoi(parts[n-1])
	}
	return protocol.Diagnostic{Range: d.rangeOf(d.wordAt(d.offsetOf(tp))), Severity: &sev, Source: ptr("toolspec test-report"), Message: msg}
}
