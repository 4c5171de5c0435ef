package gen

import (
	"strings"

	"github.com/toolspec/toolspec/gen/js"
	"github.com/toolspec/toolspec/model"
)

func init() {
	// gen-js: one run writes X.mjs and X.d.ts; each is sealed as its own
	// artifact, told apart by role.
	Register(&backend{
		name:   "gen-js",
		format: 1,
		roles:  []string{"mjs", "dts"},
		check:  func(opts map[string]string) error { return checkOptions(opts) },
		guess: func(path string, _ []byte) []Recipe {
			mjs := Recipe{Generator: "gen-js", Role: "mjs", Options: map[string]string{}}
			dts := Recipe{Generator: "gen-js", Role: "dts", Options: map[string]string{}}
			switch {
			case strings.HasSuffix(path, ".mjs"):
				return []Recipe{mjs}
			case strings.HasSuffix(path, ".d.ts"):
				return []Recipe{dts}
			}
			return []Recipe{mjs, dts}
		},
		generate: func(c *model.Catalog, _ map[string]string) ([][]byte, error) {
			mjs, dts, err := js.Generate(c)
			return [][]byte{mjs, dts}, err
		},
	})
}
