// Command toolspec compiles MCP tool catalogs. See the README.
package main

import (
	"os"

	"github.com/toolspec/toolspec/cmd/toolspec/cli"
	"github.com/toolspec/toolspec/internal/gcpace"
)

// heapBudget is how far toolspec lets the heap grow before collecting as
// often as Go's default does (docs/performance.md, "Input caps and memory").
const heapBudget = 512 << 20

func main() {
	// toolspec runs once over a spec and exits: while the heap is small,
	// collecting rarely saves a tenth to a quarter of the time; once it is
	// large, collecting as often as Go's default keeps the peak near twice
	// what is live (gcpace). GOGC in the environment still decides.
	stop := func() {}
	if os.Getenv("GOGC") == "" {
		stop = gcpace.Pace(heapBudget)
	}
	code := cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
