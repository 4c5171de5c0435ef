package check

import (
	"testing"

	"github.com/toolspec/toolspec/internal/testgc"
)

// TestMain paces the collector for these CPU-bound tests (testgc).
func TestMain(m *testing.M) { testgc.Main(m) }
