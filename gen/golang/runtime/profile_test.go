package runtime

import (
	"testing"

	"github.com/toolspec/toolspec/model"
)

// TestProfileFor: the generated fragment follows model.ProfileFor, the one
// definition of the rule.
func TestProfileFor(t *testing.T) {
	for _, v := range []string{
		"2024-11-05", "2025-03-26", "2025-06-17", "2025-06-18", "2025-11-25", "2099-01-01",
		"", "zzz", "2025-6-18", "9999-99-9x", "2025-06-18 ", "２０２５-06-18", "2025/06/18", "0000-00-00",
	} {
		if got, want := tsProfileFor(v), model.ProfileFor(v); got != want {
			t.Errorf("tsProfileFor(%q) = %d, model.ProfileFor says %d", v, got, want)
		}
	}
}
