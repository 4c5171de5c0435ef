package report

import (
	"strings"
	"testing"
)

const ackSpec = `spec ack

group page {
  limit  integer  optional  1..100
}

tool fetch {
  description "Fetch"
  in {
    url  string  required  1..64
    use page
  }
  out {
    body  string  required  ..1048576
  }
}

test "fetch" {
  accept fetch {"url": "u"}
  reject fetch {"url": ""}  because minLength
  reject fetch {}  because required
  reject fetch {"url": null}  because type
  reject fetch {"url": "u", "x": 1}  because additionalProperties
  reject fetch {"url": "u", "limit": 0}  because minimum
  reject fetch {"url": "u", "limit": 1.5}  because type
  reject fetch {"url": "u", "limit": null}  because type
  accept fetch {"url": "u", "limit": 100}
  accept fetch out {"body": ""}
  reject fetch out {}  because required
  reject fetch out {"body": null}  because type
  reject fetch out {"body": "", "x": 1}  because additionalProperties
}
`

// TestAcknowledged: a survives line turns its survivors into ACKNOWLEDGED
// ones with its reason, which --strict does not fail on; a row of a group
// is named through a tool that uses it.
func TestAcknowledged(t *testing.T) {
	plain := Run(load(t, "ack.tspec", ackSpec), Options{Strict: true})
	if plain.Summary.OK || plain.Summary.Survived == 0 {
		t.Fatalf("without acknowledgments: %+v", plain.Summary)
	}
	src := ackSpec + `
survives fetch out.body maxLength because "a 1 MiB body"
survives fetch in.url maxLength because "long URLs"
survives fetch in.limit maximum because "the API clamps it"
`
	rep := Run(load(t, "ack.tspec", src), Options{Strict: true})
	var b strings.Builder
	rep.Text(&b)
	if !rep.Summary.OK || rep.Summary.Survived != 0 {
		t.Fatalf("with acknowledgments: %+v\n%s", rep.Summary, b.String())
	}
	if rep.Summary.Acknowledged != plain.Summary.Survived {
		t.Errorf("acknowledged %d, want the %d survivors", rep.Summary.Acknowledged, plain.Summary.Survived)
	}
	for _, a := range rep.Acknowledgments {
		if a.Verdict != Pass || a.Mutants == 0 {
			t.Errorf("%+v", a)
		}
	}
	for _, want := range []string{
		`ACKNOWLEDGED  fetch out.body: maxLength 1048576 dropped — "a 1 MiB body"`,
		`ACKNOWLEDGED  group page.limit: maximum 100 dropped — "the API clamps it"`,
		`ACKNOWLEDGED  survives fetch in.url maxLength (2 mutants): "long URLs"`,
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no line %q in\n%s", want, b.String())
		}
	}
}

// TestAcknowledgmentMatchingNothingFails: a survives line whose mutants
// the tests kill fails the run, at its position.
func TestAcknowledgmentMatchingNothingFails(t *testing.T) {
	src := ackSpec + `
survives fetch in.url minLength because "stale"
`
	rep := Run(load(t, "ack.tspec", src), Options{})
	if rep.Summary.OK {
		t.Fatalf("a stale acknowledgment passed: %+v", rep.Summary)
	}
	var b strings.Builder
	rep.Text(&b)
	want := "  FAIL  ack.tspec:34:1: error: survives fetch in.url minLength: no surviving mutant matches it: the tests kill 2 mutants there; remove the line\n"
	if !strings.Contains(b.String(), want) {
		t.Errorf("no line %q in\n%s", want, b.String())
	}
}

// TestSurvivesInTheHash: a survives line is part of the spec and of its
// hash; its reason counts, a comment beside it does not.
func TestSurvivesInTheHash(t *testing.T) {
	line := "\nsurvives fetch out.body maxLength because \"a 1 MiB body\"\n"
	base := load(t, "ack.tspec", ackSpec).Catalog.SpecHash
	with := load(t, "ack.tspec", ackSpec+line).Catalog.SpecHash
	other := load(t, "ack.tspec", ackSpec+strings.Replace(line, "1 MiB", "huge", 1)).Catalog.SpecHash
	commented := load(t, "ack.tspec", ackSpec+"\n// why"+line).Catalog.SpecHash
	if base == with || with == other || with != commented {
		t.Errorf("hashes: without %s, with %s, other reason %s, with a comment %s", base, with, other, commented)
	}
}
