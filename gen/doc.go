// Package gen is the back half of toolspec: everything here reads only the
// checked model (package model) and writes bytes.
//
//   - gen/schema: the JSON Schema of every tool and the tools/list result of
//     a profile, shared by every backend;
//   - gen/jsonout: `toolspec gen-json`;
//   - gen/dialect: `gen-json --dialect`, tables a client family can read;
//   - gen/js and gen/golang: the ES module and the Go source servers import.
package gen
