// Command stockcheck prints, for every spec under a directory (and its
// variants, internal/treedump), the SHA-256 of its parse (the whole dump
// with INPUT) as lang/parser gives it when
// built against participle as released: this module requires toolspec
// by path, and a dependency's replace directives do not apply, so here
// toolspec's go.mod replace of participle by third_party/participle is
// ignored. third_party's TestStockParticipleAgrees compares its output
// with the patched engine's.
package main

import (
	"bufio"
	"crypto/sha256"
	"fmt"
	"os"

	"github.com/toolspec/toolspec/internal/treedump"
)

func main() {
	if len(os.Args) != 2 && len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: stockcheck DIR [INPUT]")
		os.Exit(2)
	}
	inputs, err := treedump.Inputs(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	for _, in := range inputs {
		dump := treedump.Parse(in.Name, in.Src)
		switch {
		case len(os.Args) == 3 && os.Args[2] == in.Name:
			fmt.Fprint(w, dump)
		case len(os.Args) == 2:
			fmt.Fprintf(w, "%x %s\n", sha256.Sum256([]byte(dump)), in.Name)
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
