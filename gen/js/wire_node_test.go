package js

import (
	"strings"
	"testing"
	"time"
)

// TestWireModel: the JavaScript validators read numbers and strings as the
// Go decoders do (docs/servers.md, "One number and one string model"), with
// the same keywords and messages (gen/golang/runtime TestValidate).
func TestWireModel(t *testing.T) {
	root := needNode(t)
	c := compileSource(t, `spec s

tool t {
  description "d"
  in {
    n   number       optional
    i   integer      optional  0..5
    s   string       optional  ..1
    mp  map<string>  optional  ..1
  }
  result text
}
`)
	mjs, _, err := Generate(c)
	if err != nil {
		t.Fatal(err)
	}
	out := nodeWithin(t, root, mjs, `import { validateInput, describeProblems } from "./catalog.mjs";
for (const text of process.argv.slice(2).length ? [] : [
  '{"n":1e400}', '{"n":-1e400}', '{"i":1e400}', '{"s":1e400}', '{"n":1.7976931348623157e308}',
  '{"i":1e-400}', '{"i":-1e-400}', '{"i":5e-324}',
  '{"s":"\\ud800"}', '{"s":"\\ud800\\udc00"}', '{"s":"\\udc00\\ud800"}',
  '{"mp":{"\\ud800":"x","\\ud801":"y"}}', '{"mp":{"\\ud800":"x","\\ud801":1}}', '{"mp":{"\\ud800":"x","k":"y"}}',
]) {
  console.log(text + " => " + describeProblems(validateInput("t", JSON.parse(text))));
}
`, 20*time.Second)
	want := `{"n":1e400} => /n: type: got number beyond float64, want number
{"n":-1e400} => /n: type: got number beyond float64, want number
{"i":1e400} => /i: type: got number beyond float64, want integer
{"s":1e400} => /s: type: got number beyond float64, want string
{"n":1.7976931348623157e308} => 
{"i":1e-400} => 
{"i":-1e-400} => 
{"i":5e-324} => /i: type: got number, want integer
{"s":"\ud800"} => 
{"s":"\ud800\udc00"} => 
{"s":"\udc00\ud800"} => /s: maxLength: length 2 is greater than 1
{"mp":{"\ud800":"x","\ud801":"y"}} => 
{"mp":{"\ud800":"x","\ud801":1}} => /mp/�: type: got number, want string
{"mp":{"\ud800":"x","k":"y"}} => /mp: maxProperties: 2 properties, want at most 1
`
	if strings.TrimSpace(out) != strings.TrimSpace(want) {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
