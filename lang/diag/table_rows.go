package diag

// Rows, kinds and modifiers.
var (
	UnknownKind = def(Def{
		Code: "TS0501", Name: "unknown-kind", Severity: errorSev, Phase: Check,
		Format:  "%s: unknown kind %s%s",
		Explain: "A row's kind is one of string, integer, number, boolean, any, enum(...), array<...>, tuple<...>, object {...} and map<...>. The message suggests the nearest kind.",
		Wrong:   inRows("    name  strng  required\n"),
		Right:   inRows("    name  string  required\n"),
	})
	ModifierMisfit = def(Def{
		Code: "TS0502", Name: "modifier-misfit", Severity: errorSev, Phase: Check,
		Format:  "%s: %s does not apply to %s",
		Explain: "Each modifier applies to some kinds only (docs/language.md's modifier table, generated from lang/descriptor): a range to strings, numbers, arrays and maps; above, below and multiple_of to integers and numbers; pattern and format to strings; unique to arrays; open to objects. Elsewhere it would emit a JSON Schema keyword that constrains nothing.",
		Wrong:   inRows("    tags  array<string>  optional  open\n"),
		Right:   inRows("    tags  array<string>  optional  unique\n"),
	})
	ModifierTwice = def(Def{
		Code: "TS0503", Name: "modifier-twice", Severity: errorSev, Phase: Check,
		Format:  "%s: %s is given twice",
		Explain: "A modifier is given once per kind (example is the exception: a row may have several). Two ranges or two patterns would leave it unclear which one holds.",
		Wrong:   inRows("    n  integer  optional  1..5  1..9\n"),
		Right:   inRows("    n  integer  optional  1..9\n"),
	})
	NullableAny = def(Def{
		Code: "TS0504", Name: "nullable-any", Severity: warnSev, Phase: Check,
		Format:  "%s: any already accepts null; nullable changes nothing",
		Explain: "`any` accepts every JSON value, null included, so nullable adds nothing; it usually means another kind was meant.",
		Wrong:   inRows("    extra  any  optional  nullable\n"),
		Right:   inRows("    extra  any  optional\n"),
	})
	UnionTooFew = def(Def{
		Code: "TS0540", Name: "union-too-few", Severity: errorSev, Phase: Check,
		Format:  "%s: a union needs two variants at least, it has %d",
		Explain: "A union of one variant is that variant: write it without union<...>.",
		Wrong:   inRows("    id  union<string>  required\n"),
		Right:   inRows("    id  union<string, integer>  required\n"),
	})
	UnionVariantAny = def(Def{
		Code: "TS0541", Name: "union-variant-any", Severity: errorSev, Phase: Check,
		Format:  "%s: union variant %d is any, which makes the whole union any",
		Explain: "any accepts every value, so a union with an any variant accepts everything and its other variants say nothing. Write any, or drop the any variant.",
		Wrong:   inRows("    id  union<string, any>  required\n"),
		Right:   inRows("    id  union<string, integer>  required\n"),
	})
	UnionVariantNullable = def(Def{
		Code: "TS0542", Name: "union-variant-nullable", Severity: errorSev, Phase: Check,
		Format:  "%s: union variant %d is nullable; make the union nullable instead",
		Explain: "A union is nullable as a whole: nullable after its `>` adds {\"type\":\"null\"} as its last variant. A nullable variant would say the same thing in another place.",
		Wrong:   inRows("    id  union<string nullable, integer>  required\n"),
		Right:   inRows("    id  union<string, integer>  required  nullable\n"),
	})
	UnionVariantRepeated = def(Def{
		Code: "TS0543", Name: "union-variant-repeated", Severity: errorSev, Phase: Check,
		Format:  "%s: union variant %d is variant %d again",
		Explain: "Two variants that are the same kind with the same modifiers accept the same values; the second is usually a typo for another one.",
		Wrong:   inRows("    id  union<string 1..5, string 1..5>  required\n"),
		Right:   inRows("    id  union<string 1..5, integer>  required\n"),
	})
	EnumEmpty = def(Def{
		Code: "TS0510", Name: "enum-empty", Severity: errorSev, Phase: Check,
		Format:  "%s: empty enum",
		Explain: "An enum with no values accepts nothing, so no call could ever pass it.",
		Wrong:   inRows("    level  enum()  optional\n"),
		Right:   inRows("    level  enum(low, high)  optional\n"),
	})
	EnumValueOutOfRange = def(Def{
		Code: "TS0511", Name: "enum-value-out-of-range", Severity: errorSev, Phase: Check,
		Format:  "%s: enum value %s is not an integer in range",
		Explain: "Integer enum values are 64-bit integers, which every generated decoder can hold exactly.",
		Wrong:   inRows("    code  enum(1, 99999999999999999999)  optional\n"),
		Right:   inRows("    code  enum(1, 2)  optional\n"),
	})
	EnumValueRepeated = def(Def{
		Code: "TS0512", Name: "enum-value-repeated", Severity: errorSev, Phase: Check,
		Format:  "%s: enum value %s is repeated",
		Explain: "JSON Schema allows repeated enum values but they mean nothing; a repeat is usually a typo for another value.",
		Wrong:   inRows("    level  enum(low, high, low)  optional\n"),
		Right:   inRows("    level  enum(low, high)  optional\n"),
	})
	EnumMixed = def(Def{
		Code: "TS0513", Name: "enum-mixed", Severity: errorSev, Phase: Check,
		Format:  "%s: enum mixes strings and integers; one enum holds one kind of value",
		Explain: "An enum is all strings or all integers, so the generated Go and TypeScript types are one plain type. For a value that may be either, use `any` with a description.",
		Wrong:   inRows("    level  enum(low, 1)  optional\n"),
		Right:   inRows("    level  enum(low, high)  optional\n"),
	})
	RangeEmpty = def(Def{
		Code: "TS0520", Name: "range-empty", Severity: errorSev, Phase: Check,
		Format:  "%s: empty range: write A..B, A.. or ..B",
		Explain: "A range gives at least one bound: `..` alone constrains nothing.",
		Wrong:   inRows("    name  string  required  ..\n"),
		Right:   inRows("    name  string  required  1..\n"),
	})
	RangeOutOfRange = def(Def{
		Code: "TS0521", Name: "range-out-of-range", Severity: errorSev, Phase: Check,
		Format:  "%s: %s %s is out of range: JSON readers hold numbers as float64 (about 1e-308 to 1e308)",
		Explain: "Most JSON readers hold numbers as float64: a bound past 1e308 reads as infinity (or is refused) and one below 1e-308 reads as 0, so the bound would not mean what it says.",
		Wrong:   inRows("    x  number  optional  ..1e400\n"),
		Right:   inRows("    x  number  optional  ..1e6\n"),
	})
	RangeBeyondFloat64Integers = def(Def{
		Code: "TS0522", Name: "range-beyond-float64-integers", Severity: warnSev, Phase: Check,
		Format:  "%s: %s %s is beyond 2^53: JavaScript and other float64 readers see %s",
		Explain: "Integers past 2^53 are not all representable as float64: JavaScript and other float64 readers round the bound, so they enforce a slightly different limit than the one written. The message shows the bound they see, as JavaScript prints it. Only integer rows are warned: on a number row a bound like 1e308 is a float, and floats past 2^53 are what float64 is for.",
		Wrong:   inRows("    id  integer  optional  ..9007199254740993\n"),
		Right:   inRows("    id  integer  optional  ..9007199254740992\n"),
	})
	RangeFractionOnInteger = def(Def{
		Code: "TS0523", Name: "range-fraction-on-integer", Severity: errorSev, Phase: Check,
		Format:  "%s: %s %s is not an integer, and the row is integer",
		Explain: "The bounds of an integer row are integers, and so are its above, below and multiple_of: `0.5..` or `above 1.5` on an integer would be read differently by different validators. Write the integer bound meant (`2..` for `above 1.5`).",
		Wrong:   inRows("    n  integer  optional  0.5..10\n"),
		Right:   inRows("    n  integer  optional  1..10\n"),
	})
	RangeFractionOnCount = def(Def{
		Code: "TS0524", Name: "range-fraction-on-count", Severity: errorSev, Phase: Check,
		Format:  "%s: %s %s must be a whole number",
		Explain: "On a string, array or map a range bounds a count (characters, items, properties), which is a whole number.",
		Wrong:   inRows("    tags  array<string>  optional  ..2.5\n"),
		Right:   inRows("    tags  array<string>  optional  ..2\n"),
	})
	RangeNegativeCount = def(Def{
		Code: "TS0525", Name: "range-negative-count", Severity: errorSev, Phase: Check,
		Format:  "%s: %s %s is negative",
		Explain: "On a string, array or map a range bounds a count (characters, items, properties), which is never negative; JSON Schema refuses a negative minLength.",
		Wrong:   inRows("    name  string  optional  -1..4\n"),
		Right:   inRows("    name  string  optional  0..4\n"),
	})
	RangeTooLarge = def(Def{
		Code: "TS0526", Name: "range-too-large", Severity: errorSev, Phase: Check,
		Format:  "%s: %s %s is too large",
		Explain: "A count bound (characters, items, properties) must fit a 64-bit integer, which generated decoders use for lengths.",
		Wrong:   inRows("    tags  map<string>  optional  ..99999999999999999999\n"),
		Right:   inRows("    tags  map<string>  optional  ..1000\n"),
	})
	RangeMinAboveMax = def(Def{
		Code: "TS0527", Name: "range-min-above-max", Severity: errorSev, Phase: Check,
		Format:  "%s: %s %s is greater than %s %s",
		Explain: "A range whose minimum is above its maximum admits no value, so no call could pass the row.",
		Wrong:   inRows("    n  integer  required  10..1\n"),
		Right:   inRows("    n  integer  required  1..10\n"),
	})

	// above, below and multiple_of (lang/descriptor's number modifiers);
	// a misfit, a repeat, a fraction on integer and a number beyond
	// float64 report through the rules above.
	MultipleOfNotPositive = def(Def{
		Code: "TS0530", Name: "multiple-of-not-positive", Severity: errorSev, Phase: Check,
		Format:  "%s: multiple_of %s is not positive: every number is a multiple of 0, and multipleOf must be greater than 0",
		Explain: "multiple_of N becomes JSON Schema's multipleOf, which must be greater than 0: validators refuse the schema otherwise. A negative N would mean the same as its absolute value; write that.",
		Wrong:   inRows("    step  number  optional  multiple_of 0\n"),
		Right:   inRows("    step  number  optional  multiple_of 0.5\n"),
	})
	IntervalEmpty = def(Def{
		Code: "TS0531", Name: "interval-empty", Severity: errorSev, Phase: Check,
		Format:  "%s: no %s satisfies %s: the interval is empty",
		Explain: "A row's bounds together (a range, above, below, multiple_of) admit no value, so no call could pass the row: `above 5 below 5`, `0..3 above 3`, on an integer `above 5 below 6` (no whole number between), or `1..4 multiple_of 5` (no multiple inside). Arithmetic is exact: decimals are compared as written, not as float64.",
		Wrong:   inRows("    ratio  number  optional  above 1  below 1\n"),
		Right:   inRows("    ratio  number  optional  above 0  below 1\n"),
	})
)

// Patterns and formats.
var (
	PatternEmpty = def(Def{
		Code: "TS0601", Name: "pattern-empty", Severity: errorSev, Phase: Check,
		Format:  "%s: empty pattern (it matches everything)",
		Explain: "A pattern is searched for anywhere in the string, so the empty pattern matches every string; it is most likely a placeholder left in.",
		Wrong:   inRows("    code  string  required  pattern \"\"\n"),
		Right:   inRows("    code  string  required  pattern \"^[A-Z]{3}$\"\n"),
	})
	PatternNotPortable = def(Def{
		Code: "TS0602", Name: "pattern-not-portable", Severity: errorSev, Phase: Check,
		Format:  "%s: %s",
		Explain: "A pattern is checked on both sides of the wire: clients use ECMAScript regular expressions (with the u flag), Go servers use RE2. toolspec accepts only the subset both engines read the same way (docs/language.md lists it): no lookaround or backreferences, no \\s and no . (each engine reads them differently), no inline flags, no escapes of ordinary characters. The message names the construct, why it is not portable, and what to write instead.",
		Wrong:   inRows("    code  string  required  pattern \"^(?=A)[A-Z]+$\"\n"),
		Right:   inRows("    code  string  required  pattern \"^A[A-Z]*$\"\n"),
	})
	PatternBacktracks = def(Def{
		Code: "TS0603", Name: "pattern-backtracks", Severity: warnSev, Phase: Check, Strict: true,
		Format:  "%s: pattern %s can take exponential time in ECMAScript, whose engines backtrack (RE2 in Go does not): in %s, %s",
		Explain: "RE2, in Go servers, matches in linear time; ECMAScript engines backtrack, and ajv in JS servers and in clients validates patterns with them. A repeated part that can match the same text in many ways, such as (a+)+ or (a|a)*, makes a near-miss take exponential time: ^(a+)+$ takes seconds on 30 characters. The message names the repetition and the part inside it that can run into the next repetition, or the alternatives that overlap. It is a warning because the Go side is unaffected; check --strict and test-report --strict make it an error. The generated JavaScript server refuses to start with such a pattern (register throws, naming tool, field and pattern) unless its author passes register's option acceptSlowPatterns.",
		Wrong:   inRows("    name  string  required  pattern \"^([a-z]+ ?)+$\"\n"),
		Right:   inRows("    name  string  required  pattern \"^[a-z]+( [a-z]+)*$\"\n"),
	})
	FormatUnknown = def(Def{
		Code: "TS0610", Name: "format-unknown", Severity: warnSev, Phase: Check,
		Format:  "%s: format %s is not asserted (only date-time, date, time, duration, email, hostname, ipv4, ipv6, uri and uuid are): it is an annotation and checks nothing%s",
		Explain: "toolspec asserts ten formats of JSON Schema 2020-12 in fixtures and in the generated validators (date-time, date, time, duration, email, hostname, ipv4, ipv6, uri, uuid); any other name, a misspelt one included, is an annotation that checks nothing. The message suggests the nearest asserted format.",
		Wrong:   inRows("    id  string  required  format uuidd\n"),
		Right:   inRows("    id  string  required  format uuid\n"),
	})
)

// Defaults, examples and JSON values.
var (
	DefaultOffRow = def(Def{
		Code: "TS0701", Name: "default-off-row", Severity: errorSev, Phase: Check,
		Format:  "%s: default %s does not satisfy its own row (%s)",
		Explain: "A default is what a server uses when the property is absent, so it must pass the row's own schema; the message lists the keywords it fails.",
		Wrong:   inRows("    limit  integer  optional  1..100  default 500\n"),
		Right:   inRows("    limit  integer  optional  1..100  default 50\n"),
	})
	ExampleOffRow = def(Def{
		Code: "TS0702", Name: "example-off-row", Severity: errorSev, Phase: Check,
		Format:  "%s: example %s does not satisfy its own row (%s)",
		Explain: "Examples are shown to the model as values to imitate, so each must pass the row's own schema; the message lists the keywords it fails.",
		Wrong:   inRows("    code  string  required  pattern \"^[A-Z]{3}$\"  example \"usd\"\n"),
		Right:   inRows("    code  string  required  pattern \"^[A-Z]{3}$\"  example \"USD\"\n"),
	})
	DefaultOutOfRange = def(Def{
		Code: "TS0703", Name: "default-out-of-range", Severity: errorSev, Phase: Check,
		Format:  "%s: default %s is out of range: JSON readers hold numbers as float64 (about 1e-308 to 1e308)",
		Explain: "Most JSON readers hold numbers as float64: a number past 1e308 reads as infinity (or is refused) and one below 1e-308 reads as 0, so a default holding one would not be the value written. A test fixture may hold such numbers: it tests what a server does with them.",
		Wrong:   inRows("    x  number  optional  default 1e400\n"),
		Right:   inRows("    x  number  optional  default 1e300\n"),
	})
	ExampleOutOfRange = def(Def{
		Code: "TS0704", Name: "example-out-of-range", Severity: errorSev, Phase: Check,
		Format:  "%s: example %s is out of range: JSON readers hold numbers as float64 (about 1e-308 to 1e308)",
		Explain: "Most JSON readers hold numbers as float64: a number past 1e308 reads as infinity (or is refused) and one below 1e-308 reads as 0, so an example holding one would not be the value written.",
		Wrong:   inRows("    x  number  optional  example [1, 1e-400]\n"),
		Right:   inRows("    x  number  optional  example 1e-300\n"),
	})
	JSONKeyRepeated = def(Def{
		Code: "TS0705", Name: "json-key-repeated", Severity: errorSev, Phase: Check,
		Format:  "key %q is repeated in this object",
		Explain: "JSON readers disagree about an object with a repeated key (the first wins, the last wins, or it is refused), so a default, example or fixture holding one means different things to different servers.",
		Wrong:   inRows("    opts  object { a integer optional }  optional  default {\"a\": 1, \"a\": 2}\n"),
		Right:   inRows("    opts  object { a integer optional }  optional  default {\"a\": 1}\n"),
	})
	ValueUncheckable = def(Def{
		Code: "TS0790", Name: "value-uncheckable", Severity: errorSev, Phase: Check,
		Format:    "%s: %s %s: %s",
		Explain:   "The validator failed while checking a default or example against its row, rather than accepting or refusing it. This is a bug in toolspec; please report it with the spec.",
		NoExample: "it reports a failure of toolspec itself, not a defect in the spec",
		NoControl: "it reports a failure of toolspec itself, not a defect a spec can hold",
	})
	RowSchemaInvalid = def(Def{
		Code: "TS0791", Name: "row-schema-invalid", Severity: errorSev, Phase: Check,
		Format:    "%s: %s",
		Explain:   "The JSON Schema emitted for a row with a default or example did not compile, so its values could not be checked. This is a bug in toolspec; please report it with the spec.",
		NoExample: "it reports a failure of toolspec itself, not a defect in the spec",
		NoControl: "it reports a failure of toolspec itself, not a defect a spec can hold",
	})
)
