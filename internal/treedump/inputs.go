package treedump

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Input is one source to parse: a spec of the repository, or a variant
// of one (line breaks as CR, as the fuzz seeds have them; a byte cut out;
// cut short), so that syntax errors are compared too.
type Input struct {
	Name string
	Src  []byte
}

// Inputs lists every .tspec under root (not under node_modules or
// hidden directories) and its variants, sorted by name.
func Inputs(root string) ([]Input, error) {
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "node_modules" || strings.HasPrefix(n, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".tspec") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []Input
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		name, _ := filepath.Rel(root, file)
		name = filepath.ToSlash(name)
		out = append(out, Input{name, src}, Input{name + "#cr", bytes.ReplaceAll(src, []byte("\n"), []byte("\r"))})
		for k := 1; k <= 8 && len(src) > 0; k++ {
			at := (len(src)*k/9 + k*7) % len(src)
			cut := append(append([]byte{}, src[:at]...), src[at+1:]...)
			out = append(out, Input{name + "#cut" + string(rune('0'+k)), cut})
			out = append(out, Input{name + "#short" + string(rune('0'+k)), src[:len(src)*k/9]})
		}
	}
	return out, nil
}
