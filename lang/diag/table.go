package diag

import (
	"strings"

	"github.com/toolspec/toolspec/lang/token"
)

// The table: every diagnostic toolspec reports on a spec. Codes are grouped
// by area (see areas) with gaps, so an area can grow; a code, once
// released, is never reused for another rule. Wrong and Right examples are
// checked by compile's TestDiagnosticExamples.

const (
	errorSev = token.Error
	warnSev  = token.Warning
)

// inRows is a spec of one tool whose input holds rows (each line indented
// by four spaces).
func inRows(rows string) string {
	return "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in {\n" + rows + "  }\n  result text\n}\n"
}

func repeat(s string, n int) string { return strings.Repeat(s, n) }

// Reading the spec.
var (
	FileUnreadable = def(Def{
		Code: "TS0001", Name: "file-unreadable", Severity: errorSev, Phase: Read,
		Format:    "%s",
		Explain:   "The spec file could not be read: it does not exist, is a directory, or is not readable. The message is the operating system's reason.",
		NoExample: "it is about the file, not its text",
	})
	FileUnwritable = def(Def{
		Code: "TS0003", Name: "file-unwritable", Severity: errorSev, Phase: Read,
		Format:    "cannot write: %s",
		Explain:   "A file a command writes (generated code, a seal, a JUnit report) could not be written: its folder cannot be created, a directory is in its place, or it is not writable. The message is the operating system's reason; nothing is written.",
		NoExample: "it is about the file, not its text",
	})
	FileTooLarge = def(Def{
		Code: "TS0002", Name: "file-too-large", Severity: errorSev, Phase: Read,
		Format:    "%s",
		Explain:   "A spec is at most 16 MiB, for every command test-report included: compiling holds 40 to 50 bytes of memory per byte of spec, test-report up to a few hundred (docs/performance.md). A larger file, or an endless one such as a device or a pipe, is refused before it is read whole. The largest public MCP catalogs are well under 1 MB.",
		NoExample: "it takes a file of 16 MiB",
	})
)

// Syntax.
var (
	SyntaxError = def(Def{
		Code: "TS0101", Name: "syntax-error", Severity: errorSev, Phase: Syntax,
		Format:  "syntax error: %s",
		Explain: "The text does not follow the grammar of docs/language.md: the message names the token found and what the grammar expected there (and, when the token is a keyword misspelt, the keyword meant). The error stops only the item it is in: the parser drops that row, tool item or fixture (an error inside a container such as tuple<...> or enum(...) is repaired there instead, so the rest of the row is read too) and reads on, so every broken item of the file is reported in one run, and everything that parsed is still checked; nothing is emitted.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    x  required  string\n  }\n  result text\n}\n",
		Right:   inRows("    x  string  required\n"),
	})
	SpecHeaderMissing = def(Def{
		Code: "TS0102", Name: "spec-header-missing", Severity: errorSev, Phase: Syntax,
		Format:  "syntax error: a spec starts with `spec NAME`, not %s",
		Explain: "Every spec file starts with its header, `spec NAME`, before any group, tool or test. The name identifies the catalog.",
		Wrong:   "tool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
	})
	NestingTooDeep = def(Def{
		Code: "TS0103", Name: "nesting-too-deep", Severity: errorSev, Phase: Syntax,
		Format:  "nesting is deeper than %d levels",
		Explain: "Brackets ({ < ( [) nest at most 100 levels deep. The limit keeps the parser, the generators and every validator downstream from running out of stack on hostile input; no real schema comes near it.",
		Wrong:   inRows("    x  " + repeat("array<", 101) + "string" + repeat(">", 101) + "  required\n"),
		Right:   inRows("    x  array<array<string>>  required\n"),
	})
	UnknownModifier = def(Def{
		Code: "TS0104", Name: "unknown-modifier", Severity: errorSev, Phase: Syntax,
		Format:  "syntax error: unknown modifier %s; did you mean %s?",
		Explain: "After a row's presence come its modifiers (nullable, a range, pattern, format, default, example, unique, deprecated, open, from, as). A word there that is within two edits of one of them is taken for a misspelling of it, rather than reported as whatever the grammar expected next.",
		Wrong:   inRows("    x  string  required  patern \"^x\"\n"),
		Right:   inRows("    x  string  required  pattern \"^x\"\n"),
	})
	UnknownToolItem = def(Def{
		Code: "TS0108", Name: "unknown-tool-item", Severity: errorSev, Phase: Syntax,
		Format:  "syntax error: unknown tool item %s; did you mean %s?",
		Explain: "A tool's body is a list of items, each starting with its keyword: title, description, hints, in, out, result, endpoint. A word there that is within a few edits of one of them, or a common longer name of one (input, output), is taken for it: the message names the item meant, and the rest of the tool is read as if it had been written right, so its other problems are reported in the same run.",
		Wrong:   "spec demo\n\ntool demo {\n  descripton \"A demo tool\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
	})
	UnknownHint = def(Def{
		Code: "TS0109", Name: "unknown-hint", Severity: errorSev, Phase: Syntax,
		Format:  "syntax error: unknown hint %s; did you mean %s?",
		Explain: "`hints` takes the MCP tool annotations by their names in the language: read_only, destructive, idempotent, open_world. A word after them that is within a few edits of one (readonly, openWorld) is taken for it, and the rest of the tool is read on.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  hints readonly\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  hints read_only\n  in none\n  result text\n}\n",
	})
	UnclosedBrace = def(Def{
		Code: "TS0105", Name: "unclosed-brace", Severity: errorSev, Phase: Syntax,
		Format:  "syntax error: the \"{\" after %s is not closed: a \"}\" is missing before %s",
		Explain: "Every { has its }. When one is missing, the parser would only notice where the declaration ends, often far below; the error is put at the { instead. Which { is found by indentation: the innermost one whose block is followed by a line indented no deeper than the line that opened it. The declarations after it are parsed on their own.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in {\n    x  string  required\n  result text\n}\n",
		Right:   inRows("    x  string  required\n"),
	})
	ClientsEmpty = def(Def{
		Code: "TS0106", Name: "clients-empty", Severity: errorSev, Phase: Syntax,
		Format:  "syntax error: `clients` needs at least one client family (clients openai, anthropic)",
		Explain: "`clients` in the header declares the client families the catalog must work for, one or more, separated by commas. Alone it would declare nothing: remove it, or name the families.",
		Wrong:   "spec demo\nclients\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\nclients openai\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
	})
	ClientFamilyQuoted = def(Def{
		Code: "TS0107", Name: "client-family-quoted", Severity: errorSev, Phase: Syntax,
		Format:  "syntax error: client family %s is a string: families are identifiers (clients %s)",
		Explain: "Client families are names toolspec knows (docs/clients.md), written as identifiers: `clients gemini`, not `clients \"gemini\"`. A string is a name some other tool chose; a family is a keyword of the language.",
		Wrong:   "spec demo\nclients \"openai\"\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\nclients openai\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
	})
	InvalidUTF8 = def(Def{
		Code: "TS0110", Name: "invalid-utf8", Severity: errorSev, Phase: Syntax,
		Format:  "invalid UTF-8 encoding",
		Explain: "A spec is UTF-8 text. A byte sequence that is not UTF-8 outside a string or comment cannot be read as any character.",
		Wrong:   inRows("    x  string  required\n    \xff\n"),
		Right:   inRows("    x  string  required\n"),
	})
	CommentInvalidUTF8 = def(Def{
		Code: "TS0111", Name: "comment-invalid-utf8", Severity: errorSev, Phase: Syntax,
		Format:  "invalid UTF-8 in comment",
		Explain: "Comments are kept by the formatter, so they must be UTF-8 text like the rest of the spec.",
		Wrong:   "// caf\xe9\nspec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
		Right:   "// café\nspec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
	})
	CommentNUL = def(Def{
		Code: "TS0114", Name: "comment-nul", Severity: errorSev, Phase: Syntax,
		Format:  "NUL character in comment",
		Explain: "A comment is text the formatter keeps; a NUL byte in it is invisible in review and cuts the line short in many tools (C strings, some diff viewers), so what a reviewer reads would not be what the file holds.",
		Wrong:   "// a\x00b\nspec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
		Right:   "// ab\nspec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
	})
	ControlCharacter = def(Def{
		Code: "TS0112", Name: "control-character", Severity: errorSev, Phase: Syntax,
		Format:  "unexpected control character %U",
		Explain: "Outside strings, a spec holds only printable text, spaces, tabs and line breaks. A stray control character is usually a copy-and-paste accident and would be invisible in review.",
		Wrong:   inRows("    x  string  required \x01\n"),
		Right:   inRows("    x  string  required\n"),
	})
	UnexpectedCharacter = def(Def{
		Code: "TS0113", Name: "unexpected-character", Severity: errorSev, Phase: Syntax,
		Format:  "unexpected character %q",
		Explain: "The character starts no token of the language. Comments start with //; names are letters, digits and underscores; punctuation is { } < > ( ) [ ] , : and `..`.",
		Wrong:   inRows("    x  string  required  # the id\n"),
		Right:   inRows("    x  string  required  // the id\n"),
	})
	NumberSignAlone = def(Def{
		Code: "TS0120", Name: "number-sign-alone", Severity: errorSev, Phase: Syntax,
		Format:  "unexpected character '-': a number needs digits after the sign",
		Explain: "A minus sign starts a negative number, so digits must follow it. Numbers are written as in JSON.",
		Wrong:   inRows("    x  integer  required  - 1..5\n"),
		Right:   inRows("    x  integer  required  -1..5\n"),
	})
	NumberLeadingZero = def(Def{
		Code: "TS0121", Name: "number-leading-zero", Severity: errorSev, Phase: Syntax,
		Format:  "number %s has a leading zero",
		Explain: "Numbers are written as in JSON, which forbids leading zeros: `007` is not a JSON number, and some readers take it for octal.",
		Wrong:   inRows("    x  integer  required  007..9\n"),
		Right:   inRows("    x  integer  required  7..9\n"),
	})
	NumberSuffix = def(Def{
		Code: "TS0122", Name: "number-suffix", Severity: errorSev, Phase: Syntax,
		Format:  "unexpected %q after number %s",
		Explain: "A number ends where its digits (with fraction and exponent) end; a letter or other character right after it is neither part of the number nor a separate token. Put a space between them, or drop the unit.",
		Wrong:   inRows("    x  integer  required  1..10k\n"),
		Right:   inRows("    x  integer  required  1..10000\n"),
	})
	StringUnterminated = def(Def{
		Code: "TS0130", Name: "string-unterminated", Severity: errorSev, Phase: Syntax,
		Format:  "string literal not terminated",
		Explain: "A string starts and ends with a double quote on the same line. For text over several lines, use a block string `\"\"\"...\"\"\"`.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"A demo tool\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"A demo tool\"\n  in none\n  result text\n}\n",
	})
	StringBadEscape = def(Def{
		Code: "TS0131", Name: "string-bad-escape", Severity: errorSev, Phase: Syntax,
		Format:  "invalid escape sequence in string",
		Explain: "Strings are JSON strings: after a backslash comes one of \" \\ / b f n r t or uHHHH. To write a backslash, write two.",
		Wrong:   inRows("    x  string  required  pattern \"^\\d+$\"\n"),
		Right:   inRows("    x  string  required  pattern \"^\\\\d+$\"\n"),
	})
	StringControlCharacter = def(Def{
		Code: "TS0132", Name: "string-control-character", Severity: errorSev, Phase: Syntax,
		Format:  "control character %U in string (write it as an escape)",
		Explain: "As in JSON, a string cannot hold a raw control character such as a tab: write it as an escape (\\t, \\n, \\u0001), so it is visible in review.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"A\tdemo tool\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"A\\tdemo tool\"\n  in none\n  result text\n}\n",
	})
	StringInvalidUTF8 = def(Def{
		Code: "TS0133", Name: "string-invalid-utf8", Severity: errorSev, Phase: Syntax,
		Format:  "invalid UTF-8 encoding in %s",
		Explain: "Strings end up in JSON documents, which are UTF-8: a string or block string must be valid UTF-8. Write non-ASCII characters as themselves, encoded in UTF-8, or as \\u escapes.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"Caf\xe9\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"Café\"\n  in none\n  result text\n}\n",
	})
	StringLoneSurrogate = def(Def{
		Code: "TS0136", Name: "string-lone-surrogate", Severity: errorSev, Phase: Syntax,
		Format:  "lone surrogate %s in string: it cannot be encoded as UTF-8; write the character itself or a \\uD8xx\\uDCxx pair",
		Explain: "A \\u escape of a UTF-16 surrogate (D800 to DFFF) is half of a character: a high one must be followed by the escape of a low one, and the pair is one character. Alone it has no UTF-8 encoding; encoding/json would silently make it U+FFFD, which changes the text, so toolspec refuses it.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"A demo tool \\ud83d\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"A demo tool \\ud83d\\ude00\"\n  in none\n  result text\n}\n",
	})
	BlockStringUnterminated = def(Def{
		Code: "TS0134", Name: "block-string-unterminated", Severity: errorSev, Phase: Syntax,
		Format:  "block string not terminated (missing closing \"\"\")",
		Explain: "A block string runs from `\"\"\"` to the next `\"\"\"`; the file ended before the closing one.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"\"\"\n    A demo tool.\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"\"\"\n    A demo tool.\n    \"\"\"\n  in none\n  result text\n}\n",
	})
	BlockStringControlCharacter = def(Def{
		Code: "TS0135", Name: "block-string-control-character", Severity: errorSev, Phase: Syntax,
		Format:  "control character %U in block string",
		Explain: "A block string holds text, line breaks and tabs; other control characters would be invisible in review and are refused.",
		Wrong:   "spec demo\n\ntool demo {\n  description \"\"\"\n    A demo\x07 tool.\n    \"\"\"\n  in none\n  result text\n}\n",
		Right:   "spec demo\n\ntool demo {\n  description \"\"\"\n    A demo tool.\n    \"\"\"\n  in none\n  result text\n}\n",
	})
)
