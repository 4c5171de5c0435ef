// A server on the generated adapter, for the startup benchmark
// (gen/js/bench_test.go, BenchmarkServe): register + StdioTransport over
// the catalog module given as argument, every handler canned.
//
//   node serve-generated.mjs CATALOG.mjs
import { pathToFileURL } from "node:url";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";

const m = await import(pathToFileURL(process.argv[2]).href);
const handlers = Object.fromEntries(m.listTools(1).tools.map((t) => [t.name, () => ({ items: [], total: 0 })]));
const server = new Server({ name: m.SPEC_NAME, version: "0" });
m.register(server, handlers);
await server.connect(new m.StdioTransport());
