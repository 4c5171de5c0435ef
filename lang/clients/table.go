package clients

import (
	"regexp"

	"github.com/toolspec/toolspec/lang/diag"
)

// Family is one client family: an LLM API or client that forwards MCP tool
// schemas to a model.
type Family struct {
	Name  string // as written in `clients` and --clients
	Title string
	// Draft is the JSON Schema draft the family reads the dialect table
	// with: "2020-12", "draft-07", or "openapi-3.0" (Gemini's Schema, read
	// as draft-04-style nullable objects).
	Draft string
}

// Families lists every family, in the order docs show them.
var Families = []*Family{
	{Name: "gemini", Title: "Google Gemini function declarations (`parameters`, OpenAPI 3.0 subset)", Draft: "openapi-3.0"},
	{Name: "openai", Title: "OpenAI function calling", Draft: "2020-12"},
	{Name: "openai_strict", Title: "OpenAI function calling with `strict: true`", Draft: "2020-12"},
	{Name: "anthropic", Title: "Anthropic `input_schema`", Draft: "2020-12"},
	{Name: "anthropic_strict", Title: "Anthropic strict tool use", Draft: "2020-12"},
	{Name: "copilot", Title: "VS Code Copilot", Draft: "draft-07"},
	{Name: "cursor", Title: "Cursor", Draft: "2020-12"},
	{Name: "mistral", Title: "Mistral function calling", Draft: "2020-12"},
	{Name: "xai", Title: "xAI Grok (tool arguments always strict)", Draft: "2020-12"},
}

// Lookup returns the family called name.
func Lookup(name string) (*Family, bool) {
	for _, f := range Families {
		if f.Name == name {
			return f, true
		}
	}
	return nil, false
}

// Names returns every family's name, in table order.
func Names() []string {
	var out []string
	for _, f := range Families {
		out = append(out, f.Name)
	}
	return out
}

// Effect is what a family does with a construct it cannot read.
type Effect int

const (
	// Refuses: the request (or the tool) fails.
	Refuses Effect = iota + 1
	// Drops: the tool is accepted but the construct is silently ignored or
	// mishandled, so the model or the client no longer holds to it.
	Drops
)

func (e Effect) String() string {
	if e == Drops {
		return "silently drops"
	}
	return "refuses"
}

// Construct is one kind of thing in an input schema that some family
// cannot read: one lint, one code in lang/diag.
type Construct struct {
	Diag *diag.Def
	// What names the construct in messages: "additionalProperties (a
	// closed object or a map)".
	What string
	// Fix says what to change in the spec, in messages and docs; a rule
	// whose family's dialect lowers the construct says so first
	// (Rule.Lowering).
	Fix string
}

// The constructs, declared once.
var (
	AdditionalProperties = &Construct{diag.ClientAdditionalProperties, "additionalProperties (a closed object or a map)", "make the object open (a map cannot do without it)"}
	OpenObject           = &Construct{diag.ClientOpenObject, "an object without additionalProperties:false (an open object or a map)", "close the object, or list the map's keys as rows"}
	Nullable             = &Construct{diag.ClientNullable, `a type array ["T","null"] (a nullable row)`, "drop nullable"}
	IntegerEnum          = &Construct{diag.ClientIntegerEnum, "an enum of integers", "use an enum of strings"}
	Tuple                = &Construct{diag.ClientTuple, "prefixItems (a tuple)", "use an array"}
	UniqueItems          = &Construct{diag.ClientUniqueItems, "uniqueItems (unique)", "drop unique"}
	ExclusiveBound       = &Construct{diag.ClientExclusiveBound, "exclusiveMinimum/exclusiveMaximum (above, below)", "use an inclusive range"}
	MultipleOf           = &Construct{diag.ClientMultipleOf, "multipleOf (multiple_of)", "drop multiple_of"}
	Untyped              = &Construct{diag.ClientUntyped, "an untyped schema {} (any)", "give the row a kind"}
	EmptyObject          = &Construct{diag.ClientEmptyObject, "an object with no properties (or a map)", "give the object rows"}
	OptionalProperty     = &Construct{diag.ClientOptionalProperty, "an optional property (strict needs every property in required)", "make the row required"}
	Bounds               = &Construct{diag.ClientBounds, "a length, value or count bound (minLength/maxLength, minimum/maximum, minItems/maxItems, min/maxProperties)", "drop the bound"}
	LengthBounds         = &Construct{diag.ClientLengthBounds, "a length or count bound (minLength/maxLength, minItems/maxItems)", "drop the bound"}
	Format               = &Construct{diag.ClientFormat, "a format other than date-time", "drop the format"}
	Annotation           = &Construct{diag.ClientAnnotation, "examples or deprecated", "drop the example or deprecated"}
	Default              = &Construct{diag.ClientDefault, "default", "drop the default"}
	Union                = &Construct{diag.ClientUnion, "anyOf (a union)", "give the row one kind"}
	UnionSiblings        = &Construct{diag.ClientUnionSiblings, "keywords beside anyOf (a union's description, default, examples or deprecated)", "drop the union's description and annotations"}
	ToolCount            = &Construct{diag.ClientToolCount, "more tools than one request carries", "split the catalog into scopes, or serve fewer tools"}
	OptionalCount        = &Construct{diag.ClientOptionalCount, "more optional parameters (over all tools) than one request carries", "make rows required, or serve fewer tools"}
	NestingDepth         = &Construct{diag.ClientNestingDepth, "objects nested deeper than the family reads", "flatten the rows"}
	ToolName             = &Construct{diag.ClientToolName, "a tool name the family does not allow", "rename the tool"}
	PropertyKey          = &Construct{diag.ClientPropertyKey, "a property key the family does not allow", "rename the row"}
)

// Constructs lists every construct in the order of their codes.
var Constructs = []*Construct{
	AdditionalProperties, OpenObject, Nullable, IntegerEnum, Tuple, UniqueItems,
	ExclusiveBound, MultipleOf, Untyped, EmptyObject, OptionalProperty, Bounds,
	LengthBounds, Format, Annotation, Default, Union, UnionSiblings, ToolCount, OptionalCount, NestingDepth, ToolName,
	PropertyKey,
}

// Rule says that one family refuses or drops one construct.
type Rule struct {
	Family    string
	Construct *Construct
	Effect    Effect
	// Limit is the count a count construct allows (tools, optional
	// parameters, nesting levels, name length).
	Limit int
	// Name is the pattern a tool name must match, for ToolName (a
	// top-level property key, for PropertyKey); with
	// Prefixed the limit counts the server-name prefix too.
	Name     *regexp.Regexp
	Prefixed bool
	// Lowering says how the family's dialect (gen/dialect) rewrites the
	// construct into what the family reads ("leaves it out"); "" when it
	// cannot, and the spec must change. gen/dialect's tests hold each rule
	// to what its dialect does.
	Lowering string
	// Source is the evidence (docs/clients.md links it); Uncertain marks a
	// rule the evidence does not settle (marked (?) in the research notes).
	Source    string
	Uncertain bool
}

// The lowerings several dialects share.
const (
	movesIt       = "moves it into the description"
	tupleLowering = "writes an array with a common items, the element order in the description"
	keyLowering   = "renames the key on the wire to one it allows (the server maps it back)"
)

var (
	openaiName    = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
	anthropicName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)
	geminiName    = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$`)
	anthropicKey  = regexp.MustCompile(`^[a-zA-Z0-9_.-]{1,64}$`)
	geminiKey     = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,63}$`)
)

// Rules is the table: family by family, construct by construct.
var Rules = []Rule{
	{Family: "gemini", Construct: AdditionalProperties, Effect: Refuses, Lowering: "leaves it out", Source: "nanbingxyz/5ire#42, brainlid/langchain#599"},
	{Family: "gemini", Construct: Nullable, Effect: Refuses, Lowering: "writes nullable: true", Source: "zed-industries/zed#53919, taylorwilsdon/google_workspace_mcp#1099"},
	{Family: "gemini", Construct: IntegerEnum, Effect: Refuses, Lowering: "writes an integer with the values in the description", Source: "musistudio/claude-code-router#475, microsoft/azure-devops-mcp#139"},
	{Family: "gemini", Construct: Tuple, Effect: Refuses, Lowering: tupleLowering, Source: "googleapis/python-genai#69"},
	{Family: "gemini", Construct: UniqueItems, Effect: Refuses, Lowering: movesIt, Source: "decolua/9router#3018"},
	{Family: "gemini", Construct: ExclusiveBound, Effect: Refuses, Lowering: movesIt, Source: "hideya/langchain-mcp-tools-ts#36"},
	{Family: "gemini", Construct: MultipleOf, Effect: Refuses, Lowering: movesIt, Source: "the Schema proto (inferred)", Uncertain: true},
	{Family: "gemini", Construct: Untyped, Effect: Refuses, Lowering: "writes a string holding the value as JSON text, which the server decodes", Source: "danny-avila/LibreChat#6971"},
	{Family: "gemini", Construct: EmptyObject, Effect: Refuses, Source: "agno-agi/agno#2112"},
	{Family: "gemini", Construct: Format, Effect: Refuses, Lowering: movesIt, Source: "google-gemini/gemini-cli#3178, punkpeye/mcp-remote#118; current docs allow any value", Uncertain: true},
	{Family: "gemini", Construct: Annotation, Effect: Refuses, Lowering: movesIt, Source: "the Schema proto (inferred)", Uncertain: true},
	{Family: "gemini", Construct: Default, Effect: Drops, Lowering: movesIt, Source: "hexdocs geminix V1beta.Schema (accepted and ignored); googleapis/python-genai#699 refused it", Uncertain: true},
	{Family: "gemini", Construct: UnionSiblings, Effect: Refuses, Lowering: "writes the union's description into each variant, null as each variant's nullable", Source: "anomalyco/opencode#14700"},
	{Family: "gemini", Construct: ToolCount, Effect: Refuses, Limit: 512, Source: "google-gemini/gemini-cli#19083"},
	{Family: "gemini", Construct: ToolName, Effect: Refuses, Name: geminiName, Limit: 64, Source: "kaitranntt/ccs#25"},
	{Family: "gemini", Construct: PropertyKey, Effect: Refuses, Name: geminiKey, Limit: 64, Lowering: keyLowering, Source: "Vertex AI FunctionDeclaration reference", Uncertain: true},

	{Family: "openai", Construct: ToolCount, Effect: Refuses, Limit: 128, Source: "Upsonic/Upsonic#176"},
	{Family: "openai", Construct: NestingDepth, Effect: Refuses, Limit: 10, Source: "developers.openai.com structured-outputs (limits)"},
	{Family: "openai", Construct: EmptyObject, Effect: Refuses, Source: "evalstate/fast-agent#143", Uncertain: true},
	{Family: "openai", Construct: ToolName, Effect: Refuses, Name: openaiName, Limit: 64, Source: "developers.openai.com function calling"},

	{Family: "openai_strict", Construct: OptionalProperty, Effect: Refuses, Lowering: "makes it required and nullable (the server drops the nulls)", Source: "kevinwatt/mysql-mcp#5"},
	{Family: "openai_strict", Construct: OpenObject, Effect: Refuses, Source: "sherifkozman/the-llm-council#17"},
	{Family: "openai_strict", Construct: Tuple, Effect: Refuses, Lowering: tupleLowering, Source: "pydantic/pydantic-ai#7315, AnswerDotAI/fastcore#798"},
	{Family: "openai_strict", Construct: UniqueItems, Effect: Refuses, Lowering: movesIt, Source: "jcode#687, mastra#23795"},
	{Family: "openai_strict", Construct: Default, Effect: Refuses, Lowering: movesIt, Source: "567-labs/instructor#1074, dotnet/extensions#6196; accepted in openai/openai-agents-python#4390", Uncertain: true},
	{Family: "openai_strict", Construct: EmptyObject, Effect: Refuses, Source: "evalstate/fast-agent#143", Uncertain: true},
	{Family: "openai_strict", Construct: ToolCount, Effect: Refuses, Limit: 128, Source: "Upsonic/Upsonic#176"},
	{Family: "openai_strict", Construct: NestingDepth, Effect: Refuses, Limit: 10, Source: "developers.openai.com structured-outputs (limits)"},
	{Family: "openai_strict", Construct: ToolName, Effect: Refuses, Name: openaiName, Limit: 64, Source: "developers.openai.com function calling"},

	{Family: "anthropic", Construct: ToolName, Effect: Refuses, Name: anthropicName, Limit: 128, Source: "home-assistant/core#147760"},
	{Family: "anthropic", Construct: PropertyKey, Effect: Refuses, Name: anthropicKey, Limit: 64, Lowering: keyLowering, Source: "beautyfree/appstore-connect-mcp#2, anthropics/claude-code#79418, ComposioHQ/composio#3500"},

	{Family: "anthropic_strict", Construct: Bounds, Effect: Refuses, Lowering: movesIt, Source: "platform.claude.com structured-outputs"},
	{Family: "anthropic_strict", Construct: UniqueItems, Effect: Refuses, Lowering: movesIt, Source: "platform.claude.com structured-outputs"},
	{Family: "anthropic_strict", Construct: MultipleOf, Effect: Refuses, Lowering: movesIt, Source: "platform.claude.com structured-outputs"},
	{Family: "anthropic_strict", Construct: OpenObject, Effect: Refuses, Source: "platform.claude.com structured-outputs"},
	{Family: "anthropic_strict", Construct: ToolCount, Effect: Refuses, Limit: 20, Source: "elie222/inbox-zero#2323, elizaOS/eliza#16499"},
	{Family: "anthropic_strict", Construct: OptionalCount, Effect: Refuses, Limit: 24, Source: "elie222/inbox-zero#2323, elizaOS/eliza#16499"},
	{Family: "anthropic_strict", Construct: ToolName, Effect: Refuses, Name: anthropicName, Limit: 128, Source: "home-assistant/core#147760"},
	{Family: "anthropic_strict", Construct: PropertyKey, Effect: Refuses, Name: anthropicKey, Limit: 64, Lowering: keyLowering, Source: "beautyfree/appstore-connect-mcp#2, anthropics/claude-code#79418, ComposioHQ/composio#3500"},

	{Family: "copilot", Construct: ToolCount, Effect: Drops, Limit: 128, Source: "microsoft/vscode-copilot-release#9375, #11653"},
	{Family: "copilot", Construct: ToolName, Effect: Refuses, Name: openaiName, Limit: 64, Prefixed: true, Source: "microsoft/vscode#243602"},

	{Family: "cursor", Construct: Nullable, Effect: Drops, Lowering: "leaves the type out, \"a T or null\" in the description", Source: "cursor/cursor#3778"},
	{Family: "cursor", Construct: Union, Effect: Refuses, Lowering: "writes the variants' one type (or none), the variants in the description", Source: "code-yeongyu/senpi#952", Uncertain: true},
	{Family: "cursor", Construct: ToolCount, Effect: Drops, Limit: 40, Source: "docs.cursor.com via bun913/mcp-testrail#6; later a warning above 80 (Snowflake-Labs/mcp#77)", Uncertain: true},
	{Family: "cursor", Construct: ToolName, Effect: Drops, Limit: 60, Prefixed: true, Source: "ComposioHQ/composio#2788, awslabs/mcp#1283"},

	{Family: "mistral", Construct: ToolName, Effect: Refuses, Name: openaiName, Limit: 64, Source: "Mistral OpenAPI spec"},

	{Family: "xai", Construct: LengthBounds, Effect: Refuses, Lowering: movesIt, Source: "openclaw/openclaw#32080 (March 2026; newer docs speak of best-effort keywords)", Uncertain: true},
}

// RulesOf returns the rules of one family, in table order.
func RulesOf(family string) []Rule {
	var out []Rule
	for _, r := range Rules {
		if r.Family == family {
			out = append(out, r)
		}
	}
	return out
}
