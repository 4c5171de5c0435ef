package clients

import "strings"

// Client is an MCP client whose clientInfo.name is known: the name it sends
// in initialize, and the family whose API its model reads, whose dialect a
// server serves it by default (gen-js, gen-go and serve/gosdk read this
// table; docs/clients.md renders it).
type Client struct {
	// Name is clientInfo.name as the client sends it; servers compare it
	// in lower case.
	Name string
	// App names the product.
	App string
	// Family is the client family its model reads; "" when the model
	// behind the client varies (or there is none).
	Family string
	// Standard says the client is served the standard table although its
	// model reads Family: its own code reads JSON Schema and lowers it for
	// the model itself, so the dialect would only cost it (Behaviours).
	Standard bool
	// Evidence says how the name is known, Source where.
	Evidence Evidence
	Source   string
	// Note says why the family, and what the entry does not cover.
	Note string
}

// Evidence is how a client's name is known.
type Evidence int

const (
	// FromSource: read in the client's own code (repository and path).
	FromSource Evidence = iota + 1
	// Observed: the client is closed source; its initialize request is
	// quoted, as sent, in a thread or a page.
	Observed
	// Unconfirmed: neither; seen only in other servers' client detection.
	Unconfirmed
	// Measured: the client's own package, run offline against the
	// generated tables or servers.
	Measured
)

func (e Evidence) String() string {
	switch e {
	case FromSource:
		return "the client's code"
	case Observed:
		return "observed (closed source)"
	case Measured:
		return "measured (its own package, run offline)"
	}
	return "unconfirmed"
}

// Clients is the default map from clientInfo.name to family, with the
// evidence for each name (checked 2026-12; the research notes are
// shared/research/client-compat.md). Windsurf, Mistral Le Chat, xAI Grok,
// ChatGPT and the OpenAI Agents SDK have no entry: their names were not
// found, or (the Agents SDK) are the MCP SDK's default and say nothing of
// strict mode. A server that knows its clients says so with its own
// dialectFor.
var Clients = []Client{
	{
		Name: "gemini-cli-mcp-client", App: "Gemini CLI", Family: "gemini", Standard: true,
		Evidence: FromSource, Source: "google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts (connectToMcpServer)",
		Note: "served the standard table: gemini-cli sends the inputSchema as parametersJsonSchema (since google-gemini/gemini-cli#4176), lowers type arrays to nullable itself and validates arguments with its own JSON Schema validator: the standard table reaches its model whole, where the dialect would move constraints into descriptions and ask for any values as JSON text (Behaviours). A mid-2025 build named its clients gemini-cli-mcp-client-SERVER, which this entry does not match",
	},
	{
		Name: "cursor-vscode", App: "Cursor", Family: "cursor",
		Evidence: Observed, Source: "canimcp.dev/client/cursor-vscode; servers' logs of Cursor's initialize",
	},
	{
		Name: "Visual Studio Code", App: "VS Code (Copilot agent mode)", Family: "copilot",
		Evidence: FromSource, Source: "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServerRequestHandler.ts (productService.nameLong)",
		Note: "nameLong of Microsoft's stable build; other builds (VSCodium, Code - OSS) send their own and get the standard table",
	},
	{
		Name: "Visual Studio Code - Insiders", App: "VS Code Insiders (Copilot agent mode)", Family: "copilot",
		Evidence: FromSource, Source: "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServerRequestHandler.ts (productService.nameLong)",
		Note: "nameLong of the Insiders build",
	},
	{
		Name: "claude-ai", App: "Claude Desktop", Family: "anthropic",
		Evidence: Observed, Source: "Claude Desktop's MCP log in 0x4m4/hexstrike-ai#11",
		Note: "the anthropic dialect is the standard table under its identity",
	},
	{
		Name: "claude-code", App: "Claude Code", Family: "anthropic",
		Evidence: Observed, Source: "cl-ai-project/cl-mcp#26, screenpipe/screenpipe#5796",
		Note: "the anthropic dialect is the standard table under its identity",
	},
	{
		Name: "codex-mcp-client", App: "OpenAI Codex CLI", Family: "openai",
		Evidence: FromSource, Source: "openai/codex codex-rs/core/src/mcp_connection_manager.rs (start_server_task)",
		Note: "Codex is taken to send MCP tools without strict mode (not checked in its code); the openai dialect is the standard table under its identity",
	},
	{
		Name: "Zed", App: "Zed", Family: "",
		Evidence: FromSource, Source: "zed-industries/zed crates/context_server/src/context_server.rs",
		Note: "the model is the user's choice (Gemini among them: zed-industries/zed#53919)",
	},
	{
		Name: "continue-client", App: "Continue", Family: "",
		Evidence: FromSource, Source: "continuedev/continue core/context/mcp/MCPConnection.ts",
		Note: "the model is the user's choice",
	},
	{
		Name: "inspector-cli", App: "MCP Inspector CLI", Family: "",
		Evidence: FromSource, Source: "modelcontextprotocol/inspector cli/src/index.ts (the package name without its scope)",
		Note: "no model; its --tool-arg key=5 becomes a number only when the schema's type is a string, not a type array (Inspector 0.15)",
	},
	{
		Name: "Cline", App: "Cline", Family: "",
		Evidence: Unconfirmed, Source: "copies of Cline's McpHub seen in other repositories, not cline/cline itself",
		Note: "the model is the user's choice",
	},
}

// Dialect is the table a server serves the client by default: its
// family's dialect, or "" for the standard table.
func (c Client) Dialect() string {
	if c.Standard {
		return ""
	}
	return c.Family
}

// ClientDialects is Clients as a map from the lower-case name to the
// dialect ("" for the standard table), as generated modules carry it.
func ClientDialects() map[string]string {
	m := make(map[string]string, len(Clients))
	for _, c := range Clients {
		m[strings.ToLower(c.Name)] = c.Dialect()
	}
	return m
}
