package diag

// The rules of lang/check, by area.

// Spec header and unique names.
var (
	SpecNameEmpty = def(Def{
		Code: "TS0201", Name: "spec-name-empty", Severity: errorSev, Phase: Check,
		Format:  "the spec name is empty",
		Explain: "The spec name identifies the catalog in every artifact (the catalog key, the Go package comment, the seal); it cannot be empty.",
		Wrong:   "spec \"\"\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
	})
	CatalogKeyEmpty = def(Def{
		Code: "TS0202", Name: "catalog-key-empty", Severity: errorSev, Phase: Check,
		Format:  "catalog_key is empty",
		Explain: "catalog_key names the key under which servers publish the catalog identity; leave the clause out to get the default, but do not give an empty key.",
		Wrong:   "spec demo catalog_key \"\"\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
		Right:   "spec demo catalog_key \"x-catalog\"\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
	})
	PropertyNameEmpty = def(Def{
		Code: "TS0210", Name: "property-name-empty", Severity: errorSev, Phase: Check,
		Format:  "a property name is empty",
		Explain: "A row's name is the JSON property name clients send. An empty name is legal JSON but no client or generator can use it.",
		Wrong:   inRows("    \"\"  string  required\n"),
		Right:   inRows("    name  string  required\n"),
	})
	PropertyProto = def(Def{
		Code: "TS0211", Name: "property-proto", Severity: warnSev, Phase: Check,
		Format:  "property __proto__ is not enforced by JavaScript validators such as ajv; rename it",
		Explain: "JavaScript objects treat the key __proto__ specially: ajv does not enforce its schema and plain-object servers cannot read it, so the row's rules would silently not hold on a JavaScript server.",
		Wrong:   inRows("    __proto__  string  optional\n"),
		Right:   inRows("    proto  string  optional\n"),
	})
	PropertyRepeated = def(Def{
		Code: "TS0212", Name: "property-repeated", Severity: errorSev, Phase: Check,
		Format:  "property %s is already declared at line %d",
		Explain: "An object has each property once: JSON readers disagree about repeated keys, and the schema could say only one thing about the name.",
		Wrong:   inRows("    name  string  required\n    name  string  optional\n"),
		Right:   inRows("    name   string  required\n    label  string  optional\n"),
	})
	PropertyRepeatedByGroup = def(Def{
		Code: "TS0213", Name: "property-repeated-by-group", Severity: errorSev, Phase: Check,
		Format:  "property %s from group %s is already declared at line %d",
		Explain: "`use GROUP` inlines the group's rows; one of them has the name of a row the block already has. Rename one, or drop the row the group already provides.",
		Wrong:   "spec demo\n\ngroup paging {\n  limit  integer  optional  1..100\n}\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    limit  integer  optional\n    use paging\n  }\n  result text\n}\n",
		Right:   "spec demo\n\ngroup paging {\n  limit  integer  optional  1..100\n}\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    use paging\n  }\n  result text\n}\n",
	})
	ToolRepeated = def(Def{
		Code: "TS0214", Name: "tool-repeated", Severity: errorSev, Phase: Check,
		Format:  "tool %s is already declared at line %d",
		Explain: "Clients call tools by name, so each name is declared once per spec.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n\ntool demo {\n  description \"Another\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n\ntool demo2 {\n  description \"Another\"\n  in none\n  result text\n}\n",
	})
	GroupRepeated = def(Def{
		Code: "TS0215", Name: "group-repeated", Severity: errorSev, Phase: Check,
		Format:  "group %s is already declared at line %d",
		Explain: "`use NAME` must find exactly one group, so each group name is declared once.",
		Wrong:   "spec demo\n\ngroup g {\n  a  string  optional\n}\n\ngroup g {\n  b  string  optional\n}\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    use g\n  }\n  result text\n}\n",
		Right:   "spec demo\n\ngroup g {\n  a  string  optional\n  b  string  optional\n}\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    use g\n  }\n  result text\n}\n",
	})
	TestRepeated = def(Def{
		Code: "TS0216", Name: "test-repeated", Severity: errorSev, Phase: Check,
		Format:  "test %q is already declared at line %d",
		Explain: "test-report names tests in its output; two tests of one name could not be told apart.",
		Wrong:   inRows("    x  string  required\n") + "\ntest \"x\" {\n  accept demo {\"x\": \"a\"}\n}\n\ntest \"x\" {\n  reject demo {}\n}\n",
		Right:   inRows("    x  string  required\n") + "\ntest \"x given\" {\n  accept demo {\"x\": \"a\"}\n}\n\ntest \"x missing\" {\n  reject demo {}\n}\n",
	})
	ToolNamesCollide = def(Def{
		Code: "TS0217", Name: "tool-names-collide", Severity: errorSev, Phase: Check,
		Format:  "tool %s: %s makes the same name of it as of tool %s (line %d): %s",
		Explain: "A backend turns each tool name into an identifier of its language (gen-js: the TypeScript type names NAMEInput and NAMEOutput, from the name's letters and digits), and refuses two tools that become one. check refuses them first, so that a spec check passes is one every backend generates. a.b, a_b and a-b all become AB.",
		Wrong:   "spec demo\n\ntool a_b {\n  description \"A demo tool\"\n  in none\n  result text\n}\n\ntool a-b {\n  description \"Another\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool a_b {\n  description \"A demo tool\"\n  in none\n  result text\n}\n\ntool a_c {\n  description \"Another\"\n  in none\n  result text\n}\n",
	})
)

// Tools.
var (
	ToolNameInvalid = def(Def{
		Code: "TS0301", Name: "tool-name-invalid", Severity: errorSev, Phase: Check,
		Format:  "tool name %s must match ^[A-Za-z0-9_.-]{1,128}$",
		Explain: "MCP tool names are 1 to 128 characters from A-Z a-z 0-9 _ . and -: clients refuse other names.",
		Wrong:   "spec demo\n\ntool \"get user\" {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool get_user {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
	})
	ToolNameStrict = def(Def{
		Code: "TS0302", Name: "tool-name-strict", Severity: warnSev, Phase: Check,
		Format:  "tool name %s is refused by clients that allow only ^[A-Za-z0-9_-]{1,64}$",
		Explain: "MCP allows dots and up to 128 characters, but several LLM clients accept only ^[A-Za-z0-9_-]{1,64}$ and drop or refuse other tools. The warning says the tool will not reach every client.",
		Wrong:   "spec demo\n\ntool \"users.get\" {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool users_get {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
	})
	ToolItemRepeated = def(Def{
		Code: "TS0310", Name: "tool-item-repeated", Severity: errorSev, Phase: Check,
		Format:  "tool %s: %s is already given at line %d",
		Explain: "A tool has one title, one description, one hints line, one input, one output (out or result) and one endpoint.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  out { a string required }\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  out { a string required }\n}\n",
	})
	DescriptionEmpty = def(Def{
		Code: "TS0311", Name: "description-empty", Severity: errorSev, Phase: Check,
		Format:  "tool %s: the description is empty",
		Explain: "The description is what the model reads to decide when to call the tool; a blank one is as bad as none.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"  \"\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"Say hello\"\n  in none\n  result text\n}\n",
	})
	DescriptionMissing = def(Def{
		Code: "TS0312", Name: "description-missing", Severity: errorSev, Phase: Check,
		Format:  "tool %s has no description",
		Explain: "Every tool has a description: it is what the model reads to decide when to call the tool.",
		Wrong:   "spec demo\n\ntool demo {\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"Say hello\"\n  in none\n  result text\n}\n",
	})
	InputMissing = def(Def{
		Code: "TS0313", Name: "input-missing", Severity: errorSev, Phase: Check,
		Format:  "tool %s has no input: write `in { ... }` or `in none`",
		Explain: "Every tool says what it takes, even when it takes nothing (`in none`), so an omission is never mistaken for an empty input.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
	})
	OutputMissing = def(Def{
		Code: "TS0314", Name: "output-missing", Severity: errorSev, Phase: Check,
		Format:  "tool %s has no output: write `out { ... }`, `result text` or `result any`",
		Explain: "Every tool says what it returns: structured output (`out { ... }`, which gets an output schema), plain text, or anything.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
	})
	HintRepeated = def(Def{
		Code: "TS0320", Name: "hint-repeated", Severity: warnSev, Phase: Check,
		Format:  "tool %s: hint %s is given twice",
		Explain: "A hint is on or off; giving it twice changes nothing and is likely a slip for another hint.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  hints read_only read_only\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  hints read_only idempotent\n  in none\n  result text\n}\n",
	})
	HintsContradict = def(Def{
		Code: "TS0321", Name: "hints-contradict", Severity: warnSev, Phase: Check,
		Format:  "tool %s: read_only and destructive contradict each other (MCP ignores destructiveHint on read-only tools)",
		Explain: "A read-only tool changes nothing, so it cannot be destructive; MCP clients ignore destructiveHint when readOnlyHint is set. Say which one is true.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  hints read_only destructive\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  hints destructive\n  in none\n  result text\n}\n",
	})
)

// Groups.
var (
	GroupUnused = def(Def{
		Code: "TS0401", Name: "group-unused", Severity: errorSev, Phase: Check,
		Format:  "group %s is never used",
		Explain: "A group that no block uses has rows no tool exposes: it is dead text, often a sign that a `use` was forgotten.",
		Wrong:   "spec demo\n\ngroup paging {\n  limit  integer  optional\n}\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ngroup paging {\n  limit  integer  optional\n}\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    use paging\n  }\n  result text\n}\n",
	})
	GroupUnknown = def(Def{
		Code: "TS0402", Name: "group-unknown", Severity: errorSev, Phase: Check,
		Format:  "unknown group %s%s",
		Explain: "`use NAME` inlines the rows of the group NAME, which the spec must declare (anywhere in the file). The message suggests the nearest declared name.",
		Wrong:   "spec demo\n\ngroup paging {\n  limit  integer  optional\n}\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    use pagng\n  }\n  result text\n}\n",
		Right:   "spec demo\n\ngroup paging {\n  limit  integer  optional\n}\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    use paging\n  }\n  result text\n}\n",
	})
	GroupUsesItself = def(Def{
		Code: "TS0403", Name: "group-uses-itself", Severity: errorSev, Phase: Check,
		Format:  "group %s uses itself",
		Explain: "Groups are inlined, so a group that uses itself would never end. Recursive data has no schema without $ref, which toolspec never emits.",
		Wrong:   "spec demo\n\ngroup g {\n  a  string  optional\n  use g\n}\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    use g\n  }\n  result text\n}\n",
		Right:   "spec demo\n\ngroup g {\n  a  string  optional\n}\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    use g\n  }\n  result text\n}\n",
	})
	GroupCycle = def(Def{
		Code: "TS0404", Name: "group-cycle", Severity: errorSev, Phase: Check,
		Format:  "group cycle: %s uses %s",
		Explain: "Groups are inlined, so groups that use each other in a circle would never end. The message shows the circle.",
		Wrong:   "spec demo\n\ngroup a {\n  x  string  optional\n  use b\n}\n\ngroup b {\n  y  string  optional\n  use a\n}\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    use a\n  }\n  result text\n}\n",
		Right:   "spec demo\n\ngroup a {\n  x  string  optional\n  use b\n}\n\ngroup b {\n  y  string  optional\n}\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    use a\n  }\n  result text\n}\n",
	})
)
