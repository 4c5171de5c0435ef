// Command toolspec compiles MCP tool catalogs. See the README.
package main

import (
	"os"

	"github.com/toolspec/toolspec/cmd/toolspec/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
