package fuzznested

import (
	"encoding/json"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDecodeFillsEveryKind pins what Decode writes into each kind of Go
// type the plan fills: nested structs, Nullable and pointer fields, maps
// of nullable values, both kinds of tuple, arrays of any and of nullable
// items.
func TestDecodeFillsEveryKind(t *testing.T) {
	got, err := DecodeGetAppInput(benchInput)
	if err != nil {
		t.Fatal(err)
	}
	str := func(s string) *string { return &s }
	i64 := func(i int64) *int64 { return &i }
	num := func(s json.Number) *json.Number { return &s }
	want := GetAppInput{
		App: GetAppInputApp{
			ID:    "app-1",
			Owner: Nullable[GetAppInputAppOwner]{Present: true, Value: GetAppInputAppOwner{Name: "ann", Tags: &[]string{"a", "bb", "ccc"}}},
			Extra: &GetAppInputAppExtra{Note: str("n")},
		},
		Labels: &map[string]string{"env": "prod", "tier": "web"},
		Scores: &map[string]*int64{"a": i64(1), "b": nil, "c": i64(-10)},
		Pair:   &GetAppInputPair{V0: "x", V1: "7"},
		Point:  &GetAppInputPoint{0.25, -1.5},
		Level:  Nullable[GetAppInputLevel]{Present: true, Value: 2},
		Mode:   GetAppInputModeSlowIsh,
		Nums:   &[]float64{0, 0.5, 1},
		Items:  &[]json.RawMessage{json.RawMessage(`1`), json.RawMessage(`"two"`), json.RawMessage(`{"three": 3}`)},
		Maybe:  &[]*json.Number{num("1"), nil, num("3")},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("-want +got:\n%s", d)
	}
}

// TestRepeatedKeyReplaces: when a key comes again, its last value counts
// alone, as JSON.parse reads it: nothing of the earlier value is left in
// the struct (the plan fills structs in place, so it must clear them).
func TestRepeatedKeyReplaces(t *testing.T) {
	for _, c := range []struct {
		in   string
		want GetAppInput
	}{
		{`{"app": {"id": "a", "owner": {"name": "x"}, "extra": {}}, "app": {"id": "b"}, "mode": "fast"}`,
			GetAppInput{App: GetAppInputApp{ID: "b"}, Mode: GetAppInputModeFast}},
		{`{"app": {"id": "a"}, "mode": "fast", "level": null, "level": 3}`,
			GetAppInput{App: GetAppInputApp{ID: "a"}, Mode: GetAppInputModeFast, Level: Nullable[GetAppInputLevel]{Present: true, Value: 3}}},
		{`{"app": {"id": "a"}, "mode": "fast", "level": 3, "level": null}`,
			GetAppInput{App: GetAppInputApp{ID: "a"}, Mode: GetAppInputModeFast, Level: Nullable[GetAppInputLevel]{Present: true, Null: true}}},
		{`{"app": {"id": "a", "owner": {"name": "x", "tags": ["t"]}, "owner": {"name": "y"}}, "mode": "fast"}`,
			GetAppInput{App: GetAppInputApp{ID: "a", Owner: Nullable[GetAppInputAppOwner]{Present: true, Value: GetAppInputAppOwner{Name: "y"}}}, Mode: GetAppInputModeFast}},
	} {
		got, err := DecodeGetAppInput([]byte(c.in))
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if d := cmp.Diff(c.want, got); d != "" {
			t.Errorf("%s: -want +got:\n%s", c.in, d)
		}
	}
}

// TestDecodeConcurrent: Decode from many goroutines at once (the spare
// value a tool keeps is taken by one call at a time); run it with -race.
func TestDecodeConcurrent(t *testing.T) {
	want, err := DecodeGetAppInput(benchInput)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 200 {
				got, err := DecodeGetAppInput(benchInput)
				if err != nil || !cmp.Equal(want, got) {
					t.Errorf("concurrent Decode: %v, %s", err, cmp.Diff(want, got))
					return
				}
			}
		})
	}
	wg.Wait()
}
