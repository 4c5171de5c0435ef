// Command toolspec compiles MCP tool catalogs. See the README.
package main

import (
	"os"
	"strings"

	"github.com/toolspec/toolspec/cmd/toolspec/cli"
	"github.com/toolspec/toolspec/internal/gcpace"
)

// heapBudget is how far toolspec lets the heap grow before collecting as
// often as Go's default does (docs/performance.md, "Input caps and memory").
const heapBudget = 512 << 20

// holdOffLimit is how large the heap of a one-shot command may grow before
// the first collection (docs/performance.md, "participle's engine made fast").
const holdOffLimit = 384 << 20

// oneShot are the commands that build one tree, write it out and exit:
// what they allocate mostly stays live to the end, so they collect
// nothing below holdOffLimit. test-report makes many short-lived schemas
// and keeps its pacing (holding off raised its peak from 68 to 246 MB for
// no gain).
var oneShot = map[string]bool{"check": true, "gen-json": true, "gen-go": true, "gen-js": true, "fmt": true, "hash": true}

func main() {
	// toolspec runs once over a spec and exits: while the heap is small,
	// collecting rarely saves a tenth to a quarter of the time; once it is
	// large, collecting as often as Go's default keeps the peak near twice
	// what is live (gcpace). GOGC in the environment still decides.
	stop := func() {}
	if os.Getenv("GOGC") == "" {
		if oneShot[command(os.Args[1:])] {
			stop = gcpace.HoldOff(holdOffLimit, heapBudget)
		} else {
			stop = gcpace.Pace(heapBudget)
		}
	}
	code := cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// command is the first argument that is not a flag.
func command(args []string) string {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}
