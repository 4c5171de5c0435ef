package runtime

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCanonEqualsJSONEquality holds tsCanon to JSON equality as
// encoding/json reads values (objects as maps: a repeated key keeps its
// last value; numbers compared exactly): two values have the same form
// exactly when they are equal. The pairs are random values and variants
// of them written another way (keys reordered or repeated, numbers and
// strings spelled differently), so that about half are equal.
func TestCanonEqualsJSONEquality(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	equal := 0
	const rounds = 20000
	for range rounds {
		v := randValue(r, 3)
		a := spell(r, v)
		var b string
		if r.IntN(2) == 0 {
			b = spell(r, v)
		} else {
			b = spell(r, randValue(r, 3))
		}
		want := jsonEqual(decodeAny(t, a), decodeAny(t, b))
		if got := tsCanon([]byte(a)) == tsCanon([]byte(b)); got != want {
			t.Fatalf("%s and %s: same form %v, JSON-equal %v\n%q\n%q", a, b, got, want, tsCanon([]byte(a)), tsCanon([]byte(b)))
		}
		if want {
			equal++
		}
	}
	if equal < rounds/3 {
		t.Errorf("only %d of %d pairs equal: the test compares too few equal values", equal, rounds)
	}
}

// A random value, as Go values: map[string]any (keys from a small set),
// []any, string, json.Number, bool, nil.
func randValue(r *rand.Rand, depth int) any {
	k := r.IntN(8)
	if depth == 0 {
		k = r.IntN(5)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return json.Number(fmt.Sprint(r.IntN(5) - 2))
	case 3:
		return json.Number([]string{"0.5", "1.25", "-0.5", "100", "1e400"}[r.IntN(5)])
	case 4:
		return []string{"", "a", "b", "ab", "é", "\"", "\\", "\u2028", "a\nb"}[r.IntN(9)]
	case 5, 6:
		m := map[string]any{}
		for range r.IntN(4) {
			m[[]string{"a", "b", "c", "é", "a\"", "~"}[r.IntN(6)]] = randValue(r, depth-1)
		}
		return m
	}
	var s []any
	for range r.IntN(4) {
		s = append(s, randValue(r, depth-1))
	}
	return s
}

// spell writes v as JSON one of many ways: whitespace, escapes, number
// forms, key order, and repeated keys whose earlier value is replaced.
func spell(r *rand.Rand, v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return fmt.Sprint(v)
	case json.Number:
		return spellNumber(r, string(v))
	case string:
		var b strings.Builder
		b.WriteByte('"')
		for _, c := range v {
			switch {
			case c == '"' || c == '\\':
				b.WriteString(`\` + string(c))
			case c < 0x20 || r.IntN(4) == 0:
				fmt.Fprintf(&b, `\u%04x`, c)
			default:
				b.WriteRune(c)
			}
		}
		b.WriteByte('"')
		return b.String()
	case map[string]any:
		var parts []string
		for k, x := range v { // map order is random already
			if r.IntN(4) == 0 {
				parts = append(parts, spell(r, k)+":"+spell(r, randValue(r, 1)))
			}
			parts = append(parts, spell(r, k)+" : "+spell(r, x))
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	var parts []string
	for _, x := range v.([]any) {
		parts = append(parts, spell(r, x))
	}
	return "[ " + strings.Join(parts, ", ") + "]"
}

// spellNumber writes a decimal another way: 1.25 as 125e-2 or 0.125E1.
func spellNumber(r *rand.Rand, n string) string {
	if n == "1e400" {
		return []string{"1e400", "10e399", "0.1E401"}[r.IntN(3)]
	}
	x, _ := new(big.Rat).SetString(n)
	switch r.IntN(3) {
	case 0:
		return n
	case 1:
		return new(big.Rat).Mul(x, big.NewRat(100, 1)).FloatString(2) + "e-2"
	}
	return new(big.Rat).Quo(x, big.NewRat(10, 1)).FloatString(4) + "E1"
}

func decodeAny(t *testing.T, s string) any {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, x := range a {
			y, ok := b[k]
			if !ok || !jsonEqual(x, y) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !jsonEqual(a[i], b[i]) {
				return false
			}
		}
		return true
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return false
		}
		return bytes.Equal([]byte(exact(string(a))), []byte(exact(string(b))))
	}
	return a == b
}

// exact is a number's exact value as text; 1e400 and its spellings are
// beyond big.Rat's taste, so they are kept apart by hand.
func exact(n string) string {
	switch n {
	case "1e400", "10e399", "0.1E401":
		return "1e400"
	}
	x, ok := new(big.Rat).SetString(n)
	if !ok {
		return n
	}
	return x.RatString()
}
