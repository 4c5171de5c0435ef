package docs

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/toolspec/toolspec/cmd/toolspec/cli"
)

// binDir holds a `toolspec` that runs this test binary as the command.
var binDir string

// TestMain makes the test binary the toolspec command when
// TOOLSPEC_DOCS_MAIN is set, so that console blocks run the code under
// test without a separate build.
func TestMain(m *testing.M) {
	if os.Getenv("TOOLSPEC_DOCS_MAIN") != "" {
		os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(withBin(m))
}

func withBin(m *testing.M) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	binDir, err = os.MkdirTemp("", "toolspec-docs")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(binDir)
	script := fmt.Sprintf("#!/bin/sh\nTOOLSPEC_DOCS_MAIN=1 exec %q \"$@\"\n", self)
	if err := os.WriteFile(filepath.Join(binDir, "toolspec"), []byte(script), 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return m.Run()
}
