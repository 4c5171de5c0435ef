package runtime

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/toolspec/toolspec/validate"
)

// wireSchema has a row of every kind the number and string model touches:
// bounds, exclusive bounds, integers, lengths, key counts, enums, unique.
const wireSchema = `{"type":"object","properties":{` +
	`"n":{"type":"number","exclusiveMinimum":0,"maximum":1e308},` +
	`"i":{"type":"integer","minimum":-5,"maximum":5},` +
	`"s":{"type":"string","minLength":1,"maxLength":2},` +
	`"e":{"type":"string","enum":["\ufffd","a"]},` +
	`"mp":{"type":"object","additionalProperties":{"type":"string"},"maxProperties":1},` +
	`"u":{"type":"array","uniqueItems":true},` +
	`"any":{},"anyd":{"description":"free"},` +
	`"o":{"type":"object","properties":{"k":{"type":"integer"}}}},"additionalProperties":false}`

// FuzzWireModel: on any value at any row of wireSchema, the decoder gives
// the verdict of santhosh-tekuri/jsonschema read through the number and
// string model (package validate), which ajv and the JavaScript validators
// give too (gen/js TestAjvAgreesWithSanthosh): numbers beyond float64 or
// below the smallest double, lone surrogates in strings and keys.
func FuzzWireModel(f *testing.F) {
	for _, seed := range []string{
		`1e400`, `-1e400`, `1.7976931348623159e308`, `1e-400`, `-1e-400`, `2e-324`, `5e-324`,
		`"\ud800"`, `"a\udc00"`, `"\ud83d\ude00\ud83d"`, `{"\ud800":"x","\ud801":"y"}`, `{"\ud800":"x","\ufffd":1}`,
		`[1e400,1e401]`, `[1e-400,0]`, `[1e400,null]`, `[-1e-400,0.0]`, `"\ufffd"`,
		`{"k":1,"x":1e400}`, `{"k":1e400}`, `[[1e400],[1e500]]`, `[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,1e400]`,
	} {
		for _, row := range []string{"n", "i", "s", "e", "mp", "u", "any", "anyd", "o"} {
			f.Add(row, seed)
		}
	}
	node := tsCompile(wireSchema)
	ref, err := validate.Compile([]byte(wireSchema), validate.Draft2020)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, row, value string) {
		key, _ := json.Marshal(row)
		doc := []byte(`{` + string(key) + `:` + value + `}`)
		if !json.Valid(doc) {
			return
		}
		start := time.Now()
		defer func() {
			if d := time.Since(start); d > time.Second {
				t.Errorf("%.200s: took %v", doc, d)
			}
		}()
		fails, err := ref.Validate(doc)
		if errors.Is(err, validate.ErrHugeExponent) {
			return // refused before validation (docs/servers.md)
		}
		if err != nil {
			t.Fatalf("%s: santhosh: %v", doc, err)
		}
		got := tsValidate(doc, node)
		if (got == nil) != (len(fails) == 0) {
			t.Errorf("%s: decoder says %v, santhosh (number and string model) says %v", doc, got, fails)
		}
	})
}
