package check

// FormatNames returns the format names the checker accepts after `format`,
// for editors to complete (a copy: callers may not change the checker's).
func FormatNames() []string { return append([]string(nil), formatNames...) }

// KnownFormat reports whether a format name is one JSON Schema 2020-12
// defines: any other is a warning on every check (TS0610), so an importer
// leaves it out once, with its own warning, instead.
func KnownFormat(name string) bool { return knownFormats[name] }
