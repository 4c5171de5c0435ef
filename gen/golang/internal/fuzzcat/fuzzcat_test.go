package fuzzcat

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

const spec = "../../testdata/kinds.tspec"

func catalog(tb testing.TB) *model.Catalog {
	tb.Helper()
	r := compile.File(spec)
	if r.Catalog == nil {
		tb.Fatal(r.Diags)
	}
	return r.Catalog
}

// TestUpToDate regenerates catalog.go and compares.
func TestUpToDate(t *testing.T) {
	want, err := golang.Generate(catalog(t), golang.Options{Package: "fuzzcat"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("catalog.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("catalog.go is stale: go run ./cmd/toolspec gen-go gen/golang/testdata/kinds.tspec -o gen/golang/internal/fuzzcat/catalog.go")
	}
}

func inputSchema(tb testing.TB, tool string) *validate.Schema {
	tb.Helper()
	s, err := validate.Compile(schema.Input(catalog(tb).Tool(tool)), validate.Draft2020)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// hugeExponent matches numbers with an exponent of five digits or more.
// The decoder reads them from digits and exponent, in linear time, and
// runs on them; santhosh-tekuri/jsonschema expands them with big.Rat
// (seconds or minutes each) and refuses exponents beyond 10^6 as
// non-integers, so it is not asked about them.
var hugeExponent = regexp.MustCompile(`[eE][+-]?0*[0-9]{5,}`)

var seeds = []string{
	`{"status": [0, 255, 27], "chat": "@t27_bot"}`,
	`{"status": [256], "chat": "@t27_bot"}`,
	`{"status": [], "chat": "@t27_bot", "x": 1}`,
	`{"status": [1.0, 2e0], "chat": "abcde", "cursor": [1, 2], "health": null}`,
	`{"status": [], "chat": "abcde", "cursor": [1], "health": "ok"}`,
	`{"status": [], "chat": "abcde", "chat": "x"}`,
	`{"status": [], "chat": "é\u00e9abcd"}`,
	`{"flag": true, "limit": 500, "ratio": 0.5, "big": 12345678901234567890, "blob": {"a": [1, null]}}`,
	`{"flag": false, "limit": 501, "prefix": "", "family": "core"}`,
	`{"flag": true, "step": 0.3, "even": 12345678901234567890}`,
	`{"flag": true, "step": -5, "even": 3}`,
	`{"flag": true, "step": 4.9000000000000000001, "even": -2e3}`,
	`{"flag": true, "ratio": 2.50000000000000001}`,
	`[]`, `null`, `{`, `{"a":1,}`,
	`{"status": [1e999999, 1e999999], "chat": "@t27_bot", "x": 1e-99999999999999999999}`,
}

// FuzzDecode: the generated decoders accept a value exactly when
// santhosh-tekuri/jsonschema validates it against the tool's input schema.
func FuzzDecode(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	view := inputSchema(f, "t27f_view")
	specs := inputSchema(f, "t27_specs")
	f.Fuzz(func(t *testing.T, data []byte) {
		huge := hugeExponent.Match(data) || tooDeep(data)
		for _, c := range []struct {
			s      *validate.Schema
			decode func([]byte) error
		}{
			{view, func(b []byte) error { _, err := DecodeT27fViewInput(b); return err }},
			{specs, func(b []byte) error { _, err := DecodeT27SpecsInput(b); return err }},
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

var benchInputs = [][]byte{
	[]byte(`{"status": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 200, 255], "cursor": [3, 14], "health": "degraded", "chat": "@t27_bot"}`),
	[]byte(`{"status": [], "chat": "@someone_else", "health": null}`),
}

// BenchmarkDecode: the generated decoder.
func BenchmarkDecode(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range benchInputs {
			if _, err := DecodeT27fViewInput(in); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkSanthoshPath: what a server would do without it: unmarshal to
// any, validate with santhosh-tekuri/jsonschema, unmarshal to the struct.
func BenchmarkSanthoshPath(b *testing.B) {
	s := inputSchema(b, "t27f_view")
	b.ReportAllocs()
	for b.Loop() {
		for _, in := range benchInputs {
			// validate.Validate unmarshals to any itself (UseNumber).
			if fails, err := s.Validate(in); err != nil || fails != nil {
				b.Fatal(err, fails)
			}
			var x T27fViewInput
			if err := json.Unmarshal(in, &x); err != nil {
				b.Fatal(err)
			}
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
