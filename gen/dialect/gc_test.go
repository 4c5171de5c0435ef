package dialect

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestMain runs the tests with a collection when the heap has grown to
// five times what is live (GOGC=400) instead of twice: the tests here are
// CPU-bound (TestSoundnessRandom's 10 000 instances), and the
// collector was a third of their CPU time. No test here measures the
// pacer; GOGC in the environment still decides.
func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(m.Run())
}
