package diag

// The lints of client families (lang/clients): each construct some LLM
// client refuses or silently drops is one code. `check --clients F` reports
// them as warnings; the families a spec declares in its header (`clients
// F, ...`) turn them into errors, the severity given here. Which family
// refuses what, and on what evidence, is lang/clients' table; each
// explanation repeats its families and sources, and lang/clients'
// TestExplainNamesEverySource keeps the two in step.

// clientSpec is a spec declaring families (a `clients` line, or none when
// "") with one tool whose input holds rows.
func clientSpec(families, rows string) string {
	head := "spec demo\n"
	if families != "" {
		head += "clients " + families + "\n"
	}
	return head + "\ntool demo {\n  description \"A demo tool\"\n  in {\n" + rows + "  }\n  result text\n}\n"
}

// clientTools is a spec declaring families with n tools named by name(i).
func clientTools(families string, n int, name func(i int) string) string {
	s := "spec demo\nclients " + families + "\n"
	for i := range n {
		s += "\ntool " + name(i) + " {\n  description \"A demo tool\"\n  in none\n  result text\n}\n"
	}
	return s
}

func toolN(i int) string { return "t" + string(rune('a'+i/26)) + string(rune('a'+i%26)) }

func nested(n int) string {
	return "    x  " + repeat("object {\n      y  ", n-1) + "string  required\n" + repeat("    }  required\n", n-1)
}

const clientFormat = "%s: %s %s %s; fix: %s"

// Client families.
var (
	ClientFamilyUnknown = def(Def{
		Code: "TS1001", Name: "client-family-unknown", Severity: errorSev, Phase: Check,
		Format:  "unknown client family %s%s",
		Explain: "`clients` names client families of docs/clients.md: gemini, openai, openai_strict, anthropic, anthropic_strict, copilot, cursor, mistral, xai. Another word would declare nothing, so it is an error; the message suggests the nearest family.",
		Wrong:   clientSpec("opnai", "    x  string  required\n"),
		Right:   clientSpec("openai", "    x  string  required\n"),
	})
	ClientFamilyRepeated = def(Def{
		Code: "TS1002", Name: "client-family-repeated", Severity: errorSev, Phase: Check,
		Format:  "client family %s is already declared",
		Explain: "Each family is declared once in `clients`; a repeat is a slip that says nothing more.",
		Wrong:   clientSpec("openai, openai", "    x  string  required\n"),
		Right:   clientSpec("openai", "    x  string  required\n"),
	})
	ClientAdditionalProperties = def(Def{
		Code: "TS1010", Name: "client-additional-properties", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "Gemini's `parameters` (a protobuf Schema) has no additionalProperties field: both true and false fail the whole request with `Unknown name \"additionalProperties\"` (confirmed by nanbingxyz/5ire#42, brainlid/langchain#599). Every closed object and every map carries it, so a Gemini client refuses every tool of a default table; the gemini dialect leaves it out, with a note (the server still validates with the spec). Declared in `clients`, gemini makes it a warning: the server serves Gemini clients the dialect.",
		Wrong:   clientSpec("gemini", "    x  string  required\n"),
		Right:   clientSpec("openai", "    x  string  required\n"),
	})
	ClientOpenObject = def(Def{
		Code: "TS1011", Name: "client-open-object", Severity: errorSev, Phase: Check,
		Format:  clientFormat,
		Explain: "OpenAI strict mode requires additionalProperties:false on every object (confirmed by sherifkozman/the-llm-council#17), and Anthropic strict tool use refuses additionalProperties other than false (confirmed by platform.claude.com structured-outputs): an `open` object or a map cannot be sent in strict mode. No dialect lowers it: closing the object would refuse valid calls.",
		Wrong:   clientSpec("openai_strict", "    x  map<string>  required\n"),
		Right:   clientSpec("openai_strict", "    x  object {\n      k  string  required\n    }  required\n"),
	})
	ClientNullable = def(Def{
		Code: "TS1012", Name: "client-nullable", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "A nullable row is a type array such as [\"string\",\"null\"] (and null in an enum). Gemini refuses type arrays: \"Proto field is not repeating, cannot start list\" (confirmed by zed-industries/zed#53919, taylorwilsdon/google_workspace_mcp#1099); the gemini dialect writes nullable: true. Cursor mishandles them: \"must be of type null,string, got string\" (confirmed by cursor/cursor#3778); the cursor dialect leaves the type out and says \"a string or null\" in the description (the row's other keywords apply to their own type only, so every value the spec takes is still taken).",
		Wrong:   clientSpec("cursor", "    x  string  required  nullable\n"),
		Right:   clientSpec("cursor", "    x  string  required\n"),
	})
	ClientIntegerEnum = def(Def{
		Code: "TS1013", Name: "client-integer-enum", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "Gemini takes enums of strings only: \"enum: only allowed for STRING type\" (confirmed by musistudio/claude-code-router#475, microsoft/azure-devops-mcp#139). The gemini dialect writes an integer with the allowed values in the description.",
		Wrong:   clientSpec("gemini", "    x  enum(1, 2, 3)  required\n"),
		Right:   clientSpec("", "    x  enum(1, 2, 3)  required\n"),
	})
	ClientTuple = def(Def{
		Code: "TS1014", Name: "client-tuple", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "A tuple is prefixItems. Gemini has no prefixItems field (confirmed by googleapis/python-genai#69); OpenAI strict ignores it and the array then fails \"missing items\" (confirmed by pydantic/pydantic-ai#7315, AnswerDotAI/fastcore#798). The gemini dialect and the openai_strict dialect write an array with a common items and the element order in the description.",
		Wrong:   clientSpec("openai_strict", "    x  tuple<integer, integer>  required\n"),
		Right:   clientSpec("openai_strict", "    x  array<integer>  required\n"),
	})
	ClientUniqueItems = def(Def{
		Code: "TS1015", Name: "client-unique-items", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "Gemini has no uniqueItems field and refuses the request (confirmed by decolua/9router#3018). OpenAI strict mode answers 400 \"'uniqueItems' is not permitted\" (confirmed by jcode#687, mastra#23795), and Anthropic strict tool use documents it unsupported, its SDK stripping it (confirmed by platform.claude.com structured-outputs). The gemini dialect, the openai_strict dialect and the anthropic_strict dialect move it into the description (the server still holds it).",
		Wrong:   clientSpec("gemini", "    x  array<string>  required  unique\n"),
		Right:   clientSpec("", "    x  array<string>  required  unique\n"),
	})
	ClientExclusiveBound = def(Def{
		Code: "TS1016", Name: "client-exclusive-bound", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "Gemini has no exclusiveMinimum or exclusiveMaximum field and refuses the request (confirmed by hideya/langchain-mcp-tools-ts#36). The gemini dialect moves `above`/`below` into the description.",
		Wrong:   clientSpec("gemini", "    x  number  required  above 0\n"),
		Right:   clientSpec("", "    x  number  required  above 0\n"),
	})
	ClientMultipleOf = def(Def{
		Code: "TS1017", Name: "client-multiple-of", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "Anthropic strict tool use refuses multipleOf (confirmed by platform.claude.com structured-outputs). Gemini's Schema has no multipleOf field (uncertain: inferred from the Schema proto, not observed). The anthropic_strict dialect and the gemini dialect move it into the description.",
		Wrong:   clientSpec("anthropic_strict", "    x  integer  required  multiple_of 5\n"),
		Right:   clientSpec("anthropic_strict", "    x  integer  required\n"),
	})
	ClientUntyped = def(Def{
		Code: "TS1018", Name: "client-untyped", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "Gemini refuses a node without a type, such as `{}` for `any`: \"type: must be specified\" (confirmed by danny-avila/LibreChat#6971). Gemini has no node that takes every value (a node needs a type, an OBJECT properties, an ARRAY items), so the gemini dialect writes a string that holds the value as JSON text, and says so in the description; the server decodes it before validating with the spec.",
		Wrong:   clientSpec("gemini", "    x  any  required\n"),
		Right:   clientSpec("", "    x  any  required\n"),
	})
	ClientEmptyObject = def(Def{
		Code: "TS1019", Name: "client-empty-object", Severity: errorSev, Phase: Check,
		Format:  clientFormat,
		Explain: "Gemini refuses an OBJECT whose properties are empty (confirmed by agno-agi/agno#2112); OpenAI once said \"object schema missing properties\" (uncertain: evalstate/fast-agent#143, not seen since). A tool's own empty input is left to the client, which leaves parameters out; a nested empty object, or a map (whose keys are not properties), is reported: no dialect can lower it.",
		Wrong:   clientSpec("openai_strict", "    x  object {\n    }  required\n"),
		Right:   clientSpec("openai_strict", "    x  object {\n      k  string  required\n    }  required\n"),
	})
	ClientOptionalProperty = def(Def{
		Code: "TS1020", Name: "client-optional-property", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "OpenAI strict mode needs every property in required: \"'required' is required ... including every key\" (confirmed by kevinwatt/mysql-mcp#5). The openai_strict dialect lists every property as required and makes the optional ones nullable; the model sends null for an absent one, and the server drops those nulls before validating with the spec.",
		Wrong:   clientSpec("openai_strict", "    x  string  optional\n"),
		Right:   clientSpec("openai_strict", "    x  string  required\n"),
	})
	ClientBounds = def(Def{
		Code: "TS1021", Name: "client-bounds", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "Anthropic strict tool use refuses minimum/maximum, minLength/maxLength, minItems above 1 and maxItems (confirmed by platform.claude.com structured-outputs). The anthropic_strict dialect moves the bounds into the description.",
		Wrong:   clientSpec("anthropic_strict", "    x  string  required  1..64\n"),
		Right:   clientSpec("anthropic_strict", "    x  string  required\n"),
	})
	ClientLengthBounds = def(Def{
		Code: "TS1025", Name: "client-length-bounds", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "xAI refused minLength, maxLength, minItems and maxItems in March 2026 (uncertain: openclaw/openclaw#32080; newer docs speak of best-effort keywords). The xai dialect moves them into the description.",
		Wrong:   clientSpec("xai", "    x  string  required  1..64\n"),
		Right:   clientSpec("xai", "    x  string  required\n"),
	})
	ClientFormat = def(Def{
		Code: "TS1022", Name: "client-format", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "In 2025 Gemini accepted only the formats enum and date-time on strings and refused uri or email with a 400 (uncertain: google-gemini/gemini-cli#3178, punkpeye/mcp-remote#118; the current docs allow any value, a 2026 router still hit it). The gemini dialect moves other formats into the description.",
		Wrong:   clientSpec("gemini", "    x  string  required  format uri\n"),
		Right:   clientSpec("", "    x  string  required  format uri\n"),
	})
	ClientAnnotation = def(Def{
		Code: "TS1023", Name: "client-annotation", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "Gemini's Schema has no examples or deprecated field, and unknown fields fail the request (uncertain: inferred from the Schema proto). The gemini dialect moves them into the description.",
		Wrong:   clientSpec("gemini", "    x  string  required  example \"a\"\n"),
		Right:   clientSpec("", "    x  string  required  example \"a\"\n"),
	})
	ClientDefault = def(Def{
		Code: "TS1024", Name: "client-default", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "OpenAI strict mode said \"default is not permitted\" (uncertain: 567-labs/instructor#1074, dotnet/extensions#6196; accepted in openai/openai-agents-python#4390). Gemini accepts default and ignores it (uncertain: hexdocs geminix V1beta.Schema; googleapis/python-genai#699 refused it). The openai_strict dialect and the gemini dialect move it into the description.",
		Wrong:   clientSpec("openai_strict", "    x  integer  optional  default 5\n"),
		Right:   clientSpec("openai_strict", "    x  integer  required\n"),
	})
	ClientUnion = def(Def{
		Code: "TS1028", Name: "client-union", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "A union is anyOf. Cursor reportedly fails the whole request on anyOf anywhere (uncertain: code-yeongyu/senpi#952). The cursor dialect writes the variants' one JSON type (no type when they have several) and names the variants in the description; the server still checks the union.",
		Wrong:   clientSpec("cursor", "    x  union<string, integer>  required\n"),
		Right:   clientSpec("cursor", "    x  string  required\n"),
	})
	ClientUnionSiblings = def(Def{
		Code: "TS1029", Name: "client-union-siblings", Severity: warnSev, Phase: Check,
		Format:  clientFormat,
		Explain: "Gemini reads anyOf only as the one field of its node: \"When using any_of, it must be the only field set\" (confirmed by anomalyco/opencode#14700), and a union's description, default, examples and deprecated sit beside its anyOf. The gemini dialect writes the union's description (with those notes) into each variant, and null as each variant's nullable.",
		Wrong:   clientSpec("gemini", "    x  union<string, integer>  required  \"A name or a number\"\n"),
		Right:   clientSpec("", "    x  union<string, integer>  required\n"),
	})
	ClientToolCount = def(Def{
		Code: "TS1030", Name: "client-tool-count", Severity: errorSev, Phase: Check,
		Format:  clientFormat,
		Explain: "Each family carries a bounded number of tools per request: Anthropic strict 20 (confirmed by elie222/inbox-zero#2323, elizaOS/eliza#16499), OpenAI 128 (confirmed by Upsonic/Upsonic#176), Copilot 128 and groups the rest behind stubs (confirmed by microsoft/vscode-copilot-release#9375, #11653), Gemini 512 (confirmed by google-gemini/gemini-cli#19083), Cursor the first 40 (uncertain: docs.cursor.com via bun913/mcp-testrail#6; later a warning above 80, Snowflake-Labs/mcp#77). The diagnostic is on the first tool past the limit.",
		Wrong:   clientTools("anthropic_strict", 21, toolN),
		Right:   clientTools("anthropic_strict", 20, toolN),
	})
	ClientOptionalCount = def(Def{
		Code: "TS1031", Name: "client-optional-count", Severity: errorSev, Phase: Check,
		Format:  clientFormat,
		Explain: "Anthropic strict tool use takes at most 24 optional parameters over all the tools of a request; past that the compiled grammar is too large (confirmed by elie222/inbox-zero#2323, elizaOS/eliza#16499). The diagnostic is on the first optional row past the limit.",
		Wrong:   clientSpec("anthropic_strict", repeatRows("optional", 25)),
		Right:   clientSpec("anthropic_strict", repeatRows("optional", 24)),
	})
	ClientNestingDepth = def(Def{
		Code: "TS1032", Name: "client-nesting-depth", Severity: errorSev, Phase: Check,
		Format:  clientFormat,
		Explain: "OpenAI reads at most 10 levels of nested objects in a schema, strict or not (confirmed by developers.openai.com structured-outputs (limits); 5 in 2024). A tool's input counts as the first level.",
		Wrong:   clientSpec("openai", nested(11)),
		Right:   clientSpec("openai", nested(10)),
	})
	ClientToolName = def(Def{
		Code: "TS1033", Name: "client-tool-name", Severity: errorSev, Phase: Check,
		Format:  clientFormat,
		Explain: "Families allow fewer tool names than MCP: OpenAI (developers.openai.com function calling) and Mistral (Mistral OpenAPI spec) ^[A-Za-z0-9_-]{1,64}$; Anthropic ^[A-Za-z0-9_-]{1,128}$ (confirmed by home-assistant/core#147760); Gemini a letter or _ then [A-Za-z0-9_.:-], at most 64 (confirmed by kaitranntt/ccs#25); Copilot 64 with its server-name prefix (confirmed by microsoft/vscode#243602); Cursor drops a tool whose server name and tool name pass 60 characters (confirmed by ComposioHQ/composio#2788, awslabs/mcp#1283). `check --prefix-length N` says how long the prefix is.",
		Wrong:   clientTools("cursor", 1, func(int) string { return repeat("a", 61) }),
		Right:   clientTools("cursor", 1, func(int) string { return repeat("a", 60) }),
	})
)

// Client families, continued: property keys.
var ClientPropertyKey = def(Def{
	Code: "TS1034", Name: "client-property-key", Severity: warnSev, Phase: Check,
	Format:  clientFormat,
	Explain: "Families allow fewer property keys than JSON: Anthropic answers 400 \"Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'\" for the keys of a tool's input_schema.properties, for the whole request, strict or not (confirmed by beautyfree/appstore-connect-mcp#2, anthropics/claude-code#79418, ComposioHQ/composio#3500); Gemini documents that parameter names start with a letter or an underscore and hold only letters, digits and underscores, at most 64 (uncertain: Vertex AI FunctionDeclaration reference, not seen refused). The top-level rows of a tool's input are checked, which is what the refusals name. The gemini dialect, the anthropic dialect and the anthropic_strict dialect rename such a key on the wire (every character outside [A-Za-z0-9_] written _, _ before a leading digit, _2, _3, ... on a collision) and the server maps it back before validating with the spec, so a declared family's lint is a warning; or rename the row.",
	Wrong:   clientSpec("anthropic", "    \"a b\"  string  required\n"),
	Right:   clientSpec("anthropic", "    a_b  string  required\n"),
})

// repeatRows is n string rows named r0, r1, ... with presence p.
func repeatRows(p string, n int) string {
	s := ""
	for i := range n {
		s += "    r" + itoa(i) + "  string  " + p + "\n"
	}
	return s
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
