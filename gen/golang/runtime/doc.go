// Package runtime is the decoder runtime of gen-go, kept as real Go code so
// that it is compiled, vetted and unit-tested here. gen/golang embeds
// runtime.go and copies everything after its import block into every
// generated catalog, which therefore stays one self-contained file that
// imports only the standard library.
//
// The generated code holds, per tool, its tools/list entry as JSON text
// (the input and output schemas among it) and the Go types of its input
// and output. The runtime compiles a schema from that text on first use
// into a tree of tsNode and interprets it: Decode<Tool>Input runs a plan
// (tsPlan) built once from the tool's compiled input schema and its Go
// type by reflection, which reads each value against its node and stores
// it at the field's offset; Validate<Tool>Output is the interpreter alone.
// So the schema a client sees and the checks a server makes come from the
// same bytes, and no decoding code is generated per tool.
//
// Every name declared in runtime.go is either exported and reserved in
// generated files (ValidationError, Nullable, MaxDepth, MaxQuote) or starts
// with ts, which no name the generator makes from a spec does. No function
// the generated code calls takes a type parameter: a generic function is
// compiled again for every type it is instantiated with, once per tool,
// which made most of the build time of a large catalog.
//
// The runtime does not read the catalog's declarations: the generated code
// hands it the catalog (tsCat, a *tsCatalog) and its serving rows
// (tsServeTools). So the same code also serves as a package of its own
// (gen-go --runtime-package), with the identifiers the generated code
// names renamed to exported ones (gen/golang/shared.go, sharedNames),
// which many generated files import (gen-go --runtime).
//
// serve.go is the serving half's runtime (Bound, the scoped tables), copied
// the same way after the catalog's serving declarations, and
// dialectserve.go the dialect half's (ListDialectToolsJSON, the Bound
// methods of dialects), after the catalog's dialect tables; generated.go
// stands in for the declarations gen-go writes per catalog (tsCat,
// tsServeTools, Handlers, ListToolsJSON, Bind, …) so that serve.go
// compiles and is tested here, and is never copied.
package runtime
