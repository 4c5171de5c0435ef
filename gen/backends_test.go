package gen_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/gen/js"
	"github.com/toolspec/toolspec/gen/jsonout"
	"github.com/toolspec/toolspec/model"
)

func catalog(t *testing.T, src string) *model.Catalog {
	t.Helper()
	r := compile.Source("t.tspec", []byte(src))
	if r.Catalog == nil {
		t.Fatalf("compile: %v", r.Diags)
	}
	return r.Catalog
}

const demo = `spec demo
tool echo {
  description "Echo"
  in { text string required }
  result text
}
`

func TestRecogniseGenJSON(t *testing.T) {
	t.Parallel()
	c := catalog(t, demo)
	for _, p := range model.Profiles {
		data := jsonout.Generate(c, p)
		r, ok := gen.Recognise(c, "x.json", data)
		if !ok {
			t.Fatalf("profile %d output not recognised", p)
		}
		if want := "gen-json json profile=" + fmt.Sprint(p); r.String() != want {
			t.Errorf("profile %d: recognised %q, want %q", p, r, want)
		}
		out, err := gen.Generate(c, r)
		if err != nil || string(out) != string(data) {
			t.Errorf("profile %d: Generate(recognised recipe) = %v, does not reproduce the file", p, err)
		}
	}
	if r, ok := gen.Recognise(c, "x.json", []byte("{}\n")); ok {
		t.Errorf("recognised %q as %s", "{}", r)
	}
	edited := strings.Replace(string(jsonout.Generate(c, 1)), "Echo", "Echo!", 1)
	if r, ok := gen.Recognise(c, "x.json", []byte(edited)); ok {
		t.Errorf("recognised an edited file as %s", r)
	}
}

func TestEmbeddedSpecHash(t *testing.T) {
	t.Parallel()
	c := catalog(t, demo)
	if h, ok := gen.EmbeddedSpecHash(jsonout.Generate(c, 2)); !ok || h != c.SpecHash {
		t.Errorf("EmbeddedSpecHash = %q, %v; want %q, true", h, ok, c.SpecHash)
	}
	a, b := strings.Repeat("a", 64), strings.Repeat("b", 64)
	for _, tc := range []struct {
		data string
		ok   bool
	}{
		{"no identity", false},
		{a + "/p1 and " + a + "/p2", true},
		{a + "/p1 and " + b + "/p2", false}, // two specs: no answer
		{a + " without a profile", false},
		{"x" + a + "/p1", false}, // not a whole word
	} {
		if _, ok := gen.EmbeddedSpecHash([]byte(tc.data)); ok != tc.ok {
			t.Errorf("EmbeddedSpecHash(%.20q…) ok = %v, want %v", tc.data, ok, tc.ok)
		}
	}
}

func TestRecipeCheck(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		r    gen.Recipe
		want string // "" for valid
	}{
		{gen.Recipe{Generator: "gen-json", Role: "json", Options: map[string]string{"profile": "2"}}, ""},
		{gen.Recipe{Generator: "gen-nope", Role: "json"}, `unknown generator "gen-nope"`},
		{gen.Recipe{Generator: "gen-json", Role: "go", Options: map[string]string{"profile": "1"}}, `gen-json: unknown role "go" (want json)`},
		{gen.Recipe{Generator: "gen-json", Role: "json"}, `gen-json: missing option "profile"`},
		{gen.Recipe{Generator: "gen-json", Role: "json", Options: map[string]string{"profile": "1", "x": "y"}}, `gen-json: unknown option "x"`},
		{gen.Recipe{Generator: "gen-json", Role: "json", Options: map[string]string{"profile": "0"}}, `gen-json: profile must be 1, 2 or 3, not "0"`},
		{gen.Recipe{Generator: "gen-go", Role: "go", Options: map[string]string{"package": "tools"}}, ""},
		// The rule of gen-go --package, which the command line applies too.
		{gen.Recipe{Generator: "gen-go", Role: "go", Options: map[string]string{"package": "_"}}, `gen-go: package "_" is not a Go package name (an identifier other than _)`},
		{gen.Recipe{Generator: "gen-go", Role: "go", Options: map[string]string{"package": "a-b"}}, `gen-go: package "a-b" is not a Go package name (an identifier other than _)`},
	} {
		err := tc.r.Check()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.r, err)
		case tc.want != "" && (err == nil || err.Error() != tc.want):
			t.Errorf("%s: error %v, want %q", tc.r, err, tc.want)
		}
	}
}

func TestBackendsSortedAndComplete(t *testing.T) {
	t.Parallel()
	var names []string
	for _, b := range gen.Backends() {
		names = append(names, b.Name())
		if len(b.Roles()) == 0 {
			t.Errorf("backend %s writes no file", b.Name())
		}
	}
	if !slices.Contains(names, "gen-json") {
		t.Errorf("Backends() = %v, want gen-json among them, sorted", names)
	}
	for i := 1; i < len(names); i++ {
		if names[i-1] >= names[i] {
			t.Errorf("Backends() not sorted: %v", names)
		}
	}
}

// TestGuessGenJSON: the profile named in the file's identity is tried first.
func TestGuessGenJSON(t *testing.T) {
	t.Parallel()
	c := catalog(t, demo)
	b, _ := gen.Lookup("gen-json")
	for _, p := range append(model.Profiles, 3) {
		g := b.Guess("x.json", jsonout.Generate(c, p))
		if len(g) != 3 || g[0].Options["profile"] != fmt.Sprint(p) {
			t.Errorf("profile %d: guesses %v, want profile %d first of three", p, g, p)
		}
	}
}

// TestRecogniseGenJS: a module and its declarations are recognised with
// the dialects they carry, and none when they carry none (the runtime's
// private DIALECTS of a standard module is not an option).
func TestRecogniseGenJS(t *testing.T) {
	t.Parallel()
	c := catalog(t, demo)
	for _, d := range []string{"", "gemini,openai_strict"} {
		for _, sdk := range []int{1, 2} {
			var o js.Options
			want := ""
			if d != "" {
				o.Dialects = strings.Split(d, ",")
				want = " dialects=" + d
			}
			wantDTS := want
			if sdk == 2 {
				o.SDK = 2
				wantDTS += " sdk=2"
			}
			mjs, dts, err := js.GenerateWith(c, o)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []struct {
				path, role string
				data       []byte
				want       string
			}{{"x.mjs", "mjs", mjs, want}, {"x.d.ts", "dts", dts, wantDTS}} {
				r, ok := gen.Recognise(c, f.path, f.data)
				if !ok {
					t.Errorf("%s with dialects %q, SDK %d not recognised", f.path, d, sdk)
					continue
				}
				if w := "gen-js " + f.role + f.want; r.String() != w {
					t.Errorf("%s: recognised %q, want %q", f.path, r, w)
				}
			}
		}
	}
}
