package dialect

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/internal/cases"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// geminiCLIDir holds gemini-cli's own package, pinned (package.json,
// package-lock.json); `make gemini-cli-check` installs it with
// --ignore-scripts and runs TestGeminiCLIOwnCode and TestGeminiCLISession
// (needGeminiCLI). They are not part of `make test`: the package and its
// dependencies are large, and the sessions take minutes.
const geminiCLIDir = "testdata/geminicli"

// TestGeminiCLIOwnCode: gemini-cli's own tool code (DiscoveredMCPTool,
// which adds wait_for_previous to every tool, and its argument validator)
// accepts, from the standard table it is served (lang/clients), every
// accept fixture and every spec-valid case of the reference catalog and
// the shared specs, as sent and with wait_for_previous set. The gemini
// dialect table, which gemini-cli would read as JSON Schema, is logged for
// comparison: that is why gemini-cli gets the standard table.
func TestGeminiCLIOwnCode(t *testing.T) {
	needGeminiCLI(t)
	type call struct {
		Table string          `json:"table"`
		Tool  string          `json:"tool"`
		Args  json.RawMessage `json:"args"`
	}
	tables := map[string][]json.RawMessage{}
	var calls []call
	for path, cat := range specs(t) {
		for _, fam := range []string{"", "gemini"} {
			name := path + "/" + fam
			for _, tool := range cat.Tools {
				var tt struct {
					Name        string          `json:"name"`
					Description string          `json:"description"`
					InputSchema json.RawMessage `json:"inputSchema"`
				}
				tt.Name, tt.Description = tool.Name, tool.Description
				tt.InputSchema = schema.Input(tool)
				if fam != "" {
					tt.InputSchema = InputSchema(tool, fam)
				}
				b, _ := json.Marshal(tt)
				tables[name] = append(tables[name], b)
				for _, v := range validArgs(t, cat, tool) {
					calls = append(calls, call{name, tool.Name, Denormalize(fam, tool.Input, v)})
				}
			}
		}
	}
	in, _ := json.Marshal(map[string]any{"tables": tables, "calls": calls})
	file := filepath.Join(t.TempDir(), "in.json")
	if err := os.WriteFile(file, in, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", "check.mjs", file)
	cmd.Dir = geminiCLIDir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var got struct {
		Refused []struct {
			Table, Tool, Why string
			Args             json.RawMessage
		}
		Checked, Injected int
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if got.Injected != len(calls) {
		t.Errorf("wait_for_previous added to %d of %d tools as called: gemini-cli changed", got.Injected, len(calls))
	}
	dialectRefused, formats, floats := 0, 0, 0
	for _, r := range got.Refused {
		switch {
		case filepath.Base(r.Table) == "gemini":
			dialectRefused++
		case assertedFormat.MatchString(r.Why):
			// gemini-cli asserts formats (ajv-formats); the spec asserts
			// these too (LANGUAGE.md §4), once its validators do.
			formats++
		case strings.Contains(r.Why, "must be multiple of") && bigNumber.Match(r.Args):
			// ajv's multipleOf in float64, past 2^53: gemini-cli's own
			// limit, not the table's.
			floats++
		default:
			t.Errorf("gemini-cli refuses a valid call of %s from the standard table (%s): %s: %s", r.Tool, r.Table, r.Args, r.Why)
		}
	}
	t.Logf("%d calls checked by gemini-cli-core (half with wait_for_previous); standard table: %d refused for an asserted format, %d for multipleOf past 2^53 (ajv's float arithmetic); the gemini dialect table, read by gemini-cli, would refuse %d", got.Checked, formats, floats, dialectRefused)
}

var (
	assertedFormat = regexp.MustCompile(`must match format "(date-time|date|time|duration|email|hostname|ipv4|ipv6|uri|uuid)"`)
	bigNumber      = regexp.MustCompile(`[0-9]{17}|e\+[0-9]`)
)

// validArgs are the accept fixtures of tool's input and the spec-valid
// cases of internal/cases.
func validArgs(t *testing.T, cat *model.Catalog, tool *model.Tool) [][]byte {
	spec, err := validate.Compile(schema.Input(tool), validate.Draft2020)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, test := range cat.Tests {
		for _, f := range test.Fixtures {
			if f.Accept && !f.Output && f.Tool == tool.Name {
				out = append(out, f.Value)
			}
		}
	}
	for _, v := range cases.Values(tool.Input, cases.Options{}) {
		if f, err := spec.Validate([]byte(v)); err == nil && f == nil {
			out = append(out, []byte(v))
		}
	}
	return out
}
