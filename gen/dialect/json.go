package dialect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/toolspec/toolspec/gen/schema"
)

// node is a JSON object that keeps its key order, so a lowered table is
// written in the emitted order, byte for byte the same on every run.
type node struct {
	keys []string
	vals map[string]any // *node, []any, string, json.Number, bool, nil

	// own and notes are the parts of a description that addNotes wrote:
	// the node's own description and the notes after it (noted says
	// addNotes ran), so that notes can move between nodes and stay notes.
	own   string
	notes []string
	noted bool
}

func (n *node) get(k string) (any, bool) { v, ok := n.vals[k]; return v, ok }

func (n *node) has(k string) bool { _, ok := n.vals[k]; return ok }

func (n *node) set(k string, v any) {
	if _, ok := n.vals[k]; !ok {
		n.keys = append(n.keys, k)
	}
	n.vals[k] = v
}

// setAfter sets k, placing it right after key after when it is new.
func (n *node) setAfter(after, k string, v any) {
	if n.has(k) {
		n.vals[k] = v
		return
	}
	for i, x := range n.keys {
		if x == after {
			n.keys = append(n.keys[:i+1], append([]string{k}, n.keys[i+1:]...)...)
			n.vals[k] = v
			return
		}
	}
	n.set(k, v)
}

func (n *node) del(k string) {
	if _, ok := n.vals[k]; !ok {
		return
	}
	delete(n.vals, k)
	for i, x := range n.keys {
		if x == k {
			n.keys = append(n.keys[:i], n.keys[i+1:]...)
			return
		}
	}
}

func (n *node) str(k string) string { s, _ := n.vals[k].(string); return s }

func (n *node) obj(k string) *node { o, _ := n.vals[k].(*node); return o }

// parse reads one JSON value, keeping object key order.
func parse(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return value(d)
}

func value(d *json.Decoder) (any, error) {
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t := t.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := &node{vals: map[string]any{}}
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return nil, err
				}
				v, err := value(d)
				if err != nil {
					return nil, err
				}
				n.set(k.(string), v)
			}
			_, err := d.Token()
			return n, err
		case '[':
			a := []any{}
			for d.More() {
				v, err := value(d)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := d.Token()
			return a, err
		}
		return nil, io.ErrUnexpectedEOF
	default:
		return t, nil
	}
}

// write writes v compactly, strings escaped as gen/schema escapes them.
func write(b *bytes.Buffer, v any) {
	switch v := v.(type) {
	case *node:
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(schema.String(k))
			b.WriteByte(':')
			write(b, v.vals[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			write(b, x)
		}
		b.WriteByte(']')
	case string:
		b.WriteString(schema.String(v))
	case json.Number:
		b.WriteString(string(v))
	case bool:
		fmt.Fprint(b, v)
	case nil:
		b.WriteString("null")
	}
}

func compact(v any) string {
	var b bytes.Buffer
	write(&b, v)
	return b.String()
}
