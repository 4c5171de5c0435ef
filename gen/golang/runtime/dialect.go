package runtime

import (
	"bytes"
	"encoding/json"
)

// Everything after the import block is copied into a generated file made
// with dialects (gen-go --dialects), after runtime.go's part.

// tsDialectList returns a dialect table narrowed to the tools keep keeps,
// byte for byte, with id as its catalog identity under key (a JSON string),
// and cache (a profile-3 table's members, with their comma, or "") between.
func tsDialectList(table []byte, keep func(int) bool, key, id, cache string) []byte {
	var full struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(table, &full); err != nil {
		panic("toolspec: a generated dialect table is not JSON") // a generator bug
	}
	var b bytes.Buffer
	b.WriteString(`{"tools":[`)
	n := 0
	for i, t := range full.Tools {
		if !keep(i) {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		b.Write(t)
		n++
	}
	quoted, _ := json.Marshal(id)
	b.WriteString(`],` + cache + `"_meta":{` + key + ":")
	b.Write(quoted)
	b.WriteString("}}")
	return b.Bytes()
}

// tsInputSchemas maps each tool of a standard tools/list table to its
// inputSchema, decoded.
func tsInputSchemas(table []byte) map[string]map[string]any {
	var t struct {
		Tools []struct {
			Name        string         `json:"name"`
			InputSchema map[string]any `json:"inputSchema"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(table, &t); err != nil {
		panic("toolspec: the generated tools/list table is not JSON") // a generator bug
	}
	m := make(map[string]map[string]any, len(t.Tools))
	for _, tool := range t.Tools {
		m[tool.Name] = tool.InputSchema
	}
	return m
}

// tsNormalizeStrict brings arguments an openai_strict client sent back to
// the spec's shapes: a null for an optional property whose schema does not
// take null is dropped, at every depth (the dialect lists every property
// as required, so the model sends null for one it leaves out). Arguments
// it cannot read, or in which nothing is dropped, are returned as they
// are: the spec's decoder then judges them.
func tsNormalizeStrict(schema map[string]any, args []byte) []byte {
	return tsRewriteArgs(args, func(v any, changed *bool) any { return tsDropNulls(schema, v, changed) })
}

// tsRewriteArgs decodes args, lets rewrite change the value (it sets
// *changed when it does) and encodes the result; arguments it cannot read,
// or that rewrite leaves alone, are returned as they are.
func tsRewriteArgs(args []byte, rewrite func(v any, changed *bool) any) []byte {
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return args
	}
	changed := false
	v = rewrite(v, &changed)
	if !changed {
		return args
	}
	out, err := json.Marshal(v)
	if err != nil {
		return args
	}
	return out
}

func tsDropNulls(s map[string]any, v any, dropped *bool) any {
	switch v := v.(type) {
	case []any:
		prefix, _ := s["prefixItems"].([]any)
		items, _ := s["items"].(map[string]any)
		for i, x := range v {
			e := items
			if i < len(prefix) {
				e, _ = prefix[i].(map[string]any)
			}
			if e != nil {
				v[i] = tsDropNulls(e, x, dropped)
			}
		}
		return v
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		required := map[string]bool{}
		if r, ok := s["required"].([]any); ok {
			for _, k := range r {
				if k, ok := k.(string); ok {
					required[k] = true
				}
			}
		}
		extra, _ := s["additionalProperties"].(map[string]any)
		for k, x := range v {
			p, isProp := props[k].(map[string]any)
			switch {
			case isProp && x == nil && !required[k] && !tsTakesNull(p):
				delete(v, k)
				*dropped = true
			case isProp:
				v[k] = tsDropNulls(p, x, dropped)
			case extra != nil:
				v[k] = tsDropNulls(extra, x, dropped)
			}
		}
		return v
	}
	return v
}

// tsTakesNull reports whether a schema's type admits null.
func tsTakesNull(s map[string]any) bool {
	switch t := s["type"].(type) {
	case string:
		return t == "null"
	case []any:
		for _, x := range t {
			if x == "null" {
				return true
			}
		}
	}
	return false
}

// tsNormalizeGemini decodes the any values a gemini client sent as JSON
// text (its dialect writes any as a string holding JSON text); a string
// that is not one JSON text stays that string. Arguments it cannot read,
// or in which nothing is decoded, are returned as they are.
func tsNormalizeGemini(schema map[string]any, args []byte) []byte {
	return tsRewriteArgs(args, func(v any, changed *bool) any { return tsFromText(schema, v, changed) })
}

func tsFromText(s map[string]any, v any, decoded *bool) any {
	_, typed := s["type"]
	_, union := s["anyOf"]
	if !typed && !union {
		text, ok := v.(string)
		if !ok {
			return v
		}
		dec := json.NewDecoder(bytes.NewReader([]byte(text)))
		dec.UseNumber()
		var x any
		if err := dec.Decode(&x); err != nil {
			return v
		}
		if _, err := dec.Token(); err == nil {
			return v // more than one JSON text: a plain string
		}
		*decoded = true
		return x
	}
	switch v := v.(type) {
	case []any:
		prefix, _ := s["prefixItems"].([]any)
		items, _ := s["items"].(map[string]any)
		for i, x := range v {
			e := items
			if i < len(prefix) {
				e, _ = prefix[i].(map[string]any)
			}
			if e != nil {
				v[i] = tsFromText(e, x, decoded)
			}
		}
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		extra, _ := s["additionalProperties"].(map[string]any)
		for k, x := range v {
			if p, ok := props[k].(map[string]any); ok {
				v[k] = tsFromText(p, x, decoded)
			} else if extra != nil {
				v[k] = tsFromText(extra, x, decoded)
			}
		}
	}
	return v
}

// tsRenameKeys gives the top-level members of arguments sent under the
// names a dialect gave refused property keys back their spec keys (back
// maps a sent name to its key; docs/clients.md, Property keys). A sent
// name takes the place of its key when both came: the model was given the
// sent name. Arguments it cannot read, or with no sent name, are returned
// as they are.
func tsRenameKeys(back map[string]string, args []byte) []byte {
	return tsRewriteArgs(args, func(v any, changed *bool) any {
		m, ok := v.(map[string]any)
		if !ok {
			return v
		}
		for sent, key := range back {
			if x, ok := m[sent]; ok {
				delete(m, sent)
				m[key] = x
				*changed = true
			}
		}
		return v
	})
}
