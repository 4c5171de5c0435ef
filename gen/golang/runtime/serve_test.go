package runtime

import (
	"context"
	"strings"
	"testing"
)

// The serving half, on the stand-in catalog of generated.go.

func TestListToolsScopedJSON(t *testing.T) {
	for _, tc := range []struct {
		profile int
		scope   string
		want    string
	}{
		{2, "all", `{"tools":[{"name":"look","title":"Look",`},
		{2, "read", `"look"`},
		{1, "write", `"note"`},
		{2, "nope", ""},
		{3, "all", `],"ttlMs":300000,"cacheScope":"public","resultType":"complete","_meta":{"toolspec/catalog":"h/p3"}}`},
		{3, "read", `],"ttlMs":300000,"cacheScope":"private","resultType":"complete","_meta":{"toolspec/catalog":"h/p3/read"}}`},
	} {
		got := string(ListToolsScopedJSON(tc.profile, tc.scope))
		if !strings.Contains(got, tc.want) || (tc.want == "") != (got == "") {
			t.Errorf("profile %d scope %s: %s, want it to hold %s", tc.profile, tc.scope, got, tc.want)
		}
	}
	if got, want := string(ListToolsScopedJSON(2, "read")), `{"tools":[`+string(tsCat.tools[0].head2)+tsCat.tools[0].in+`,"outputSchema":`+tsCat.tools[0].out+`,"annotations":{"readOnlyHint":true}}],"_meta":{"toolspec/catalog":"h/p2/read"}}`; got != want {
		t.Errorf("read table:\n got %s\nwant %s", got, want)
	}
}

type standIn struct{}

func (standIn) Look(_ context.Context, in tsLookInput) (tsLookOutput, error) {
	return tsLookOutput{N: int64(len(in.Q))}, nil
}
func (standIn) Note(context.Context, tsNoteInput) (string, error) { return "ok", nil }

func TestBound(t *testing.T) {
	b := Bind(standIn{})
	if err := b.Check(); err != nil {
		t.Fatal(err)
	}
	in, err := b.Decode("look", []byte(`{"q":"abc"}`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := b.Run(context.Background(), "look", in)
	if err != nil || out.(tsLookOutput).N != 3 {
		t.Errorf("look: %v, %v", out, err)
	}
	if _, err := b.Decode("look", []byte(`{"q":1}`)); err == nil {
		t.Error("look accepted a number for q")
	}
	if b.InScope("note", "read") || !b.InScope("note", "write") || b.Result("note") != "text" {
		t.Error("note: wrong scope or result")
	}
	bad := BindMap(map[string]any{"look": func(context.Context, tsNoteInput) (string, error) { return "", nil }, "extra": 1})
	if err := bad.Check(); err == nil || !strings.Contains(err.Error(), `handler of "look"`) || !strings.Contains(err.Error(), "extra") {
		t.Errorf("Check: %v", err)
	}
}

func TestListDialectToolsJSON(t *testing.T) {
	for _, tc := range []struct {
		profile int
		scope   string
		want    string
	}{
		{1, "all", `{"tools":[{"name":"look","description":"Look",`},
		{2, "read", `}}],"_meta":{"toolspec/catalog":"h/p2/read/gemini"}}`},
		{3, "all", `],"ttlMs":300000,"cacheScope":"public","resultType":"complete","_meta":{"toolspec/catalog":"h/p3/gemini"}}`},
		{3, "write", `],"ttlMs":300000,"cacheScope":"private","resultType":"complete","_meta":{"toolspec/catalog":"h/p3/write/gemini"}}`},
	} {
		got := string(ListDialectToolsJSON(tc.profile, tc.scope, "gemini"))
		if !strings.Contains(got, tc.want) {
			t.Errorf("profile %d scope %s: %s, want it to hold %s", tc.profile, tc.scope, got, tc.want)
		}
	}
	if got := string(ListDialectToolsJSON(2, "read", "gemini")); strings.Contains(got, `"note"`) {
		t.Errorf("read table lists note: %s", got)
	}
	if ListDialectToolsJSON(2, "all", "cursor") != nil || ListDialectToolsJSON(2, "admin", "gemini") != nil {
		t.Error("a dialect or scope the file does not carry gave a table")
	}
	b := &Bound{}
	if DialectForClient("Gemini-CLI") != "gemini" || DialectForClient("cursor") != "" || len(b.Dialects()) != 1 {
		t.Error("DialectForClient: the default map, narrowed to the dialects carried")
	}
}
