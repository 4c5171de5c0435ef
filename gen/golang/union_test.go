package golang_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/golang"
	"github.com/toolspec/toolspec/internal/cases"
	"github.com/toolspec/toolspec/model"
)

// unionSpecs are the specs whose tools hold unions: the testdata specs,
// gen-js's differential spec of unions and the shared conformance case
// next/unions (when the shared tree is there).
func unionSpecs(t *testing.T) []string {
	var out []string
	files := append(specs(t), "../js/testdata/diff/unions.tspec", "../../../shared/conformance/next/unions/spec.tspec")
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			continue
		}
		cat := load(t, f)
		for _, tool := range cat.Tools {
			if hasUnion(tool.Input) || hasUnion(tool.Output) {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

func hasUnion(t *model.Type) bool {
	if t == nil {
		return false
	}
	if t.Kind == model.Union {
		return true
	}
	if hasUnion(t.Elem) {
		return true
	}
	for _, v := range t.Variants {
		if hasUnion(v) {
			return true
		}
	}
	for _, it := range t.Items {
		if hasUnion(it) {
			return true
		}
	}
	for _, f := range t.Fields {
		if hasUnion(f.Type) {
			return true
		}
	}
	return false
}

// TestUnionJSONRoundTrip: plain encoding/json decodes a generated input
// or output type holding unions (in fields, arrays, maps, tuples, other
// unions, nullable places) as the generated decoder does, picking the
// same variants, and json.Marshal → json.Unmarshal gives the value back:
// for every valid value of every tool of every spec with unions (its
// fixtures and internal/cases' values). Values no variant accepts are an
// error of json.Unmarshal, not a union that holds nothing.
func TestUnionJSONRoundTrip(t *testing.T) {
	files := unionSpecs(t)
	if len(files) < 2 {
		t.Fatalf("union specs: %v", files)
	}
	for _, file := range files {
		t.Run(filepath.Base(filepath.Dir(file))+"/"+filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			cat := load(t, file)
			var valid []cases.Case
			for _, c := range cases.Generate(cat, cases.Options{}) {
				// encoding/json hands each value of a repeated key to
				// UnmarshalJSON, where the decoder keeps the last: a first
				// value no variant accepts is an error there.
				if !duplicateKey(c.Value) {
					valid = append(valid, c)
				}
			}
			in, _ := json.Marshal(valid)
			out := runGenerated(t, string(src), roundTripMain(cat, string(in)))
			var res struct {
				Inputs, Outputs int
				Fails           []string
			}
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			for _, f := range res.Fails {
				t.Error(f)
			}
			t.Logf("%d valid inputs, %d valid outputs round-tripped", res.Inputs, res.Outputs)
			if res.Inputs == 0 {
				t.Error("no valid input")
			}
		})
	}
}

// duplicateKey reports an object of data with a key twice.
func duplicateKey(data []byte) bool {
	type frame struct {
		keys    map[string]bool // nil in an array
		wantKey bool
	}
	var stack []*frame
	dec := json.NewDecoder(strings.NewReader(string(data)))
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.keys != nil && top.wantKey {
			if tok == json.Delim('}') {
				stack = stack[:len(stack)-1]
				continue
			}
			k := tok.(string)
			if top.keys[k] {
				return true
			}
			top.keys[k], top.wantKey = true, false
			continue
		}
		if top != nil && top.keys != nil {
			top.wantKey = true // this token starts the member's value
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{keys: map[string]bool{}, wantKey: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
	}
}

// roundTripMain is the program of TestUnionJSONRoundTrip, with the cases
// in it.
func roundTripMain(cat *model.Catalog, casesJSON string) string {
	var b strings.Builder
	b.WriteString(`package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
)

var res struct {
	Inputs, Outputs int
	Fails           []string
}

func fail(format string, args ...any) { res.Fails = append(res.Fails, fmt.Sprintf(format, args...)) }

// input checks one value the decoder accepted: it round-trips, and
// json.Unmarshal reads the JSON as the decoder did (compared as JSON:
// the decoder writes an integer's json.Number canonically). encoding/json
// refuses some integers the decoder reads (1.0 into an int64): those are
// skipped, as no union is at stake.
func input[T any](tool string, data []byte, decoded T) {
	res.Inputs++
	want := trip(tool+" in", data, decoded)
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		if _, ok := err.(*json.UnmarshalTypeError); !ok {
			fail("%s in %s: json.Unmarshal: %v", tool, data, err)
		}
		return
	}
	got, err := json.Marshal(v)
	if err != nil {
		fail("%s in %s: json.Unmarshal gives %+v, which does not marshal: %v", tool, data, v, err)
		return
	}
	if want != nil && !sameJSON(got, want) {
		fail("%s in %s: json.Unmarshal reads %s, the decoder %s", tool, data, got, want)
	}
}

func sameJSON(a, b []byte) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}

// output checks one valid output: json.Unmarshal reads it, and it
// round-trips to the same JSON, which validates.
func output[T any](tool string, data []byte, validate func([]byte) error) {
	res.Outputs++
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		fail("%s out %s: json.Unmarshal: %v", tool, data, err)
		return
	}
	b := trip(tool+" out", data, v)
	if b == nil {
		return
	}
	if err := validate(b); err != nil {
		fail("%s out %s: marshals to %s, invalid: %v", tool, data, b, err)
	}
	if !sameJSON(data, b) {
		fail("%s out %s: marshals to %s", tool, data, b)
	}
}

func trip[T any](what string, data []byte, v T) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		fail("%s %s: json.Marshal: %v", what, data, err)
		return nil
	}
	var w T
	if err := json.Unmarshal(b, &w); err != nil {
		fail("%s %s: json.Unmarshal of its json.Marshal %s: %v", what, data, b, err)
		return nil
	}
	if !reflect.DeepEqual(v, w) {
		fail("%s %s: %+v marshals to %s, which reads as %+v", what, data, v, b, w)
	}
	return b
}

func main() {
	var cases []struct {
		Tool   string
		Output bool
		Value  json.RawMessage
	}
	if err := json.Unmarshal([]byte(casesJSON), &cases); err != nil {
		panic(err)
	}
	for _, c := range cases {
		switch {
`)
	for _, tool := range golang.Tools(cat) {
		fmt.Fprintf(&b, "\t\tcase c.Tool == %q && !c.Output:\n\t\t\tif v, err := Decode%s(c.Value); err == nil {\n\t\t\t\tinput(c.Tool, c.Value, v)\n\t\t\t}\n", tool.Name, tool.Input)
		if tool.Output != "" {
			fmt.Fprintf(&b, "\t\tcase c.Tool == %q && c.Output:\n\t\t\tif Validate%sOutput(c.Value) == nil {\n\t\t\t\toutput[%s](c.Tool, c.Value, Validate%sOutput)\n\t\t\t}\n", tool.Name, tool.Go, tool.Output, tool.Go)
		}
	}
	fmt.Fprintf(&b, "\t\t}\n\t}\n\tjson.NewEncoder(os.Stdout).Encode(res)\n}\n\nconst casesJSON = %q\n", casesJSON)
	return b.String()
}

// TestUnionUnmarshalRefuses: json.Unmarshal of a value no variant of a
// union accepts is an error naming the union's problems, where it used to
// leave the union empty (and json.Marshal then failed).
func TestUnionUnmarshalRefuses(t *testing.T) {
	src, err := os.ReadFile("testdata/unions.tspec")
	if err != nil {
		t.Fatal(err)
	}
	r := compile.Source("unions.tspec", src)
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	out := runGenerated(t, string(src), `package main

import (
	"encoding/json"
	"fmt"
)

func main() {
	for _, s := range []string{`+"`"+`{"source": true}`+"`"+`, `+"`"+`{"source": {"cvc": "123"}}`+"`"+`, `+"`"+`{"source": "src_a", "pair": [1, ""]}`+"`"+`, `+"`"+`{"source": null}`+"`"+`} {
		var in PayInput
		err := json.Unmarshal([]byte(s), &in)
		fmt.Println(err)
	}
	var o PayOutput
	fmt.Println(json.Unmarshal([]byte(`+"`"+`{"charge": {"id": 5}}`+"`"+`), &o))
	var m PayInput
	fmt.Println(json.Unmarshal([]byte(`+"`"+`{"source": "src_a", "memo": null, "deep": [1, "a"]}`+"`"+`), &m), m.Memo, m.Deep.Value)
}
`)
	want := `(root): type: got boolean, want string; (root): type: got boolean, want object; (root): anyOf: matches none of the union's variants
(root): type: got object, want string; (root): required: missing property "number"; (root): anyOf: matches none of the union's variants
(root): type: got string, want integer; (root): minLength: length 0 is less than 1; (root): anyOf: matches none of the union's variants
(root): type: got null, want string; (root): type: got null, want object; (root): anyOf: matches none of the union's variants
(root): type: got object, want string; /id: type: got number, want string; (root): anyOf: matches none of the union's variants
<nil> {true true {<nil>}} {{1 a}}
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
