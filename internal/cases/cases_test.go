package cases

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/validate"
)

const spec = `spec cases

tool t {
  description "every kind"
  in {
    k      integer  required  1..9223372036854775807
    n      number   optional  ..2.5
    s      string   optional  2..4  pattern "^[a-z]+$"
    e      enum(a, b)  optional  nullable
    tags   array<string 1..3>  optional  1..2  unique
    pair   tuple<integer, boolean>  optional
    m      map<integer 0..>  optional
    o      object { x integer required } optional
  }
  out { ok boolean required }
}
`

func catalog(t *testing.T) compile.Result {
	t.Helper()
	r := compile.Source("cases.tspec", []byte(spec))
	if r.Catalog == nil {
		t.Fatalf("spec does not compile: %v", r.Diags)
	}
	return r
}

func TestGenerate(t *testing.T) {
	c := catalog(t).Catalog
	got := Generate(c, Options{})
	if again := Generate(c, Options{}); !slices.EqualFunc(got, again, func(a, b Case) bool {
		return a.Tool == b.Tool && a.Output == b.Output && string(a.Value) == string(b.Value)
	}) {
		t.Fatal("Generate is not deterministic")
	}
	in, err := validate.Compile(schema.Input(c.Tool("t")), validate.Draft2020)
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]bool{}
	accepted, outputs := 0, 0
	for i, cs := range got {
		if !json.Valid(cs.Value) {
			t.Errorf("case %d %s is not JSON", i, cs.Value)
		}
		if cs.Output {
			outputs++
			continue
		}
		if values[string(cs.Value)] {
			t.Errorf("case %d %s twice", i, cs.Value)
		}
		values[string(cs.Value)] = true
		failures, err := in.Validate(cs.Value)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 && failures != nil {
			t.Errorf("the first value %s is not valid: %v", cs.Value, failures)
		}
		if failures == nil {
			accepted++
		}
	}
	if outputs == 0 || accepted < 20 || accepted == len(values) {
		t.Errorf("%d input values, %d accepted, %d output values: want both valid values and near misses, and outputs", len(values), accepted, outputs)
	}
	for _, want := range []string{
		`{"k":9223372036854775808}`,          // bound + 1
		`{"k":1,"n":2.50000000000000000001}`, // beyond float64 precision
		`{"k":0}`,                            // bound - 1
		`{"k":1.5}`,                          // integer bound + 0.5
		`{"k":1,"s":"a"}`,                    // too short
		`{"k":1,"s":"aaaaa"}`,                // too long
		`{"k":1,"tags":["a","a"]}`,           // duplicate items
		`{"k":1,"pair":[0]}`,                 // tuple too short
		`{"k":1,"pair":[0,true,1]}`,          // tuple too long
		`{"k":1,"o":{}}`,                     // nested required missing
		`{}`,                                 // required missing
		`{"k":1,"zz_extra":1}`,               // additional property
		`{"k":1,"e":null}`,                   // nullable
		`{"k":1,"m":{"a":0,"a":null}}`,       // duplicate keys
	} {
		if !values[want] {
			t.Errorf("no case %s", want)
		}
	}
}

const boundsSpec = `spec bounds

tool t {
  description "above, below, multiple_of"
  in {
    a  number   required  above 0 below 1
    b  integer  optional  above 3 multiple_of 5
    c  number   optional  ..-1 multiple_of 0.1
    d  integer  optional  below 10
    e  integer  optional  above 5 multiple_of 5
  }
  result text
}
`

// TestNumberModifiers: values around above, below and multiple_of come
// only with the option; valid values respect them either way.
func TestNumberModifiers(t *testing.T) {
	r := compile.Source("bounds.tspec", []byte(boundsSpec))
	if r.Catalog == nil {
		t.Fatalf("spec does not compile: %v", r.Diags)
	}
	in, err := validate.Compile(schema.Input(r.Catalog.Tool("t")), validate.Draft2020)
	if err != nil {
		t.Fatal(err)
	}
	values := func(opt Options) map[string]bool {
		got := Generate(r.Catalog, opt)
		if f, err := in.Validate(got[0].Value); err != nil || f != nil {
			t.Errorf("the first value %s is not valid: %v %v", got[0].Value, f, err)
		}
		m := map[string]bool{}
		for _, c := range got {
			m[string(c.Value)] = true
		}
		return m
	}
	without, with := values(Options{}), values(Options{NumberModifiers: true})
	for _, want := range []string{
		`{"a":1.1}`, `{"a":0.00000000000000000001}`, `{"a":0.99999999999999999999}`, // at and around the bounds
		`{"a":0.5,"b":10}`, `{"a":0.5,"b":7.5}`, // a multiple, half of one
		`{"a":0.5,"c":0.3}`, // exact decimal multiples
	} {
		if !with[want] {
			t.Errorf("no case %s with NumberModifiers", want)
		}
		if without[want] {
			t.Errorf("case %s without NumberModifiers", want)
		}
	}
	for _, v := range []string{`{"a":0.5,"b":5}`, `{"a":0.5,"c":-1}`, `{"a":0.5,"d":9}`, `{"a":0.5,"e":10}`} {
		if f, err := in.Validate(json.RawMessage(v)); err != nil || f != nil {
			t.Fatalf("%s: %v %v", v, f, err)
		}
		if !without[v] {
			t.Errorf("no valid value %s", v)
		}
	}
}
