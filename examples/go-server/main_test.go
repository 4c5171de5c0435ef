package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/examples/go-server/t27catalog"
)

// The server refuses to start when handlers and catalog disagree, and says
// which tools. (The end-to-end tests in examples/e2e run the binary.)
func TestRefusesToStart(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  map[string]string
		want string
	}{
		{args: []string{"-drop", "t27_grep"}, want: `tools without a handler: "t27_grep"`},
		{args: []string{"-extra", "t27_nope"}, want: `handlers without a tool: "t27_nope"`},
		{env: map[string]string{"TOOLSPEC_EXAMPLE_DROP": "tg_pin, t27_raw"}, want: `tools without a handler: "t27_raw", "tg_pin"`},
		{env: map[string]string{"TOOLSPEC_EXAMPLE_EXTRA": "zz"}, want: `handlers without a tool: "zz"`},
	} {
		var stderr bytes.Buffer
		code := run(tc.args, func(k string) string { return tc.env[k] }, &stderr)
		if code != 1 || !strings.Contains(stderr.String(), "refusing to start") || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("run(%q, %v) = %d, stderr %q; want 1 and %q", tc.args, tc.env, code, stderr.String(), tc.want)
		}
	}
}

func TestHandlersMatchCatalog(t *testing.T) {
	if err := t27catalog.Bind(handlers{}).Check(); err != nil {
		t.Fatal(err)
	}
	k, _ := parseKnobs([]string{"-throw", "t27_status,t27_raw"}, func(string) string { return "" }, &bytes.Buffer{})
	if err := t27catalog.BindMap(k.handlers()).Check(); err != nil {
		t.Fatalf("panicking handlers: %v", err)
	}
}
