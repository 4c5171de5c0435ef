// Package golang is the gen-go backend: one Go source file a server
// imports to serve a checked catalog. It reads only the checked model and
// the shared schema emission (package gen/schema), and writes bytes that
// depend on nothing but the model and the package name.
//
// The file holds the catalog identity (SpecName, SpecHash, CatalogKey,
// CatalogID), both profiles' tools/list tables (ListToolsJSON), the
// protocol negotiation (ProfileFor), the startup guard (CheckHandlers), the
// decoder limits (MaxDepth, MaxQuote), and per tool a typed input struct
// with a validating decoder that accepts exactly what the tool's input
// schema accepts (and, with `out`, a typed output struct and an output
// validator). Its serving half (serve.go) adds the Handlers interface,
// Bind/BindMap and the scoped tables (ListToolsScopedJSON) that the SDK
// adapter serve/gosdk consumes through standard types only. docs/gen-go.md
// is the user's guide: naming, the representation of optional and
// nullable values, and what Decode checks.
//
// Files: golang.go writes the file's sections (sections lists them: a new
// section is one more entry there); types.go writes the Go type of each
// kind, one function per kind (the runtime decodes into those types
// through a plan it builds from them by reflection); shapes.go gives a
// nested object, tuple or union one declaration per shape, shared by every
// place the shape recurs; names.go makes any spec name a unique Go name;
// printer.go writes gofmt's layout directly; shared.go writes the shared
// runtime package and how a file names the runtime when it imports it.
// The decoders' shared code is the package gen/golang/runtime, embedded
// and copied into every file, or, with Options.Runtime, written once as a
// package of its own that many files import (shared.go: Runtime); its profile.go (ProfileFor's rule and the
// startup guard's words) is generated from model.ProtocolProfiles by
// TestRuntimeProfile (-update), which fails when it is stale.
package golang
