package gen

import (
	"strings"

	"github.com/toolspec/toolspec/gen/js"
	"github.com/toolspec/toolspec/model"
)

func init() {
	// gen-js: one run writes X.mjs and X.d.ts; each is sealed as its own
	// artifact, told apart by role.
	Register(&Backend{
		Name:   "gen-js",
		Format: 1,
		Roles:  []string{"mjs", "dts"},
		Check:  func(opts map[string]string) error { return checkOptions(opts) },
		Guess: func(path string, _ []byte) []Recipe {
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
		Generate: func(c *model.Catalog, role string, _ map[string]string) ([]byte, error) {
			mjs, dts, err := js.Generate(c)
			if role == "dts" {
				return dts, err
			}
			return mjs, err
		},
	})
}
