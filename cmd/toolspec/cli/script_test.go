package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the scripts run `toolspec` in-process.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"toolspec": func() { os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScript runs testdata/script/*.txtar: one CLI behaviour per file.
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			// $TESTDATA is the repository's testdata: the OpenAPI
			// documents are too big to copy into every script.
			abs, err := filepath.Abs("../../../testdata")
			env.Setenv("TESTDATA", abs)
			return err
		},
	})
}
