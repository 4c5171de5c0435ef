package seal

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/toolspec/toolspec/gen"
)

const (
	h0 = "0000000000000000000000000000000000000000000000000000000000000000"
	h1 = "1111111111111111111111111111111111111111111111111111111111111111"
	h2 = "2222222222222222222222222222222222222222222222222222222222222222"
)

func example() *Seal {
	return &Seal{
		Version:    Version,
		SpecName:   "demo",
		SpecPath:   "../specs/demo.tspec",
		SpecHash:   h0,
		Identities: []string{h0 + "/p1", h0 + "/p2"},
		Artifacts: []Artifact{
			{Path: "demo.p1.json", Hash: h1, Format: 1, Recipe: gen.Recipe{Generator: "gen-json", Role: "json", Options: map[string]string{"profile": "1"}}},
			{Path: "out dir/demo.p2.json", Hash: h2, Format: 1, Recipe: gen.Recipe{Generator: "gen-json", Role: "json", Options: map[string]string{"profile": "2"}}},
		},
	}
}

// exampleText is example() in the seal format: the layout is a contract
// (docs/seal.md), so it is pinned here.
const exampleText = `toolspec-seal 3
spec "demo"
spec-path "../specs/demo.tspec"
spec-hash ` + h0 + `
identity p1 ` + h0 + `/p1
identity p2 ` + h0 + `/p2
artifact "demo.p1.json" ` + h1 + ` gen-json 1 json profile=1
artifact "out dir/demo.p2.json" ` + h2 + ` gen-json 1 json profile=2
`

// exampleTextV2 is example() as a version 2 seal wrote it, with names
// bare where they could be.
const exampleTextV2 = `toolspec-seal 2
spec demo
spec-path ../specs/demo.tspec
spec-hash ` + h0 + `
identity p1 ` + h0 + `/p1
identity p2 ` + h0 + `/p2
artifact demo.p1.json ` + h1 + ` gen-json 1 json profile=1
artifact "out dir/demo.p2.json" ` + h2 + ` gen-json 1 json profile=2
`

// exampleTextV1 is example() as a version 1 seal wrote it, before seals
// recorded generator formats.
const exampleTextV1 = `toolspec-seal 1
spec demo
spec-path ../specs/demo.tspec
spec-hash ` + h0 + `
identity p1 ` + h0 + `/p1
identity p2 ` + h0 + `/p2
artifact demo.p1.json ` + h1 + ` gen-json json profile=1
artifact "out dir/demo.p2.json" ` + h2 + ` gen-json json profile=2
`

// TestReadVersions: a toolspec reads the seals older ones wrote. A version
// 1 seal has no generator formats: its artifacts read with Format 0,
// "unknown", and it writes back to the same bytes.
func TestReadVersions(t *testing.T) {
	t.Parallel()
	v2 := example()
	v2.Version = 2
	v1 := example()
	v1.Version = 1
	for i := range v1.Artifacts {
		v1.Artifacts[i].Format = 0
	}
	for _, tc := range []struct {
		name, text string
		want       *Seal
	}{
		{"version 1", exampleTextV1, v1},
		{"version 2", exampleTextV2, v2},
		{"version 3", exampleText, example()},
	} {
		got, err := Read(strings.NewReader(tc.text))
		if err != nil {
			t.Errorf("%s: Read: %v", tc.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: Read:\ngot  %+v\nwant %+v", tc.name, got, tc.want)
		}
		if again := string(write(t, got)); again != tc.text {
			t.Errorf("%s: Write(Read(b)) != b:\n%s\n%s", tc.name, again, tc.text)
		}
	}
}

func write(t *testing.T, s *Seal) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, s); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return b.Bytes()
}

func TestWriteLayout(t *testing.T) {
	t.Parallel()
	if got := string(write(t, example())); got != exampleText {
		t.Errorf("Write:\n%s\nwant:\n%s", got, exampleText)
	}
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	for _, name := range []string{
		"demo",
		"with space",
		`quote " and backslash \`,
		"tab\tnewline\nunicode é 😀",
		"k=v",
		`"leading quote`,
		"$(touch${IFS}$HOME/pwned)",
		"`id`",
	} {
		s := example()
		s.SpecName = name
		s.Artifacts[0].Path = name // paths may hold the same characters, but not \ or controls
		if strings.ContainsAny(name, "\\\t\n") {
			s.Artifacts[0].Path = "x/" + strings.NewReplacer(`\`, "", "\t", "", "\n", "").Replace(name)
		}
		if s.Artifacts[0].Path > s.Artifacts[1].Path {
			s.Artifacts[0], s.Artifacts[1] = s.Artifacts[1], s.Artifacts[0]
		}
		data := write(t, s)
		if bytes.ContainsAny(data, "$`") {
			t.Errorf("%q: the seal holds a $ or a backquote a shell would expand:\n%s", name, data)
		}
		got, err := Read(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%q: Read(Write(s)): %v\n%s", name, err, data)
		}
		if !reflect.DeepEqual(got, s) {
			t.Errorf("%q: round trip:\ngot  %+v\nwant %+v", name, got, s)
		}
		if again := write(t, got); !bytes.Equal(again, data) {
			t.Errorf("%q: Write(Read(b)) != b:\n%s\n%s", name, again, data)
		}
	}
}

func TestNoArtifacts(t *testing.T) {
	t.Parallel()
	s := example()
	s.Artifacts = nil
	got, err := Read(bytes.NewReader(write(t, s)))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Artifacts) != 0 || got.SpecHash != h0 {
		t.Errorf("got %+v", got)
	}
}

// exampleTextV3 is exampleText at the top level, where TestReadErrors
// shadows it.
const exampleTextV3 = exampleText

// TestReadErrors: every deviation from the format is an error naming the
// line and the problem.
func TestReadErrors(t *testing.T) {
	t.Parallel()
	// Version 2 spells names bare where it can; the rules that do not
	// depend on quoting read the same in every version.
	exampleText := exampleTextV2
	lines := strings.SplitAfter(exampleText, "\n")
	lines = lines[:len(lines)-1] // the empty string after the last newline
	// edit returns exampleText with line n (1-based) replaced by repl
	// (several lines, or none, allowed).
	edit := func(n int, repl string) string {
		l := append([]string(nil), lines...)
		l[n-1] = repl
		return strings.Join(l, "")
	}
	for _, tc := range []struct {
		name, text, want string
	}{
		{"empty", "", "empty file"},
		{"no final newline", strings.TrimSuffix(exampleText, "\n"), "truncated: no newline at the end of the last line"},
		{"not a seal", "hello\n", `line 1: not a toolspec seal (the first line is not "toolspec-seal <version>")`},
		{"json", "{}\n", "line 1: not a toolspec seal"},
		{"future version", edit(1, "toolspec-seal 4\n"), "line 1: unsupported seal format version 4; this toolspec reads versions 1 to 3"},
		{"version zero", edit(1, "toolspec-seal 0\n"), "line 1: unsupported seal format version 0"},
		{"version leading zero", edit(1, "toolspec-seal 02\n"), "line 1: unsupported seal format version 02"},
		{"version 1 artifact in a version 2 seal", edit(7, "artifact demo.p1.json "+h1+" gen-json json profile=1\n"), `line 7: artifact demo.p1.json: gen-json: format "json" is not a positive whole number`},
		{"version 2 artifact in a version 1 seal", strings.Replace(exampleText, "toolspec-seal 2", "toolspec-seal 1", 1), `line 7: artifact demo.p1.json: option "json" is not name=value`},
		{"format zero", edit(7, "artifact demo.p1.json "+h1+" gen-json 0 json profile=1\n"), `line 7: artifact demo.p1.json: gen-json: format "0" is not a positive whole number`},
		{"format leading zero", edit(7, "artifact demo.p1.json "+h1+" gen-json 01 json profile=1\n"), `format "01" is not a positive whole number`},
		{"format signed", edit(7, "artifact demo.p1.json "+h1+" gen-json +1 json profile=1\n"), `format "+1" is not a positive whole number`},
		{"bad version", edit(1, "toolspec-seal one\n"), "line 1: unsupported seal format version one"},
		{"truncated", strings.Join(lines[:3], ""), `line 4: unexpected end of file; want "spec-hash"`},
		{"swapped lines", edit(2, "spec-path x\n"), `line 2: want "spec", found "spec-path"`},
		{"blank line", edit(2, "\n"), `line 2: want "spec", found an empty line`},
		{"extra field", edit(2, "spec demo extra\n"), "line 2: spec: 2 fields, want 1"},
		{"double space", edit(2, "spec  demo\n"), "line 2: extra space at column 6"},
		{"trailing space", edit(2, "spec demo \n"), "line 2: extra space at column 11"},
		{"crlf", strings.ReplaceAll(exampleText, "\n", "\r\n"), `line 1: carriage return: seal lines end in \n alone`},
		{"unterminated string", edit(2, "spec \"demo\n"), "line 2: unterminated string at column 6"},
		{"junk after string", edit(2, "spec \"de mo\"x\n"), "line 2: want a space at column 13"},
		{"bad escape", edit(2, "spec \"\\q\"\n"), "line 2: bad string at column 6"},
		{"quoted bare name", edit(2, "spec \"demo\"\n"), "line 2: string at column 6 is not in canonical form; write demo"},
		{"quoted bare path", edit(7, "artifact \"demo.p1.json\" "+h1+" gen-json 1 json profile=1\n"), "line 7: string at column 10 is not in canonical form; write demo.p1.json"},
		{"quoted escaped path", edit(8, "artifact \"out\\u0020dir/demo.p2.json\" "+h2+" gen-json 1 json profile=2\n"), `line 8: string at column 10 is not in canonical form; write "out dir/demo.p2.json"`},
		{"quoted spec path", edit(3, "spec-path \"../specs/demo.tspec\"\n"), "line 3: string at column 11 is not in canonical form"},
		{"absolute spec path", edit(3, "spec-path /etc/demo.tspec\n"), `line 3: spec-path: path "/etc/demo.tspec" is absolute`},
		{"unclean spec path", edit(3, "spec-path a/../demo.tspec\n"), `line 3: spec-path: path "a/../demo.tspec" is not clean (want "demo.tspec")`},
		{"backslash path", edit(3, "spec-path \"a\\\\demo.tspec\"\n"), "has a control character or a backslash"},
		{"upper-case hash", edit(4, "spec-hash "+strings.Repeat("AB", 32)+"\n"), "line 4: spec-hash: \"" + strings.Repeat("AB", 32) + "\" is not a BLAKE3-256 in lowercase hex"},
		{"short hash", edit(4, "spec-hash abc\n"), `line 4: spec-hash: "abc" is not a BLAKE3-256`},
		{"identity of another hash", edit(5, "identity p1 "+h1+"/p1\n"), "line 5: identity p1: \"" + h1 + "/p1\" is not the identity of the spec hash"},
		{"identity wrong profile", edit(5, "identity p2 "+h0+"/p2\n"), `line 5: identity: profile "p2", want "p1"`},
		{"missing identity", edit(6, ""), `line 6: want "identity", found "artifact"`},
		{"unknown line", exampleText + "comment here\n", `line 9: want "artifact", found "comment"`},
		{"artifact too short", edit(7, "artifact demo.p1.json "+h1+" gen-json 1\n"), "line 7: artifact: 4 fields, want at least 5"},
		{"artifact bad hash", edit(7, "artifact demo.p1.json xyz gen-json 1 json profile=1\n"), `line 7: artifact demo.p1.json: hash "xyz" is not a BLAKE3-256`},
		{"artifact absolute", edit(7, "artifact /demo.p1.json "+h1+" gen-json 1 json profile=1\n"), `line 7: artifact /demo.p1.json: path "/demo.p1.json" is absolute`},
		{"unknown generator", edit(7, "artifact demo.p1.json "+h1+" gen-cobol 1 json profile=1\n"), `line 7: artifact demo.p1.json: unknown generator "gen-cobol"`},
		{"unknown role", edit(7, "artifact demo.p1.json "+h1+" gen-json 1 yaml profile=1\n"), `line 7: artifact demo.p1.json: gen-json: unknown role "yaml" (want json)`},
		{"bad profile", edit(7, "artifact demo.p1.json "+h1+" gen-json 1 json profile=4\n"), `line 7: artifact demo.p1.json: gen-json: profile must be 1, 2 or 3, not "4"`},
		{"missing option", edit(7, "artifact demo.p1.json "+h1+" gen-json 1 json\n"), `line 7: artifact demo.p1.json: gen-json: missing option "profile"`},
		{"unknown option", edit(7, "artifact demo.p1.json "+h1+" gen-json 1 json profile=1 zzz=1\n"), `line 7: artifact demo.p1.json: gen-json: unknown option "zzz"`},
		{"option without value", edit(7, "artifact demo.p1.json "+h1+" gen-json 1 json profile=\n"), `line 7: artifact demo.p1.json: option "profile=" is not name=value`},
		{"option repeated", edit(7, "artifact demo.p1.json "+h1+" gen-json 1 json profile=1 profile=2\n"), `line 7: artifact demo.p1.json: option "profile" repeated or out of order`},
		{"artifacts out of order", lines[0] + lines[1] + lines[2] + lines[3] + lines[4] + lines[5] + lines[7] + lines[6], `line 8: artifact demo.p1.json out of order: artifacts are sorted by path`},
		{"artifact twice", exampleText + lines[7], `line 9: artifact "out dir/demo.p2.json" listed twice`},
		// Version 3 always quotes names, with $ and ` escaped, and nothing else.
		{"v3 bare name", strings.Replace(exampleTextV3, `spec "demo"`, `spec demo`, 1), `line 2: field at column 6 is not in canonical form; write "demo"`},
		{"v3 bare path", strings.Replace(exampleTextV3, `artifact "demo.p1.json"`, `artifact demo.p1.json`, 1), `line 7: field at column 10 is not in canonical form; write "demo.p1.json"`},
		{"v3 bare spec path", strings.Replace(exampleTextV3, `spec-path "../specs/demo.tspec"`, `spec-path ../specs/demo.tspec`, 1), `line 3: field at column 11 is not in canonical form; write "../specs/demo.tspec"`},
		{"v3 quoted hash", strings.Replace(exampleTextV3, "spec-hash "+h0, "spec-hash \""+h0+"\"", 1), `line 4: string at column 11 is not in canonical form; write ` + h0},
		{"v3 dollar unescaped", strings.Replace(exampleTextV3, `spec "demo"`, `spec "$(touch${IFS}x)"`, 1), `line 2: string at column 6 is not in canonical form; write "\u0024(touch\u0024{IFS}x)"`},
		{"v3 backquote unescaped", strings.Replace(exampleTextV3, `spec "demo"`, "spec \"`id`\"", 1), `line 2: string at column 6 is not in canonical form; write "\u0060id\u0060"`},
	} {
		_, err := Read(strings.NewReader(tc.text))
		if err == nil {
			t.Errorf("%s: Read succeeded, want error %q", tc.name, tc.want)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error\n  %v\nwant it to contain\n  %s", tc.name, err, tc.want)
		}
	}
}

func TestReadVersionIsSentinel(t *testing.T) {
	t.Parallel()
	_, err := Read(strings.NewReader("toolspec-seal 9\n"))
	if !errors.Is(err, ErrVersion) {
		t.Errorf("Read of version 9: %v, want an error wrapping ErrVersion", err)
	}
	_, err = Read(strings.NewReader("spec demo\n"))
	if err == nil || errors.Is(err, ErrVersion) {
		t.Errorf("Read of a non-seal: %v, want an error not wrapping ErrVersion", err)
	}
}

// TestWriteRefusesInvalid: Write writes only what Read accepts.
func TestWriteRefusesInvalid(t *testing.T) {
	t.Parallel()
	for name, spoil := range map[string]func(*Seal){
		"unsorted artifacts":  func(s *Seal) { s.Artifacts[0], s.Artifacts[1] = s.Artifacts[1], s.Artifacts[0] },
		"duplicate artifact":  func(s *Seal) { s.Artifacts[1].Path = s.Artifacts[0].Path },
		"bad hash":            func(s *Seal) { s.Artifacts[0].Hash = "nope" },
		"option with space":   func(s *Seal) { s.Artifacts[0].Options["profile"] = "1 2" },
		"unknown generator":   func(s *Seal) { s.Artifacts[0].Generator = "gen-cobol" },
		"identity mismatch":   func(s *Seal) { s.Identities[1] = h1 + "/p2" },
		"absolute path":       func(s *Seal) { s.SpecPath = "/demo.tspec" },
		"three identities":    func(s *Seal) { s.Identities = append(s.Identities, h0+"/p3") },
		"one identity":        func(s *Seal) { s.Identities = s.Identities[:1] },
		"no version":          func(s *Seal) { s.Version = 0 },
		"future version":      func(s *Seal) { s.Version = Version + 1 },
		"unknown format":      func(s *Seal) { s.Artifacts[0].Format = 0 },
		"format in version 1": func(s *Seal) { s.Version = 1 },
	} {
		s := example()
		spoil(s)
		var b bytes.Buffer
		if err := Write(&b, s); err == nil {
			t.Errorf("%s: Write succeeded:\n%s", name, b.Bytes())
		} else if b.Len() != 0 {
			t.Errorf("%s: Write failed (%v) but wrote %d bytes", name, err, b.Len())
		}
	}
}

// TestReadCap: a seal over MaxSealSize is refused without reading it all.
func TestReadCap(t *testing.T) {
	t.Parallel()
	huge := io.MultiReader(strings.NewReader(exampleText), endless{})
	_, err := Read(huge)
	if err == nil || err.Error() != "larger than 16 MiB, the cap on a seal" {
		t.Errorf("Read of an endless seal: %v", err)
	}
}

// endless reads as an endless run of newlines.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '\n'
	}
	return len(p), nil
}

// TestReadCapsArtifacts: a seal lists at most MaxArtifacts artifacts.
func TestReadCapsArtifacts(t *testing.T) {
	t.Parallel()
	head := strings.SplitAfterN(exampleText, "\n", 7)
	var b strings.Builder
	for _, l := range head[:6] {
		b.WriteString(l)
	}
	for i := range MaxArtifacts + 1 {
		fmt.Fprintf(&b, "artifact \"gen/%06d.json\" %s gen-json 1 json profile=1\n", i, h1)
	}
	_, err := Read(strings.NewReader(b.String()))
	if err == nil || !strings.Contains(err.Error(), "more than 4096 artifacts") {
		t.Errorf("Read of %d artifacts: %v, want the cap", MaxArtifacts+1, err)
	}
}
