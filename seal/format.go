package seal

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/internal/jsonstr"
	"github.com/toolspec/toolspec/model"
)

// Version is the seal format version this toolspec writes. Bump it
// whenever the grammar or the meaning of a field changes, and whenever
// canonicalization (and so the spec hash of an unchanged spec) changes.
//
// Version 2 added each artifact's generator format (Artifact.Format).
// Version 3 always quotes names (the spec name, the spec path, artifact
// paths), with $ and ` escaped, so that no name reads as shell words.
const Version = 3

// MinVersion is the oldest seal format version this toolspec still reads.
// A version 1 seal records no generator formats; its artifacts read with
// Format 0, "unknown".
const MinVersion = 1

// magic starts the first line of every seal: "toolspec-seal <version>".
const magic = "toolspec-seal"

// Seal is the content of one seal file. Paths are slash-separated and
// relative to the directory of the seal file.
type Seal struct {
	// Version is the format version the seal is written in: Version for a
	// seal Make builds, the file's own for one Read parses. Write writes
	// it back, so a seal reads and writes to the same bytes.
	Version  int
	SpecName string
	SpecPath string
	SpecHash string
	// Identities are the catalog identities of the profiles, in profile
	// order: "<spec_hash>/p1", "<spec_hash>/p2".
	Identities []string
	// Artifacts are sorted by Path; no two share one.
	Artifacts []Artifact
}

// Artifact is one sealed generated file.
type Artifact struct {
	Path string
	// Hash is the BLAKE3-256 of the file's bytes, lowercase hex.
	Hash string
	// Format is the output format version of the generator that wrote
	// the file (gen.Backend.Format); 0 when unknown, as in a version 1
	// seal. Verify tells "the generator changed" from "stale" by it.
	Format int
	gen.Recipe
}

// ErrVersion is wrapped by the error Read returns for a seal written in
// another format version.
var ErrVersion = errors.New("unsupported seal format version")

// ParseError is a seal that does not follow the format.
type ParseError struct {
	Line int // 1-based; 0 for the file as a whole
	Msg  string
	Err  error // wrapped sentinel, if any
}

func (e *ParseError) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

func (e *ParseError) Unwrap() error { return e.Err }

var (
	hexRE    = regexp.MustCompile(`^[0-9a-f]{64}$`)
	optionRE = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
)

// Write writes s in the seal format. It does not sort: s must already be
// valid (Make's result, or Read's).
func Write(w io.Writer, s *Seal) error {
	if s.Version < MinVersion || s.Version > Version {
		return fmt.Errorf("refusing to write an invalid seal: %w %d", ErrVersion, s.Version)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %d\n", magic, s.Version)
	name := nameQuoter(s.Version)
	fmt.Fprintf(&b, "spec %s\n", name(s.SpecName))
	fmt.Fprintf(&b, "spec-path %s\n", name(s.SpecPath))
	fmt.Fprintf(&b, "spec-hash %s\n", s.SpecHash)
	for i, id := range s.Identities {
		fmt.Fprintf(&b, "identity p%d %s\n", i+1, id) // profiles count from 1
	}
	for _, a := range s.Artifacts {
		switch {
		case s.Version == 1 && a.Format != 0:
			return fmt.Errorf("refusing to write an invalid seal: a version 1 seal cannot record the generator format of %s", a.Path)
		case s.Version == 1:
			fmt.Fprintf(&b, "artifact %s %s %s\n", name(a.Path), a.Hash, a.Recipe)
		default:
			fmt.Fprintf(&b, "artifact %s %s %s %d %s\n", name(a.Path), a.Hash, a.Generator, a.Format, recipeTail(a.Recipe))
		}
	}
	// Write only what Read accepts: sorted, unique, well-formed fields.
	if _, err := Read(bytes.NewReader(b.Bytes())); err != nil {
		return fmt.Errorf("refusing to write an invalid seal: %w", err)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// Read parses a seal of at most MaxSealSize bytes. Every deviation from
// the format is an error naming the line and the problem; a seal of
// another format version is an error wrapping ErrVersion.
func Read(r io.Reader) (*Seal, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSealSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSealSize {
		return nil, &ParseError{Msg: fmt.Sprintf("larger than %s, the cap on a seal", sizeText(MaxSealSize))}
	}
	if len(data) == 0 {
		return nil, &ParseError{Msg: "empty file"}
	}
	if data[len(data)-1] != '\n' {
		return nil, &ParseError{Msg: "truncated: no newline at the end of the last line"}
	}
	if i := bytes.IndexByte(data, '\r'); i >= 0 {
		return nil, &ParseError{Line: 1 + bytes.Count(data[:i], []byte("\n")), Msg: "carriage return: seal lines end in \\n alone"}
	}
	p := &parser{lines: strings.Split(string(data[:len(data)-1]), "\n")}
	return p.seal()
}

type parser struct {
	lines   []string
	line    int // lines read so far
	version int // once the first line is read
}

func (p *parser) errorf(format string, args ...any) error {
	return &ParseError{Line: p.line, Msg: fmt.Sprintf(format, args...)}
}

// next returns the fields of the next line, which must start with keyword
// and have want fields after it (want < 0: at least -want).
func (p *parser) next(keyword string, want int) ([]string, error) {
	p.line++
	if p.line > len(p.lines) {
		return nil, p.errorf("unexpected end of file; want %q", keyword)
	}
	f, quoted, err := fields(p.lines[p.line-1])
	if err != nil {
		return nil, p.errorf("%v", err)
	}
	if err := p.spelling(keyword, f, quoted); err != nil {
		return nil, p.errorf("%v", err)
	}
	if len(f) == 0 || f[0] != keyword {
		got := "an empty line"
		if len(f) > 0 {
			got = strconv.Quote(f[0])
		}
		return nil, p.errorf("want %q, found %s", keyword, got)
	}
	n := len(f) - 1
	if want >= 0 && n != want {
		return nil, p.errorf("%s: %d fields, want %d", keyword, n, want)
	}
	if want < 0 && n < -want {
		return nil, p.errorf("%s: %d fields, want at least %d", keyword, n, -want)
	}
	return f[1:], nil
}

func (p *parser) seal() (*Seal, error) {
	f, err := p.next(magic, 1)
	if err != nil {
		return nil, &ParseError{Line: 1, Msg: "not a toolspec seal (the first line is not \"" + magic + " <version>\")"}
	}
	v, err := strconv.Atoi(f[0])
	if err != nil || v < MinVersion || v > Version || f[0] != strconv.Itoa(v) {
		return nil, &ParseError{Line: 1, Err: ErrVersion,
			Msg: fmt.Sprintf("%v %s; this toolspec reads versions %d to %d", ErrVersion, f[0], MinVersion, Version)}
	}
	s := &Seal{Version: v}
	p.version = v
	if f, err = p.next("spec", 1); err != nil {
		return nil, err
	}
	s.SpecName = f[0]
	if f, err = p.next("spec-path", 1); err != nil {
		return nil, err
	}
	if err := checkPath(f[0]); err != nil {
		return nil, p.errorf("spec-path: %v", err)
	}
	s.SpecPath = f[0]
	if f, err = p.next("spec-hash", 1); err != nil {
		return nil, err
	}
	if !hexRE.MatchString(f[0]) {
		return nil, p.errorf("spec-hash: %q is not a BLAKE3-256 in lowercase hex", f[0])
	}
	s.SpecHash = f[0]
	for _, profile := range model.Profiles {
		if f, err = p.next("identity", 2); err != nil {
			return nil, err
		}
		if want := fmt.Sprintf("p%d", profile); f[0] != want {
			return nil, p.errorf("identity: profile %q, want %q", f[0], want)
		}
		if want := fmt.Sprintf("%s/p%d", s.SpecHash, profile); f[1] != want {
			return nil, p.errorf("identity %s: %q is not the identity of the spec hash, %q", f[0], f[1], want)
		}
		s.Identities = append(s.Identities, f[1])
	}
	// Version 2 has the generator format after the generator.
	minFields := 4
	if s.Version >= 2 {
		minFields = 5
	}
	for p.line < len(p.lines) {
		if f, err = p.next("artifact", -minFields); err != nil {
			return nil, err
		}
		a, err := artifact(s.Version, f)
		if err != nil {
			return nil, p.errorf("artifact %s: %v", quote(f[0]), err)
		}
		if n := len(s.Artifacts); n > 0 {
			switch prev := s.Artifacts[n-1].Path; {
			case prev == a.Path:
				return nil, p.errorf("artifact %s listed twice", quote(a.Path))
			case prev > a.Path:
				return nil, p.errorf("artifact %s out of order: artifacts are sorted by path", quote(a.Path))
			}
		}
		s.Artifacts = append(s.Artifacts, a)
	}
	return s, nil
}

// artifact parses the fields of an artifact line after the keyword: path,
// hash, generator, its format (from version 2 on), role, options.
func artifact(version int, f []string) (Artifact, error) {
	a := Artifact{Path: f[0], Hash: f[1], Recipe: gen.Recipe{Generator: f[2], Options: map[string]string{}}}
	if err := checkPath(a.Path); err != nil {
		return a, err
	}
	if !hexRE.MatchString(a.Hash) {
		return a, fmt.Errorf("hash %q is not a BLAKE3-256 in lowercase hex", a.Hash)
	}
	rest := f[3:]
	if version >= 2 {
		n, err := strconv.Atoi(rest[0])
		if err != nil || n < 1 || rest[0] != strconv.Itoa(n) {
			return a, fmt.Errorf("%s: format %q is not a positive whole number", a.Generator, rest[0])
		}
		a.Format, rest = n, rest[1:]
	}
	a.Role = rest[0]
	prev := ""
	for _, o := range rest[1:] {
		k, v, ok := strings.Cut(o, "=")
		switch {
		case !ok || !optionRE.MatchString(k) || v == "":
			return a, fmt.Errorf("option %q is not name=value", o)
		case k <= prev:
			return a, fmt.Errorf("option %q repeated or out of order: options are sorted by name", k)
		}
		prev = k
		a.Options[k] = v
	}
	if err := a.Recipe.Check(); err != nil {
		return a, err
	}
	return a, nil
}

// recipeTail is a recipe as the seal writes it after the generator (and
// its format): role, then options.
func recipeTail(r gen.Recipe) string {
	_, tail, _ := strings.Cut(r.String(), " ")
	return tail
}

// bare reports whether s can be written without quotes: printable ASCII
// other than space, '"' and '\\'.
func bare(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c > '~' || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// quotesNames is the first version that always quotes names.
const quotesNames = 3

// nameQuoter returns how a seal of version v writes a name or path.
func nameQuoter(v int) func(string) string {
	if v >= quotesNames {
		return quoteName
	}
	return quote
}

// quoteName writes a name or path as version 3 does: always a JSON string
// literal, with $ and ` escaped too, so that even a shell sourcing the
// seal by mistake would find no expansion in it.
func quoteName(s string) string {
	q := jsonstr.Quote(s)
	if !strings.ContainsAny(q, "$`") {
		return q
	}
	return strings.NewReplacer("$", `\u0024`, "`", `\u0060`).Replace(q)
}

// spelling checks, from version 3 on, that the name fields of a line are
// quoted in quoteName's spelling and no other field is quoted: one
// spelling per seal.
func (p *parser) spelling(keyword string, f []string, quoted []quoting) error {
	for i, q := range quoted {
		want := quote(f[i])
		if p.version >= quotesNames {
			want = f[i]
			if i == 1 && f[0] == keyword && (keyword == "spec" || keyword == "spec-path" || keyword == "artifact") {
				want = quoteName(f[i])
			}
		}
		got, what := q.text, "string"
		if got == "" {
			got, what = f[i], "field"
		}
		if got != want {
			return fmt.Errorf("%s at column %d is not in canonical form; write %s", what, q.col, want)
		}
	}
	return nil
}

// quoting is where a field starts and, when quoted, how it was spelled.
type quoting struct {
	text string
	col  int
}

// quote writes a name or path as one field as versions 1 and 2 do: bare
// when it can be, else as a JSON string literal.
func quote(s string) string {
	if bare(s) {
		return s
	}
	return jsonstr.Quote(s)
}

// fields splits a line into fields separated by single spaces; a field is
// bare or, when it cannot be bare, a JSON string literal spelled as quote
// spells it.
func fields(line string) (f []string, quoted []quoting, err error) {
	for i := 0; i < len(line); {
		if len(f) > 0 {
			if line[i] != ' ' {
				return nil, nil, fmt.Errorf("want a space at column %d", i+1)
			}
			i++
		}
		if i == len(line) || line[i] == ' ' {
			return nil, nil, fmt.Errorf("extra space at column %d", i+1)
		}
		if line[i] != '"' {
			j := strings.IndexByte(line[i:], ' ')
			if j < 0 {
				j = len(line) - i
			}
			if w := line[i : i+j]; !bare(w) {
				return nil, nil, fmt.Errorf("field %q at column %d: unquoted fields are printable ASCII without '\"' or '\\'", w, i+1)
			}
			f = append(f, line[i:i+j])
			quoted = append(quoted, quoting{col: i + 1})
			i += j
			continue
		}
		j := i + 1
		for j < len(line) && line[j] != '"' {
			if line[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(line) {
			return nil, nil, fmt.Errorf("unterminated string at column %d", i+1)
		}
		var v string
		if err := json.Unmarshal([]byte(line[i:j+1]), &v); err != nil {
			return nil, nil, fmt.Errorf("bad string at column %d: %v", i+1, err)
		}
		// One spelling per value (what the version's quoting writes),
		// checked by spelling once the version is known: other escapes
		// would let two seals that differ in bytes say the same thing.
		f = append(f, v)
		quoted = append(quoted, quoting{line[i : j+1], i + 1})
		i = j + 1
	}
	return f, quoted, nil
}

// checkPath reports whether p is a clean, relative, slash-separated path.
func checkPath(p string) error {
	switch {
	case p == "":
		return errors.New("empty path")
	case !utf8.ValidString(p):
		return fmt.Errorf("path %q is not UTF-8", p)
	case strings.ContainsFunc(p, func(r rune) bool { return r < ' ' || r == 0x7f || r == '\\' }):
		return fmt.Errorf("path %q has a control character or a backslash", p)
	case path.IsAbs(p):
		return fmt.Errorf("path %q is absolute; seal paths are relative to the seal", p)
	case path.Clean(p) != p:
		return fmt.Errorf("path %q is not clean (want %q)", p, path.Clean(p))
	}
	return nil
}
