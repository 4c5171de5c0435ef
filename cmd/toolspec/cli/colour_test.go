package cli

import "testing"

func TestPaintDiag(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a.tspec:1:2: error: x: bad", "a.tspec:1:2: \033[31merror\033[0m: x: bad"},
		{"a.tspec:1:2: warning: x", "a.tspec:1:2: \033[33mwarning\033[0m: x"},
		{"a.tspec: error: is a directory", "a.tspec: \033[31merror\033[0m: is a directory"},
		{"no severity here", "no severity here"},
	} {
		if got := paintDiag(c.in); got != c.want {
			t.Errorf("paintDiag(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPaintReport(t *testing.T) {
	in := "checks (1)\n  PASS  rows\n  FAIL orders:\n  SURVIVED  x — no test fails\n1 passed, 0 failed, 0 vacuous\n"
	want := "checks (1)\n  \033[32mPASS\033[0m  rows\n  \033[31mFAIL\033[0m orders:\n  \033[33mSURVIVED\033[0m  x — no test fails\n1 passed, 0 failed, 0 vacuous\n"
	if got := string(paintReport([]byte(in))); got != want {
		t.Errorf("paintReport:\n got %q\nwant %q", got, want)
	}
}

// TestNoColourOffTerminal: a buffer is no terminal, and NO_COLOR wins even
// where one would be.
func TestNoColourOffTerminal(t *testing.T) {
	if wantColour(new(discard)) {
		t.Error("colour on a writer that is no terminal")
	}
	t.Setenv("NO_COLOR", "1")
	e := &env{colour: wantColour(nil)}
	if e.colour {
		t.Error("colour with NO_COLOR set")
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
