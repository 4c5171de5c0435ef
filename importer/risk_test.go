package importer_test

import (
	"strings"
	"testing"
)

// TestOpenAPIRisk: x-mcp-risk is sh0's risk level, written as the one hint
// that puts the tool in the matching scope (docs/openapi.md); an unknown
// level writes no hint and says so.
func TestOpenAPIRisk(t *testing.T) {
	for _, tc := range []struct {
		risk, hints, warning string
	}{
		{"read", "read_only", ""},
		{"write", "additive", ""},
		{"destructive", "destructive", ""},
		{"admin", "destructive", ""},
		{"dangerous", "", `x-mcp-risk "dangerous" is not read, write, destructive or admin`},
	} {
		_, res, cat := importAll(t, "risk.yaml", `openapi: 3.1.0
info: {title: Risk, version: "1"}
paths: {/x: {post: {operationId: postX, x-mcp-risk: `+tc.risk+`, responses: {"204": {description: ok}}}}}
`)
		h := cat.Tools[0].Hints
		got := ""
		switch {
		case h.ReadOnly:
			got = "read_only"
		case h.Additive:
			got = "additive"
		case h.Destructive:
			got = "destructive"
		}
		if got != tc.hints {
			t.Errorf("x-mcp-risk %s: hint %q, want %q\n%s", tc.risk, got, tc.hints, res.Spec)
		}
		var ws []string
		for _, w := range res.Warnings {
			ws = append(ws, w.String())
		}
		if all := strings.Join(ws, "\n"); tc.warning == "" && all != "" || !strings.Contains(all, tc.warning) {
			t.Errorf("x-mcp-risk %s: warnings %q, want %q", tc.risk, all, tc.warning)
		}
	}
}
