package check

import (
	"slices"

	"github.com/toolspec/toolspec/lang/descriptor"
)

// FormatNames returns the format names the checker accepts after `format`
// without a warning (those toolspec asserts),
// for editors to complete (a copy: callers may not change the checker's).
func FormatNames() []string { return append([]string(nil), formatNames...) }

// KnownFormat reports whether check takes a format name without a warning:
// toolspec asserts it. Any other is a warning on every check (TS0610), so
// an importer leaves it out once, with its own warning, instead.
func KnownFormat(name string) bool { return slices.Contains(descriptor.AssertedFormats, name) }
