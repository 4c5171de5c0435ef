// Drives `toolspec lsp` through one editing session with the LSP client
// library VS Code itself uses (vscode-languageserver-protocol over
// vscode-jsonrpc's stdio framing), so the framing and message shapes are
// checked by the ecosystem's own implementation, not by ours.
//
// usage: node session.mjs TOOLSPEC_BINARY
import { spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import lsp from 'vscode-languageserver-protocol/node.js';

const {
  createProtocolConnection, StreamMessageReader, StreamMessageWriter,
  InitializeRequest, InitializedNotification, DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification, PublishDiagnosticsNotification, HoverRequest,
  CompletionRequest, DefinitionRequest, DocumentFormattingRequest, ShutdownRequest,
  ExitNotification,
} = lsp;

const uri = 'file:///tmp/node-demo.tspec';
const broken = `spec demo

group filter {
  prefix string optional 1..256 "Only specs whose path starts with this"
}

tool list {
  description "List specs."
  in {
    use filtr
    limit integr optional 1..500
  }
  result text
}
`;
const fixed = broken.replace('use filtr', 'use filter').replace('limit integr', 'limit  integer') +
  `
test "limits" {
  reject list {"limit": 0} because minimum at "/limit"
}
`;

// at returns the position of the n-th occurrence of needle, plus delta.
function at(text, needle, n = 0, delta = 0) {
  let off = -1;
  for (let i = 0; i <= n; i++) off = text.indexOf(needle, off + 1);
  off += delta;
  const before = text.slice(0, off);
  return { line: before.split('\n').length - 1, character: off - (before.lastIndexOf('\n') + 1) };
}

const server = spawn(process.argv[2], ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
const conn = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
const published = [];
let wake = null;
conn.onNotification(PublishDiagnosticsNotification.type, (p) => { published.push(p); if (wake) wake(); });
conn.listen();

async function nextDiagnostics() {
  while (published.length === 0) await new Promise((r) => { wake = r; });
  return published.shift();
}

const timer = setTimeout(() => { console.error('session timed out'); process.exit(1); }, 60_000);
const doc = { uri };

const init = await conn.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: null, capabilities: {} });
assert.equal(init.capabilities.textDocumentSync.change, 2, 'incremental sync (a change without a range is the whole text)');
assert.equal(init.capabilities.hoverProvider, true);
await conn.sendNotification(InitializedNotification.type, {});

await conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'toolspec', version: 1, text: broken } });
let diags = await nextDiagnostics();
// No misfit range after the misspelt kind: the checker leaves that row's modifiers alone.
assert.deepEqual(diags.diagnostics.map((d) => d.code), ['TS0401', 'TS0402', 'TS0501']);
assert.deepEqual(diags.diagnostics[1].range, { start: at(broken, 'filtr'), end: at(broken, 'filtr', 0, 5) });
assert.equal(diags.diagnostics[1].severity, 1);

await conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version: 2 }, contentChanges: [{ text: fixed }] });
diags = await nextDiagnostics();
assert.deepEqual(diags.diagnostics, []);

const hover = await conn.sendRequest(HoverRequest.type, { textDocument: doc, position: at(fixed, 'limit', 0, 1) });
assert.match(hover.contents.value, /"maximum": 500/);

const items = await conn.sendRequest(CompletionRequest.type, { textDocument: doc, position: at(fixed, 'filter', 1) });
assert.deepEqual(items.map((i) => i.label), ['filter']);

const defs = await conn.sendRequest(DefinitionRequest.type, { textDocument: doc, position: at(fixed, 'filter', 1, 2) });
assert.deepEqual(defs[0].range.start, at(fixed, 'filter'));

const edits = await conn.sendRequest(DocumentFormattingRequest.type, { textDocument: doc, options: { tabSize: 2, insertSpaces: true } });
assert.equal(edits.length, 1);
assert.match(edits[0].newText, /limit {2}integer {2}optional {2}1\.\.500/);

await conn.sendRequest(ShutdownRequest.type);
await conn.sendNotification(ExitNotification.type);
const code = await new Promise((r) => server.on('exit', r));
clearTimeout(timer);
assert.equal(code, 0, 'toolspec lsp exits 0 after shutdown and exit');
conn.dispose();
console.log('ok');
