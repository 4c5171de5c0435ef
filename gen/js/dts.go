package js

import (
	"bytes"
	"github.com/toolspec/toolspec/internal/mangle"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/gen/message"
	"github.com/toolspec/toolspec/lang/token"
	"github.com/toolspec/toolspec/model"
)

// TypeName returns the PascalCase stem of a tool's TypeScript types: the
// name split at every character that is not a letter or digit, each part
// with its first letter upper-cased ("t27_grep" → "T27Grep", "get-app" →
// "GetApp"). A stem that would start with a digit, or be empty, gets the
// prefix "Tool" ("3d" → "Tool3d").
func TypeName(tool string) string { return mangle.TypeScript(tool) }

// typeNames returns each tool's type stem, or an error naming every tool
// whose stem another tool already has.
func typeNames(c *model.Catalog) (map[*model.Tool]string, error) {
	names := map[*model.Tool]string{}
	first := map[string]*model.Tool{}
	var diags token.List
	for _, t := range c.Tools {
		stem := TypeName(t.Name)
		if prev, ok := first[stem]; ok {
			diags.Errorf(t.Pos, "tool %s: TypeScript type name %sInput is already taken by tool %s at %s",
				t.Name, stem, prev.Name, prev.Pos)
			continue
		}
		first[stem] = t
		names[t] = stem
	}
	if err := diags.Sort().Err(); err != nil {
		return nil, err
	}
	return names, nil
}

// declarations writes the .d.ts file, typed for the MCP SDK sdkVersion
// (1: @modelcontextprotocol/sdk 1.x, 2: @modelcontextprotocol/server).
func declarations(c *model.Catalog, names map[*model.Tool]string, sdkVersion int) []byte {
	sdk := sdkDecls[1]
	if sdkVersion == 2 {
		sdk = sdkDecls[2]
	}
	var b bytes.Buffer
	b.WriteString(Header)
	b.WriteString(`//
// Declarations of the ES module beside this file: the catalog of spec
// ` + commentText(c.Name) + ` and a typed input (and output) per tool.

/** The spec's name. */
export declare const SPEC_NAME: ` + Quote(c.Name) + `;

/** BLAKE3-256 of the canonical spec, lowercase hex. */
export declare const SPEC_HASH: ` + Quote(c.SpecHash) + `;

/** The _meta key whose value is the catalog identity "<SPEC_HASH>/p<profile>". */
export declare const CATALOG_KEY: ` + Quote(c.CatalogKey) + `;

/** A protocol profile: 1 (2024-11-05), 2 (2025-06-18) or 3 (2026-07-28). */
export type Profile = 1 | 2 | 3;

/** Each profile's MCP protocol version and catalog identity. */
export declare const PROFILES: {
`)
	for _, p := range model.ServedProfiles {
		b.WriteString("  readonly " + strconv.Itoa(p) + ": { readonly protocol: " + Quote(model.ProtocolOf(p)) +
			"; readonly catalog: " + Quote(c.Identity(p)) + " };\n")
	}
	b.WriteString(`};

/** The name of a tool of the catalog. */
export type ToolName =`)
	if len(c.Tools) == 0 {
		b.WriteString(" never")
	}
	for _, t := range c.Tools {
		b.WriteString("\n  | " + Quote(t.Name))
	}
	b.WriteString(`;

/** One entry of a tools/list result. */
export interface ToolEntry {
  name: ToolName;
  title?: string;
  description: string;
  inputSchema: { type: "object"; [keyword: string]: unknown };
  outputSchema?: { type: "object"; [keyword: string]: unknown };
  annotations?: {
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    idempotentHint?: boolean;
    openWorldHint?: boolean;
  };
}

/**
 * A tools/list result; _meta maps CATALOG_KEY to the catalog identity. On
 * profile 3 it is cacheable: ttlMs, cacheScope ("private" when narrowed to
 * a scope or served per caller) and resultType.
 */
export interface ToolsListResult {
  tools: ToolEntry[];
  ttlMs?: number;
  cacheScope?: "public" | "private";
  resultType?: "complete";
  _meta: { [key: string]: string };
  [key: string]: unknown;
}

/**
 * A scope narrows the catalog: "read" is the tools with read_only, "write"
 * those with read_only or additive, "all" every tool.
 */
export type Scope = "all" | "read" | "write";

/**
 * The tools/list result of a profile (1, the default, 2 or 3), deep-equal to
 * ` + "`toolspec gen-json --profile N`" + `; with a scope other than "all", only
 * the tools in it, and the identity "<SPEC_HASH>/p<profile>/<scope>" (on
 * profile 3, cacheScope "private").
 * Every call returns a new object.
 */
export declare function listTools(profile?: Profile, options?: { scope?: Scope }): ToolsListResult;

/** A value a validator refuses: where (a JSON pointer, "" for the value itself), which keyword, and why. */
export interface Problem {
  instancePath: string;
  keyword: string;
  message: string;
  params: { missingProperty?: string; additionalProperty?: string };
}

/** Every problem found (at most MAX_PROBLEMS; truncated is then true). */
export type Problems = Problem[] & { truncated?: boolean };

/** At most this many problems are returned per value. */
export declare const MAX_PROBLEMS: 100;

/** Input strings are quoted in messages up to this many characters, then "...". */
export declare const QUOTE_LIMIT: ` + strconv.Itoa(message.MaxQuote) + `;

/** Every problem of a tool's arguments; empty when they are valid. Throws a RangeError for an unknown tool. */
export declare function validateInput(toolName: ToolName, args: unknown): Problems;

/** Every problem of a tool's structured result; empty for a tool without ` + "`out`" + `. */
export declare function validateOutput(toolName: ToolName, value: unknown): Problems;

/** Problems as one line: "/limit: maximum: 501 is greater than 500; ...", at most limit (20) of them. */
export declare function describeProblems(problems: readonly Problem[], limit?: number): string;

` + sdk.imports + `
/** A content block of a tool result, as the SDK types it. */
export type { ContentBlock };

declare const contentMark: unique symbol;

/** A handler result made of content blocks (content()). */
export interface ContentResult {
  readonly [contentMark]: readonly ContentBlock[];
}

/** A structured result with content blocks of the handler's own (withContent()). */
export interface StructuredResult<T> extends ContentResult {
  readonly value: T;
}

/**
 * An input-required result (SDK 2's inputRequired(...)): the handler asks
 * the user or the model, and runs again with the answers in
 * ctx.mcpReq.inputResponses (protocol 2026-07-28, or SDK 2 in an older
 * session).
 */
export interface InputRequiredResult {
  resultType: "input_required";
  inputRequests?: { [key: string]: unknown };
  requestState?: string;
}

/** A handler result made of content blocks, sent as the result's content. */
export declare function content(...blocks: ContentBlock[]): ContentResult;

/** A structured result with blocks in place of its JSON text; still checked against the output schema. */
export declare function withContent<T>(value: T, ...blocks: ContentBlock[]): StructuredResult<T>;

/** A text block. */
export declare function text(text: string): ContentBlock & { type: "text" };

/** An image block; data are bytes or a base64 string. */
export declare function image(data: Uint8Array | ArrayBuffer | string, mimeType: string): ContentBlock & { type: "image" };

/** An audio block; data are bytes or a base64 string. */
export declare function audio(data: Uint8Array | ArrayBuffer | string, mimeType: string): ContentBlock & { type: "audio" };

/** A resource link block. */
export declare function resourceLink(uri: string, name: string, mimeType?: string): ContentBlock & { type: "resource_link" };

/** An embedded text resource block. */
export declare function resource(uri: string, mimeType: string, text: string): ContentBlock & { type: "resource" };

/** An embedded binary resource block; data are bytes or a base64 string. */
export declare function blob(uri: string, mimeType: string, data: Uint8Array | ArrayBuffer | string): ContentBlock & { type: "resource" };

/** The part of the MCP SDK's Server that register needs (pass McpServer's .server). */
export interface SdkServer {
  registerCapabilities(capabilities: { tools?: object }): void;
}

` + sdk.registerDoc + `
export interface RegisterOptions<Ctx = ` + sdk.ctx + `> {
  /** The caller's scope, from its request extra or context (authInfo, ...); "all" when absent. */
  scope?: (extra: Ctx) => Scope | Promise<Scope>;
  /** Serve patterns check flagged as exponential in a backtracking engine (TS0603) anyway: true for every tool, or the tools whose patterns are accepted. Without it register throws, naming them. */
  acceptSlowPatterns?: boolean | readonly ToolName[];
}

/**
 * Serves the catalog on an MCP SDK Server: per-session profile, tools/list,
 * tools/call with validated arguments and results. Throws, naming the
 * tools, when handlers and tools differ. Call it before connect().
 */
export declare function register<Ctx = ` + sdk.ctx + `>(server: SdkServer, handlers: Handlers<Ctx>, options?: RegisterOptions<Ctx>): void;

/** The largest request body serveHttp reads, in bytes. */
export declare const MAX_BODY_BYTES: 16777216;

` + sdk.authExport + `
/** The HTTP request serveHttp's authenticate sees (a node:http IncomingMessage). */
export interface HttpRequest {
  readonly headers: Record<string, string | string[] | undefined>;
  readonly method?: string;
  readonly url?: string;
}

export interface ServeHttpOptions {
  /** The port to listen on; 0 (the default) is any free port. */
  port?: number;
  /** The host to listen on: "127.0.0.1" by default; on a loopback host, non-loopback Host and Origin headers are refused. */
  host?: string;
  /** The path MCP is served at: "/mcp" by default. */
  path?: string;
  /**
   * The SDK of the servers newServer makes: 1 (@modelcontextprotocol/sdk) or 2
   * (@modelcontextprotocol/server); by default told by the class of one.
   */
  sdk?: 1 | 2;
  /**
   * SDK 2 only: also serve the sessionless 2026-07-28 protocol (profile 3),
   * a new server per request, with SDK 2's createMcpHandler.
   */
  profile3?: boolean;
  /** The caller's credentials, handed to handlers and scope as extra.authInfo (SDK 2: ctx.http.authInfo); undefined answers 401. */
  authenticate?: (req: HttpRequest) => ` + sdk.authInfo + ` | undefined | Promise<` + sdk.authInfo + ` | undefined>;
}

/** The listening server serveHttp resolves to (a node:http Server). */
export interface HttpServer {
  address(): { port: number; address: string } | string | null;
  close(callback?: (err?: Error) => void): unknown;
}

/**
 * Serves MCP over Streamable HTTP, one transport and one server per
 * session (SDK 1.x's StreamableHTTPServerTransport, SDK 2's
 * WebStandardStreamableHTTPServerTransport): newServer returns an SDK
 * Server with the catalog registered.
 */
export declare function serveHttp(newServer: () => SessionServer | Promise<SessionServer>, options?: ServeHttpOptions): Promise<HttpServer>;

/** An SDK Server serveHttp connects to a session's transport (its own SDK's Transport). */
export interface SessionServer extends SdkServer {
  connect(transport: any): Promise<void>;
}

/** The longest line StdioTransport reads, in bytes. */
export declare const MAX_LINE_BYTES: 16777216;

/** The deepest message StdioTransport passes on (the message object is level 1). */
export declare const MAX_DEPTH: 1000;

/** The streams StdioTransport reads and writes (process.stdin and process.stdout by default). */
export interface ReadStream {
  on(event: string, listener: (...args: any[]) => void): unknown;
  off(event: string, listener: (...args: any[]) => void): unknown;
}
export interface WriteStream {
  write(chunk: string): boolean;
  once(event: string, listener: (...args: any[]) => void): unknown;
}

/**
 * A stdio transport for the SDK's Server that answers every line it cannot
 * use (-32700 invalid JSON; -32600 batches, malformed messages, lines over
 * MAX_LINE_BYTES, messages deeper than MAX_DEPTH) and keeps serving.
 */
export declare class StdioTransport {
  constructor(stdin?: ReadStream, stdout?: WriteStream);
  onmessage?: (message: any, extra?: any) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  start(): Promise<void>;
  send(message: object): Promise<void>;
  close(): Promise<void>;
}

/**
 * The profile for a negotiated MCP protocol version: 3 for "2026-07-28" and
 * later dates, 2 for "2025-06-18" and later, 1 for earlier ones and for
 * anything that is not a date.
 */
export declare function profileFor(protocolVersion?: string | null): Profile;

/**
 * The startup guard: throws one Error naming every tool without a handler
 * and every handler without a tool.
 */
export declare function checkHandlers(names: Iterable<string>): void;
`)
	groups, order := wholeGroups(c, b.String(), names)
	for _, g := range order {
		b.WriteString("\n/** Group " + commentText(g.group) + ": every object that is `object { use " + commentText(g.group) + " }`. */\n")
		b.WriteString("export interface " + groups[g.group].name + " ")
		writeObjectBody(&b, g.t, "", groups)
		b.WriteString("\n")
	}
	for _, t := range c.Tools {
		stem := names[t]
		b.WriteString("\n/** The arguments of tool ")
		b.WriteString(commentText(t.Name))
		b.WriteString(". */\nexport interface ")
		b.WriteString(stem)
		b.WriteString("Input ")
		writeObjectBody(&b, t.Input, "", groups)
		b.WriteString("\n")
		if t.Output != nil {
			b.WriteString("\n/** The structured result of tool " + commentText(t.Name) + ". */\n")
			b.WriteString("export interface " + stem + "Output ")
			writeObjectBody(&b, t.Output, "", groups)
			b.WriteString("\n")
		}
	}
	for _, t := range c.Tools {
		stem := names[t]
		result := "string | ContentResult | InputRequiredResult"
		switch t.Result {
		case model.ResultOut:
			result = stem + "Output | StructuredResult<" + stem + "Output> | InputRequiredResult"
		case model.ResultAny:
			result = "unknown"
		}
		b.WriteString("\n/** The handler of tool " + commentText(t.Name) + ". */\n")
		b.WriteString("export type " + stem + "Handler<Ctx = " + sdk.ctx + "> = (args: " + stem + "Input, " + sdk.param + ": Ctx) => " + result + " | Promise<" + result + ">;\n")
	}
	b.WriteString("\n/** A handler per tool, by tool name: what register serves (Ctx: see RegisterOptions). */\nexport interface Handlers<Ctx = " + sdk.ctx + "> {")
	for _, t := range c.Tools {
		b.WriteString("\n  " + Quote(t.Name) + ": " + names[t] + "Handler<Ctx>;")
	}
	b.WriteString("\n}\n")
	b.WriteString("\n/** Each tool's arguments, by tool name. */\nexport interface ToolInputs {")
	for _, t := range c.Tools {
		b.WriteString("\n  " + Quote(t.Name) + ": " + names[t] + "Input;")
	}
	b.WriteString("\n}\n\n/** Each structured result, by tool name: the tools with an `out` block. */\nexport interface ToolOutputs {")
	for _, t := range c.Tools {
		if t.Output != nil {
			b.WriteString("\n  " + Quote(t.Name) + ": " + names[t] + "Output;")
		}
	}
	b.WriteString("\n}\n")
	return b.Bytes()
}

// propertyName returns a property name as TypeScript source: bare when it
// is an identifier (ASCII letters, digits, _ and $, not starting with a
// digit), quoted otherwise.
func propertyName(name string) string {
	if isIdentifier(name) {
		return name
	}
	return Quote(name)
}

func isIdentifier(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' || c == '$' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// writeObjectBody writes the braces of an object type, one property per
// line at indent+2. An open object gets the index signature
// [key: string]: unknown; a closed one without rows gets
// [key: string]: never, because TypeScript's {} would take any value.
func writeObjectBody(b *bytes.Buffer, t *model.Type, indent string, groups groupNames) {
	b.WriteString("{\n")
	inner := indent + "  "
	if len(t.Fields) == 0 && !t.Open {
		b.WriteString(inner + "[key: string]: never;\n" + indent + "}")
		return
	}
	for _, f := range t.Fields {
		if f.Description != "" {
			b.WriteString(inner)
			b.WriteString("/** ")
			b.WriteString(commentText(f.Description))
			b.WriteString(" */\n")
		}
		b.WriteString(inner)
		b.WriteString(propertyName(f.Name))
		if !f.Required {
			b.WriteByte('?')
		}
		b.WriteString(": ")
		writeType(b, f.Type, inner, groups)
		b.WriteString(";\n")
	}
	if t.Open {
		b.WriteString(inner + "[key: string]: unknown;\n")
	}
	b.WriteString(indent + "}")
}

// writeType writes the TypeScript type of t.
func writeType(b *bytes.Buffer, t *model.Type, indent string, groups groupNames) {
	switch t.Kind {
	case model.String:
		b.WriteString("string")
	case model.Integer, model.Number:
		b.WriteString("number")
	case model.Boolean:
		b.WriteString("boolean")
	case model.Any:
		b.WriteString("unknown")
		return // already takes null
	case model.Enum:
		for i, v := range t.Enum {
			if i > 0 {
				b.WriteString(" | ")
			}
			if v.IsInt {
				b.WriteString(strconv.FormatInt(v.Int, 10))
			} else {
				b.WriteString(Quote(v.Str))
			}
		}
	case model.Array:
		elem := elemType(t.Elem, indent, groups)
		if strings.Contains(elem, "|") || strings.Contains(elem, "\n") {
			b.WriteString("Array<" + elem + ">")
		} else {
			b.WriteString(elem + "[]")
		}
	case model.Tuple:
		b.WriteByte('[')
		for i, it := range t.Items {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(elemType(it, indent, groups))
		}
		b.WriteByte(']')
	case model.Object:
		if g, ok := groups[t.Group]; ok && t.Group != "" {
			// An open use of a group declared closed takes any other
			// property too.
			b.WriteString(g.name)
			if t.Open && !g.open {
				b.WriteString(" & { [key: string]: unknown }")
			}
		} else {
			writeObjectBody(b, t, indent, groups)
		}
	case model.Map:
		b.WriteString("Record<string, " + elemType(t.Elem, indent, groups) + ">")
	case model.Union:
		// Variants that differ in bounds only are one TypeScript type.
		var seen []string
		for _, v := range t.Variants {
			var vb bytes.Buffer
			writeType(&vb, v, indent, groups)
			if s := vb.String(); !slices.Contains(seen, s) {
				if len(seen) > 0 {
					b.WriteString(" | ")
				}
				seen = append(seen, s)
				b.WriteString(s)
			}
		}
	default:
		b.WriteString("unknown")
	}
	if t.Nullable {
		b.WriteString(" | null")
	}
}

// elemType returns the type of an element (array item, tuple member, map
// value) as text.
func elemType(t *model.Type, indent string, groups groupNames) string {
	var b bytes.Buffer
	writeType(&b, t, indent, groups)
	return b.String()
}

// groupNames are the interfaces of the groups used as whole objects
// (model.Type.Group), by group: one type wherever the group is an object.
type groupNames map[string]groupName

type groupName struct {
	name string
	open bool // the interface takes any other property
}

type wholeGroup struct {
	group string
	t     *model.Type // the first object that is the group
}

// wholeGroups names an interface for every group some object is, whole,
// in the order the tools first use them: the group's type name, with
// Group after it when that name is taken (by the declarations so far, in
// text, or by a tool's types).
func wholeGroups(c *model.Catalog, text string, names map[*model.Tool]string) (groupNames, []wholeGroup) {
	taken := map[string]bool{}
	for _, m := range declared.FindAllStringSubmatch(text, -1) {
		taken[m[1]] = true
	}
	for _, stem := range names {
		for _, suffix := range []string{"Input", "Output", "Handler"} {
			taken[stem+suffix] = true
		}
	}
	groups := groupNames{}
	var order []wholeGroup
	var walk func(t *model.Type)
	walk = func(t *model.Type) {
		if t == nil {
			return
		}
		if t.Kind == model.Object && t.Group != "" {
			if _, ok := groups[t.Group]; !ok {
				name := TypeName(t.Group)
				for taken[name] {
					name += "Group"
				}
				taken[name] = true
				groups[t.Group] = groupName{name, t.Open}
				order = append(order, wholeGroup{t.Group, t})
			}
		}
		walk(t.Elem)
		for _, it := range t.Items {
			walk(it)
		}
		for _, v := range t.Variants {
			walk(v)
		}
		for _, f := range t.Fields {
			walk(f.Type)
		}
	}
	for _, t := range c.Tools {
		walk(t.Input)
		walk(t.Output)
	}
	return groups, order
}

var declared = regexp.MustCompile(`(?m)^export (?:declare )?(?:interface|type|const|function|class) ([A-Za-z_$][A-Za-z0-9_$]*)`)

// sdkDecl is what the declarations take from the MCP SDK they are written
// for: a file that imports from one SDK's packages resolves in a project
// that has only those (gen-js --sdk).
type sdkDecl struct {
	imports     string // the import lines, and the handler context's type
	ctx         string // the context a handler gets when Ctx is not given
	param       string // the name of a handler's second parameter
	registerDoc string // RegisterOptions' comment
	authExport  string // the AuthInfo export
	authInfo    string // the AuthInfo type, as authenticate returns it
}

var sdkDecls = map[int]sdkDecl{
	1: {
		imports: `import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ContentBlock, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";

/**
 * What the SDK passes a request handler, in the SDK's own types: signal
 * (aborted on notifications/cancelled), authInfo, sessionId, _meta (the
 * progressToken), sendNotification, sendRequest, requestInfo, closeSSEStream.
 */
export type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;
`,
		ctx:   "RequestExtra",
		param: "extra",
		registerDoc: `/**
 * Ctx is what the SDK hands a handler: RequestExtra on SDK 1.x
 * (@modelcontextprotocol/sdk), ServerContext on SDK 2
 * (@modelcontextprotocol/server): Handlers<ServerContext>.
 */`,
		authExport: `/** The caller's credentials, as the SDK types them (extra.authInfo). */
export type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
`,
		authInfo: `import("@modelcontextprotocol/sdk/server/auth/types.js").AuthInfo`,
	},
	2: {
		imports: `import type { AuthInfo, ContentBlock, ServerContext } from "@modelcontextprotocol/server";

/**
 * What SDK 2 passes a request handler, in its own types: mcpReq (id,
 * method, _meta with the progressToken, signal aborted on
 * notifications/cancelled, log, notify, send, elicitInput,
 * requestSampling, inputResponses), http (authInfo, req, closeSSE),
 * sessionId. These declarations are written for SDK 2
 * (@modelcontextprotocol/server; gen-js --sdk 2).
 */
export type { ServerContext };
`,
		ctx:   "ServerContext",
		param: "ctx",
		registerDoc: `/**
 * Ctx is what the SDK hands a handler: ServerContext on SDK 2
 * (@modelcontextprotocol/server), which these declarations are written
 * for. gen-js without --sdk 2 writes them for SDK 1.x, whose handlers get
 * its RequestHandlerExtra.
 */`,
		authExport: `/** The caller's credentials, as the SDK types them (ctx.http.authInfo). */
export type { AuthInfo };
`,
		authInfo: "AuthInfo",
	},
}
