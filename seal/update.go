package seal

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/toolspec/toolspec/gen"
	"github.com/toolspec/toolspec/model"
)

// Remade is one artifact of a seal made again from the current spec:
// the file to write (a path as a seal's Inputs give it) and its bytes.
type Remade struct {
	File string
	Data []byte
}

// Regenerate makes every artifact s lists again from c, with the recipe
// the seal records for it: what `toolspec seal --update` writes before it
// seals again, so that adding a test never means retyping every gen
// command. Each file must stay inside the tree the seal governs (as Make
// requires), resolving the symlinks of the part of its path that exists;
// every artifact that fails is reported in one joined error, and then
// nothing is to be written.
func Regenerate(c *model.Catalog, sealPath, root string, s *Seal) ([]Remade, error) {
	tree, err := governed(sealPath, root)
	if err != nil {
		return nil, err
	}
	var out []Remade
	var errs []error
	for _, in := range s.Inputs(sealPath) {
		abs, err := filepath.Abs(in.File)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		real, err := resolve(abs)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !within(tree, abs) || !within(tree, real) {
			errs = append(errs, fmt.Errorf("%s: %w", in.File, refusef("%s is outside %s, the tree the seal governs", in.File, tree)))
			continue
		}
		data, err := gen.Generate(c, *in.Recipe)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %s: %w", in.File, in.Recipe, err))
			continue
		}
		out = append(out, Remade{File: in.File, Data: data})
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return out, nil
}
