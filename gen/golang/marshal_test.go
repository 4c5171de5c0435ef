package golang_test

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
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
	src, err := golang.Generate(r.Catalog, golang.Options{Package: genPackage})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeModule(t, dir, src, mainGo)
	var out []byte
	for _, args := range [][]string{{"vet", "./..."}, {"run", "."}} {
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = dir
		cmd.Env = goEnv()
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

// TestNames: property names that are no Go names, are keywords, or
// mangle alike (a field named MarshalJSON in a struct with that method
// too) generate, compile and vet, and a decoded value marshals back under
// the same keys.
func TestNames(t *testing.T) {
	spec, err := os.ReadFile("testdata/names.tspec")
	if err != nil {
		t.Fatal(err)
	}
	in := `{"*/": "s", "` + "`" + `": 1, "${a}": true, "type": "t", "func": null, "_": {"k": 1}, "1st": "one", "a-b": ["x"], "A_b": {"*/": "i", "x y": 2}, "a_b": "u", "MarshalJSON": "m"}`
	out := runGenerated(t, string(spec), `package main

import (
	"encoding/json"
	"fmt"
)

func main() {
	v, err := DecodeFieldsInput([]byte(`+strconv.Quote(in)+`))
	b, _ := json.Marshal(v)
	fmt.Println(string(b), err, v.X2a2f, *v.AB_3, *v.MarshalJSON_2, *v.AB_2.XY)
	o, _ := json.Marshal(FieldsOutput{X2a2f: "a", AB: new("b"), AB_2: new("c")})
	fmt.Println(string(o), ValidateFieldsOutput(o))
	_, err = DecodeACInput([]byte(`+"`"+`{"x_y": "1", "xY": 2}`+"`"+`))
	fmt.Println(err, ToolAB, ToolAC, ToolX9lives)
}
`)
	want := `{"*/":"s","` + "`" + `":1,"${a}":true,"type":"t","func":null,"_":{"k":1},"1st":"one","a-b":["x"],"A_b":{"*/":"i","x y":2},"a_b":"u","MarshalJSON":"m"} <nil> s u m 2
{"*/":"a","a_b":"b","A_b":"c"} <nil>
/xY: type: got number, want string a_b aC 9lives
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// collideSpec has spec names that make one Go name in every scope gen-go
// names things in: fields of one struct (user_id, userId, UserID, user-id,
// userID, user_ID and "user id" are all UserID; marshal_json and
// MarshalJSON are the struct's method's name), nested types of each kind
// (object, group, enum, union, tuple), enum constants, a group whose name
// is a nested type's, tools whose names check keeps apart (gen-js makes
// GetUrl and GetURL of them) but Go does not (GetURL), and a tool whose
// names are the first tool's input type's.
const collideSpec = `spec collide

group get_url_input_user_id {
  n  string  optional
}

tool get_url {
  description "Field names that make one Go name, at every depth"
  in {
    user_id   object { a_b string optional  aB string optional  "a-b" string optional }  optional
    userId    object { a_b string optional  aB integer optional }  optional
    UserID    object { use get_url_input_user_id }  optional
    "user-id" string  optional
    userID    enum(a_b, aB, "a-b", AB)  optional
    user_ID   union<string, integer>  optional
    "user id" tuple<string, integer>  optional
    marshal_json  string  optional
    MarshalJSON   array<string>  optional
  }
  result text
}

tool getURL {
  description "A tool name that gen-js keeps apart (GetUrl, GetURL) and gen-go does not (GetURL)"
  in {
    get_url_input_user_id  string  optional
  }
  out {
    user_id  string  optional
    userId   string  optional
  }
}

tool get_url_input {
  description "Its names are the first tool's input type's and its nested types' prefix"
  in {
    user_id  object { a_b string optional }  optional
  }
  result text
}
`

// TestNamesNeverCollide: gen-go makes every name unique in its scope
// (names.go: namer, first come first served, _2, _3, … after a natural
// name, which never holds _), so two spec names that make one Go name
// never make code that does not compile, and check need not refuse them
// as it refuses what gen-js cannot name apart (TS0217). The generated
// code vets, and each property decodes into its own field and marshals
// back under its own name.
func TestNamesNeverCollide(t *testing.T) {
	in := `{"user_id":{"a_b":"1","aB":"2","a-b":"3"},"userId":{"a_b":"4","aB":5},"UserID":{"n":"6"},"user-id":"7","userID":"aB","user_ID":8,"user id":["9",10],"marshal_json":"11","MarshalJSON":["12"]}`
	out := runGenerated(t, collideSpec, `package main

import (
	"encoding/json"
	"fmt"
)

func main() {
	v, err := DecodeGetURLInput([]byte(`+strconv.Quote(in)+`))
	i8, _ := v.UserID_6.GetInteger()
	fmt.Println(err, *v.UserID.AB, *v.UserID.AB_2, *v.UserID.AB_3, *v.UserID_2.AB, *v.UserID_2.AB_2, *v.UserID_3.N, *v.UserID_4,
		*v.UserID_5 == GetURLInputUserID_5Value2, i8, v.UserID_7.V0, v.UserID_7.V1, *v.MarshalJSON_2, (*v.MarshalJSON_3)[0])
	b, _ := json.Marshal(v)
	fmt.Println(string(b))
	o, _ := json.Marshal(GetURL_2Output{UserID: new("a"), UserID_2: new("b")})
	fmt.Println(string(o), ValidateGetURL_2Output(o))
	w, err := DecodeGetURLInputInput([]byte(`+"`"+`{"user_id":{"a_b":"x"}}`+"`"+`))
	fmt.Println(*w.UserID.AB, err, ToolGetURL, ToolGetURL_2, ToolGetURLInput)
}
`)
	want := "<nil> 1 2 3 4 5 6 7 true 8 9 10 11 12\n" + in + "\n" +
		`{"user_id":"a","userId":"b"} <nil>` + "\n" +
		"x <nil> get_url getURL get_url_input\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
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
