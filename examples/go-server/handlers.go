package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	c "github.com/toolspec/toolspec/examples/go-server/t27catalog"
)

const (
	exampleSHA  = "0123456789abcdef0123456789abcdef01234567"
	exampleHash = "72975888a39df702a32c7b93a9094084d5f02b5b0540464d702ef9dccc97b36b"
	exampleTime = "2026-11-30T12:00:00Z"
)

// handlers implements t27catalog.Handlers, one method per tool. They answer
// with canned data shaped by the arguments; every result fits its output
// schema, and the server checks that on every call.
type handlers struct{}

var _ c.Handlers = handlers{}

func (handlers) T27Status(context.Context, c.T27StatusInput) (c.T27StatusOutput, error) {
	return c.T27StatusOutput{Branch: "main", Head: exampleSHA, Dirty: false, Specs: "27", Sealed: "27"}, nil
}

func (handlers) T27Formats(context.Context, c.T27FormatsInput) (c.T27FormatsOutput, error) {
	return c.T27FormatsOutput{Formats: []c.T27FormatsOutputFormatsItem{
		{Name: "t27", Extension: ".t27", Version: "1"},
		{Name: "toolspec", Extension: ".tspec", Version: "1"},
	}}, nil
}

func (handlers) T27Format(_ context.Context, in c.T27FormatInput) (c.T27FormatOutput, error) {
	out := c.T27FormatOutput{Changed: false}
	if in.Check == nil || !*in.Check {
		out.Diff = c.Nullable[string]{Present: true, Null: true}
	}
	return out, nil
}

func (handlers) T27Specs(_ context.Context, in c.T27SpecsInput) (c.T27SpecsOutput, error) {
	family := c.T27SpecsOutputSpecsItemFamilyCore
	if in.Family != nil {
		family = c.T27SpecsOutputSpecsItemFamily(*in.Family)
	}
	return c.T27SpecsOutput{Specs: []c.T27SpecsOutputSpecsItem{
		{Path: "specs/" + string(family) + "/base.t27", Family: family, Sealed: true},
	}, Total: "1"}, nil
}

func (handlers) T27Spec(_ context.Context, in c.T27SpecInput) (c.T27SpecOutput, error) {
	return c.T27SpecOutput{Path: in.Path, Hash: exampleHash, Sealed: true, Body: "spec example\n"}, nil
}

func (handlers) T27Grep(_ context.Context, in c.T27GrepInput) (c.T27GrepOutput, error) {
	return c.T27GrepOutput{Matches: []c.T27GrepOutputMatchesItem{
		{Path: "specs/core/base.t27", Line: "1", Text: "spec example // matches " + in.Pattern},
	}, Truncated: false}, nil
}

func (handlers) T27Issues(_ context.Context, in c.T27IssuesInput) (c.T27IssuesOutput, error) {
	var labels []string // nil marshals as []
	if in.Labels != nil {
		labels = *in.Labels
	}
	return c.T27IssuesOutput{Issues: []c.T27IssuesOutputIssuesItem{
		{Number: "6", Title: "A real catalog served to real MCP clients", State: c.T27IssuesOutputIssuesItemStateOpen, Labels: labels},
	}}, nil
}

func (handlers) T27Epics(_ context.Context, in c.T27EpicsInput) (c.T27EpicsOutput, error) {
	var health *c.T27EpicsOutputEpicsItemHealth
	if in.Health.Present && !in.Health.Null {
		h := c.T27EpicsOutputEpicsItemHealth(in.Health.Value)
		health = &h
	}
	return c.T27EpicsOutput{Epics: []c.T27EpicsOutputEpicsItem{
		{ID: "E1", Title: "Seal every spec", Health: health, Progress: 0.5},
	}}, nil
}

func (handlers) T27Modules(context.Context, c.T27ModulesInput) (c.T27ModulesOutput, error) {
	return c.T27ModulesOutput{Modules: []c.T27ModulesOutputModulesItem{
		{Name: "core", Specs: "12"}, // nil Deps marshal as []
		{Name: "math", Specs: "9", Deps: []string{"core"}},
	}}, nil
}

func (handlers) T27Worlds(context.Context, c.T27WorldsInput) (c.T27WorldsOutput, error) {
	return c.T27WorldsOutput{Worlds: []c.T27WorldsOutputWorldsItem{
		{Name: "tutorial", Seed: "-27", Size: c.T27WorldsOutputWorldsItemSize{16, 9}},
	}}, nil
}

func (handlers) T27Raw(_ context.Context, in c.T27RawInput) (string, error) {
	return "raw bytes of " + in.Path, nil
}

func (handlers) T27Game(_ context.Context, in c.T27GameInput) (c.T27GameOutput, error) {
	var x, y int64
	for _, m := range in.Moves {
		x, y = x+m[0], y+m[1]
	}
	return c.T27GameOutput{
		Position: c.T27GameOutputPosition{json.Number(fmt.Sprint(x)), json.Number(fmt.Sprint(y))},
		Score:    json.Number(fmt.Sprint(len(in.Moves))),
		Done:     false,
	}, nil
}

func (handlers) T27PaperClaims(_ context.Context, in c.T27PaperClaimsInput) (c.T27PaperClaimsOutput, error) {
	tol := json.Number("0.001")
	return c.T27PaperClaimsOutput{Claims: []c.T27PaperClaimsOutputClaimsItem{
		{ID: in.Paper + "/1", Printed: "3.14", Recomputed: "3.1416", Holds: true, Tolerance: &tol},
	}}, nil
}

func (handlers) T27fView(_ context.Context, in c.T27fViewInput) (string, error) {
	cells := make([]string, len(in.Status))
	for i, s := range in.Status {
		cells[i] = fmt.Sprintf("%02x", s)
	}
	return in.Chat + " [" + strings.Join(cells, " ") + "]", nil
}

func (handlers) T27Seal(context.Context, c.T27SealInput) (c.T27SealOutput, error) {
	return c.T27SealOutput{Hash: exampleHash, Artifacts: "5"}, nil
}

func (handlers) T27Verify(context.Context, c.T27VerifyInput) (c.T27VerifyOutput, error) {
	return c.T27VerifyOutput{Results: []c.T27VerifyOutputResultsItem{
		{Field: "spec hash", Verdict: c.T27VerifyOutputResultsItemVerdictMatch},
		{Field: "artifact catalog.go", Verdict: c.T27VerifyOutputResultsItemVerdictMismatch,
			Class: c.Nullable[c.T27VerifyOutputResultsItemClass]{Present: true, Value: c.T27VerifyOutputResultsItemClassStale}},
	}}, nil
}

func (handlers) T27Diff(_ context.Context, in c.T27DiffInput) (string, error) {
	return "diff " + in.From + "..working tree: no changes", nil
}

func (handlers) T27Log(context.Context, c.T27LogInput) (c.T27LogOutput, error) {
	return c.T27LogOutput{Commits: []c.T27LogOutputCommitsItem{
		{Sha: exampleSHA, Author: "t27", Date: exampleTime, Message: "Seal the reference catalog"},
	}}, nil
}

func (handlers) T27Blame(_ context.Context, in c.T27BlameInput) (c.T27BlameOutput, error) {
	return c.T27BlameOutput{Sha: exampleSHA, Author: "t27", Line: in.Line}, nil
}

func (handlers) T27Build(context.Context, c.T27BuildInput) (c.T27BuildOutput, error) {
	return c.T27BuildOutput{Ok: true, DurationMs: "12.5"}, nil // nil Warnings marshal as []
}

func (handlers) T27Test(context.Context, c.T27TestInput) (c.T27TestOutput, error) {
	return c.T27TestOutput{Passed: "27", Failed: "0"}, nil // nil Failures marshal as []
}

func (handlers) T27Config(context.Context, c.T27ConfigInput) (c.T27ConfigOutput, error) {
	return c.T27ConfigOutput{Settings: map[string]string{"repo.root": "/srv/t27", "seal.strict": "true"}}, nil
}

func (handlers) T27SetConfig(_ context.Context, in c.T27SetConfigInput) (string, error) {
	return in.Key + " = " + string(in.Value), nil
}

func (handlers) T27Metrics(_ context.Context, in c.T27MetricsInput) (c.T27MetricsOutput, error) {
	values := map[string]json.Number{}
	for i, n := range in.Names {
		values[n] = json.Number(fmt.Sprint(i))
	}
	return c.T27MetricsOutput{Values: values}, nil
}

func (handlers) TgSend(context.Context, c.TgSendInput) (c.TgSendOutput, error) {
	return c.TgSendOutput{MessageID: "1001", SentAt: exampleTime}, nil
}

func (handlers) TgHistory(_ context.Context, in c.TgHistoryInput) (c.TgHistoryOutput, error) {
	edited := true
	return c.TgHistoryOutput{Messages: []c.TgHistoryOutputMessagesItem{
		{ID: "1000", From: in.Chat, Text: "hello"},
		{ID: "1001", From: "@t27_bot", Text: "hi", Meta: &c.TgHistoryOutputMessagesItemMeta{Edited: &edited}},
	}}, nil
}

func (handlers) TgPin(_ context.Context, in c.TgPinInput) (any, error) {
	return map[string]any{"pinned": in.MessageID, "chat": in.Chat}, nil
}
