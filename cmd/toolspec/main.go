// Command toolspec compiles MCP tool catalogs. See the README.
package main

import (
	"os"
	"runtime/debug"

	"github.com/toolspec/toolspec/cmd/toolspec/cli"
)

func main() {
	// toolspec runs once over a spec and exits: collecting when the heap has
	// grown to three times what is live (GOGC=200) rather than twice saves
	// a tenth of the time on a large spec at the same peak memory (see
	// docs/performance.md). GOGC in the environment still decides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
