package importer

import "errors"

// MCP writes a spec from a tools/list result.
func MCP(data []byte, name string) (*Result, error) { return nil, errors.New("todo") }
