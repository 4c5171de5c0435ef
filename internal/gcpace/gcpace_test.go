package gcpace

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestPercent(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		live, budget int64
		want         int
	}{
		{0, 512 * mb, 400},
		{10 * mb, 512 * mb, 400},   // small: five times live fits
		{128 * mb, 512 * mb, 300},  // the budget bounds the growth
		{180 * mb, 512 * mb, 184},  // the 1 000-tool, 5 000-fixture run
		{256 * mb, 512 * mb, 100},  // twice live: Go's default
		{4096 * mb, 512 * mb, 100}, // never less than the default
	} {
		if got := Percent(c.live, c.budget); got != c.want {
			t.Errorf("Percent(%d MB, %d MB) = %d, want %d", c.live/mb, c.budget/mb, got, c.want)
		}
	}
}

// TestPace: with a live heap over the budget, a collection brings GOGC
// down to 100; stop restores it.
func TestPace(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(77))
	keep := make([]byte, 8<<20)
	stop := Pace(4 << 20)
	var got int
	for range 300 { // up to 3 s on a loaded machine
		runtime.GC()
		time.Sleep(10 * time.Millisecond) // the finalizer runs on its own goroutine
		if got = gcPercent(); got == 100 {
			break
		}
	}
	if got != 100 {
		t.Errorf("GOGC %d with 8 MB live and a 4 MB budget, want 100", got)
	}
	stop()
	if got := gcPercent(); got != 77 {
		t.Errorf("after stop GOGC is %d, want 77", got)
	}
	runtime.KeepAlive(keep)
}

// gcPercent reads GOGC.
func gcPercent() int {
	p := debug.SetGCPercent(-1)
	debug.SetGCPercent(p)
	return p
}

// TestHoldOff: no collection while the heap is under the limit; the first
// collection past it removes the limit and paces (GOGC 100 with more live
// than the budget); stop restores both.
func TestHoldOff(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(77))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	runtime.GC()
	keep := make([]byte, 8<<20)
	stop := HoldOff(64<<20, 4<<20)
	if got := gcPercent(); got != -1 {
		t.Errorf("GOGC %d while held off, want -1 (off)", got)
	}
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 16 { // 16 MB of garbage, well under the limit
		sink = make([]byte, 1<<20)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if after.NumGC != before.NumGC {
		t.Errorf("%d collections under the limit, want none", after.NumGC-before.NumGC)
	}
	var got int
	for range 300 { // up to 3 s on a loaded machine
		for range 16 { // past the limit: the runtime collects
			sink = make([]byte, 4<<20)
		}
		time.Sleep(10 * time.Millisecond) // the finalizer runs on its own goroutine
		if got = gcPercent(); got == 100 {
			break
		}
	}
	if got != 100 {
		t.Errorf("GOGC %d after the heap passed the limit with 8 MB live and a 4 MB budget, want 100", got)
	}
	if limit := debug.SetMemoryLimit(-1); limit != math.MaxInt64 {
		t.Errorf("memory limit %d once paced, want none", limit)
	}
	stop()
	if got := gcPercent(); got != 77 {
		t.Errorf("after stop GOGC is %d, want 77", got)
	}
	if limit := debug.SetMemoryLimit(-1); limit != math.MaxInt64 {
		t.Errorf("after stop the memory limit is %d, want the one of before", limit)
	}
	runtime.KeepAlive(keep)
}

var sink []byte
