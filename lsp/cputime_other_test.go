//go:build !unix

package lsp

import "time"

// cpuTime is not measured here: BenchmarkDidChange reports 0.
func cpuTime() time.Duration { return 0 }
