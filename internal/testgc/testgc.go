// Package testgc runs a package's tests with the collector paced for
// CPU-bound tests. Only tests import it.
package testgc

import (
	"os"
	"runtime/debug"
	"testing"
)

// Main runs the tests with a collection when the heap has grown to five
// times what is live (GOGC=400) instead of twice, and exits with their
// status. It is for packages whose tests are CPU-bound and where the
// collector took a third of the CPU time, none of which measures the
// pacer. GOGC in the environment still decides.
func Main(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	os.Exit(m.Run())
}
