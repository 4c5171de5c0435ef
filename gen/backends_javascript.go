package gen

import (
	"fmt"
	"strings"

	"github.com/toolspec/toolspec/gen/dialect"
	"github.com/toolspec/toolspec/gen/js"
	"github.com/toolspec/toolspec/model"
)

func init() {
	// gen-js: one run writes X.mjs and X.d.ts; each is sealed as its own
	// artifact, told apart by role.
	Register(&backend{
		name:  "gen-js",
		roles: []string{"mjs", "dts"},
		check: func(opts map[string]string) error {
			if d, ok := opts["dialects"]; ok {
				for _, fam := range strings.Split(d, ",") {
					if !dialect.Known(fam) {
						return fmt.Errorf("dialects: unknown client family %q", fam)
					}
				}
				return checkOptions(opts, "dialects")
			}
			return checkOptions(opts)
		},
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
		generate: func(c *model.Catalog, opts map[string]string) ([][]byte, error) {
			var o js.Options
			if d, ok := opts["dialects"]; ok {
				o.Dialects = strings.Split(d, ",")
			}
			mjs, dts, err := js.GenerateWith(c, o)
			return [][]byte{mjs, dts}, err
		},
	})
}
