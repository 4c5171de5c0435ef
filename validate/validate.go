package validate

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/toolspec/toolspec/internal/pattern"
)

// Draft selects the JSON Schema dialect a schema is compiled as.
type Draft int

const (
	Draft2020 Draft = iota
	Draft7
)

// Schema is a compiled schema.
type Schema struct{ s *jsonschema.Schema }

// Compile compiles one self-contained schema.
func Compile(schema []byte, draft Draft) (*Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, fmt.Errorf("schema is not JSON: %w", err)
	}
	c := jsonschema.NewCompiler()
	c.UseRegexpEngine(ecmaRegexp)
	if draft == Draft7 {
		c.DefaultDraft(jsonschema.Draft7)
	} else {
		c.DefaultDraft(jsonschema.Draft2020)
	}
	const url = "mem:///schema.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	s, err := c.Compile(url)
	if err != nil {
		return nil, err
	}
	return &Schema{s}, nil
}

// ecmaRegexp compiles a pattern with ECMAScript's meaning (JSON Schema's),
// which differs from RE2's only in what `.` matches (internal/pattern).
func ecmaRegexp(p string) (jsonschema.Regexp, error) {
	re, err := regexp.Compile(pattern.RE2(p))
	if err != nil {
		return nil, err
	}
	return written{re, p}, nil
}

// written is a compiled pattern that prints as the schema wrote it.
type written struct {
	*regexp.Regexp
	text string
}

func (w written) String() string { return w.text }

// Failure is one keyword that failed at one instance location.
type Failure struct {
	Keyword string // e.g. "maximum"
	At      string // JSON pointer into the value, "" for the root
	Message string // the validator's words, e.g. "maximum: got 4, want 3"
}

func (f Failure) String() string {
	at := f.At
	if at == "" {
		at = "(root)"
	}
	return fmt.Sprintf("%s at %s", f.Keyword, at)
}

// Validate checks a JSON value. It returns nil when the value is valid and
// otherwise every failing keyword with its instance location, sorted.
func (s *Schema) Validate(value []byte) ([]Failure, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(value))
	if err != nil {
		return nil, fmt.Errorf("value is not JSON: %w", err)
	}
	err = s.s.Validate(v)
	if err == nil {
		return nil, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return nil, err
	}
	var out []Failure
	collect(ve, &out)
	sort.Slice(out, func(i, j int) bool {
		if out[i].At != out[j].At {
			return out[i].At < out[j].At
		}
		return out[i].Keyword < out[j].Keyword
	})
	return out, nil
}

// collect walks the error tree and keeps the leaves: the keywords that
// failed themselves rather than because a subschema failed; and anyOf
// (a union no variant accepts) beside its variants' leaves, as ajv
// reports it, so that a fixture can say `because anyOf`.
func collect(ve *jsonschema.ValidationError, out *[]Failure) {
	if path := ve.ErrorKind.KeywordPath(); len(path) == 1 && path[0] == "anyOf" {
		*out = append(*out, Failure{Keyword: "anyOf", At: pointer(ve.InstanceLocation), Message: "anyOf: matches none of the variants"})
	}
	if len(ve.Causes) > 0 {
		for _, c := range ve.Causes {
			collect(c, out)
		}
		return
	}
	path := ve.ErrorKind.KeywordPath()
	kw := ""
	if len(path) > 0 {
		kw = path[len(path)-1]
	}
	// additionalProperties:false reports the false schema itself.
	if kw == "false" || kw == "" {
		for i := len(path) - 1; i >= 0; i-- {
			if path[i] != "false" {
				kw = path[i]
				break
			}
		}
	}
	msg := ve.Error()
	// Leaves read "at '/a': maximum: got 4, want 3"; the location is At.
	if strings.HasPrefix(msg, "at '") {
		if i := strings.Index(msg, "': "); i >= 0 {
			msg = msg[i+3:]
		}
	}
	*out = append(*out, Failure{Keyword: kw, At: pointer(ve.InstanceLocation), Message: msg})
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		t = strings.ReplaceAll(t, "~", "~0")
		b.WriteString(strings.ReplaceAll(t, "/", "~1"))
	}
	return b.String()
}
