package diag

// echo is a spec of one tool, echo, with one required string, text.
const echo = "spec demo\n\ntool echo {\n  description \"Echo the text\"\n  in {\n    text  string  required  1..10\n  }\n  result text\n}\n"

// Tests.
var (
	FixtureUnknownTool = def(Def{
		Code: "TS0801", Name: "fixture-unknown-tool", Severity: errorSev, Phase: Check,
		Format:  "unknown tool %s%s",
		Explain: "A fixture names the tool whose schema it is checked against; the spec must declare it. The message suggests the nearest tool name.",
		Wrong:   echo + "\ntest \"echo\" {\n  accept ecko {\"text\": \"a\"}\n}\n",
		Right:   echo + "\ntest \"echo\" {\n  accept echo {\"text\": \"a\"}\n}\n",
	})
	FixtureNoOutput = def(Def{
		Code: "TS0802", Name: "fixture-no-output", Severity: errorSev, Phase: Check,
		Format:  "tool %s has no output schema to test (it declares result %s, not out)",
		Explain: "`accept TOOL out` and `reject TOOL out` test the output schema, which only a tool with `out { ... }` has; `result text` and `result any` emit none.",
		Wrong:   echo + "\ntest \"echo\" {\n  accept echo out {\"text\": \"a\"}\n}\n",
		Right:   echo + "\ntest \"echo\" {\n  accept echo {\"text\": \"a\"}\n}\n",
	})
	BecauseOnAccept = def(Def{
		Code: "TS0803", Name: "because-on-accept", Severity: errorSev, Phase: Check,
		Format:  "because goes with reject: an accepted value fails no keyword",
		Explain: "`because KEYWORD` says which JSON Schema keyword makes a rejected value fail; an accepted value fails none.",
		Wrong:   echo + "\ntest \"echo\" {\n  accept echo {\"text\": \"a\"}  because maxLength\n}\n",
		Right:   echo + "\ntest \"echo\" {\n  reject echo {\"text\": \"far too long\"}  because maxLength\n}\n",
	})
	BecauseFormat = def(Def{
		Code: "TS0804", Name: "because-format", Severity: errorSev, Phase: Check,
		Format:  "because format: tool %s has no row with a format toolspec asserts, so no value fails format",
		Explain: "toolspec asserts the formats date-time, date, time, duration, email, hostname, ipv4, ipv6, uri and uuid; any other format is an annotation, which no value fails. A `because format` needs a row with an asserted format in the schema the fixture is checked against.",
		Wrong:   echo + "\ntest \"echo\" {\n  reject echo {\"text\": \"\"}  because format\n}\n",
		Right:   echo + "\ntest \"echo\" {\n  reject echo {\"text\": \"\"}  because minLength\n}\n",
	})
	BecauseUnknownKeyword = def(Def{
		Code: "TS0805", Name: "because-unknown-keyword", Severity: errorSev, Phase: Check,
		Format:  "because %s: not a keyword toolspec emits%s",
		Explain: "`because` names a validation keyword toolspec emits (type, enum, required, additionalProperties, minLength, maxLength, pattern, minimum, maximum, minItems, maxItems, uniqueItems, minProperties, maxProperties); no other keyword can make a value fail. The message suggests the nearest one.",
		Wrong:   echo + "\ntest \"echo\" {\n  reject echo {\"text\": \"\"}  because minLenght\n}\n",
		Right:   echo + "\ntest \"echo\" {\n  reject echo {\"text\": \"\"}  because minLength\n}\n",
	})
	BecauseAtNotPointer = def(Def{
		Code: "TS0806", Name: "because-at-not-pointer", Severity: errorSev, Phase: Check,
		Format:  "at %q is not a JSON pointer: it must be empty or start with /",
		Explain: "`at` is a JSON Pointer (RFC 6901) to the part of the value that fails: empty for the whole value, otherwise starting with /.",
		Wrong:   echo + "\ntest \"echo\" {\n  reject echo {\"text\": \"\"}  because minLength at \"text\"\n}\n",
		Right:   echo + "\ntest \"echo\" {\n  reject echo {\"text\": \"\"}  because minLength at \"/text\"\n}\n",
	})
	TestNameEmpty = def(Def{
		Code: "TS0810", Name: "test-name-empty", Severity: errorSev, Phase: Check,
		Format:  "the test name is empty",
		Explain: "test-report names each test in its output; a blank name could not be found there.",
		Wrong:   echo + "\ntest \" \" {\n  accept echo {\"text\": \"a\"}\n}\n",
		Right:   echo + "\ntest \"echo\" {\n  accept echo {\"text\": \"a\"}\n}\n",
	})
	TestWithoutFixtures = def(Def{
		Code: "TS0811", Name: "test-without-fixtures", Severity: errorSev, Phase: Check,
		Format:  "test %q has no fixtures",
		Explain: "A test with no fixtures checks nothing, yet test-report would count it as passed.",
		Wrong:   echo + "\ntest \"echo\" {\n}\n",
		Right:   echo + "\ntest \"echo\" {\n  accept echo {\"text\": \"a\"}\n}\n",
	})
	SurvivesUnknownTool = def(Def{
		Code: "TS0820", Name: "survives-unknown-tool", Severity: errorSev, Phase: Check,
		Format:  "survives names unknown tool %s%s",
		Explain: "`survives TOOL PATH KEYWORD because \"reason\"` acknowledges a surviving mutant of one tool; the spec must declare the tool. The message suggests the nearest tool name.",
		Wrong:   echo + "\nsurvives ecko in.text maxLength because \"long texts are fine\"\n",
		Right:   echo + "\nsurvives echo in.text maxLength because \"long texts are fine\"\n",
	})
	SurvivesUnknownPath = def(Def{
		Code: "TS0821", Name: "survives-unknown-path", Severity: errorSev, Phase: Check,
		Format:  "survives %s %s: the tool has no such place; a path is in or out, then .row, [] (array items), {} (map values), [N] (tuple member) or |N (union variant), as test-report prints it%s",
		Explain: "The path of a `survives` line is the place of the mutant as test-report prints it, below the tool: `in.text`, `out.items[].name`. A row from a group is named by its place in the tool.",
		Wrong:   echo + "\nsurvives echo in.txt maxLength because \"long texts are fine\"\n",
		Right:   echo + "\nsurvives echo in.text maxLength because \"long texts are fine\"\n",
	})
	SurvivesUnknownKeyword = def(Def{
		Code: "TS0822", Name: "survives-unknown-keyword", Severity: errorSev, Phase: Check,
		Format:  "survives %s: no mutant changes the keyword %s%s",
		Explain: "A `survives` line names the JSON Schema keyword its mutant changes, as test-report describes it: minLength, maxLength, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, minItems, maxItems, minProperties, maxProperties, pattern, format, enum, type, required, properties (a dropped row), additionalProperties, uniqueItems, prefixItems. The message suggests the nearest one.",
		Wrong:   echo + "\nsurvives echo in.text maxLenght because \"long texts are fine\"\n",
		Right:   echo + "\nsurvives echo in.text maxLength because \"long texts are fine\"\n",
	})
)

// endpoint is a spec of one tool with an endpoint; in holds its input rows.
func endpoint(method, path, in string) string {
	return "spec demo\n\ntool get_app {\n  description \"Read one app\"\n  endpoint " + method + " \"" + path + "\"\n  in {\n" + in + "  }\n  result text\n}\n"
}

// Endpoints and request wiring.
var (
	FromUnknown = def(Def{
		Code: "TS0901", Name: "from-unknown", Severity: errorSev, Phase: Check,
		Format:  "%s: from %s: a row goes to path, query, body, whole_body or header%s",
		Explain: "`from` says where an input row goes in the HTTP request of the tool's endpoint: path, query, body (a property of the JSON body; the default), whole_body (the row is the body itself) or header. The message suggests the nearest one.",
		Wrong:   endpoint("GET", "/apps/{id}", "    id     string  required\n    token  string  optional  from cookie\n"),
		Right:   endpoint("GET", "/apps/{id}", "    id     string  required\n    token  string  optional  from header\n"),
	})
	FromRepeated = def(Def{
		Code: "TS0902", Name: "from-repeated", Severity: errorSev, Phase: Check,
		Format:  "%s: from is given twice",
		Explain: "A row goes to one place in the request, so it has one `from`.",
		Wrong:   endpoint("GET", "/apps/{id}", "    id  string  required\n    q   string  optional  from query  from header\n"),
		Right:   endpoint("GET", "/apps/{id}", "    id  string  required\n    q   string  optional  from query\n"),
	})
	AsRepeated = def(Def{
		Code: "TS0903", Name: "as-repeated", Severity: errorSev, Phase: Check,
		Format:  "%s: as is given twice",
		Explain: "`as` gives the row's one name in the HTTP request.",
		Wrong:   endpoint("GET", "/apps/{id}", "    id  string  required\n    q   string  optional  from query  as \"a\"  as \"b\"\n"),
		Right:   endpoint("GET", "/apps/{id}", "    id  string  required\n    q   string  optional  from query  as \"a\"\n"),
	})
	AsEmpty = def(Def{
		Code: "TS0904", Name: "as-empty", Severity: errorSev, Phase: Check,
		Format:  "%s: the API name after as is empty",
		Explain: "`as` gives the row's name in the HTTP request (a query parameter, a header, a body property); it cannot be empty. Leave `as` out to use the row's own name.",
		Wrong:   endpoint("GET", "/apps/{id}", "    id  string  required\n    q   string  optional  from query  as \"\"\n"),
		Right:   endpoint("GET", "/apps/{id}", "    id  string  required\n    q   string  optional  from query\n"),
	})
	WiringWithoutEndpoint = def(Def{
		Code: "TS0910", Name: "wiring-without-endpoint", Severity: errorSev, Phase: Check,
		Format:  "%s: from and as say where a row goes in an HTTP request, but tool %s has no endpoint",
		Explain: "`from` and `as` map an input row onto the tool's HTTP endpoint; a tool without `endpoint` has no request to map onto.",
		Wrong:   inRows("    q  string  optional  from query\n"),
		Right:   inRows("    q  string  optional\n"),
	})
	WiringNested = def(Def{
		Code: "TS0911", Name: "wiring-nested", Severity: errorSev, Phase: Check,
		Format:  "%s: from and as apply only to the top-level rows of a tool's input",
		Explain: "Only a top-level input row is a part of an HTTP request (a path parameter, a query parameter, a header or a body property); rows inside it travel inside its value, and output rows are not in the request at all.",
		Wrong:   endpoint("POST", "/apps", "    app  object { name string required as \"Name\" }  required\n"),
		Right:   endpoint("POST", "/apps", "    app  object { name string required }  required  as \"App\"\n"),
	})
	WireNameRepeated = def(Def{
		Code: "TS0912", Name: "wire-name-repeated", Severity: errorSev, Phase: Check,
		Format:  "%s: %s name %q is already used by %s",
		Explain: "Two rows would go to the same place in the request (the same query parameter, header or body property), so one would overwrite the other.",
		Wrong:   endpoint("POST", "/apps", "    name   string  required\n    label  string  optional  as \"name\"\n"),
		Right:   endpoint("POST", "/apps", "    name   string  required\n    label  string  optional  as \"label\"\n"),
	})
	FromPathWithoutParameter = def(Def{
		Code: "TS0913", Name: "from-path-without-parameter", Severity: errorSev, Phase: Check,
		Format:  "%s: from path, but the endpoint path %q has no {%s}",
		Explain: "A row that goes to the path fills a {parameter} of the endpoint path of the same name (or of its `as` name); the path has none.",
		Wrong:   endpoint("GET", "/apps/{id}", "    id    string  required\n    slot  string  required  from path\n"),
		Right:   endpoint("GET", "/apps/{id}/{slot}", "    id    string  required\n    slot  string  required  from path\n"),
	})
	WholeBodyNotAlone = def(Def{
		Code: "TS0916", Name: "whole-body-not-alone", Severity: errorSev, Phase: Check,
		Format:  "%s: from whole_body: the row is the whole request body, but %s also goes to the body",
		Explain: "A `from whole_body` row is the request body itself (an array, a free-form object, a union): no other row can be a property of that body or a second body. Make the other row a part of the whole-body row's type, or send it elsewhere with `from query`.",
		Wrong:   endpoint("POST", "/apps", "    apps   array<string>  required  from whole_body\n    label  string         optional\n"),
		Right:   endpoint("POST", "/apps", "    apps   array<string>  required  from whole_body\n    label  string         optional  from query\n"),
	})
	AsOnWholeBody = def(Def{
		Code: "TS0917", Name: "as-on-whole-body", Severity: errorSev, Phase: Check,
		Format:  "%s: as gives an API name, but a from whole_body row is the request body, which has none",
		Explain: "`as` names a path or query parameter, a header or a body property; the whole body is sent as it is, under no name.",
		Wrong:   endpoint("POST", "/apps", "    apps  array<string>  required  from whole_body  as \"apps\"\n"),
		Right:   endpoint("POST", "/apps", "    apps  array<string>  required  from whole_body\n"),
	})
	PathParameterOptional = def(Def{
		Code: "TS0914", Name: "path-parameter-optional", Severity: errorSev, Phase: Check,
		Format:  "%s: path parameter {%s} must be required",
		Explain: "A URL cannot be built with a path parameter missing, so the row that fills it is required.",
		Wrong:   endpoint("GET", "/apps/{id}", "    id  string  optional\n"),
		Right:   endpoint("GET", "/apps/{id}", "    id  string  required\n"),
	})
	PathParameterWithoutRow = def(Def{
		Code: "TS0915", Name: "path-parameter-without-row", Severity: errorSev, Phase: Check,
		Format:  "tool %s: path parameter {%s} has no input row (name a row %s, or rename one with as %q)",
		Explain: "Every {parameter} of the endpoint path is filled from an input row: one of that name, or one renamed to it with `as`.",
		Wrong:   endpoint("GET", "/apps/{id}", "    app_id  string  required\n"),
		Right:   endpoint("GET", "/apps/{id}", "    app_id  string  required  as \"id\"\n"),
	})
	EndpointMethod = def(Def{
		Code: "TS0920", Name: "endpoint-method", Severity: errorSev, Phase: Check,
		Format:  "tool %s: endpoint method %s is not an HTTP method (write it in upper case: %s)",
		Explain: "The endpoint method is one of GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH and TRACE, in upper case as HTTP writes them.",
		Wrong:   endpoint("get", "/apps/{id}", "    id  string  required\n"),
		Right:   endpoint("GET", "/apps/{id}", "    id  string  required\n"),
	})
	EndpointPathRelative = def(Def{
		Code: "TS0921", Name: "endpoint-path-relative", Severity: errorSev, Phase: Check,
		Format:  "tool %s: endpoint path %q must start with /",
		Explain: "The endpoint path is relative to the API's base URL and starts with /, as in OpenAPI.",
		Wrong:   endpoint("GET", "apps/{id}", "    id  string  required\n"),
		Right:   endpoint("GET", "/apps/{id}", "    id  string  required\n"),
	})
	EndpointPathBraces = def(Def{
		Code: "TS0922", Name: "endpoint-path-braces", Severity: errorSev, Phase: Check,
		Format:  "tool %s: endpoint path %q has unbalanced or empty {parameters}",
		Explain: "Path parameters are written {name}: every { is closed by a } and holds a name.",
		Wrong:   endpoint("GET", "/apps/{id", "    id  string  required\n"),
		Right:   endpoint("GET", "/apps/{id}", "    id  string  required\n"),
	})
)
