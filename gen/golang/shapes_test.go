package golang_test

import (
	"os"
	"regexp"
	"testing"

	"github.com/toolspec/toolspec/gen/golang"
)

// TestSharedShapes: a nested object, tuple or union whose shape recurs,
// in one tool or in two, is declared once, at its first place, and every
// later place names that type; a shape that differs in a modifier, a
// nested row's description, or (for a union) nullability gets a type of
// its own. An enum is declared at every place (its constants are named
// after it).
// testdata/shapes.tspec is also a golden file, compiled and run against
// the validator by TestCompiledDifferential and TestUnionJSONRoundTrip.
func TestSharedShapes(t *testing.T) {
	src, err := os.ReadFile("testdata/shapes.tspec")
	if err != nil {
		t.Fatal(err)
	}
	out := generateSource(t, string(src))
	declared := func(name string) int {
		return len(regexp.MustCompile(`(?m)^type `+name+` `).FindAll(out, -1))
	}
	for _, name := range []string{"ShipInputTo", "ShipInputMode", "ShipInputSize", "ShipInputDims",
		"TrackInputSize", "TrackInputWidth", "TrackInputNear", "TrackInputOther", "TrackInputMode"} {
		if n := declared(name); n != 1 {
			t.Errorf("type %s declared %d times, want once", name, n)
		}
	}
	// The later places of a recurring shape declare nothing of their own.
	for _, name := range []string{"ShipInputFrom", "ShipOutputAt", "TrackInputWhere", "TrackInputStopsItem",
		"TrackInputDims"} {
		if n := declared(name); n != 0 {
			t.Errorf("type %s declared: its shape is declared already", name)
		}
	}
	for _, field := range []string{
		`From Nullable\[ShipInputTo\] `,     // nullable place, same struct
		`At ShipInputTo `,                   // an output, same struct
		`Where ShipInputTo `,                // another tool
		`Stops \*\[\]ShipInputTo `,          // array items
		`Mode +Nullable\[TrackInputMode\] `, // an enum of its own
		`Dims +ShipInputDims `,
		`Size +Nullable\[TrackInputSize\] `, // a nullable union is a union of its own
		`Width +\*TrackInputWidth `,         // a variant's modifier differs
		`Near +\*TrackInputNear `,           // a row's modifier differs
		`Other +\*TrackInputOther `,         // a row's description differs
	} {
		if !regexp.MustCompile(`\n\t` + field).Match(out) {
			t.Errorf("no field %s", field)
		}
	}
	// Declared once means its methods once too.
	if n := len(regexp.MustCompile(`func \(u \*ShipInputSize\) UnmarshalJSON`).FindAll(out, -1)); n != 1 {
		t.Errorf("ShipInputSize's UnmarshalJSON written %d times", n)
	}
	again, err := golang.Generate(load(t, "testdata/shapes.tspec"), golang.Options{Package: "catalog"})
	if err != nil || string(again) != string(out) {
		t.Error("two runs differ")
	}
}
