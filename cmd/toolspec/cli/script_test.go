package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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
		Cmds:                map[string]func(*testscript.TestScript, bool, []string){"exitcode": exitcode},
		Setup: func(env *testscript.Env) error {
			// $TESTDATA is the repository's testdata: the OpenAPI
			// documents are too big to copy into every script.
			abs, err := filepath.Abs("../../../testdata")
			env.Setenv("TESTDATA", abs)
			return err
		},
	})
}

// exitcode N PROGRAM ARGS... runs the program and fails unless it exits
// with status N, its output then checked as exec's is: `! exec` tells only that it failed, and a usage error (2)
// must not pass for a failed check (1).
func exitcode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exitcode N PROGRAM [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	// The program is the one testscript.Main put on the script's PATH.
	path := ""
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(dir, args[1])); err == nil {
			path = filepath.Join(dir, args[1])
			break
		}
	}
	if path == "" {
		ts.Fatalf("%s is not on the script's PATH", args[1])
	}
	cmd := exec.Command(path, args[2:]...)
	cmd.Dir = ts.MkAbs(".")
	// Its output is the command's, for stdout and stderr after it.
	cmd.Stdout, cmd.Stderr = ts.Stdout(), ts.Stderr()
	got := 0
	var ee *exec.ExitError
	if err := cmd.Run(); errors.As(err, &ee) {
		got = ee.ExitCode()
	} else {
		ts.Check(err)
	}
	if got != want {
		ts.Fatalf("%s exited %d, want %d", args[1], got, want)
	}
}
