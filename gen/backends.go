package gen

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/toolspec/toolspec/gen/dialect"
	"github.com/toolspec/toolspec/gen/jsonout"
	"github.com/toolspec/toolspec/model"
)

// Recipe says how one artifact file is made: which generator, which of the
// files one run of it writes (its role), and with which options. The seal
// records one recipe per artifact, so a generator that writes two files
// (gen-js: .mjs and .d.mts) is sealed as two artifacts with two roles.
type Recipe struct {
	Generator string            // command name: "gen-json", "gen-go", "gen-js"
	Role      string            // one of the backend's Roles: "json", "go", "mjs", "dts"
	Options   map[string]string // option name → value, e.g. "profile" → "1"
}

// String is the recipe as the seal writes it: generator, role, then the
// options as name=value in name order.
func (r Recipe) String() string {
	s := r.Generator + " " + r.Role
	for _, k := range slices.Sorted(maps.Keys(r.Options)) {
		s += " " + k + "=" + r.Options[k]
	}
	return s
}

// Backend is one generator, as the command line and the seal both run it:
// the command checks its flags with CheckOptions and writes what Generate
// returns; the seal records the same options in a Recipe and regenerates
// with the same two calls. One set of option rules serves both.
type Backend interface {
	// Name is the command that runs it: "gen-json".
	Name() string
	// Format is the version of the backend's output: raise it whenever the
	// same spec makes other bytes, so that `toolspec version` tells which
	// output a binary writes.
	Format() int
	// Roles names the files one run writes, in order; most write one.
	Roles() []string
	// CheckOptions reports whether opts are valid options of the backend:
	// every option it needs, nothing it does not know, every value well
	// formed. The command line reports an error as a usage error.
	CheckOptions(opts map[string]string) error
	// Guess returns the recipes that may have made data, read from path,
	// most likely first. It reads the file's header, name and embedded
	// identity; it need not be right, because Recognise keeps only a recipe
	// that regenerates data exactly.
	Guess(path string, data []byte) []Recipe
	// Generate returns the files of one run, one per role in Roles order.
	// opts have passed CheckOptions.
	Generate(c *model.Catalog, opts map[string]string) ([][]byte, error)
}

// backend is a Backend made of functions; each backends_*.go registers one.
type backend struct {
	name string
	// format goes up whenever the backend writes other bytes for the same
	// catalog and options, so verify can say "generator changed" rather
	// than "stale". 2: tuples carry items, the new number keywords, the
	// gen-go runtime and the JS validators and adapter (2026-12). 3:
	// \u0008 and \u000c in strings, the cursor dialect, the client map
	// from lang/clients, gen-go's decoding plans (2026-12-02).
	format   int
	roles    []string
	check    func(opts map[string]string) error
	guess    func(path string, data []byte) []Recipe
	generate func(c *model.Catalog, opts map[string]string) ([][]byte, error)
}

func (b *backend) Name() string                              { return b.name }
func (b *backend) Format() int                               { return b.format }
func (b *backend) Roles() []string                           { return b.roles }
func (b *backend) CheckOptions(opts map[string]string) error { return b.check(opts) }
func (b *backend) Guess(path string, data []byte) []Recipe   { return b.guess(path, data) }
func (b *backend) Generate(c *model.Catalog, opts map[string]string) ([][]byte, error) {
	return b.generate(c, opts)
}

var backends = map[string]Backend{}

// Register adds a backend. Backends register from init functions in this
// package (backends.go and one backends_<name>.go per further backend); a
// name registered twice is a bug.
func Register(b Backend) {
	if _, dup := backends[b.Name()]; dup {
		panic("gen: backend " + b.Name() + " registered twice")
	}
	backends[b.Name()] = b
}

// Lookup returns the backend called name.
func Lookup(name string) (Backend, bool) {
	b, ok := backends[name]
	return b, ok
}

// Backends returns every registered backend, by name.
func Backends() []Backend {
	var list []Backend
	for _, name := range slices.Sorted(maps.Keys(backends)) {
		list = append(list, backends[name])
	}
	return list
}

// Format returns the output format version of the backend called name
// (Backend.Format), or 0 when there is none.
func Format(name string) int {
	if b, ok := backends[name]; ok {
		return b.Format()
	}
	return 0
}

// Check reports whether r names a registered backend, one of its roles and
// valid options.
func (r Recipe) Check() error {
	b, ok := backends[r.Generator]
	if !ok {
		return fmt.Errorf("unknown generator %q", r.Generator)
	}
	if !slices.Contains(b.Roles(), r.Role) {
		return fmt.Errorf("%s: unknown role %q (want %s)", r.Generator, r.Role, strings.Join(b.Roles(), " or "))
	}
	if err := b.CheckOptions(r.Options); err != nil {
		return fmt.Errorf("%s: %w", r.Generator, err)
	}
	return nil
}

// Generate regenerates the bytes of the artifact r describes from c.
func Generate(c *model.Catalog, r Recipe) ([]byte, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	b := backends[r.Generator]
	files, err := b.Generate(c, r.Options)
	if err != nil {
		return nil, err
	}
	return files[slices.Index(b.Roles(), r.Role)], nil
}

// Recognise finds the recipe that made data from c: it asks every backend
// for its guesses and returns the first recipe whose output equals data
// byte for byte. ok is false when no recipe reproduces data from c.
func Recognise(c *model.Catalog, path string, data []byte) (r Recipe, ok bool) {
	for _, b := range Backends() {
		for _, r := range b.Guess(path, data) {
			out, err := Generate(c, r)
			if err == nil && string(out) == string(data) {
				return r, true
			}
		}
	}
	return Recipe{}, false
}

var identityRE = regexp.MustCompile(`\b([0-9a-f]{64})/p[0-9]+\b`)

// dialectRE finds the identity of a dialect table: ".../p2/gemini".
var dialectRE = regexp.MustCompile(`\b[0-9a-f]{64}/p([0-9]+)/([a-z_]+)"`)

// EmbeddedSpecHash returns the spec hash an artifact carries in its catalog
// identities ("<spec_hash>/p<profile>"). ok is false when it carries none,
// or identities of more than one spec.
func EmbeddedSpecHash(data []byte) (hash string, ok bool) {
	for _, m := range identityRE.FindAllSubmatch(data, -1) {
		switch h := string(m[1]); {
		case hash == "":
			hash = h
		case h != hash:
			return "", false
		}
	}
	return hash, hash != ""
}

// checkOptions reports options that are not in names, and names without a
// value in opts.
func checkOptions(opts map[string]string, names ...string) error {
	for k := range opts {
		if !slices.Contains(names, k) {
			return fmt.Errorf("unknown option %q", k)
		}
	}
	for _, n := range names {
		if _, ok := opts[n]; !ok {
			return fmt.Errorf("missing option %q", n)
		}
	}
	return nil
}

func init() {
	// gen-json: the tools/list result of one profile, lowered to a client
	// family's dialect when the option dialect is given.
	Register(&backend{
		name:   "gen-json",
		format: 3,
		roles:  []string{"json"},
		check: func(opts map[string]string) error {
			names := []string{"profile"}
			if d, ok := opts["dialect"]; ok {
				if !dialect.Known(d) {
					return fmt.Errorf("dialect: unknown client family %q", d)
				}
				names = append(names, "dialect")
			}
			if err := checkOptions(opts, names...); err != nil {
				return err
			}
			if p := opts["profile"]; p != "1" && p != "2" && p != "3" {
				return fmt.Errorf("profile must be 1, 2 or 3, not %q", p)
			}
			return nil
		},
		guess: func(_ string, data []byte) []Recipe {
			// The _meta identity ends in /p1, /p2 or /p3; try that profile first.
			order := []string{"1", "2", "3"}
			if m := identityRE.Find(data); m != nil {
				for i, p := range order {
					if strings.HasSuffix(string(m), "/p"+p) {
						order[0], order[i] = order[i], order[0]
					}
				}
			}
			var recipes []Recipe
			for _, p := range order {
				recipes = append(recipes, Recipe{Generator: "gen-json", Role: "json", Options: map[string]string{"profile": p}})
			}
			if m := dialectRE.FindSubmatch(data); m != nil && dialect.Known(string(m[2])) {
				d := map[string]string{"profile": string(m[1]), "dialect": string(m[2])}
				recipes = append([]Recipe{{Generator: "gen-json", Role: "json", Options: d}}, recipes...)
			}
			return recipes
		},
		generate: func(c *model.Catalog, opts map[string]string) ([][]byte, error) {
			p := 1
			switch opts["profile"] {
			case "2":
				p = 2
			case "3":
				p = 3
			}
			if d, ok := opts["dialect"]; ok {
				b, err := dialect.Generate(c, p, d)
				return [][]byte{b}, err
			}
			return [][]byte{jsonout.Generate(c, p)}, nil
		},
	})
}
