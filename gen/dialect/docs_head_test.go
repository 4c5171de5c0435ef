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
the module is unchanged. register does not pick a dialect per session yet:
a server serves listDialectTools and calls normalizeArgs itself.

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
`
