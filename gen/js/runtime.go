package js

import (
	_ "embed"
	"strings"
)

// The runtime is the part of every generated module that does not depend
// on the spec, written as real JavaScript under runtime/ and copied in
// after the spec's tables and validators. It uses no import: register
// receives the SDK's server object and talks to it through its public
// members (plus the one private hook named there), and the transport reads
// process.stdin and writes process.stdout unless given other streams. Its
// internal names start with ts or are upper-case constants, as the
// generated ones do.
//
// runtime.mjs (the validators' helpers, validateInput/validateOutput,
// listTools, register, StdioTransport) reads these module-level bindings:
// SPEC_NAME, CATALOG_KEY, PROFILES, TABLES, TOOL_NAMES, TOOL_HINTS,
// TOOL_RESULTS, SLOW_PATTERNS, INPUT_VALIDATORS, OUTPUT_VALIDATORS, checkHandlers
// (written by module), profileFor (profile.mjs, generated from
// model.ProtocolProfiles by TestRuntimeProfile, -update), and DIALECTS, defaultDialectFor,
// listDialectTools and normalizeArgs, which every module defines once:
// standard.mjs when it carries no dialect tables, else GenerateWith's
// tables followed by dialects.mjs.
var (
	//go:embed runtime/profile.mjs
	profileSource string
	//go:embed runtime/runtime.mjs
	runtimeJS string
	//go:embed runtime/standard.mjs
	standardJS string
	//go:embed runtime/dialects.mjs
	dialectsJS string
	// formatJS is runtime/format.mjs: the asserted formats, as the Go
	// validators assert them (TestFormatsAgree).
	//go:embed runtime/format.mjs
	formatJS string
)

// profileJS is runtime/profile.mjs without its header: profileFor and the
// startup guard's words, generated from model (see TestRuntimeProfile) and
// written where the module defines its own functions.
var profileJS = func() string {
	_, body, ok := strings.Cut(profileSource, "\n\n")
	if !ok {
		panic("gen/js: runtime/profile.mjs has no header")
	}
	return body
}()
