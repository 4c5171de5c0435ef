"""The Python clients against toolspec's servers and tables (examples/e2e).

Run by examples/e2e's TestPythonClients with the interpreter of the venv
`make pydeps` builds from requirements.txt. It reads one JSON config:

  {"servers": [{"name", "command", "args", "env"}...],
   "tables":  [{"name", "path"}...],
   "calls":   "path of testdata/calls.json"}

For each server it starts the process over stdio with the official MCP
Python SDK's client (`mcp`), lists every tool (all pages), converts each
with google-genai's own MCP bridge (`_mcp_utils.mcp_to_gemini_tool`, the
function `generate_content` runs on an MCP tool or session: the schema
filter, then `types.Schema.from_json_schema`), and calls every tool that
has a valid call in calls.json, so that the SDK validates each
structuredContent against the outputSchema it was listed with. Each table
(a tools/list result as gen-json writes it) is read into `mcp.types.Tool`
and converted the same way. It prints one JSON report on stdout; the Go
test judges it. Nothing here talks to a model or the network.
"""

import asyncio
import json
import sys
from importlib.metadata import version

from google.genai import _mcp_utils
from mcp import ClientSession, StdioServerParameters, stdio_client, types


def convert(tool):
    """google-genai's conversion of one MCP tool: None, or why it failed."""
    try:
        gt = _mcp_utils.mcp_to_gemini_tool(tool)
        decl = gt.function_declarations[0]
        if decl.name != tool.name:
            return "the declaration is named %r" % decl.name
        return None
    except Exception as e:  # the report names every failure
        return "%s: %s" % (type(e).__name__, e)


async def check_server(server, calls):
    params = StdioServerParameters(command=server["command"], args=server.get("args", []), env=server.get("env"))
    out = {"tools": 0, "refused": {}, "calls": 0, "call_errors": {}}
    async with stdio_client(params) as (read, write):
        info = types.Implementation(name="toolspec-e2e-python", version="0")
        async with ClientSession(read, write, client_info=info) as session:
            init = await session.initialize()
            out["protocol"] = init.protocol_version
            tools, cursor, meta = [], None, None
            while True:
                page = await session.list_tools(params=types.PaginatedRequestParams(cursor=cursor) if cursor else None)
                tools.extend(page.tools)
                meta = meta or page.meta
                cursor = page.next_cursor
                if not cursor:
                    break
            out["tools"] = len(tools)
            out["identity"] = dict(meta or {})
            for tool in tools:
                why = convert(tool)
                if why is not None:
                    out["refused"][tool.name] = why
            for tool in tools:
                if tool.name not in calls:
                    continue
                out["calls"] += 1
                try:
                    res = await session.call_tool(tool.name, calls[tool.name]["valid"])
                    if res.is_error:
                        out["call_errors"][tool.name] = "isError: " + json.dumps([c.model_dump(mode="json") for c in res.content])[:400]
                except Exception as e:  # the SDK's own output validation among them
                    out["call_errors"][tool.name] = "%s: %s" % (type(e).__name__, e)
    return out


def check_table(path):
    with open(path, encoding="utf-8") as f:
        table = json.load(f)
    out = {"tools": 0, "refused": {}}
    for t in table["tools"]:
        tool = types.Tool.model_validate(t)
        out["tools"] += 1
        why = convert(tool)
        if why is not None:
            out["refused"][tool.name] = why
    return out


async def main(config_path):
    with open(config_path, encoding="utf-8") as f:
        config = json.load(f)
    with open(config["calls"], encoding="utf-8") as f:
        calls = json.load(f)
    report = {"versions": {p: version(p) for p in ("mcp", "google-genai")}, "servers": {}, "tables": {}}
    for server in config["servers"]:
        try:
            report["servers"][server["name"]] = await check_server(server, calls)
        except Exception as e:
            report["servers"][server["name"]] = {"failed": "%s: %s" % (type(e).__name__, e)}
    for table in config["tables"]:
        report["tables"][table["name"]] = check_table(table["path"])
    json.dump(report, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
