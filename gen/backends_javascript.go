package gen

import (
	"fmt"
	"maps"
	"regexp"
	"strings"

	"github.com/toolspec/toolspec/gen/dialect"
	"github.com/toolspec/toolspec/gen/js"
	"github.com/toolspec/toolspec/model"
)

var (
	dialectsRE = regexp.MustCompile(`export (?:declare )?const DIALECTS(?:: readonly | = Object\.freeze\()\[([^\]]*)\]`)
	quotedRE   = regexp.MustCompile(`"([a-z_]+)"`)
	sdk2RE     = regexp.MustCompile(`(?m)^import type \{[^}]*\} from "@modelcontextprotocol/server";$`)
)

func init() {
	// gen-js: one run writes X.mjs and X.d.mts (X.js and X.d.ts); each is sealed as its own
	// artifact, told apart by role.
	Register(&backend{
		name:   "gen-js",
		format: 3,
		roles:  []string{"mjs", "dts"},
		check: func(opts map[string]string) error {
			var names []string
			if d, ok := opts["dialects"]; ok {
				for _, fam := range strings.Split(d, ",") {
					if !dialect.Known(fam) {
						return fmt.Errorf("dialects: unknown client family %q", fam)
					}
				}
				names = append(names, "dialects")
			}
			if s, ok := opts["sdk"]; ok {
				if s != "1" && s != "2" {
					return fmt.Errorf("sdk must be 1 or 2, not %q", s)
				}
				names = append(names, "sdk")
			}
			return checkOptions(opts, names...)
		},
		guess: func(path string, data []byte) []Recipe {
			opts := map[string]string{}
			// A module with dialect tables exports them as DIALECTS.
			if m := dialectsRE.FindSubmatch(data); m != nil {
				var fams []string
				for _, q := range quotedRE.FindAllSubmatch(m[1], -1) {
					fams = append(fams, string(q[1]))
				}
				opts["dialects"] = strings.Join(fams, ",")
			}
			mjs := Recipe{Generator: "gen-js", Role: "mjs", Options: opts}
			dtsOpts := opts
			// Declarations for SDK 2 import from its server package; the
			// module is the same for both SDKs.
			if sdk2RE.Match(data) {
				dtsOpts = maps.Clone(opts)
				dtsOpts["sdk"] = "2"
			}
			dts := Recipe{Generator: "gen-js", Role: "dts", Options: dtsOpts}
			switch {
			case strings.HasSuffix(path, ".mjs"):
				return []Recipe{mjs}
			case strings.HasSuffix(path, ".d.ts"), strings.HasSuffix(path, ".d.mts"):
				return []Recipe{dts}
			}
			return []Recipe{mjs, dts}
		},
		generate: func(c *model.Catalog, opts map[string]string) ([][]byte, error) {
			var o js.Options
			if d, ok := opts["dialects"]; ok {
				o.Dialects = strings.Split(d, ",")
			}
			if opts["sdk"] == "2" {
				o.SDK = 2
			}
			mjs, dts, err := js.GenerateWith(c, o)
			return [][]byte{mjs, dts}, err
		},
	})
}
