package dialect

// docsHead is the hand-written part of docs/clients.md; the tables below
// it are rendered by TestDocsCurrent.
const docsHead = `# Client families: lints and dialect tables

The tables toolspec emits are valid JSON Schema 2020-12, and the MCP SDKs
accept them. But an LLM client forwards a tool's inputSchema to its model's
function-calling API, and each API reads a subset. lang/clients holds, once,
what each **client family** refuses (the request or the tool fails) or
silently drops (the tool is accepted, the rule is not held), with the
evidence and whether it is confirmed.

Families: gemini, openai, openai_strict, anthropic, anthropic_strict,
copilot, cursor, mistral, xai.

## Lints

` + "`toolspec check --clients gemini,openai_strict FILE`" + ` (or ` + "`--clients all`" + `)
reports, per tool and field, each construct a family refuses or drops, with
the family, the construct and the fix, as warnings. A spec may declare the
families it targets in its header, after catalog_key:

    spec t27mcp
    clients openai_strict, gemini

The line is part of the spec and of its hash (a spec without it hashes as
before). Declared families turn their lints into errors, in check and in
test-report, whose "declared client families read every tool" check has a
negative control for every lint code (TS1001-TS1033). An unknown family is
an error with the nearest name. ` + "`--prefix-length N`" + ` is the length of the
server-name prefix clients put before tool names (Cursor drops a tool when
prefix and name pass 60 characters; Copilot fails past 64).

## Dialect tables

` + "`toolspec gen-json --dialect FAMILY [--profile N]`" + ` prints the tools/list table
lowered to what the family reads; its identity names the dialect:
` + "`<hash>/p2/gemini`" + `. Only input schemas are lowered (output schemas do not
reach the model). The server always validates with the spec itself, never
the dialect.

| family | lowering |
|---|---|
| gemini | no additionalProperties; ` + "`nullable: true`" + ` for type arrays, null out of enums; integer enums become an integer with "one of 1, 2, 3"; a tuple becomes an array whose items is the element schema, or ` + "`anyOf`" + ` of the distinct element schemas, with "exactly N items, in order: T1, T2"; uniqueItems, exclusiveMinimum/Maximum, multipleOf, default, examples, deprecated and formats other than date-time move into the description; ` + "`{}`" + ` (any) becomes the stand-in ` + "`{\"type\":\"object\",\"nullable\":true}`" + ` with "any JSON value" (Gemini has no untyped node: a model reading it may send only objects or null there) |
| openai_strict | every property listed in required; an optional one made nullable ("null when not given"); tuples as for gemini; default moves into the description; uniqueItems of arrays of objects moves into the description |
| anthropic_strict | minimum, maximum, exclusive bounds, multipleOf, minLength, maxLength, maxItems and minItems above 1 move into the description |
| xai | minLength, maxLength, minItems, maxItems move into the description (uncertain rule) |
| copilot | tuples as draft-07 ` + "`items: [T1, ..., Tn]`" + `; format moves into the description (draft-07 validators assert it; the spec's format is an annotation) |
| openai, anthropic, cursor, mistral | the standard table under the dialect's identity: nothing they read needs lowering (Cursor's type-array bug has no portable lowering; its lint stays) |

**Notes in descriptions** have one fixed form: the node's description, then
the notes in parentheses, separated by "; " — or the notes alone when the
node has no description: "Name (1 to 64 characters)", "greater than 0; less
than 10; a multiple of 2", "default 50", "unique items", "format uri", "for
example \"a\"", "deprecated", "at least 1 items", "exactly 2 items, in order:
integer, string", "one of 1, 2", "values: integer" (a map under gemini),
"null when not given".

**In JavaScript**, ` + "`gen-js --dialects gemini,openai_strict`" + ` adds to the module
` + "`DIALECTS`" + `, ` + "`listDialectTools(profile, dialect, {scope})`" + ` (the same tables,
identity ` + "`<hash>/p2/read/gemini`" + ` when scoped) and
` + "`normalizeArgs(dialect, name, args)`" + `, the JavaScript twin of Normalize (held
to it over internal/cases by gen/js's TestDialectTables). Without the flag
the module is unchanged. Such a module's ` + "`" + `register` + "`" + ` serves each session its
client's dialect (below).

**Normalisation.** OpenAI strict makes the model send every property; it
sends null for an optional one it leaves out. ` + "`dialect.Normalize`" + ` (Go) drops
such a null, at every depth, unless the row is nullable, before the server
validates with the spec: handlers see the spec's shapes. An optional
nullable or any row arrives as null where the model left it out (the two
cannot be told apart), so two items of a unique array that differed only
there arrive equal and are refused.

**The two laws** are tests of gen/dialect over the shared differential cases
(internal/cases) of every test spec and the reference catalog:
soundness — every argument the spec accepts, as the family's client sends it
(` + "`Denormalize`" + `: absent optionals as null for openai_strict), is accepted by
the dialect schema, validated by santhosh-tekuri/jsonschema in the family's
draft (Gemini's nullable read as a type array); enforcement — ` + "`Normalize`" + ` of
that call is accepted by the spec's own schema.

**Checked by the families' own code.** gen/dialect's TestFamiliesOwnCode
runs the reference catalog's tables through the npm packages the families
ship (pinned in package.json): @google/genai 3.3.0 (` + "`mcpToTool`" + `, and the
` + "`parameters`" + ` path of generateContent, whose processJsonSchema already drops
additionalProperties and turns type arrays into nullable; fetch is stubbed,
and the request's schema is held to the fields of Gemini's Schema proto),
@openai/agents-core 0.20.0 (` + "`mcpToFunctionTool(tool, server, true)`" + ` must
not fall back to non-strict) and ajv 8 draft-07 for Copilot. Every dialect
table passes; what each says of the default tables is
gen/dialect/testdata/families.golden.json (Gemini through the SDK: 7 tools
refused, for uniqueItems, prefixItems, integer enums and an untyped node;
OpenAI agents: the 2 tuple tools fall back to non-strict; Copilot: none).
Families with no offline code (Anthropic, Cursor, Mistral, xAI) are judged by
our rule checkers only.

Not lowered: open objects and maps under openai_strict and anthropic_strict
(closing them would refuse valid calls), nested empty objects and maps under
gemini (an OBJECT needs properties),
tool names, and request limits (tools per request, optional parameters per
request): their lints stay.

## Served per client

A module generated with ` + "`" + `gen-js --dialects F,...` + "`" + ` picks a dialect for each
session from the ` + "`" + `clientInfo` + "`" + ` of its initialize request, the way it picks
the profile from the negotiated version:

- tools/list answers ` + "`" + `listDialectTools(profile, dialect, {scope})` + "`" + `, byte for
  byte; the identity names the scope, then the dialect:
  ` + "`" + `<hash>/p2/gemini` + "`" + `, ` + "`" + `<hash>/p2/read/gemini` + "`" + `;
- tools/call arguments pass through ` + "`" + `normalizeArgs(dialect, name, args)` + "`" + `
  and are then validated with the spec's own validators: the server always
  enforces the spec, never the dialect, and handlers see the spec's shapes;
- a session whose dialect is null gets the standard table, exactly as a
  module without dialects serves it.

The dialect is ` + "`" + `options.dialectFor(clientInfo)` + "`" + ` (may be async): a family of
` + "`" + `DIALECTS` + "`" + `, or null for the standard table; anything else is an error
answered to the client (-32603, naming the value). The default,
` + "`" + `defaultDialectFor` + "`" + `, looks the client's name up, in lower case, in
` + "`" + `CLIENT_DIALECTS` + "`" + `, and answers null when the module does not carry that
family (so ` + "`" + `--dialects gemini` + "`" + ` alone serves Cursor the standard table).

The default map (gen/js ` + "`" + `ClientDialects` + "`" + `; every name compared in lower
case; any other client gets the standard table):

| clientInfo.name | dialect | why, and how sure |
|---|---|---|
| ` + "`" + `gemini-cli-mcp-client` + "`" + `, ` + "`" + `gemini-cli` + "`" + ` | gemini | the first is the name gemini-cli sends, as seen in other servers' client detection (not from gemini-cli's source: unconfirmed). gemini-cli sends ` + "`" + `parametersJsonSchema` + "`" + ` since July 2025 (google-gemini/gemini-cli#4176), which reads more than the dialect; the dialect is sound (every valid call stays possible), so the only cost is what moves into descriptions |
| ` + "`" + `cursor-vscode` + "`" + ` | cursor | the name Cursor sends (seen in many servers' client detection). The cursor dialect is the standard table under its identity today |
| ` + "`" + `Visual Studio Code` + "`" + `, ` + "`" + `Visual Studio Code - Insiders` + "`" + `, ` + "`" + `visual-studio-code` + "`" + ` | copilot | VS Code's MCP client (Copilot agent mode) validates with draft-07 (microsoft/vscode#251315); the names are VS Code's product names as seen in client detection code, unconfirmed for every build |
| ` + "`" + `claude-ai` + "`" + `, ` + "`" + `claude-code` + "`" + ` | none | Anthropic's clients read the standard 2020-12 table (listed to say so) |
| OpenAI clients | none | the Agents SDK sends the Python or TypeScript MCP SDK's default name, which says nothing about strict mode, and ChatGPT's name (` + "`" + `openai-mcp` + "`" + `, third-party) is unconfirmed: a server that knows its clients use strict mode says so with ` + "`" + `dialectFor: () => "openai_strict"` + "`" + ` |

**In Go**, ` + "`" + `gen-go --dialects F,...` + "`" + ` adds the tables as bytes,
` + "`" + `ListDialectToolsJSON(profile, scope, dialect)` + "`" + ` and, on ` + "`" + `Bound` + "`" + `, the
methods ` + "`" + `Dialects` + "`" + `, ` + "`" + `ListDialectToolsJSON` + "`" + ` and ` + "`" + `NormalizeArgs` + "`" + ` (the
openai_strict normalisation, held to ` + "`" + `dialect.Normalize` + "`" + ` over the shared
cases). serve/gosdk serves such a catalog per client the same way: the
dialect of a session is ` + "`" + `Options.DialectFor(clientInfo.name)` + "`" + ` (default
` + "`" + `DefaultDialectFor` + "`" + `; a family the catalog does not carry is the standard
table for the default and refuses the initialize request for the
author's), tools/list is ` + "`" + `ListDialectToolsJSON` + "`" + ` byte for byte, and
arguments pass through ` + "`" + `NormalizeArgs` + "`" + ` before the spec's decoder. The
example servers carry gemini and openai_strict (` + "`" + `make generate` + "`" + `), and the
e2e suite connects to both as gemini-cli and claude-code.

The map is declared once per language (gen/js ` + "`" + `ClientDialects` + "`" + `, rendered
into the module as ` + "`" + `CLIENT_DIALECTS` + "`" + `; serve/gosdk ` + "`" + `ClientDialects` + "`" + `); tests
hold the two equal and this table to them.
`
