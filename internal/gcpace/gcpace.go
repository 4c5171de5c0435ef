// Package gcpace paces the garbage collector of a long run: collect
// rarely while the heap is small (speed), as often as Go's default once
// it is large (memory).
//
// test-report makes many small short-lived schemas, and letting the heap
// grow to five times what is live (GOGC=400) saves a quarter of its CPU on
// a small spec. On a large one the same setting holds five times its live
// heap: 0.9 GB for a 1 MB spec of 1 000 tools and 5 000 fixtures, whose
// live heap never passes 180 MB. Pace caps the growth at a budget instead.
//
// A one-shot command (check, gen-*, fmt, hash) builds its tree once and
// exits: most of what it allocates stays live to the end, so collecting
// at all is mostly wasted. HoldOff collects nothing until the heap
// reaches a limit, then paces as Pace does.
package gcpace

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// Percent is the GOGC for a live heap of live bytes under budget: the
// heap may grow to budget, but at least to twice what is live (GOGC=100,
// Go's default) and at most to five times (GOGC=400).
func Percent(live, budget int64) int {
	if live <= 0 {
		return 400
	}
	return int(max(100, min(400, budget*100/live-100)))
}

// Pace sets GOGC from the live heap after every collection until stop is
// called, which restores the GOGC of before.
func Pace(budget int64) (stop func()) {
	return pace(budget, Percent(0, budget))
}

// live is the heap the last collection found live, or 0 before one.
func live() int64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(sample[0].Value.Uint64())
}

// HoldOff turns collection off until the heap reaches limit (Go's soft
// memory limit, debug.SetMemoryLimit); from the first collection on, it
// removes the limit and paces as Pace(budget) does. stop restores GOGC
// and the memory limit of before.
func HoldOff(limit, budget int64) (stop func()) {
	oldPercent := debug.SetGCPercent(-1)
	oldLimit := debug.SetMemoryLimit(limit)
	var mu sync.Mutex
	done := false
	stopPace := func() {}
	// The finalizer runs after the first collection, which the limit
	// started.
	runtime.SetFinalizer(new([64]byte), func(*[64]byte) {
		mu.Lock()
		defer mu.Unlock()
		if done {
			return
		}
		debug.SetMemoryLimit(math.MaxInt64)
		stopPace = pace(budget, Percent(live(), budget))
	})
	return func() {
		mu.Lock()
		defer mu.Unlock()
		done = true
		stopPace()
		debug.SetGCPercent(oldPercent)
		debug.SetMemoryLimit(oldLimit)
	}
}

func pace(budget int64, percent int) (stop func()) {
	old := debug.SetGCPercent(percent)
	var done atomic.Bool
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	// A finalizer on a fresh object runs after each collection that finds
	// it unreachable: one per cycle, re-armed each time.
	var arm func()
	arm = func() {
		runtime.SetFinalizer(new([64]byte), func(*[64]byte) {
			if done.Load() {
				return
			}
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 {
				debug.SetGCPercent(Percent(int64(sample[0].Value.Uint64()), budget))
			}
			arm()
		})
	}
	arm()
	return func() {
		done.Store(true)
		debug.SetGCPercent(old)
	}
}
