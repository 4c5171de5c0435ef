package gosdk

import (
	"encoding/json"
	"strings"
	"sync"

	"github.com/toolspec/toolspec/lang/clients"
)

// injectedArgs maps a client's lower-case clientInfo.name to the arguments
// it adds to every tool and forwards in tools/call (gemini-cli's
// wait_for_previous): lang/clients' Behaviours, docs/clients.md.
var injectedArgs = clients.InjectedArgs()

// injectedBy returns the arguments the client called name injects.
func injectedBy(name string) []string { return injectedArgs[strings.ToLower(name)] }

// declared is, per tool, the names of its input's properties, read once
// from the standard table.
type declared struct {
	once  sync.Once
	props map[string]map[string]bool
}

func (d *declared) has(cat Catalog, tool, name string) bool {
	d.once.Do(func() {
		var t struct {
			Tools []struct {
				Name        string `json:"name"`
				InputSchema struct {
					Properties map[string]json.RawMessage `json:"properties"`
				} `json:"inputSchema"`
			} `json:"tools"`
		}
		d.props = map[string]map[string]bool{}
		if json.Unmarshal(cat.ListToolsJSON(2, ScopeAll), &t) != nil {
			return
		}
		for _, x := range t.Tools {
			m := map[string]bool{}
			for k := range x.InputSchema.Properties {
				m[k] = true
			}
			d.props[x.Name] = m
		}
	})
	return d.props[tool][name]
}

// stripInjected drops from args the arguments injected lists, unless the
// tool declares a property of that name (then it is the spec's). args is
// returned as it is when there is nothing to drop or it is no object.
func (s *catalogServer) stripInjected(injected []string, tool string, args json.RawMessage) json.RawMessage {
	if len(injected) == 0 {
		return args
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(args, &m) != nil {
		return args
	}
	dropped := false
	for _, k := range injected {
		if _, ok := m[k]; ok && !s.declared.has(s.cat, tool, k) {
			delete(m, k)
			dropped = true
		}
	}
	if !dropped {
		return args
	}
	out, err := json.Marshal(m)
	if err != nil {
		return args
	}
	return out
}
