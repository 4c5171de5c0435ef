package js

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// jsonValue is a JSON value with its object members in document order: the
// validators are compiled from the emitted schema text, so that they check
// exactly the keywords a client's validator reads.
type jsonValue struct {
	kind    byte // one of the jsonKind* constants
	text    string
	members []jsonMember // objects
	elems   []*jsonValue // arrays
}

type jsonMember struct {
	key   string
	value *jsonValue
}

const (
	jsonNull byte = iota + 1
	jsonBool
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

// member returns the value of key, or nil.
func (v *jsonValue) member(key string) *jsonValue {
	for _, m := range v.members {
		if m.key == key {
			return m.value
		}
	}
	return nil
}

// parseJSON reads one JSON text. It is only given gen/schema's output, so
// it reports the first syntax error and does not try to be forgiving.
func parseJSON(data []byte) (*jsonValue, error) {
	p := &jsonParser{data: data}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.ws()
	if p.pos != len(p.data) {
		return nil, p.errorf("data after the value")
	}
	return v, nil
}

type jsonParser struct {
	data []byte
	pos  int
}

func (p *jsonParser) errorf(format string, args ...any) error {
	return fmt.Errorf("gen/js: schema JSON at offset %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *jsonParser) ws() {
	for p.pos < len(p.data) && bytes.IndexByte([]byte(" \t\r\n"), p.data[p.pos]) >= 0 {
		p.pos++
	}
}

func (p *jsonParser) value() (*jsonValue, error) {
	p.ws()
	if p.pos >= len(p.data) {
		return nil, p.errorf("unexpected end")
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		p.pos++
		v := &jsonValue{kind: jsonObject}
		p.ws()
		if p.pos < len(p.data) && p.data[p.pos] == '}' {
			p.pos++
			return v, nil
		}
		for {
			p.ws()
			key, err := p.str()
			if err != nil {
				return nil, err
			}
			p.ws()
			if p.pos >= len(p.data) || p.data[p.pos] != ':' {
				return nil, p.errorf("want ':'")
			}
			p.pos++
			val, err := p.value()
			if err != nil {
				return nil, err
			}
			v.members = append(v.members, jsonMember{key, val})
			if done, err := p.next('}'); err != nil || done {
				return v, err
			}
		}
	case c == '[':
		p.pos++
		v := &jsonValue{kind: jsonArray}
		p.ws()
		if p.pos < len(p.data) && p.data[p.pos] == ']' {
			p.pos++
			return v, nil
		}
		for {
			e, err := p.value()
			if err != nil {
				return nil, err
			}
			v.elems = append(v.elems, e)
			if done, err := p.next(']'); err != nil || done {
				return v, err
			}
		}
	case c == '"':
		s, err := p.str()
		return &jsonValue{kind: jsonString, text: s}, err
	case c == 't' || c == 'f' || c == 'n':
		for _, w := range []string{"true", "false", "null"} {
			if bytes.HasPrefix(p.data[p.pos:], []byte(w)) {
				p.pos += len(w)
				if w == "null" {
					return &jsonValue{kind: jsonNull}, nil
				}
				return &jsonValue{kind: jsonBool, text: w}, nil
			}
		}
		return nil, p.errorf("invalid literal")
	default:
		start := p.pos
		for p.pos < len(p.data) && bytes.IndexByte([]byte("+-.0123456789eE"), p.data[p.pos]) >= 0 {
			p.pos++
		}
		text := string(p.data[start:p.pos])
		if !isJSONNumber(text) {
			return nil, p.errorf("invalid number %q", text)
		}
		return &jsonValue{kind: jsonNumber, text: text}, nil
	}
}

// next consumes ',' (false) or the closing byte (true).
func (p *jsonParser) next(closing byte) (bool, error) {
	p.ws()
	if p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ',':
			p.pos++
			return false, nil
		case closing:
			p.pos++
			return true, nil
		}
	}
	return false, p.errorf("want ',' or %q", closing)
}

func (p *jsonParser) str() (string, error) {
	if p.pos >= len(p.data) || p.data[p.pos] != '"' {
		return "", p.errorf("want a string")
	}
	start := p.pos
	p.pos++
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case '\\':
			p.pos += 2
			continue
		case '"':
			p.pos++
			s, err := strconv.Unquote(string(p.data[start:p.pos]))
			if err != nil {
				// JSON escapes Go cannot unquote: \/ and surrogate pairs.
				return unquoteJSON(p.data[start:p.pos])
			}
			return s, nil
		}
		p.pos++
	}
	return "", p.errorf("unterminated string")
}

// unquoteJSON decodes a JSON string literal with any escape.
func unquoteJSON(lit []byte) (string, error) {
	var s string
	if err := json.Unmarshal(lit, &s); err != nil {
		return "", fmt.Errorf("gen/js: schema JSON string %s: %v", lit, err)
	}
	return s, nil
}

// isJSONNumber reports whether text is a JSON number, so that it can be
// written into JavaScript source as a numeric literal.
func isJSONNumber(text string) bool {
	i := 0
	if i < len(text) && text[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			i++
			n++
		}
		return n
	}
	switch {
	case i < len(text) && text[i] == '0':
		i++
	case digits() == 0:
		return false
	}
	if i < len(text) && text[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(text) && (text[i] == 'e' || text[i] == 'E') {
		i++
		if i < len(text) && (text[i] == '+' || text[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(text)
}
