package parser_test

import (
	"strings"
	"testing"

	"github.com/toolspec/toolspec/internal/synth"
	"github.com/toolspec/toolspec/internal/treedump"
	"github.com/toolspec/toolspec/lang/parser"
)

// TestStreamingEqualsSerial: parsing the declarations while the lexer
// cuts the rest gives the tree, comments and diagnostics of lexing
// first, on every spec of the repository, its variants (syntax errors,
// a header cut short) and a synthetic spec large enough to be handed to
// the parse in many runs.
func TestStreamingEqualsSerial(t *testing.T) {
	inputs, err := treedump.Inputs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) < 100 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	big := synth.Spec(300, 0)
	inputs = append(inputs, treedump.Input{Name: "synth300", Src: big},
		treedump.Input{Name: "synth300#cut", Src: append(append([]byte{}, big[:len(big)/2]...), big[len(big)/2+1:]...)})
	defer parser.SetStreaming(parser.SetStreaming(true))
	for _, in := range inputs {
		if testing.Short() && strings.Contains(in.Name, "#") && !strings.HasPrefix(in.Name, "synth") {
			continue // The variants only in the full run.
		}
		parser.SetStreaming(true)
		got := treedump.Parse(in.Name, in.Src)
		parser.SetStreaming(false)
		if want := treedump.Parse(in.Name, in.Src); got != want {
			t.Fatalf("%s: parsed while lexing, it differs\n%s", in.Name, firstDiff(want, got))
		}
	}
}
