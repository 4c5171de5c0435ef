// Package docs holds no code: its tests keep README.md and docs/*.md true.
//
// Every fenced block carries an info string that says what it is, and the
// tests hold each kind to it:
//
//	```tspec                 a complete spec: passes check, canonical for fmt
//	```tspec fragment        part of a spec: not checked
//	```tspec broken          a complete spec that must fail check
//	```console               `$ ` commands run in order in one folder per
//	                         document; what they print is exactly the text
//	```console abridged      the same, but "..." stands for any text (a whole
//	                         line of "..." for any number of lines)
//	```jsonrpc               `$ go run ./examples/NAME`, then what goes in on
//	                         stdin (lines with a "method") and the replies,
//	                         which must match as in an abridged block
//	```go                    a whole Go file: it must compile
//	```go fragment           part of a Go file: not compiled
//	```js                    a whole ES module: gen/js TestDocServer runs it
//	```json ```yaml ```sh ```text ```lua ```toml   shown, not run
//
// A block with file=NAME is also written as NAME into the document's folder
// before the commands after it run; a console block with files=ARCHIVE
// (a path from the repository root to a .txtar, a CLI testscript's) first
// unpacks that archive's files there, so the docs show what the script's
// inputs give. `go test ./docs -update` rewrites the
// output of every console block that is not abridged.
package docs
