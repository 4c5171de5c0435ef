package fuzznested

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"regexp"
	"testing"

	"github.com/toolspec/toolspec/compile"
	"github.com/toolspec/toolspec/gen/golang"
	"github.com/toolspec/toolspec/gen/golang/internal/probset"
	"github.com/toolspec/toolspec/gen/schema"
	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

const spec = "../../testdata/nested.tspec"

func catalog(tb testing.TB) *model.Catalog {
	tb.Helper()
	r := compile.File(spec)
	if r.Catalog == nil {
		tb.Fatal(r.Diags)
	}
	return r.Catalog
}

func TestUpToDate(t *testing.T) {
	want, err := golang.Generate(catalog(t), golang.Options{Package: "fuzznested"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("catalog.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("catalog.go is stale: go run ./cmd/toolspec gen-go gen/golang/testdata/nested.tspec -o gen/golang/internal/fuzznested/catalog.go")
	}
}

// hugeExponent matches numbers with an exponent of five digits or more.
// The decoder reads them from digits and exponent, in linear time, and
// runs on them; santhosh-tekuri/jsonschema expands them with big.Rat
// (seconds or minutes each) and refuses exponents beyond 10^6 as
// non-integers, so it is not asked about them.
var hugeExponent = regexp.MustCompile(`[eE][+-]?0*[0-9]{5,}`)

var seeds = []string{
	`{"app": {"id": "a"}, "mode": "fast"}`,
	`{"app": {"id": "a", "owner": null}, "mode": "$weird", "level": null}`,
	`{"app": {"id": "a", "owner": {"name": "x", "tags": ["ab", "ab"]}}, "mode": "fast"}`,
	`{"app": {"id": "a"}, "mode": "fast", "pair": ["a", 1]}`,
	`{"app": {"id": "a", "extra": {"other": 1, "note": "n"}}, "mode": "fast", "items": [1, 1.5]}`,
	`{"app": {"id": "a"}, "mode": "fast", "items": [{"a": 1, "b": [2]}, {"b": [2.0], "a": 1.0}]}`,
	`{"app": {"id": "a"}, "mode": "slow-ish", "scores": {"a": null, "b": 10, "a": 3}}`,
	`{"app": {"id": "a"}, "mode": "fast", "labels": {"x": "12345"}, "point": [1.5, -1.5], "level": 2.0}`,
	`{"app": {"id": "a"}, "mode": "fast", "nums": [0, 0.5, 1], "maybe": [null, 1]}`,
	`{"app": {"id": "a"}, "mode": "fast", "items": [1e99999999999999999999, 10e99999999999999999998]}`,
}

func FuzzDecodeNested(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	cat := catalog(f)
	compileIn := func(name string) *validate.Schema {
		s, err := validate.Compile(schema.Input(cat.Tool(name)), validate.Draft2020)
		if err != nil {
			f.Fatal(err)
		}
		return s
	}
	getApp, top, nothing := compileIn("get-app"), compileIn("top"), compileIn("nothing")
	out, err := validate.Compile(schema.Output(cat.Tool("get-app")), validate.Draft2020)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		huge := hugeExponent.Match(data) || tooDeep(data)
		for _, c := range []struct {
			s      *validate.Schema
			decode func([]byte) error
		}{
			{getApp, func(b []byte) error { _, err := DecodeGetAppInput(b); return err }},
			{top, func(b []byte) error { _, err := DecodeTopInput(b); return err }},
			{nothing, func(b []byte) error { _, err := DecodeNothingInput(b); return err }},
			{out, ValidateGetAppOutput},
		} {
			derr := c.decode(data)
			if huge {
				continue
			}
			fails, err := c.s.Validate(data)
			if errors.Is(err, validate.ErrHugeExponent) {
				continue // a huge exponent: the harness's own hugeExponent class
			}
			want := err == nil && len(fails) == 0
			if (derr == nil) != want {
				t.Fatalf("%q: decoder error %v, santhosh valid=%v %v %v", data, derr, want, err, fails)
			}
			if d := sameProblems(derr, fails); d != "" {
				t.Fatalf("%q: problems differ: %s", data, d)
			}
		}
	})
}

var benchInput = []byte(`{"app": {"id": "app-1", "owner": {"name": "ann", "tags": ["a", "bb", "ccc"]}, "extra": {"note": "n", "other": [1, 2]}},
 "labels": {"env": "prod", "tier": "web"}, "scores": {"a": 1, "b": null, "c": -10},
 "pair": ["x", 7], "point": [0.25, -1.5], "level": 2, "mode": "slow-ish",
 "nums": [0, 0.5, 1], "items": [1, "two", {"three": 3}], "maybe": [1, null, 3]}`)

// BenchmarkDecodeNested: the generated decoder on a value that uses every
// kind (unique arrays included).
func BenchmarkDecodeNested(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeGetAppInput(benchInput); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSanthoshPathNested: validate with santhosh-tekuri/jsonschema
// (which unmarshals to any itself), then json.Unmarshal to the struct.
func BenchmarkSanthoshPathNested(b *testing.B) {
	s, err := validate.Compile(schema.Input(catalog(b).Tool("get-app")), validate.Draft2020)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if fails, err := s.Validate(benchInput); err != nil || fails != nil {
			b.Fatal(err, fails)
		}
		var x GetAppInput
		if err := json.Unmarshal(benchInput, &x); err != nil {
			b.Fatal(err)
		}
	}
}

// tooDeep reports nesting beyond MaxDepth, which Decode refuses and
// santhosh-tekuri/jsonschema (through encoding/json, up to 10 000) reads.
func tooDeep(data []byte) bool {
	depth, inString := 0, false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case !inString && (c == '[' || c == '{'):
			depth++
			if depth > MaxDepth {
				return true
			}
		case !inString && (c == ']' || c == '}'):
			depth--
		}
	}
	return false
}

// sameProblems compares the decoder's problems with santhosh's failures
// as sets of pointer and keyword (probset says how), unless the decoder
// found more than it lists; "" when they agree.
func sameProblems(derr error, fails []validate.Failure) string {
	var ve *ValidationError
	if !errors.As(derr, &ve) || ve.Truncated {
		return ""
	}
	pairs := make([]string, len(ve.Problems))
	for i, p := range ve.Problems {
		pairs[i] = probset.Pair(p.Pointer, p.Keyword)
	}
	return probset.Diff(probset.Decoder(pairs), probset.Santhosh(fails))
}
