package js

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/gen/golang/runtime/formats"
)

// formatSeeds are valid strings of each asserted format; formatStrings
// derives the test's strings from them.
var formatSeeds = map[string][]string{
	"date-time": {"2024-02-29T10:00:00Z", "1990-12-31T15:59:60-08:00", "1985-04-12t23:20:50.52z"},
	"date":      {"2024-02-29", "1900-03-01"},
	"time":      {"23:59:60Z", "08:30:06.283185+01:00"},
	"duration":  {"P1Y2M3DT4H5M6S", "P4W", "PT36H"},
	"email":     {"ada@example.com", "joe@[192.0.2.1]", "joe@[IPv6:2001:db8::1]"},
	"hostname":  {"example.com", "a-b.c1"},
	"ipv4":      {"192.0.2.1", "255.255.255.255"},
	"ipv6":      {"2001:db8::1", "::ffff:192.0.2.1", "1:2:3:4:5:6:7:8", "fe80::"},
	"uri":       {"https://u@example.com:80/a?b=c#d", "http://[2001:db8::1]/x", "urn:isbn:0451450523"},
	"uuid":      {"0b6f8a3e-7c4f-4c9a-9f1e-2d3c4b5a6f70"},
}

// formatStrings are the seeds and every one-character deletion,
// replacement and insertion of them, from characters that matter to some
// format.
func formatStrings(seeds []string) []string {
	alphabet := []string{"0", "1", "2", "3", "5", "6", "9", "a", "F", "Z", "T", ":", "-", ".", "@", "[", "]", "%", "/", "#", " ", "+", "é", "::"}
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, s := range seeds {
		add(s)
		for i := 0; i <= len(s); i++ {
			if i < len(s) {
				add(s[:i] + s[i+1:])
			}
			for _, c := range alphabet {
				if i < len(s) {
					add(s[:i] + c + s[i+1:])
				}
				add(s[:i] + c + s[i:])
			}
		}
	}
	return out
}

// TestFormatsAgree: the JavaScript validators' formats (runtime/format.mjs)
// give the Go validators' verdict (gen/golang/runtime/format.go, which
// fixtures use too) on every generated string of every asserted format.
func TestFormatsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("starts node (-short)")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not on PATH")
	}
	type item struct{ Format, Value string }
	var items []item
	var want []bool
	valid := 0
	for _, name := range formats.FormatNames() {
		seeds, ok := formatSeeds[name]
		if !ok {
			t.Fatalf("no seeds for %s", name)
		}
		for _, s := range formatStrings(seeds) {
			ok, _ := formats.ValidFormat(name, s)
			items = append(items, item{name, s})
			want = append(want, ok)
			if ok {
				valid++
			}
		}
	}
	dir := t.TempDir()
	src, err := os.ReadFile("runtime/format.mjs")
	if err != nil {
		t.Fatal(err)
	}
	script := string(src) + `
import { readFileSync } from "node:fs";
const items = JSON.parse(readFileSync(process.argv[2], "utf8"));
process.stdout.write(JSON.stringify(items.map((x) => tsFormat(x.Format, x.Value))));
`
	mod := filepath.Join(dir, "formats.mjs")
	data := filepath.Join(dir, "items.json")
	b, _ := json.Marshal(items)
	if err := os.WriteFile(mod, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(data, b, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("node", mod, data)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var got []bool
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil || len(got) != len(want) {
		t.Fatalf("node answered %d verdicts for %d strings (%v)", len(got), len(want), err)
	}
	var bad []string
	for i := range want {
		if got[i] != want[i] {
			bad = append(bad, items[i].Format+" "+strconv.Quote(items[i].Value)+": Go "+verdictWord(want[i])+", JS "+verdictWord(got[i]))
		}
	}
	t.Logf("%d strings, %d valid", len(items), valid)
	if len(bad) > 0 {
		t.Errorf("%d disagreements, the first:\n%s", len(bad), strings.Join(bad[:min(len(bad), 30)], "\n"))
	}
}

func verdictWord(ok bool) string {
	if ok {
		return "valid"
	}
	return "invalid"
}
