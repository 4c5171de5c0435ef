package fuzzcat

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestErrorMessages(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"flag": true, "limit": 501}`, `/limit: maximum: 501 is greater than 500`},
		{`{"flag": true, "limit": 0}`, `/limit: minimum: 0 is less than 1`},
		{`{"flag": true, "limit": 1.5}`, `/limit: type: got number, want integer`},
		{`{"flag": true, "ratio": 2.5000000000000004}`, `/ratio: maximum: 2.5000000000000004 is greater than 2.5`}, // the double after 2.5
		{`{"limit": 5}`, `(root): required: missing property "flag"`},
		{`{"flag": true, "x~/y": 1}`, `(root): additionalProperties: property "x~/y" is not allowed`},
		{`{"flag": true, "prefix": ""}`, `/prefix: minLength: length 0 is less than 1`},
		{`{"flag": true, "family": "bio"}`, `/family: enum: "bio" is not one of the allowed values`},
		{`{"flag": "yes"}`, `/flag: type: got string, want boolean`},
		{`[]`, `(root): type: got array, want object`},
	} {
		_, err := DecodeT27SpecsInput([]byte(c.in))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v, want %s", c.in, err, c.want)
		}
		var ve *ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("%s: %T is not a *ValidationError", c.in, err)
		}
	}
	for _, c := range []struct{ in, want string }{
		{`{"status": [1, 256], "chat": "@t27_bot"}`, `/status/1: maximum: 256 is greater than 255`},
		{`{"status": [], "chat": "@t27"}`, `/chat: pattern: "@t27" does not match ^@?[A-Za-z0-9_]{5,32}$`},
		{`{"status": [], "chat": "@t27_bot", "cursor": [1]}`, `/cursor: minItems: 1 item, want at least 2`},
		{`{"status": [], "chat": "@t27_bot", "health": "up"}`, `/health: enum: "up" is not one of the allowed values`},
	} {
		_, err := DecodeT27fViewInput([]byte(c.in))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v, want %s", c.in, err, c.want)
		}
	}
	if _, err := DecodeT27fViewInput([]byte(`{"status": [1,]}`)); err == nil || !strings.HasPrefix(err.Error(), "invalid JSON at offset 14: ") {
		t.Errorf("syntax error: %v", err)
	}
}

func TestRepresentation(t *testing.T) {
	v, err := DecodeT27fViewInput([]byte(`{"status": [1.0, 2e1], "chat": "@t27_bot", "cursor": [3, 4.0]}`))
	if err != nil {
		t.Fatal(err)
	}
	if v.Health.Present || v.Status[0] != 1 || v.Status[1] != 20 || v.Cursor == nil || v.Cursor[1] != "4" {
		t.Errorf("got %+v", v)
	}
	v, _ = DecodeT27fViewInput([]byte(`{"status": [], "chat": "@t27_bot", "health": null}`))
	if !v.Health.Present || !v.Health.Null {
		t.Errorf("null: %+v", v.Health)
	}
	v, _ = DecodeT27fViewInput([]byte(`{"status": [], "chat": "@t27_bot", "health": "down", "chat": "@t27_bot2"}`))
	if !v.Health.Present || v.Health.Null || v.Health.Value != T27fViewInputHealthDown || v.Chat != "@t27_bot2" {
		t.Errorf("value: %+v", v)
	}
	s, _ := DecodeT27SpecsInput([]byte(`{"flag": false, "big": 1.2e30, "blob": null}`))
	// An integer json.Number is plain digits when it fits int64, else
	// the number as written (never expanded).
	if s.Big == nil || *s.Big != "1.2e30" || string(s.Blob) != "null" || s.Limit != nil {
		t.Errorf("got %+v", s)
	}
	s, _ = DecodeT27SpecsInput([]byte(`{"flag": false, "big": 12.0e1}`))
	if s.Big == nil || *s.Big != "120" {
		t.Errorf("got %+v", s)
	}
	out, _ := json.Marshal(T27fViewInput{Status: []int64{}, Chat: "c", Health: Nullable[T27fViewInputHealth]{Present: true, Null: true}})
	if string(out) != `{"status":[],"health":null,"chat":"c"}` {
		t.Errorf("marshal: %s", out)
	}
	if err := CheckHandlers([]string{"t27_specs", "t27f_view"}); err != nil {
		t.Error(err)
	}
	err = CheckHandlers([]string{"zeta", "t27f_view", "alpha"})
	if err == nil || err.Error() != `toolspec: tools without a handler: "t27_specs"; handlers without a tool: "alpha", "zeta"` {
		t.Errorf("CheckHandlers: %v", err)
	}
	if ProfileFor("2024-11-05") != 1 || ProfileFor("2025-06-18") != 2 || ProfileFor("2025-11-25") != 2 || ProfileFor("") != 1 {
		t.Error("ProfileFor")
	}
	if CatalogID(2) != SpecHash+"/p2" || CatalogID(7) != SpecHash+"/p1" || len(SpecHash) != 64 {
		t.Error("CatalogID")
	}
	a := ListToolsJSON(1)
	a[0] = 'x'
	if ListToolsJSON(1)[0] != '{' {
		t.Error("ListToolsJSON returns a shared slice")
	}
}

func TestValidateOutput(t *testing.T) {
	if err := ValidateT27SpecsOutput([]byte(`{"specs": [{"path": "a", "sealed": true}], "total": 1}`)); err != nil {
		t.Error(err)
	}
	err := ValidateT27SpecsOutput([]byte(`{"specs": [{"path": "a"}], "total": -1}`))
	if err == nil || err.Error() != `/specs/0: required: missing property "sealed"; /total: minimum: -1 is less than 0` {
		t.Errorf("got %v", err)
	}
}

// TestDepth: values nested up to MaxDepth levels decode (the arguments
// object is level 1); one level more is refused with an error that is not
// a *ValidationError, before the scanner goes further.
func TestDepth(t *testing.T) {
	s := inputSchema(t, "t27_specs")
	for _, n := range []int{MaxDepth - 2, MaxDepth - 1, MaxDepth, 10 * MaxDepth} {
		in := []byte(`{"flag": true, "blob": ` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}`)
		_, derr := DecodeT27SpecsInput(in)
		var ve *ValidationError
		switch {
		case n+1 <= MaxDepth:
			if fails, err := s.Validate(in); derr != nil || err != nil || fails != nil {
				t.Errorf("depth %d: decoder %v, santhosh %v %v", n+1, derr, err, fails)
			}
		case derr == nil || errors.As(derr, &ve) || !strings.Contains(derr.Error(), "nested deeper than 1000 levels"):
			t.Errorf("depth %d: got %v, want the depth error", n+1, derr)
		}
	}
}

// hugeArray is {"status": [1e999999 ×n], …}: each element is an integer
// with a million-digit value that fails the maximum.
func hugeArray(n int) []byte {
	items := make([]string, n)
	for i := range items {
		items[i] = "1e999999"
	}
	return []byte(`{"status": [` + strings.Join(items, ",") + `], "chat": "@t27_bot"}`)
}

// TestHugeExponent: numbers are classified and compared from their digits
// and exponent, never expanded, so a huge exponent costs what its bytes
// cost, and the message shows the number as written.
func TestHugeExponent(t *testing.T) {
	in := hugeArray(30)
	best := time.Hour
	var err error
	for range 5 {
		start := time.Now()
		_, err = DecodeT27fViewInput(in)
		best = min(best, time.Since(start))
	}
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 31 || ve.Problems[0].String() != "/status: maxItems: 30 items, want at most 27" ||
		ve.Problems[1].String() != "/status/0: type: got number beyond float64, want integer" {
		t.Errorf("got %.200v", err)
	}
	if best > 10*time.Millisecond {
		t.Errorf("[1e999999 ×30] took %v, want well under 10ms", best)
	}
	for _, c := range []struct{ in, want string }{
		// As JSON.parse reads them (docs/servers.md): 0, or beyond float64.
		{`{"flag": true, "limit": 1e-999999}`, `/limit: minimum: 0 is less than 1`},
		{`{"flag": true, "limit": -1e999999}`, `/limit: type: got number beyond float64, want integer`},
		{`{"flag": true, "limit": 5e99999999999999999999999}`, `/limit: type: got number beyond float64, want integer`},
		{`{"flag": true, "big": -1e-99999999999999999999999}`, ``},
		{`{"flag": true, "big": -1e-300}`, `/big: type: got number, want integer; /big: minimum: -1e-300 is less than 0`},
		{`{"flag": true, "big": -0.0e99999999999999999999999}`, ``},
		{`{"flag": true, "big": 1` + strings.Repeat("0", 100) + `}`, ``},
		{`{"flag": true, "big": -1` + strings.Repeat("0", 100) + `}`, `/big: minimum: -1e+100 is less than 0`},
		{`{"flag": true, "ratio": 25e-1}`, ``},
		{`{"flag": true, "ratio": 250000000000000000000000000000000000001e-38}`, ``}, // its double is 2.5
		{`{"flag": true, "ratio": 250000000000000100000000000000000000001e-38}`, `/ratio: maximum: 2.500000000000001 is greater than 2.5`},
		{`{"flag": true, "limit": 50000e-2}`, ``},
		{`{"flag": true, "limit": 50010e-2}`, `/limit: type: got number, want integer; /limit: maximum: 500.1 is greater than 500`},
		{`{"flag": true, "limit": 50100e-2}`, `/limit: maximum: 501 is greater than 500`},
	} {
		_, err := DecodeT27SpecsInput([]byte(c.in))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%.80s: got %q, want %q", c.in, got, c.want)
		}
	}
}

// BenchmarkHugeExponent decodes {"status": [1e999999 ×30], …}.
func BenchmarkHugeExponent(b *testing.B) {
	in := hugeArray(30)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeT27fViewInput(in); err == nil {
			b.Fatal("accepted")
		}
	}
}

// TestHostileMessages: a refused value's message quotes at most MaxQuote
// characters of the input, however long the key, enum value or string.
func TestHostileMessages(t *testing.T) {
	huge := strings.Repeat("x", 4<<20)
	for _, in := range []string{
		`{"flag": true, "` + huge + `": 1}`,
		`{"flag": true, "family": "` + huge + `"}`,
	} {
		_, err := DecodeT27SpecsInput([]byte(in))
		if err == nil || len(err.Error()) > 2*MaxQuote+100 {
			t.Errorf("message of %d bytes", len(fmt.Sprint(err)))
		}
	}
	_, err := DecodeT27fViewInput([]byte(`{"status": [], "chat": "@` + huge + `"}`))
	if err == nil || len(err.Error()) > 2*MaxQuote+100 {
		t.Errorf("pattern: message of %d bytes", len(fmt.Sprint(err)))
	}
}

// TestAnyDuplicateKeys: an any value is normalised: each key once, at its
// first place, with its last value, as JSON.parse and encoding/json read
// it; a value without duplicates keeps its bytes.
func TestAnyDuplicateKeys(t *testing.T) {
	v, err := DecodeT27SpecsInput([]byte(`{"flag": true, "blob": {"a": 1, "b": [{"c": 1, "c": 2}], "a": 3}}`))
	if err != nil || string(v.Blob) != `{"a":3,"b":[{"c":2}]}` {
		t.Errorf("got %s %v", v.Blob, err)
	}
	v, _ = DecodeT27SpecsInput([]byte(`{"flag": true, "blob": {"a": 1, "b": 2}}`))
	if string(v.Blob) != `{"a": 1, "b": 2}` {
		t.Errorf("got %s", v.Blob)
	}
}

// TestConcurrent: schemas compile once on first use, decoders are pooled:
// decoding from many goroutines at once is safe (run with -race).
func TestConcurrent(t *testing.T) {
	done := make(chan error)
	for i := range 8 {
		go func() {
			var err error
			for range 50 {
				if i%2 == 0 {
					_, err = DecodeT27fViewInput(benchInputs[0])
				} else {
					_, err = DecodeT27SpecsInput([]byte(`{"flag": true, "limit": 501}`))
					if err == nil {
						err = errors.New("limit 501 accepted")
					} else {
						err = nil
					}
				}
				if err == nil && len(ListToolsJSON(i%3)) == 0 {
					err = errors.New("empty table")
				}
				if err != nil {
					break
				}
			}
			done <- err
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
