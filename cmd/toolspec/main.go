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
// the first collection (docs/performance.md, "participle's engine made
// fast"), by command: at 10 000 tools gen-json allocates about 420 MB in
// all and peaks at 470 MB without collecting; gen-go and gen-js, whose
// writing of their output allocates a third of what it did
// (docs/performance.md, "gen-go and gen-js: the output written
// cheaply"), peak at 460 and 430 MB without collecting, and hold off as
// far (at 384 MiB they collected once, for 0.1-0.2 s of CPU).
//
// The one-shot commands build one tree, write it out and exit: what they
// allocate mostly stays live to the end, so collecting at all is mostly
// wasted. test-report makes many short-lived schemas and keeps its pacing
// (holding off raised its peak from 68 to 246 MB for no gain).
var holdOffLimit = map[string]int64{
	"check": 512 << 20, "gen-json": 512 << 20, "fmt": 512 << 20, "hash": 512 << 20,
	"gen-go": 512 << 20, "gen-js": 512 << 20,
}

func main() {
	// toolspec runs once over a spec and exits: while the heap is small,
	// collecting rarely saves a tenth to a quarter of the time; once it is
	// large, collecting as often as Go's default keeps the peak near twice
	// what is live (gcpace). GOGC in the environment still decides.
	stop := func() {}
	if os.Getenv("GOGC") == "" {
		if limit, ok := holdOffLimit[command(os.Args[1:])]; ok {
			stop = gcpace.HoldOff(limit, heapBudget)
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
