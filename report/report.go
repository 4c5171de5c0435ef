package report

import (
	"encoding/json"
	"runtime"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/lang/ast"
	"github.com/toolspec/toolspec/lang/token"
)

// Verdict is the outcome of one item of the report.
type Verdict string

// Verdicts. Checks, controls and fixtures pass or fail; a test also can be
// vacuous; a mutant is killed or survives.
const (
	Pass    Verdict = "PASS"
	Fail    Verdict = "FAIL"
	Vacuous Verdict = "VACUOUS"
	// Untested is the verdict of a tool that has mutants and no fixture.
	Untested Verdict = "UNTESTED"
	Killed   Verdict = "KILLED"
	Survived Verdict = "SURVIVED"
	// Acknowledged is a surviving mutant a `survives` line accepts.
	Acknowledged Verdict = "ACKNOWLEDGED"
)

// Report is the result of one test-report run. Its JSON form is the output
// of `test-report --json` (documented in docs/test-report.md).
type Report struct {
	File   string `json:"file"`
	Spec   string `json:"spec"`
	Strict bool   `json:"strict"`
	// Tools sums up each tool: its rows, fixtures and mutants.
	Tools    []ToolSummary `json:"tools"`
	Checks   []Check       `json:"checks"`
	Controls []Control     `json:"controls"`
	Tests    []Test        `json:"tests"`
	// Examples are the rows' example values, each an implicit accept
	// fixture of its row.
	Examples []Example `json:"examples"`
	Mutants  []Mutant  `json:"mutants"`
	// Acknowledgments are the spec's `survives` lines, each with the
	// mutants it accepts.
	Acknowledgments []Acknowledgment `json:"acknowledgments"`
	// Suggestions are fixtures for the surviving mutants (only with
	// Options.Suggest).
	Suggestions []Suggestion `json:"suggestions,omitempty"`
	Summary     Summary      `json:"summary"`

	verbose, suggested, quiet bool
}

// Check is one built-in check of section 6 as it ran on the spec.
type Check struct {
	Name     string  `json:"name"`
	Verdict  Verdict `json:"verdict"`
	Warnings int     `json:"warnings"`
}

// Control is one negative control: a planted defect and the diagnostic
// that must answer it.
type Control struct {
	ID string `json:"id"`
	// Code is the diagnostic code of the rule the control exercises
	// (lang/diag); ID is its name.
	Code  string `json:"code"`
	Check string `json:"check"`
	// Rule is the rule's message format.
	Rule    string `json:"rule"`
	Warning bool   `json:"warning"`
	// Planted says where the defect went; Builtin is set when it went into
	// the built-in fixture spec because the spec had nowhere to plant it.
	Planted string  `json:"planted"`
	Builtin bool    `json:"builtin"`
	Verdict Verdict `json:"verdict"`
	// Fired is the diagnostic that answered, when the control passed.
	Fired string `json:"fired,omitempty"`
	// Reason says why the control failed.
	Reason string `json:"reason,omitempty"`
}

// Test is one `test "..." { }` block.
type Test struct {
	Name     string    `json:"name"`
	Pos      string    `json:"pos"`
	Verdict  Verdict   `json:"verdict"`
	Kills    int       `json:"kills"`
	Fixtures []Fixture `json:"fixtures"`
}

// Fixture is one accept or reject line of a test.
type Fixture struct {
	Pos     string          `json:"pos"`
	Verdict Verdict         `json:"verdict"`
	Accept  bool            `json:"accept"`
	Tool    string          `json:"tool"`
	Dir     string          `json:"dir"` // "in" or "out"
	Value   json.RawMessage `json:"value"`
	Because string          `json:"because,omitempty"`
	At      *string         `json:"at,omitempty"`
	// Failures are what the validator reported for the value.
	Failures []Failure `json:"failures"`
	// Reason says why the fixture failed.
	Reason string `json:"reason,omitempty"`
}

// Failure is one keyword that failed at one instance location.
type Failure struct {
	Keyword string `json:"keyword"`
	At      string `json:"at"`
	Message string `json:"message"`
}

// Mutant is one one-row mutant of the model that changed an emitted schema.
type Mutant struct {
	Operator string `json:"operator"`
	// Where names the row: "TOOL in.PATH", "TOOL out.PATH" or, for a row of
	// a group (shared by every tool that uses it), "group NAME.PATH".
	Where string `json:"where"`
	// Keyword is the JSON Schema keyword the mutant changes: what a
	// `survives` line names.
	Keyword     string   `json:"keyword"`
	Description string   `json:"description"`
	Tools       []string `json:"tools"`
	Verdict     Verdict  `json:"verdict"`
	KilledBy    []string `json:"killed_by"`
	// Reason says why an INVALID mutant would not check, or, for an
	// ACKNOWLEDGED one, the reason its `survives` line gives.
	Reason string `json:"reason,omitempty"`
}

// Summary counts the items. Passed, Failed and Vacuous count the verdict
// lines of the report: checks, negative controls, tests and untested
// tools (each a failure), and, with Strict, mutants: killed ones pass,
// survivors fail.
type Summary struct {
	Passed   int `json:"passed"`
	Failed   int `json:"failed"`
	Vacuous  int `json:"vacuous"`
	Mutants  int `json:"mutants"`
	Killed   int `json:"killed"`
	Survived int `json:"survived"`
	// Acknowledged counts the survivors a `survives` line accepts (not
	// counted in Survived).
	Acknowledged int `json:"acknowledged"`
	// Unchanged counts mutants skipped because the emitted schema did not
	// change (for instance flipping nullable on an any row).
	Unchanged int `json:"unchanged"`
	// Invalid counts mutants that would not pass check (Mutants counts
	// them too; they are neither killed nor survived).
	Invalid int `json:"invalid"`
	// Untested counts the untested tools (each also counted as failed).
	Untested int  `json:"untested"`
	OK       bool `json:"ok"`
}

// Options tune a run.
type Options struct {
	// Strict makes surviving mutants fail the run.
	Strict bool
	// Suggest synthesises a killing fixture for each surviving mutant.
	Suggest bool
	// Verbose makes the text report list every mutant, killed ones too.
	Verbose bool
	// Quiet makes the text report list only what fails, then the last
	// line.
	Quiet bool
	// Workers is the number of goroutines for controls and mutants;
	// 0 means GOMAXPROCS.
	Workers int
	// Progress, when set, is called after each mutant with the number done
	// and the total. It is called from several goroutines, one at a time.
	Progress func(done, total int)
	// Check runs the checks on a syntax tree and returns the diagnostics.
	// nil means the real pipeline (compile.Checked). Tests replace it to
	// show that a control fails when its rule is disabled.
	Check func(*ast.File) token.List
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

func (o Options) check(f *ast.File) token.List {
	if o.Check != nil {
		return o.Check(f)
	}
	return compile.Checked(compile.Result{File: f}).Diags
}

// Run makes the report of a spec that compiled without errors (r.File and
// r.Catalog set).
func Run(r compile.Result, opts Options) *Report {
	rep := &Report{File: r.File.Pos.Filename, Spec: r.Catalog.Name, Strict: opts.Strict, verbose: opts.Verbose, suggested: opts.Suggest, quiet: opts.Quiet}
	rep.Checks = runChecks(r.Diags)
	rep.Controls = runControls(r, opts)
	s := newSuite(r.Catalog)
	rep.Tests = s.run()
	rep.Examples = s.collectExamples()
	var muts []*mutant
	rep.Mutants, muts, rep.Summary.Unchanged = s.mutate(opts)
	rep.Acknowledgments = acknowledge(r.Catalog.Survives, muts, rep.Mutants)
	if opts.Suggest {
		rep.Suggestions = s.suggest(muts, rep.Mutants)
	}
	for i := range rep.Tests {
		rep.Tests[i].Kills = s.kills[i]
	}
	for i := range rep.Examples {
		rep.Examples[i].Kills = s.kills[len(rep.Tests)+i]
	}
	rep.Tools = s.toolSummaries(rep.Mutants)
	rep.summarize()
	return rep
}

func (rep *Report) summarize() {
	s := &rep.Summary
	count := func(v Verdict) {
		switch v {
		case Pass, Killed:
			s.Passed++
		case Fail, Survived:
			s.Failed++
		case Vacuous:
			s.Vacuous++
		}
	}
	for _, c := range rep.Checks {
		count(c.Verdict)
	}
	for _, c := range rep.Controls {
		count(c.Verdict)
	}
	for _, a := range rep.Acknowledgments {
		if a.Verdict == Fail {
			count(Fail)
		}
	}
	for _, t := range rep.Tools {
		if t.Untested {
			s.Untested++
			count(Fail)
		}
	}
	for i := range rep.Tests {
		t := &rep.Tests[i]
		if t.Verdict == Pass && t.Kills == 0 {
			t.Verdict = Vacuous
		}
		count(t.Verdict)
	}
	s.Mutants = len(rep.Mutants)
	for _, m := range rep.Mutants {
		switch m.Verdict {
		case Killed:
			s.Killed++
		case Invalid:
			s.Invalid++
			continue
		case Acknowledged:
			s.Acknowledged++
			continue
		default:
			s.Survived++
		}
		if rep.Strict {
			count(m.Verdict)
		}
	}
	s.OK = s.Failed == 0 && s.Vacuous == 0
}
