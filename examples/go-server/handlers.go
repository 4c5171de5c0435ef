package main

import (
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

// handlers returns one handler per tool of the catalog. They answer with
// canned data shaped by the arguments; every result fits its output schema,
// and the server checks that on every call.
func handlers() map[string]tool {
	return map[string]tool{
		c.ToolT27Status: outTool(c.DecodeT27StatusInput, c.ValidateT27StatusOutput, func(c.T27StatusInput) c.T27StatusOutput {
			return c.T27StatusOutput{Branch: "main", Head: exampleSHA, Dirty: false, Specs: "27", Sealed: "27"}
		}),
		c.ToolT27Formats: outTool(c.DecodeT27FormatsInput, c.ValidateT27FormatsOutput, func(c.T27FormatsInput) c.T27FormatsOutput {
			return c.T27FormatsOutput{Formats: []c.T27FormatsOutputFormatsItem{
				{Name: "t27", Extension: ".t27", Version: "1"},
				{Name: "toolspec", Extension: ".tspec", Version: "1"},
			}}
		}),
		c.ToolT27Format: outTool(c.DecodeT27FormatInput, c.ValidateT27FormatOutput, func(in c.T27FormatInput) c.T27FormatOutput {
			out := c.T27FormatOutput{Changed: false}
			if in.Check == nil || !*in.Check {
				out.Diff = c.Nullable[string]{Present: true, Null: true}
			}
			return out
		}),
		c.ToolT27Specs: outTool(c.DecodeT27SpecsInput, c.ValidateT27SpecsOutput, func(in c.T27SpecsInput) c.T27SpecsOutput {
			family := c.T27SpecsOutputSpecsItemFamilyCore
			if in.Family != nil {
				family = c.T27SpecsOutputSpecsItemFamily(*in.Family)
			}
			return c.T27SpecsOutput{Specs: []c.T27SpecsOutputSpecsItem{
				{Path: "specs/" + string(family) + "/base.t27", Family: family, Sealed: true},
			}, Total: "1"}
		}),
		c.ToolT27Spec: outTool(c.DecodeT27SpecInput, c.ValidateT27SpecOutput, func(in c.T27SpecInput) c.T27SpecOutput {
			return c.T27SpecOutput{Path: in.Path, Hash: exampleHash, Sealed: true, Body: "spec example\n"}
		}),
		c.ToolT27Grep: outTool(c.DecodeT27GrepInput, c.ValidateT27GrepOutput, func(in c.T27GrepInput) c.T27GrepOutput {
			return c.T27GrepOutput{Matches: []c.T27GrepOutputMatchesItem{
				{Path: "specs/core/base.t27", Line: "1", Text: "spec example // matches " + in.Pattern},
			}, Truncated: false}
		}),
		c.ToolT27Issues: outTool(c.DecodeT27IssuesInput, c.ValidateT27IssuesOutput, func(in c.T27IssuesInput) c.T27IssuesOutput {
			var labels []string // nil marshals as []
			if in.Labels != nil {
				labels = *in.Labels
			}
			return c.T27IssuesOutput{Issues: []c.T27IssuesOutputIssuesItem{
				{Number: "6", Title: "A real catalog served to real MCP clients", State: c.T27IssuesOutputIssuesItemStateOpen, Labels: labels},
			}}
		}),
		c.ToolT27Epics: outTool(c.DecodeT27EpicsInput, c.ValidateT27EpicsOutput, func(in c.T27EpicsInput) c.T27EpicsOutput {
			var health *c.T27EpicsOutputEpicsItemHealth
			if in.Health.Present && !in.Health.Null {
				h := c.T27EpicsOutputEpicsItemHealth(in.Health.Value)
				health = &h
			}
			return c.T27EpicsOutput{Epics: []c.T27EpicsOutputEpicsItem{
				{Id: "E1", Title: "Seal every spec", Health: health, Progress: 0.5},
			}}
		}),
		c.ToolT27Modules: outTool(c.DecodeT27ModulesInput, c.ValidateT27ModulesOutput, func(c.T27ModulesInput) c.T27ModulesOutput {
			return c.T27ModulesOutput{Modules: []c.T27ModulesOutputModulesItem{
				{Name: "core", Specs: "12"}, // nil Deps marshal as []
				{Name: "math", Specs: "9", Deps: []string{"core"}},
			}}
		}),
		c.ToolT27Worlds: outTool(c.DecodeT27WorldsInput, c.ValidateT27WorldsOutput, func(c.T27WorldsInput) c.T27WorldsOutput {
			return c.T27WorldsOutput{Worlds: []c.T27WorldsOutputWorldsItem{
				{Name: "tutorial", Seed: "-27", Size: c.T27WorldsOutputWorldsItemSize{16, 9}},
			}}
		}),
		c.ToolT27Raw: textTool(func(in c.T27RawInput) string {
			return "raw bytes of " + in.Path
		}, c.DecodeT27RawInput),
		c.ToolT27Game: outTool(c.DecodeT27GameInput, c.ValidateT27GameOutput, func(in c.T27GameInput) c.T27GameOutput {
			var x, y int64
			for _, m := range in.Moves {
				x, y = x+m[0], y+m[1]
			}
			return c.T27GameOutput{
				Position: c.T27GameOutputPosition{json.Number(fmt.Sprint(x)), json.Number(fmt.Sprint(y))},
				Score:    json.Number(fmt.Sprint(len(in.Moves))),
				Done:     false,
			}
		}),
		c.ToolT27PaperClaims: outTool(c.DecodeT27PaperClaimsInput, c.ValidateT27PaperClaimsOutput, func(in c.T27PaperClaimsInput) c.T27PaperClaimsOutput {
			tol := json.Number("0.001")
			return c.T27PaperClaimsOutput{Claims: []c.T27PaperClaimsOutputClaimsItem{
				{Id: in.Paper + "/1", Printed: "3.14", Recomputed: "3.1416", Holds: true, Tolerance: &tol},
			}}
		}),
		c.ToolT27fView: textTool(func(in c.T27fViewInput) string {
			cells := make([]string, len(in.Status))
			for i, s := range in.Status {
				cells[i] = fmt.Sprintf("%02x", s)
			}
			return in.Chat + " [" + strings.Join(cells, " ") + "]"
		}, c.DecodeT27fViewInput),
		c.ToolT27Seal: outTool(c.DecodeT27SealInput, c.ValidateT27SealOutput, func(c.T27SealInput) c.T27SealOutput {
			return c.T27SealOutput{Hash: exampleHash, Artifacts: "5"}
		}),
		c.ToolT27Verify: outTool(c.DecodeT27VerifyInput, c.ValidateT27VerifyOutput, func(c.T27VerifyInput) c.T27VerifyOutput {
			return c.T27VerifyOutput{Results: []c.T27VerifyOutputResultsItem{
				{Field: "spec hash", Verdict: c.T27VerifyOutputResultsItemVerdictMatch},
				{Field: "artifact catalog.go", Verdict: c.T27VerifyOutputResultsItemVerdictMismatch,
					Class: c.Nullable[c.T27VerifyOutputResultsItemClass]{Present: true, Value: c.T27VerifyOutputResultsItemClassStale}},
			}}
		}),
		c.ToolT27Diff: textTool(func(in c.T27DiffInput) string {
			return "diff " + in.From + "..working tree: no changes"
		}, c.DecodeT27DiffInput),
		c.ToolT27Log: outTool(c.DecodeT27LogInput, c.ValidateT27LogOutput, func(c.T27LogInput) c.T27LogOutput {
			return c.T27LogOutput{Commits: []c.T27LogOutputCommitsItem{
				{Sha: exampleSHA, Author: "t27", Date: exampleTime, Message: "Seal the reference catalog"},
			}}
		}),
		c.ToolT27Blame: outTool(c.DecodeT27BlameInput, c.ValidateT27BlameOutput, func(in c.T27BlameInput) c.T27BlameOutput {
			return c.T27BlameOutput{Sha: exampleSHA, Author: "t27", Line: in.Line}
		}),
		c.ToolT27Build: outTool(c.DecodeT27BuildInput, c.ValidateT27BuildOutput, func(c.T27BuildInput) c.T27BuildOutput {
			return c.T27BuildOutput{Ok: true, DurationMs: "12.5"} // nil Warnings marshal as []
		}),
		c.ToolT27Test: outTool(c.DecodeT27TestInput, c.ValidateT27TestOutput, func(c.T27TestInput) c.T27TestOutput {
			return c.T27TestOutput{Passed: "27", Failed: "0"} // nil Failures marshal as []
		}),
		c.ToolT27Config: outTool(c.DecodeT27ConfigInput, c.ValidateT27ConfigOutput, func(c.T27ConfigInput) c.T27ConfigOutput {
			return c.T27ConfigOutput{Settings: map[string]string{"repo.root": "/srv/t27", "seal.strict": "true"}}
		}),
		c.ToolT27SetConfig: textTool(func(in c.T27SetConfigInput) string {
			return in.Key + " = " + string(in.Value)
		}, c.DecodeT27SetConfigInput),
		c.ToolT27Metrics: outTool(c.DecodeT27MetricsInput, c.ValidateT27MetricsOutput, func(in c.T27MetricsInput) c.T27MetricsOutput {
			values := map[string]json.Number{}
			for i, n := range in.Names {
				values[n] = json.Number(fmt.Sprint(i))
			}
			return c.T27MetricsOutput{Values: values}
		}),
		c.ToolTgSend: outTool(c.DecodeTgSendInput, c.ValidateTgSendOutput, func(c.TgSendInput) c.TgSendOutput {
			return c.TgSendOutput{MessageId: "1001", SentAt: exampleTime}
		}),
		c.ToolTgHistory: outTool(c.DecodeTgHistoryInput, c.ValidateTgHistoryOutput, func(in c.TgHistoryInput) c.TgHistoryOutput {
			edited := true
			return c.TgHistoryOutput{Messages: []c.TgHistoryOutputMessagesItem{
				{Id: "1000", From: in.Chat, Text: "hello"},
				{Id: "1001", From: "@t27_bot", Text: "hi", Meta: &c.TgHistoryOutputMessagesItemMeta{Edited: &edited}},
			}}
		}),
		c.ToolTgPin: textTool(func(in c.TgPinInput) string {
			data, _ := json.Marshal(map[string]any{"pinned": in.MessageId, "chat": in.Chat})
			return string(data)
		}, c.DecodeTgPinInput),
	}
}
