// A gemini-cli session against a real MCP server, with gemini-cli's own
// MCP client code (@google/gemini-cli-core, offline): connectToMcpServer
// (its Client, clientInfo "gemini-cli-mcp-client", its stdio or Streamable
// HTTP transport),
// discoverTools (tools/list, its lowering of ["T","null"] to nullable, a
// DiscoveredMCPTool per tool, which adds wait_for_previous), then per call
// DiscoveredMCPTool.build (its argument validation, as its scheduler calls
// it with the model's arguments) and the invocation's execute (its
// McpCallableTool.callTool: tools/call with the arguments as the model set
// them, wait_for_previous included). gen/dialect's TestGeminiCLISession.
//
// Reads {servers: [{name, command, args, cwd, env} or {name, httpUrl}],
// calls: [{server, tool, args}]} from the file named by its argument; each call is made as sent,
// with wait_for_previous: true and with wait_for_previous: false. Prints
// {servers: {NAME: {tools, injected, clientInfo, forwarded, passed,
// refusedByClient: [...], failed: [...]}}}.
import { readFileSync } from "node:fs";
import { connectToMcpServer, discoverTools } from "@google/gemini-cli-core";

const input = JSON.parse(readFileSync(process.argv[2], "utf8"));

// What gemini-cli's Config gives its MCP code, for a trusted folder and no
// environment redaction (its default outside GitHub).
const cliConfig = {
  sanitizationConfig: { enableEnvironmentVariableRedaction: false, allowedEnvironmentVariables: [], blockedEnvironmentVariables: [] },
  diagnostics: [],
  emitMcpDiagnostic(severity, message) {
    this.diagnostics.push(`${severity}: ${message}`);
  },
  isTrustedFolder: () => true,
};
const workspace = { getDirectories: () => [], onDirectoriesChanged: () => () => {} };

const out = {};
for (const srv of input.servers) {
  const config = srv.httpUrl
    ? { httpUrl: srv.httpUrl, trust: true, timeout: 60_000 }
    : { command: srv.command, args: srv.args, cwd: srv.cwd, env: srv.env ?? {}, trust: true, timeout: 60_000 };
  const client = await connectToMcpServer("0.61.0", srv.name, config, false, workspace, cliConfig);
  const r = { tools: 0, injected: 0, forwarded: 0, passed: 0, refusedByClient: [], failed: [], diagnostics: cliConfig.diagnostics };
  try {
    const tools = new Map();
    for (const t of await discoverTools(srv.name, config, client, cliConfig, undefined)) {
      tools.set(t.serverToolName, t);
      r.tools++;
      if (t.schema.parametersJsonSchema?.properties?.wait_for_previous?.type === "boolean") r.injected++;
    }
    for (const { server, tool, args } of input.calls) {
      if (server !== srv.name) continue;
      const t = tools.get(tool);
      if (!t) {
        r.failed.push({ tool, args, why: "not discovered" });
        continue;
      }
      for (const a of [args, { ...args, wait_for_previous: true }, { ...args, wait_for_previous: false }]) {
        let invocation;
        try {
          invocation = t.build(a);
        } catch (err) {
          r.refusedByClient.push({ tool, args: a, why: err.message });
          continue;
        }
        r.forwarded++;
        const res = await invocation.execute({ abortSignal: new AbortController().signal });
        if (res.error) r.failed.push({ tool, args: a, why: res.error.message });
        else r.passed++;
      }
    }
  } finally {
    await client.close();
  }
  out[srv.name] = r;
}
process.stdout.write(JSON.stringify({ servers: out }));
