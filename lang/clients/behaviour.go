package clients

import "strings"

// Behaviour is what one client or client library does to a tool before its
// model sees it, and to the arguments before they reach the server, as its
// own code does it (not as the model API documents it).
type Behaviour struct {
	// Who names the client or library; Client is its clientInfo.name when
	// it has its own ("" for a library, which sends the name its user
	// gives).
	Who, Client string
	// Sends is the field the schema travels in to the model, and in what
	// form.
	Sends string
	// Lowers is what the client rewrites itself before the model sees it.
	Lowers string
	// Outputs says whether output schemas reach the model.
	Outputs string
	// Injects lists the arguments the client adds to every tool's
	// parameters and forwards in tools/call arguments.
	Injects []Injected
	// Evidence says how this is known, Source where.
	Evidence Evidence
	Source   string
}

// Injected is one argument a client adds to every tool.
type Injected struct {
	Name string
	// Type is its JSON type.
	Type string
	// Why says what the client uses it for.
	Why string
}

// Behaviours is the table (checked 2026-12; issue 22 ran the clients'
// own npm packages offline against the shipped servers).
var Behaviours = []Behaviour{
	{
		Who: "Gemini CLI", Client: "gemini-cli-mcp-client",
		Sends:    "parametersJsonSchema: the inputSchema as JSON Schema (google-gemini/gemini-cli#4176)",
		Lowers:   `type arrays ["T","null"] to nullable: true, for its model; it validates the model's arguments with its own JSON Schema validator against the schema it was sent, before the call`,
		Outputs:  "do not reach the model",
		Injects:  []Injected{{Name: "wait_for_previous", Type: "boolean", Why: "added to every tool's parameters; the model is told to set it on a call that depends on earlier ones, and gemini-cli forwards it in arguments"}},
		Evidence: Measured, Source: "@google/gemini-cli-core 0.61.0 (npm): its own MCP client in sessions with the Go and JS servers (gen/dialect's TestGeminiCLISession)",
	},
	{
		Who:      "@google/genai mcpToTool",
		Sends:    "parametersJsonSchema: the inputSchema as JSON Schema, unlowered",
		Lowers:   "nothing",
		Outputs:  "reach the model: the outputSchema is sent as the server listed it (the gemini dialect lowers it), as responseJsonSchema",
		Evidence: Measured, Source: "@google/genai 3.3.0 (npm), mcpToTool over the generated tables (issue 22)",
	},
	{
		Who:      "google-genai (Python) mcp_to_gemini_tool",
		Sends:    "parameters: the inputSchema filtered to the fields of its JSONSchema, then Schema.from_json_schema",
		Lowers:   "type arrays to nullable itself; drops every field outside its JSONSchema (nullable among them); crashes (AttributeError) on additionalProperties: false, so every tool of the standard table fails",
		Outputs:  "do not reach the model",
		Evidence: Measured, Source: "google-genai 3.6.1 (PyPI), examples/e2e TestPythonClients over the Go and JS servers",
	},
	{
		Who:      "@openai/agents-core MCP tools",
		Sends:    "parameters, with strict: true when the server is configured strict",
		Lowers:   "strict: closes every open object that declares properties (additionalProperties: false), so extra keys the spec allows are refused; non-strict: opens every root (additionalProperties: true)",
		Outputs:  "do not reach the model",
		Evidence: Measured, Source: "@openai/agents-core 0.20.0 (npm), mcpToFunctionTool (issue 22)",
	},
}

// InjectedArgs maps the lower-case clientInfo.name of each client that
// injects arguments to their names, as generated servers carry it: a
// server drops them from tools/call arguments, in that client's sessions
// only, unless the tool declares a property of that name.
func InjectedArgs() map[string][]string {
	m := map[string][]string{}
	for _, b := range Behaviours {
		for _, in := range b.Injects {
			if b.Client != "" {
				k := strings.ToLower(b.Client)
				m[k] = append(m[k], in.Name)
			}
		}
	}
	return m
}
