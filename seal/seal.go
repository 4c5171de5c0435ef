package seal

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/zeebo/blake3"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/model"
)

// Hash returns the BLAKE3-256 of data, lowercase hex: the artifact hash.
func Hash(data []byte) string {
	sum := blake3.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// DefaultPath is the seal of a spec when -o/--seal does not name one: the
// spec's path with .seal in place of .tspec (or .seal appended).
func DefaultPath(specPath string) string {
	return strings.TrimSuffix(specPath, ".tspec") + ".seal"
}

// Input is one artifact to seal: its file (a path as the user gave it), and
// the recipe that made it when already known.
type Input struct {
	File   string
	Recipe *gen.Recipe // nil: Make recognises it
}

// Inputs returns the artifacts s lists as inputs for a new seal at
// sealPath, keeping their recipes: how `toolspec seal` with no artifacts
// re-seals the ones the existing seal lists.
func (s *Seal) Inputs(sealPath string) []Input {
	var in []Input
	for _, a := range s.Artifacts {
		r := a.Recipe
		in = append(in, Input{File: filepath.Join(filepath.Dir(sealPath), filepath.FromSlash(a.Path)), Recipe: &r})
	}
	return in
}

// ErrNotGenerated is wrapped by Make's error for an artifact that no
// generator reproduces from the spec.
var ErrNotGenerated = errors.New("stale or hand-edited; regenerate it first")

// Make builds the seal, to be written at sealPath, of the catalog c compiled
// from specPath and of the artifacts in. An artifact is sealed only when
// regenerating it from c gives its bytes exactly: with its recipe when
// known, else with the first recipe gen.Recognise finds. Every artifact that
// fails is reported, in order, in one joined error, and then there is no
// seal. Artifacts must be inside root when it is not "" (see Root), else
// inside the seal's Tree.
func Make(c *model.Catalog, specPath, sealPath, root string, in []Input) (*Seal, error) {
	dir := filepath.Dir(sealPath)
	specRel, err := relTo(dir, specPath)
	if err != nil {
		return nil, err
	}
	s := &Seal{Version: Version, SpecName: c.Name, SpecPath: specRel, SpecHash: c.SpecHash}
	for _, p := range model.Profiles {
		s.Identities = append(s.Identities, c.Identity(p))
	}
	tree, err := governed(sealPath, root)
	if err != nil {
		return nil, err
	}
	var errs []error
	seen := map[string]string{}
	for _, a := range in {
		rel, err := relTo(dir, a.File)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if first, dup := seen[rel]; dup {
			errs = append(errs, fmt.Errorf("%s: named twice (also as %s)", a.File, first))
			continue
		}
		seen[rel] = a.File
		data, err := readArtifact(tree, a.File)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		var r gen.Recipe
		if a.Recipe != nil {
			r = *a.Recipe
			out, err := gen.Generate(c, r)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %s: %w", a.File, r, err))
				continue
			}
			if string(out) != string(data) {
				errs = append(errs, fmt.Errorf("%s: %w (%s does not reproduce it from %s)", a.File, ErrNotGenerated, r, specPath))
				continue
			}
		} else {
			var ok bool
			if r, ok = gen.Recognise(c, a.File, data); !ok {
				errs = append(errs, fmt.Errorf("%s: %w (no generator reproduces it from %s)", a.File, ErrNotGenerated, specPath))
				continue
			}
		}
		s.Artifacts = append(s.Artifacts, Artifact{Path: rel, Hash: Hash(data), Format: gen.Format(r.Generator), Recipe: r})
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	slices.SortFunc(s.Artifacts, func(a, b Artifact) int { return strings.Compare(a.Path, b.Path) })
	return s, nil
}

// relTo returns target relative to dir, slash-separated, as a seal records it.
func relTo(dir, target string) (string, error) {
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(target)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(absDir, abs)
	if err != nil {
		return "", fmt.Errorf("%s: cannot be reached from the seal's directory %s: %v", target, dir, err)
	}
	return filepath.ToSlash(rel), nil
}

// Class is the verdict on one field of a seal.
type Class int

const (
	Match Class = iota
	// SpecChanged: the spec's hash (so its name or identities) differs from
	// the sealed one.
	SpecChanged
	// OtherSpecFile: the seal's spec path does not lead to the spec being
	// verified.
	OtherSpecFile
	// Refused: the artifact path leaves the tree the seal governs (before
	// or after resolving symlinks), or names something other than a
	// regular file, or a file over MaxArtifactSize; it is not read.
	Refused
	// Missing: the artifact file does not exist.
	Missing
	// Unreadable: the artifact file exists but cannot be read.
	Unreadable
	// NotGenerated: the sealed recipe fails on the current spec.
	NotGenerated
	// Regenerated: the artifact is exactly what the current spec generates,
	// but not the bytes the seal records: regenerated after sealing and not
	// sealed again.
	Regenerated
	// Stale: the artifact is exactly the sealed bytes, but regenerating it
	// from the current spec gives other bytes.
	Stale
	// GeneratorChanged: the artifact is stale, and the seal records that
	// another format version of its generator wrote it: the new bytes may
	// come from the toolspec upgrade, not from the spec.
	GeneratorChanged
	// OtherSpec: the artifact is neither the sealed bytes nor what the
	// current spec generates, and the catalog identity it carries names a
	// spec that is neither the current one nor the sealed one.
	OtherSpec
	// HandEdited: the artifact is neither the sealed bytes nor what the
	// current spec generates, and carries no identity of a third spec.
	HandEdited
)

var classWords = [...]string{
	Match:            "match",
	SpecChanged:      "spec changed since sealing",
	OtherSpecFile:    "seal is for another spec file",
	Refused:          "artifact refused",
	Missing:          "artifact missing",
	Unreadable:       "artifact unreadable",
	NotGenerated:     "artifact cannot be regenerated",
	Regenerated:      "artifact regenerated since sealing",
	Stale:            "artifact stale",
	GeneratorChanged: "generator changed",
	OtherSpec:        "artifact from another spec",
	HandEdited:       "artifact edited by hand",
}

// String is the class as verify prints it.
func (c Class) String() string {
	if c >= 0 && int(c) < len(classWords) {
		return classWords[c]
	}
	return fmt.Sprintf("Class(%d)", int(c))
}

// Field is the verdict on one field of the seal.
type Field struct {
	Name   string // "spec hash", "identity p1", "artifact out/demo.json"
	Class  Class
	Detail string // why, for a mismatch
}

// Verify compares the seal s, read from sealPath, with the catalog c
// compiled from specPath and with the artifact files, and returns one
// verdict per field: spec name, spec path, spec hash, each identity, each
// artifact. Artifact names are their paths joined to the seal's directory;
// only regular files inside root are read when it is not "" (see Root),
// else inside the seal's Tree (readArtifact).
func Verify(c *model.Catalog, specPath, sealPath, root string, s *Seal) []Field {
	var out []Field
	add := func(name string, cl Class, format string, args ...any) {
		out = append(out, Field{Name: name, Class: cl, Detail: fmt.Sprintf(format, args...)})
	}
	changed := s.SpecHash != c.SpecHash

	if s.SpecName == c.Name {
		add("spec name", Match, "")
	} else {
		add("spec name", SpecChanged, "sealed %s, now %s", s.SpecName, c.Name)
	}
	sealDir := filepath.Dir(sealPath)
	if rel, err := relTo(sealDir, specPath); err == nil && rel == s.SpecPath {
		add("spec path", Match, "")
	} else {
		add("spec path", OtherSpecFile, "the seal is for %s", filepath.Join(sealDir, filepath.FromSlash(s.SpecPath)))
	}
	if changed {
		add("spec hash", SpecChanged, "sealed %s, now %s", short(s.SpecHash), short(c.SpecHash))
	} else {
		add("spec hash", Match, "")
	}
	for i, p := range model.Profiles {
		name := fmt.Sprintf("identity p%d", p)
		if now := c.Identity(p); i < len(s.Identities) && s.Identities[i] == now {
			add(name, Match, "")
		} else {
			add(name, SpecChanged, "sealed %s/p%d, now %s/p%d", short(s.SpecHash), p, short(c.SpecHash), p)
		}
	}

	tree, treeErr := governed(sealPath, root)
	// Each file is read once and each recipe generated once, whatever the
	// seal lists: a seal naming one file many times, through a committed
	// a -> . symlink, must not multiply verify's work.
	read := map[fileID]string{}
	generated := map[string][]byte{}
	generate := func(r gen.Recipe) ([]byte, error) {
		key := r.String()
		if out, ok := generated[key]; ok {
			return out, nil
		}
		out, err := gen.Generate(c, r)
		if err == nil {
			generated[key] = out
		}
		return out, err
	}
	for _, a := range s.Artifacts {
		file := filepath.Join(sealDir, filepath.FromSlash(a.Path))
		name := "artifact " + file
		if treeErr != nil {
			add(name, Unreadable, "%v", treeErr)
			continue
		}
		data, id, err := readArtifactID(tree, file)
		if err == nil {
			var first string
			for other, name := range read {
				if other.same(id) {
					first = name
					break
				}
			}
			if first != "" {
				add(name, Refused, "%s is the file %s names too: the seal lists each file once", file, first)
				continue
			}
			read[id] = file
		}
		var refused *refusal
		if errors.As(err, &refused) {
			add(name, Refused, "%s", refused.why)
			continue
		}
		if errors.Is(err, fs.ErrNotExist) {
			add(name, Missing, "sealed %s; regenerate it (%s), then seal", short(a.Hash), a.Recipe)
			continue
		}
		if err != nil {
			add(name, Unreadable, "%v", err)
			continue
		}
		now, err := generate(a.Recipe)
		if err != nil {
			add(name, NotGenerated, "%s: %v", a.Recipe, err)
			continue
		}
		sum := Hash(data)
		current := string(data) == string(now)
		switch embedded, ok := gen.EmbeddedSpecHash(data); {
		case current && sum == a.Hash:
			add(name, Match, "")
		case current:
			add(name, Regenerated, "it is what %s makes from the current spec, but the seal records other bytes; seal again", a.Recipe)
		case sum == a.Hash && a.Format != 0 && a.Format != gen.Format(a.Generator):
			add(name, GeneratorChanged, "sealed with %s format %d, this toolspec writes format %d; regenerate (%s) and seal again",
				a.Generator, a.Format, gen.Format(a.Generator), a.Recipe)
		case sum == a.Hash:
			add(name, Stale, "regenerating it (%s) from the current spec gives other bytes", a.Recipe)
		case ok && embedded != c.SpecHash && embedded != s.SpecHash:
			add(name, OtherSpec, "it carries spec hash %s; sealed %s, current %s", short(embedded), short(s.SpecHash), short(c.SpecHash))
		default:
			add(name, HandEdited, "blake3 %s is neither the sealed %s nor what %s makes from the current spec", short(sum), short(a.Hash), a.Recipe)
		}
	}
	return out
}

// short abbreviates a hash for messages.
func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}
