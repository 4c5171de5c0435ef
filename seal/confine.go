package seal

import (
	"os"
	"path/filepath"

	"github.com/toolspec/toolspec/internal/atomicfile"
)

// Writes are confined as reads are: a seal, or a generated file, is
// written only inside the tree it belongs to. A committed symlink
// (evil.seal -> ~/.bash_profile, gen/catalog.go -> /etc/...) must not turn
// `toolspec seal` or `gen-go -o` into a write anywhere the user can write.

// WriteTree returns the tree a write to path is confined to: the nearest
// directory above path, as written and before any symlink is followed,
// that holds a .git entry, else path's own directory. The result is
// absolute with its symlinks resolved. Searching the path as written keeps
// a symlinked folder inside a repository (gen -> /elsewhere) from making
// its target the tree.
func WriteTree(path string) (string, error) {
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return "", err
	}
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return resolve(d)
		}
		up := filepath.Dir(d)
		if up == d {
			return resolve(dir)
		}
		d = up
	}
}

// SealWriteTree returns the tree the seal at sealPath is written in: root
// when the build names one (Root), else WriteTree's.
func SealWriteTree(sealPath, root string) (string, error) {
	if root != "" {
		return Root(root)
	}
	return WriteTree(sealPath)
}

// ConfineWrite refuses (ErrRefused) a write to path when the file it
// would replace, once every symlink on the way is resolved, is outside
// tree (as WriteTree or SealWriteTree return it); a path that does not
// exist yet is judged by the folders that do. Otherwise it returns where
// the file is inside tree, every symlink resolved: the write then goes there through tree
// itself (atomicfile.File's Tree and Rel), so that a symlink planted
// after this check cannot lead it out.
func ConfineWrite(tree, path string) (rel string, err error) {
	target, err := atomicfile.Target(path)
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(target)
	if err != nil {
		return "", err
	}
	real, err := resolve(abs)
	if err != nil {
		return "", err
	}
	if !within(tree, real) {
		if real != abs || target != path {
			return "", refusef("it leads to %s, outside %s, the tree it may be written in", real, tree)
		}
		return "", refusef("it is outside %s, the tree it may be written in", tree)
	}
	return filepath.Rel(tree, real)
}
