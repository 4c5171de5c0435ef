package report

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/toolspec/toolspec/model"
	"github.com/toolspec/toolspec/validate"
)

// judge validates a fixture's value against a compiled schema (root is the
// model the schema was emitted from) and says whether the fixture holds.
// reason explains a fixture that does not.
func judge(fx *model.Fixture, sch *validate.Schema, root *model.Type) (ok bool, fails []validate.Failure, reason string) {
	fails, err := sch.Validate(fx.Value)
	if err != nil {
		return false, nil, "cannot validate: " + err.Error()
	}
	ok, reason = verdict(fx, fails, root)
	return ok, fails, reason
}

// verdict says whether a fixture holds given the failures of its value.
func verdict(fx *model.Fixture, fails []validate.Failure, root *model.Type) (ok bool, reason string) {
	switch {
	case fx.Accept && len(fails) == 0:
		return true, ""
	case fx.Accept:
		return false, "rejected (" + failureList(fails) + "), want accepted"
	case len(fails) == 0:
		return false, "accepted, want rejected" + becauseText(fx)
	case fx.Because == "":
		return true, ""
	}
	for _, f := range fails {
		if f.Keyword == fx.Because && (fx.At == nil || atMatches(f, *fx.At, fx.Value, root)) {
			return true, ""
		}
	}
	return false, "rejected, but not" + becauseText(fx) + ": failed " + failureList(fails)
}

func becauseText(fx *model.Fixture) string {
	if fx.Because == "" {
		return ""
	}
	s := " because " + fx.Because
	if fx.At != nil {
		s += " at " + strconv.Quote(*fx.At)
	}
	return s
}

// failureList writes failures as "maximum at /level, required at (root)".
func failureList(fs []validate.Failure) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.String()
	}
	return strings.Join(parts, ", ")
}

// atMatches says whether a failure happened at the instance location a
// `because K at P` names. The locations must be equal, with one allowance:
// the validator reports required and additionalProperties at the object
// that lacks or has the property, and P may instead name the property
// itself (the object's location plus "/name").
func atMatches(f validate.Failure, at string, value []byte, root *model.Type) bool {
	if f.At == at {
		return true
	}
	if f.Keyword != "required" && f.Keyword != "additionalProperties" {
		return false
	}
	if !strings.HasPrefix(at, f.At+"/") {
		return false
	}
	for _, n := range propertyNames(f, value, root) {
		if at == f.At+"/"+escapePointer(n) {
			return true
		}
	}
	return false
}

// propertyNames lists the properties a required or additionalProperties
// failure is about: the required rows missing from the object at f.At, or
// the members it has that its (closed) object has no row for.
func propertyNames(f validate.Failure, value []byte, root *model.Type) []string {
	d := json.NewDecoder(bytes.NewReader(value))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil
	}
	at := splitPointer(f.At)
	t := root
	for _, tok := range at {
		if t == nil {
			return nil
		}
		t = childType(t, tok)
	}
	obj, ok := validate.ValueAt(v, at).(map[string]any)
	if t == nil || t.Kind != model.Object || !ok {
		return nil
	}
	var names []string
	if f.Keyword == "required" {
		for _, fl := range t.Fields {
			if _, has := obj[fl.Name]; fl.Required && !has {
				names = append(names, fl.Name)
			}
		}
		return names
	}
	for k := range obj {
		if t.Field(k) == nil {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	return names
}

// childType is the type of the member or item tok of a value of type t.
func childType(t *model.Type, tok string) *model.Type {
	switch t.Kind {
	case model.Object:
		if f := t.Field(tok); f != nil {
			return f.Type
		}
	case model.Array, model.Map:
		return t.Elem
	case model.Tuple:
		if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(t.Items) {
			return t.Items[i]
		}
	case model.Union:
		// The first variant that has such a child (variants of one JSON
		// type are rare; the variant a value took is not known here).
		for _, v := range t.Variants {
			if c := childType(v, tok); c != nil {
				return c
			}
		}
	case model.String, model.Integer, model.Number, model.Boolean, model.Any, model.Enum:
		// No children.
	}
	return nil
}

func splitPointer(p string) []string {
	if p == "" {
		return nil
	}
	toks := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
