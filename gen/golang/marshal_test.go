package golang_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/golang"
)

// runGenerated generates spec as package main beside mainGo in a temporary
// module, vets and runs it, and returns its standard output.
func runGenerated(t *testing.T, spec, mainGo string) string {
	t.Helper()
	goCmd := goTool(t)
	r := compile.Source("t.tspec", []byte(spec))
	if r.Catalog == nil {
		t.Fatalf("spec: %v", r.Diags)
	}
	src, err := golang.Generate(r.Catalog, golang.Options{Package: "main"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"go.mod": "module gentest\n\ngo 1.26\n", "catalog.go": string(src), "main.go": mainGo} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	var out []byte
	for _, args := range [][]string{{"vet", "."}, {"run", "."}} {
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if out, err = cmd.Output(); err != nil {
			t.Fatalf("go %v: %v\n%s", args, err, stderr.Bytes())
		}
	}
	return string(out)
}

const marshalSpec = `spec m

tool t {
  description "d"
  in {
    "it's"  string   required
    "x,y"   integer  optional
    "n\"m"  string   optional  nullable
    "r\\s"  any      optional
    plain   string   optional
  }
  out {
    "a,b"  integer  required
    "q'"   integer  required
    "o\"p" string   optional
    inner  object { "k,k" boolean required  "z'" integer optional } optional
  }
}
`

// TestMarshalExactNames: property names encoding/json cannot put in a tag
// are written by a generated MarshalJSON under their exact names, so
// outputs validate and decoded inputs keep them on re-marshal.
func TestMarshalExactNames(t *testing.T) {
	out := runGenerated(t, marshalSpec, `package main

import (
	"encoding/json"
	"fmt"
)

func main() {
	in, err := DecodeTInput([]byte(`+"`"+`{"it's": "v", "x,y": 3, "n\"m": null, "r\\s": [1], "plain": "p"}`+"`"+`))
	b, _ := json.Marshal(in)
	fmt.Println(string(b), err)
	in, _ = DecodeTInput([]byte(`+"`"+`{"it's": "w"}`+"`"+`))
	b, _ = json.Marshal(in)
	fmt.Println(string(b))
	k := true
	for _, o := range []TOutput{{AB: "1", Q: "2"}, {AB: "1", Q: "2", OP: new("x"), Inner: &TOutputInner{KK: k}}} {
		b, err := json.Marshal(o)
		fmt.Println(string(b), err, ValidateTOutput(b))
	}
}
`)
	want := `{"it's":"v","x,y":3,"n\"m":null,"r\\s":[1],"plain":"p"} <nil>
{"it's":"w"}
{"a,b":1,"q'":2} <nil> <nil>
{"a,b":1,"q'":2,"o\"p":"x","inner":{"k,k":true}} <nil> <nil>
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// TestMarshalJSONFieldName: a field that would be named MarshalJSON in a
// struct that gets the method is an error, not uncompilable Go.
func TestMarshalJSONFieldName(t *testing.T) {
	r := compile.Source("t.tspec", []byte(`spec m

tool t {
  description "d"
  in {
    "a,b"        string  optional
    "MarshalJSON" string optional
  }
  result text
}
`))
	if r.Catalog == nil {
		t.Fatal(r.Diags)
	}
	_, err := golang.Generate(r.Catalog, golang.Options{})
	if err == nil || !strings.Contains(err.Error(), "Go name MarshalJSON is taken") {
		t.Errorf("got %v", err)
	}
}

// TestMarshalNilCollections: a nil array or map that is not nullable
// marshals as [] or {}, so an output built without them validates.
func TestMarshalNilCollections(t *testing.T) {
	out := runGenerated(t, `spec m

tool t {
  description "d"
  in none
  out {
    items   array<integer 0..9>  required
    props   map<integer>    required
    opt     array<string>   optional
    nested  array<object { vals array<string> required }>  required
    n       array<integer 0..9>  required  nullable
    m       map<string>     optional  nullable
  }
}
`, `package main

import (
	"encoding/json"
	"fmt"
)

func main() {
	for _, o := range []TOutput{
		{Nested: []TOutputNestedItem{{}}},
		{Opt: new([]string(nil)), N: new([]int64(nil)), M: Nullable[map[string]string]{Present: true}},
		{Items: []int64{1}, Props: map[string]json.Number{"a": "2"}, N: &[]int64{3}, M: Nullable[map[string]string]{Present: true, Null: true}},
	} {
		b, err := json.Marshal(o)
		fmt.Println(string(b), err, ValidateTOutput(b))
	}
}
`)
	want := `{"items":[],"props":{},"nested":[{"vals":[]}],"n":null} <nil> <nil>
{"items":[],"props":{},"opt":[],"nested":[],"n":[],"m":{}} <nil> <nil>
{"items":[1],"props":{"a":2},"nested":[],"n":[3],"m":null} <nil> <nil>
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
